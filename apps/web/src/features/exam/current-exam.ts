import { exam } from '@oj/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, examSiteClosedCount } from '../../lib/api';
import { sessionStore, useSession } from '../../lib/auth-store';
import { useStore } from '../../lib/create-store';
import { queryKey } from '../../lib/query-keys';

/** The signed-in user's running exam (decision 0055): while it runs the site shows only its pages (exam-lock.tsx).
 * Small on purpose: it ships with the entry. */
export type CurrentExam = { cid: number; title: string; startTime: string; endTime: string };

/** The cache of one user's answer (the uid in the key: a login as someone else asks again). */
export const currentExamKey = (uid: string | null | undefined) => queryKey(exam.getCurrentExam, uid ?? null);

const currentExamQuery = (uid: string | null | undefined) =>
  queryOptions({
    queryKey: currentExamKey(uid),
    queryFn: () => api.call(exam.getCurrentExam, {}, { silent: true }),
    // Asked once (at start and on login, whose invalidation of every query asks again), then at the exam's end.
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !!uid,
  });

/** Asked for by the entry with the page (main.tsx), so a participant's first render is already the exam's. */
export const prefetchCurrentExam = async (queryClient: QueryClient) => {
  const s = sessionStore.get();
  if (!s.token || !s.user) return;
  await queryClient.prefetchQuery(currentExamQuery(s.user.uid));
};

/** The longest wait setTimeout keeps (about 24 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;
/** An exam the server still reports after its end on this clock: asked again after this long. */
const RECHECK_MS = 5000;

/** The exam the signed-in user is taking now, or null; asked again at its end, so the site opens by itself. */
export const useCurrentExam = (): CurrentExam | null => {
  const { user, isAuthenticated } = useSession();
  const query = useQuery(currentExamQuery(user?.uid));
  const found = isAuthenticated ? (query.data ?? null) : null;
  const endTime = found?.endTime;
  const { refetch, dataUpdatedAt } = query;
  // Each answer (dataUpdatedAt) sets a new timer: an exam still reported after its end is asked again later.
  useEffect(() => {
    if (!endTime) return;
    const left = Date.parse(endTime) - Date.now();
    const wait = left > 0 ? Math.min(left + 1000, MAX_WAIT_MS) : RECHECK_MS;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [endTime, refetch, dataUpdatedAt]);
  // A call refused because an exam runs (403 examSiteClosed, lib/api.ts): one began since the last answer.
  const refusals = useStore(examSiteClosedCount);
  const seenRefusals = useRef(refusals);
  const signedIn = isAuthenticated && !!user;
  useEffect(() => {
    if (refusals === seenRefusals.current) return;
    seenRefusals.current = refusals;
    if (signedIn && !endTime) void refetch();
  }, [refusals, signedIn, endTime, refetch]);
  return found;
};

/** Whether a path is one of the exam's pages (or the sign-out), which stay open while it runs. */
export const isExamPath = (pathname: string, cid: number) =>
  pathname === '/logout' || pathname === `/contest/${cid}` || pathname.startsWith(`/contest/${cid}/`);
