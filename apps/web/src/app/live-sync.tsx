import { submission } from '@oj/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_QUERY_KEY } from '../features/message/use-unread-counts';
import { isInProgress } from '../features/submission/judge-status';
import { problemPageSubmissionKey } from '../features/submission/submission-polling';
import { useSession } from '../lib/auth-store';
import { liveClient, liveProgress, useLiveEvent, useLiveOpen } from '../lib/live-events';
import { queryKey } from '../lib/query-keys';
import { readAgain } from '../lib/read-again';

/** The caches a submission's detail lives in: the detail page's and the problem page's submit result. */
export const submissionQueryKeys = (submitId: number) => [
  queryKey(submission.getSubmissionDetail, submitId),
  problemPageSubmissionKey(submitId),
];

type Detail = { submission: { status: number } };

/** A step of one of the viewer's submissions: while judging its status is patched in (and the case progress kept);
 * a verdict makes the pages read the whole submission again (code, error text, case results). */
export const applySubmissionEvent = (
  queryClient: QueryClient,
  e: { submitId: number; status: number; progress?: { done: number; total: number } },
) => {
  liveProgress.set((prev) => {
    const next = { ...prev };
    if (e.progress && isInProgress(e.status)) next[e.submitId] = e.progress;
    else delete next[e.submitId];
    return next;
  });
  for (const key of submissionQueryKeys(e.submitId)) {
    if (isInProgress(e.status)) {
      queryClient.setQueryData<Detail>(key, (old) =>
        old ? { ...old, submission: { ...old.submission, status: e.status } } : old,
      );
    } else void readAgain(queryClient, key, true);
  }
};

/** The tab's stream (re)opened: it tells what changes from now on (and, with a Last-Event-ID, what it knows was
 * missed), so every submission a page is still waiting for is read once more; a verdict stored between the page's
 * last read and the stream's start (the tab's first stream, or a reopen before any event came) is found here. */
export const rereadSubmissionsInProgress = (queryClient: QueryClient) => {
  const families = new Set(submissionQueryKeys(0).map((k) => k[0]));
  for (const query of queryClient.getQueryCache().findAll({ type: 'active' })) {
    if (!families.has(query.queryKey[0] as string)) continue;
    const data = query.state.data as Detail | undefined;
    if (data && !isInProgress(data.submission.status)) continue;
    void readAgain(queryClient, query.queryKey, true);
  }
};

/** Opens this tab's event stream while someone is signed in (decision 0034) and applies what it tells to the caches
 * every page shares: the unread counts and the viewer's submissions. */
export const LiveSync = () => {
  const { isAuthenticated, user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Without EventSource (an old browser) the pages poll at their own intervals (submissions every 2 s).
    liveClient.setSignedIn(isAuthenticated && typeof EventSource !== 'undefined');
  }, [isAuthenticated]);
  useLiveEvent('unread', (counts) => queryClient.setQueryData([...UNREAD_QUERY_KEY, user?.uid ?? null], counts));
  useLiveEvent('submission', (e) => applySubmissionEvent(queryClient, e));
  useLiveOpen(() => rereadSubmissionsInProgress(queryClient));
  return null;
};
