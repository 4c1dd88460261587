import { isAdminRole, JUDGE_STATUS, type Locale, message, type Submission } from '@oj/shared';
import type { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import { mayReadProblem, type ProblemAccessFields } from '../problem/problem-access.js';
import { toSubmission } from './submission.mapper.js';
import type { SubmissionWithTitle } from './submission-query.repository.js';

/** What one viewer may see of one submission (docs/decisions/0016). A contest's submissions get it from their
 * contest (contest.service.ts `submissionRule`), the others from `bankSight`; every endpoint that shows a
 * submission (detail, case results, status polling, the code download, both submission lists) shapes it with
 * `showSubmission`, so no endpoint decides on its own. */
export type SubmissionSight =
  | { refusal: AppError }
  | {
      refusal?: undefined;
      /** The viewer sent it. */
      own: boolean;
      /** A site admin (non-contest) or the contest's admin: IP, real name, test file names, closed case results. */
      admin: boolean;
      /** Code, error text and case results (the code rule of decision 0016). */
      code: boolean;
      /** May appear in lists and status polling: non-admins list only their own non-contest submissions; a
       * contest's list shows what its rule shows. */
      listed: boolean;
      /** Time and memory kept back (others' results while a contest runs). */
      runHidden: boolean;
      /** A contest's submission while the contest runs for the viewer (the contest itself, or his virtual run of it):
       * the feedback that explains cases and the teachers' remarks wait for its end (decision 0053). */
      contestRunning: boolean;
      /** An OI result after the seal: "Submitted successfully", without score, time, memory or error text. */
      masked: boolean;
      /** The problem as the viewer may name it: the contest's display id and title for a contest's submission,
       * empty for a problem the viewer may not read. */
      problem: { displayId: string; title: string };
    };
export type Sight = Exclude<SubmissionSight, { refusal: AppError }>;

/** Statuses whose error text a non-admin who may see the code reads. */
const ERROR_TEXT_VISIBLE: number[] = [
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.SUBMITTED_FAILED,
];

/** A non-contest submission: anyone may open it; its code (and so its error text, which quotes the code) is the
 * owner's, the site admins' and, when shared, everyone's; the problem's name only for who may read the problem
 * (or sent the submission). */
export const bankSight = (
  r: SubmissionWithTitle & { problem: ProblemAccessFields },
  viewer: AuthUser | undefined,
): Sight => {
  const own = !!viewer && viewer.uid === r.submission.uid;
  const admin = !!viewer && isAdminRole(viewer.roles);
  const named = own || mayReadProblem(r.problem, viewer);
  return {
    own,
    admin,
    code: own || admin || r.submission.share === 1,
    listed: own || admin,
    runHidden: false,
    contestRunning: false,
    masked: false,
    problem: named ? { displayId: r.submission.displayPid, title: r.title } : { displayId: '', title: '' },
  };
};

/**
 * What of a submission's failing case the viewer may have explained (decision 0053), the one rule of the detail's
 * `firstFailure`: nothing unless he may see the code, the result is not sealed and the contest no longer runs for
 * him (a contest's admins: at any time); then the case is `shown` (the program's output and why it failed) where
 * the problem opens case results, and `open` (its input and expected output too) where the problem opens its first
 * failure, the case is one of the statement's samples, or the viewer administers the submission. The case results
 * (`get-all-case-result`) keep their own older rule: the problem's openCaseResult.
 */
export const feedbackSight = (
  sight: Sight,
  problem: { openCaseResult: number; showFirstFailure: boolean },
  sample: boolean,
) => {
  const explained = sight.code && !sight.masked && (sight.admin || !sight.contestRunning);
  const open = explained && (sight.admin || sample || problem.showFirstFailure);
  return { shown: explained && (open || problem.openCaseResult === 1), open };
};

/** A submission as `sight` shows it. Lists pass no `detail`: they never carry code or error text. `detail.code`
 * is the code to show when the sight allows it (the hide switch may have replaced it). */
export const showSubmission = (
  r: SubmissionWithTitle,
  sight: Sight,
  detail?: { code: string | null; locale: Locale },
): Submission => {
  const s = r.submission;
  let errorMessage: string | null = null;
  if (detail && sight.code && s.errorMessage !== null) {
    errorMessage =
      sight.admin || ERROR_TEXT_VISIBLE.includes(s.status)
        ? s.errorMessage
        : message('errorMessageHidden', detail.locale);
  }
  const shown = toSubmission(r, {
    code: detail && sight.code ? detail.code : null,
    errorMessage,
    ip: sight.admin || sight.own ? s.ip : null,
  });
  return {
    ...shown,
    displayPid: sight.problem.displayId,
    displayId: sight.problem.displayId,
    title: sight.problem.title,
    realName: sight.admin || sight.own ? shown.realName : null,
    ...(sight.runHidden ? { time: null, memory: null } : {}),
    ...(sight.masked
      ? {
          status: JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT,
          score: null,
          oiRankScore: null,
          time: null,
          memory: null,
          errorMessage: null,
        }
      : {}),
  };
};
