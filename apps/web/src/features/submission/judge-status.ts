import { IN_PROGRESS_STATUSES, JUDGE_STATUS } from '@oj/shared';
import { remoteOjOf } from '../remote-judge/remote-judges';

/** How each judge status looks: its text key and an antd tag colour. */
export const STATUS_META: Record<number, { key: string; color: string }> = {
  [JUDGE_STATUS.NOT_SUBMITTED]: { key: 'Status_NotSubmitted', color: 'default' },
  [JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT]: { key: 'Status_SubmittedUnknownResult', color: 'warning' },
  [JUDGE_STATUS.CANCELLED]: { key: 'Status_Cancelled', color: 'default' },
  [JUDGE_STATUS.PRESENTATION_ERROR]: { key: 'Status_PresentationError', color: 'gold' },
  [JUDGE_STATUS.COMPILE_ERROR]: { key: 'Status_CompileError', color: 'gold' },
  [JUDGE_STATUS.WRONG_ANSWER]: { key: 'Status_WrongAnswer', color: 'red' },
  [JUDGE_STATUS.ACCEPTED]: { key: 'Status_Accepted', color: 'green' },
  [JUDGE_STATUS.TIME_LIMIT_EXCEEDED]: { key: 'Status_TimeLimitExceeded', color: 'red' },
  [JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED]: { key: 'Status_MemoryLimitExceeded', color: 'red' },
  [JUDGE_STATUS.RUNTIME_ERROR]: { key: 'Status_RuntimeError', color: 'red' },
  [JUDGE_STATUS.SYSTEM_ERROR]: { key: 'Status_SystemError', color: 'purple' },
  [JUDGE_STATUS.PENDING]: { key: 'Status_Pending', color: 'blue' },
  [JUDGE_STATUS.COMPILING]: { key: 'Status_Compiling', color: 'blue' },
  [JUDGE_STATUS.JUDGING]: { key: 'Status_Judging', color: 'blue' },
  [JUDGE_STATUS.PARTIAL_ACCEPTED]: { key: 'Status_PartialAccepted', color: 'cyan' },
  [JUDGE_STATUS.SUBMITTING]: { key: 'Status_Submitting', color: 'blue' },
  [JUDGE_STATUS.SUBMITTED_FAILED]: { key: 'Status_SubmittedFailed', color: 'magenta' },
};

export const statusKey = (status: number) => STATUS_META[status]?.key ?? 'Status_SystemError';

/** Pending, Compiling and Judging: still moving, shown with a spinner and polled. So is Submitting (9), the state of
 * a remote submission while a worker hands it to the remote judge: it moves on without anyone's action. */
export const isInProgress = (status: number) =>
  IN_PROGRESS_STATUSES.includes(status) || status === JUDGE_STATUS.SUBMITTING;

/** The owner's resubmit of a remote run (Submitted Failed shows a refresh icon, as in HOJ): on Submitted Failed,
 * System Error or Submitted Unknown Result of an imported problem ("<OJ>-<id>"), which the server re-polls or
 * submits again. The server checks ownership, the problem and the status again. */
const RESUBMITTABLE: number[] = [
  JUDGE_STATUS.SUBMITTED_FAILED,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT,
];
export const canResubmit = (row: { status: number; uid: string; displayPid: string }, viewerUid: string | undefined) =>
  !!viewerUid && row.uid === viewerUid && RESUBMITTABLE.includes(row.status) && remoteOjOf(row.displayPid) !== null;

/** Statuses an admin may pick by hand: every final verdict except Cancelled. */
export const MANUAL_JUDGE_STATUSES: number[] = [
  JUDGE_STATUS.ACCEPTED,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.PARTIAL_ACCEPTED,
];

/** Statuses offered by the submission list's status filter. */
export const FILTER_STATUSES: number[] = [
  JUDGE_STATUS.ACCEPTED,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.PARTIAL_ACCEPTED,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.PENDING,
  JUDGE_STATUS.COMPILING,
  JUDGE_STATUS.JUDGING,
  JUDGE_STATUS.CANCELLED,
  JUDGE_STATUS.SUBMITTED_FAILED,
];

/** Display units: memory in KB or MB with 1 decimal, time in ms, length in B. */
export const formatMemoryKb = (kb: number | null | undefined) => {
  if (kb === null || kb === undefined) return '—';
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)}MB` : `${kb.toFixed(1)}KB`;
};
export const formatTimeMs = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : `${ms}ms`);

/** Statuses that never ran the program (Compile Error, Submitted Failed, Cancelled, Not Submitted); a run still waiting
 * or being judged (isInProgress) has no measure yet either; a System Error or Submitted Unknown Result has one only if
 * something was measured (a remote System Error such as "no account" never ran). */
const NEVER_RUN: number[] = [
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SUBMITTED_FAILED,
  JUDGE_STATUS.CANCELLED,
  JUDGE_STATUS.NOT_SUBMITTED,
];
const MAYBE_RUN: number[] = [JUDGE_STATUS.SYSTEM_ERROR, JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT];
type Measured = { status: number; time?: number | null; memory?: number | null };
const measured = (r: Measured) =>
  !isInProgress(r.status) && !NEVER_RUN.includes(r.status) && (!MAYBE_RUN.includes(r.status) || !!r.time || !!r.memory);
/** A row's time and memory: "—" (as for Pending) when its status has no measured run, never "0ms / 0.0KB". */
export const formatRunTime = (r: Measured) => formatTimeMs(measured(r) ? r.time : null);
export const formatRunMemory = (r: Measured) => formatMemoryKb(measured(r) ? r.memory : null);
export const formatLength = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? '—' : `${bytes}B`;
/** AC rate with 2 decimals. */
export const formatRate = (ac: number, total: number) => (total > 0 ? `${((ac / total) * 100).toFixed(2)}%` : '0.00%');

/** OI score colours: full score green, zero red, partial blue. */
export const oiScoreColor = (score: number | null | undefined, full = 100) => {
  if (score === null || score === undefined) return undefined;
  if (score >= full) return 'green';
  if (score <= 0) return 'red';
  return 'blue';
};

/** Manual judge rules: which parts of the admin's control are enabled. */
export const manualJudgeRules = (ctx: { status: number; isSuperAdmin: boolean; selected?: number | null }) => ({
  /** The whole control: super admin always, other admins on Judging, Compiling or Compile Error. */
  controlDisabled: !(
    ctx.isSuperAdmin ||
    ctx.status === JUDGE_STATUS.JUDGING ||
    ctx.status === JUDGE_STATUS.COMPILING ||
    ctx.status === JUDGE_STATUS.COMPILE_ERROR
  ),
  manualDisabled: ctx.status === JUDGE_STATUS.PENDING,
  cancelDisabled: ctx.status === JUDGE_STATUS.CANCELLED,
  updateDisabled: ctx.selected === null || ctx.selected === undefined || ctx.selected === JUDGE_STATUS.CANCELLED,
});
