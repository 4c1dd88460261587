import { exam } from '@oj/shared';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';

/** Questions a page of the clarification list holds. */
export const CLARIFICATION_PAGE_SIZE = 20;

/** Every cached page of a contest's clarifications (the prefix a change invalidates). */
export const clarificationsKey = (cid: number) => queryKey(exam.getClarifications, cid);

export const fetchClarifications = (cid: number, currentPage: number) =>
  api.call(exam.getClarifications, { cid, currentPage, limit: CLARIFICATION_PAGE_SIZE });
