import type { contestStaff, Output } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverPaging } from '../../components/paging';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';

/** Print admin, AC info and the participant's own prints refresh every 10 s. */
export const STAFF_REFRESH_MS = 10_000;

type StaffList = typeof contestStaff.getContestPrint | typeof contestStaff.getContestAcInfo;

/** One page of a contest staff list, refreshed every 10 s, the previous page kept while the next one loads;
 * `scope` keeps the admin's view of a list apart from a participant's in the query cache. */
export const useStaffPage = <E extends StaffList>(endpoint: E, cid: number, pageSize: number, scope = '') => {
  const [currentPage, setCurrentPage] = useState(1);
  const query = useQuery({
    queryKey: queryKey(endpoint, cid, scope, currentPage),
    // Both lists take the same input; the cast only narrows the answer back to this endpoint's own.
    queryFn: () => api.call(endpoint as StaffList, { cid, currentPage, limit: pageSize }) as Promise<Output<E>>,
    placeholderData: keepPreviousData,
    refetchInterval: STAFF_REFRESH_MS,
  });
  return {
    query,
    setCurrentPage,
    /** antd Table's pagination for this list. */
    pagination: serverPaging(currentPage, pageSize, query.data?.total, setCurrentPage),
  };
};
