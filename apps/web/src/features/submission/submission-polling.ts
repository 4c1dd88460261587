import { submission } from '@oj/shared';
import { queryKey } from '../../lib/query-keys';
import { isInProgress } from './judge-status';

/** Polling: submissions every 2 s, test runs every 1 s, at most 300 polls. */
export const SUBMISSION_POLL_MS = 2000;
export const TEST_RUN_POLL_MS = 1000;
export const MAX_POLLS = 300;

/** After a poll: rows that left in-progress drop out of the watch list. */
export const nextWatchList = (watch: number[], latest: Record<string, { status: number } | undefined>) =>
  watch.filter((id) => {
    const row = latest[String(id)];
    return !row || isInProgress(row.status);
  });

/** Polling stops when none are left, after 300 polls, or on error. */
export const keepPolling = (state: { watch: number[]; polls: number; failed: boolean }) =>
  !state.failed && state.watch.length > 0 && state.polls < MAX_POLLS;

/** The problem page polls its own submission until it leaves Pending, Compiling and Judging. */
export const submissionSettled = (status: number) => !isInProgress(status);

/** The problem page's read of its own submission: the detail endpoint's, but polled and silent, so in a cache of its
 * own beside the detail page's. */
export const problemPageSubmissionKey = (submitId: number | null) =>
  queryKey(submission.getSubmissionDetail, submitId, 'problem-page');

/** A test run is polled until it is no longer Pending; our judge also reports Compiling and Judging on the way,
 * which are not a result either. */
export const testRunSettled = (status: number) => !isInProgress(status);
