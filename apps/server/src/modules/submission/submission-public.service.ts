import { randomUUID } from 'node:crypto';
import {
  type Diagnostic,
  isAdminRole,
  isRoot,
  JUDGE_STATUS,
  type Locale,
  message,
  type Page,
  parseDiagnostics,
  type Submission,
  type submission as submissionContract,
} from '@oj/shared';
import type { z } from 'zod';
import type { NotifyBus } from '../../db/notify-bus.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { SERVER_TIME_ZONE } from '../../lib/start-of-day.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ProblemCatalogService } from '../problem/problem-catalog.service.js';
import type { ProblemDetails } from '../problem/problem-queries.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import type { SiteService } from '../site/site.service.js';
import { explainFirstFailure } from './first-failure.js';
import { sourceExtension, toSubmission } from './submission.mapper.js';
import type { SubmissionService } from './submission.service.js';
import type { SubmissionQueryRepository, SubmissionRow, SubmissionWithTitle } from './submission-query.repository.js';
import { bankSight, type Sight, type SubmissionSight, showSubmission } from './submission-visibility.js';

type CaseResult = NonNullable<z.infer<typeof submissionContract.getAllCaseResult.output>>;
type JudgeCaseVo = z.infer<typeof submissionContract.judgeCase>;

/** What admin and problem_admin may still settle by hand; root may at any time. */
const ADMIN_HANDLED: number[] = [JUDGE_STATUS.JUDGING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.COMPILE_ERROR];
/** Final verdicts a manual judge may set. */
const MANUAL_VERDICTS: number[] = [
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.ACCEPTED,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.PARTIAL_ACCEPTED,
];
/** What a remote submission may be resubmitted from (HOJ's list, and Submitted Unknown Result too). */
const RESUBMITTABLE: number[] = [
  JUDGE_STATUS.SUBMITTED_FAILED,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.PENDING,
  JUDGE_STATUS.JUDGING,
  JUDGE_STATUS.COMPILING,
  JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT,
  JUDGE_STATUS.SUBMITTING,
];
const STATS_CACHE_MS = 30 * 60 * 1000;
export const localDay = (d: Date, timeZone = SERVER_TIME_ZONE) => d.toLocaleDateString('en-CA', { timeZone });

/** A compile error's messages (decision 0053) for who is shown its text: read from the submission as showSubmission
 * shaped it for this viewer, so the rules of who reads it stay there (none for the hidden-text placeholder or a sealed
 * result). */
const compileDiagnostics = (
  shown: { status: number; language: string; errorMessage: string | null },
  locale: Locale,
): Diagnostic[] => {
  if (shown.status !== JUDGE_STATUS.COMPILE_ERROR || !shown.errorMessage) return [];
  if (shown.errorMessage === message('errorMessageHidden', locale)) return [];
  return parseDiagnostics(shown.language, shown.errorMessage);
};

/** OI rank score as HOJ counts it: full marks give round(0.1 × ioScore + 2 × difficulty),
 * partial marks the same scaled by the share of the score. */
export const oiRankScoreOf = (score: number, ioScore: number, difficulty: number) =>
  score >= ioScore
    ? Math.round(ioScore * 0.1 + 2 * difficulty)
    : Math.round(score * 0.1 + (ioScore > 0 ? (2 * difficulty * score) / ioScore : 0));

/** Told when root refreshes the week statistics on one instance: the others drop theirs. */
export const WEEK_STATS_CHANNEL = 'oj_week_stats';

/** The public submission endpoints in front of the internal submission service: who may submit what and how
 * often, and who may see which part of a submission (decision 0016). */
export const createSubmissionPublicService = (deps: {
  internal: SubmissionService;
  query: SubmissionQueryRepository;
  problems: ProblemDetails;
  /** The test files, for the first failing case's input and expected output. */
  testData: Pick<TestDataStore, 'read' | 'stream'>;
  catalog: ProblemCatalogService;
  site: SiteService;
  /** Contest submits are the contest module's (access, times, registration); see contest.service.ts. */
  contests?: {
    submit(
      input: { pid: string | number; language: string; code: string; cid: number; intervalS?: number },
      user: AuthUser,
      ip: string,
    ): Promise<Submission>;
    /** The contest's visibility rule for its submissions (contest.service.ts `submissionRule`). */
    submissionViewer(
      cid: number,
      viewer: AuthUser | undefined,
    ): Promise<(s: { uid: string; cpid: number; submitTime: Date }) => SubmissionSight>;
    /** The same rule as the contest's own list applies it: refused (401, 403, 404) for the whole contest first. */
    submissionAccess(
      cid: number,
      viewer: AuthUser,
    ): Promise<(s: { uid: string; cpid: number; submitTime: Date }) => SubmissionSight>;
  };
  /** A group's submissions follow the group's rule (modules/group/group-submission.ts, decision 0023). */
  groups?: {
    submissionViewer(gid: number, viewer: AuthUser | undefined): Promise<(r: SubmissionWithTitle) => SubmissionSight>;
    /** The group's list: refused for strangers; its admins list every row, members their own. */
    listAccess(gid: number, viewer: AuthUser): Promise<{ admin: boolean }>;
  };
  /** Training submits are the training module's (access, the problem in the training); training.service.ts. */
  trainings?: {
    submit(
      input: { pid: string | number; language: string; code: string; tid: number; intervalS?: number },
      user: AuthUser,
      ip: string,
    ): Promise<Submission>;
  };
  now?: () => Date;
  /** Root's refresh of the week statistics reaches every instance's cache (decision 0035). */
  bus?: NotifyBus;
}) => {
  const { query } = deps;
  const now = deps.now ?? (() => new Date());
  let statsCache:
    | { at: number; value: { dateStrList: string[]; acCountList: number[]; totalCountList: number[] } }
    | undefined;
  /** This instance, so that it keeps the statistics it has just refreshed when it hears its own message. */
  const instance = randomUUID();
  const statsListening = deps.bus?.subscribe(WEEK_STATS_CHANNEL, (from) => {
    if (from !== instance) statsCache = undefined;
  });

  const isAdmin = (viewer: AuthUser | undefined) => !!viewer && isAdminRole(viewer.roles);
  const isOwner = (r: SubmissionWithTitle, viewer: AuthUser | undefined) => !!viewer && viewer.uid === r.submission.uid;

  /** What the viewer may see of each row (submission-visibility.ts): a contest's submissions by their contest's
   * rule (one lookup per contest), the others by the bank rule. */
  const sightsOf = async (rows: SubmissionRow[], viewer: AuthUser | undefined): Promise<SubmissionSight[]> => {
    const contests = new Map<number, ReturnType<NonNullable<typeof deps.contests>['submissionViewer']>>();
    const groups = new Map<number, ReturnType<NonNullable<typeof deps.groups>['submissionViewer']>>();
    return Promise.all(
      rows.map(async (r): Promise<SubmissionSight> => {
        const cid = r.submission.cid;
        const gid = r.submission.gid;
        if (cid === 0 && gid !== null) {
          if (!deps.groups) return { refusal: notFound() };
          let rule = groups.get(gid);
          if (!rule) {
            rule = deps.groups.submissionViewer(gid, viewer);
            groups.set(gid, rule);
          }
          return (await rule)(r);
        }
        if (cid === 0) return bankSight(r, viewer);
        if (!deps.contests) return { refusal: notFound() };
        let rule = contests.get(cid);
        if (!rule) {
          rule = deps.contests.submissionViewer(cid, viewer);
          contests.set(cid, rule);
        }
        return (await rule)(r.submission);
      }),
    );
  };

  /** check-submissions-status for each request: every row read once, then each viewer's ids by the rules above;
   * an answer per request, in order. */
  const statusFor = async (requests: { ids: number[]; viewer: AuthUser | undefined }[]) => {
    const rows = await query.byIds([...new Set(requests.flatMap((q) => q.ids))]);
    const byId = new Map(rows.map((r) => [r.submission.submitId, r]));
    return Promise.all(
      requests.map(async ({ ids, viewer }) => {
        const seen = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
        const sights = await sightsOf(seen, viewer);
        const out: Record<string, Submission> = {};
        for (const [i, r] of seen.entries()) {
          const sight = sights[i];
          if (!sight.refusal && sight.listed) out[r.submission.submitId] = showSubmission(r, sight);
        }
        return out;
      }),
    );
  };

  /** One submission the viewer may see, with what they may see of it; the rule's refusal otherwise. */
  const loadSeen = async (submitId: number, viewer: AuthUser | undefined) => {
    const r = await query.byId(submitId);
    if (!r) throw notFound();
    const [sight] = await sightsOf([r], viewer);
    if (sight.refusal) throw sight.refusal;
    return { r, sight };
  };

  /** The detail: code and error text where the sight allows; the hide switch replaces non-contest code for all but
   * root. */
  const present = async (r: SubmissionRow, sight: Sight, viewer: AuthUser | undefined, locale: Locale) => {
    let code: string | null = r.submission.code;
    if (sight.code && r.submission.cid === 0 && !(viewer && isRoot(viewer.roles))) {
      if ((await deps.site.switches()).hideNonContestSubmissionCode) code = message('codeHidden', locale);
    }
    return showSubmission(r, sight, { code, locale });
  };

  const load = async (submitId: number) => {
    const r = await query.byId(submitId);
    if (!r) throw notFound();
    return r;
  };

  /** Seconds between two submits, public or contest, of one user (and between two test runs): the
   * defaultSubmitInterval switch; root is exempt. The internal service takes it atomically (decision 0015). */
  const submitIntervalS = async (user: AuthUser) =>
    isRoot(user.roles) ? undefined : (await deps.site.switches()).defaultSubmitInterval;

  /**
   * A submission the caller settles by hand (manual judge, cancel): only one they administer by the rule that says
   * what they see of it (`sightsOf`: the site's admins for a bank submission, the contest's admins for a contest's,
   * the group's for a group's), so a teacher or problem admin taking part in someone else's contest cannot settle
   * its submissions; `check` runs next (cancel refuses a cancelled one); and, but for root, only while it is stuck
   * in Judging, Compiling or Compile Error.
   */
  const adminTarget = async (submitId: number, viewer: AuthUser, check?: (r: SubmissionRow) => void) => {
    const { r, sight } = await loadSeen(submitId, viewer);
    if (!sight.admin) throw forbidden('manualJudgeNotAdmin');
    check?.(r);
    if (!isRoot(viewer.roles) && !ADMIN_HANDLED.includes(r.submission.status)) {
      throw forbidden('manualJudgeNotAllowed');
    }
    return r;
  };
  /** A submission whole (code, error text, IP): for root's rejudge and for the owner's submit and resubmit. A
   * contest's submission is named as its contest names it (its display id and title, by the contest's rule in
   * `sightsOf`), as every other answer about it is, never by the bank's id: the contest's pages put the answer in
   * place of the row they show. */
  const asRoot = async (submitId: number, viewer: AuthUser): Promise<Submission> => {
    const r = await load(submitId);
    const whole = toSubmission(r, {
      code: r.submission.code,
      errorMessage: r.submission.errorMessage,
      ip: r.submission.ip,
    });
    if (r.submission.cid === 0) return whole;
    const [sight] = await sightsOf([r], viewer);
    const problem = sight.refusal ? { displayId: '', title: '' } : sight.problem;
    return { ...whole, displayPid: problem.displayId, displayId: problem.displayId, title: problem.title };
  };
  /** The submission after a change the caller made, as the detail would show it to them (root sees it whole). */
  const seenAfter = async (submitId: number, viewer: AuthUser, locale: Locale) => {
    const { r, sight } = await loadSeen(submitId, viewer);
    return present(r, sight, viewer, locale);
  };

  return {
    /** One submission and what the viewer may see of it (its rule's refusal otherwise): the reviews' rule
     * (review.service.ts) starts from it. */
    seen: loadSeen,

    async submit(
      input: {
        pid: string | number;
        language: string;
        code: string;
        cid?: number | null;
        tid?: number | null;
        gid?: number | null;
      },
      user: AuthUser,
      ip: string,
    ): Promise<Submission> {
      // Contest submits follow openContestJudge, a group's problems openGroupJudge, the public bank openPublicJudge;
      // root is never closed out.
      const judgeSwitch = input.gid ? 'openGroupJudge' : input.cid ? 'openContestJudge' : 'openPublicJudge';
      if (!isRoot(user.roles) && !(await deps.site.switches())[judgeSwitch]) throw new AppError(403, 'areaClosed');
      const intervalS = await submitIntervalS(user);
      // A contest's or training's submit follows its rules (a group's: the group's too; a `gid` must be its group's).
      if (input.cid) {
        if (!deps.contests) throw notFound();
        return deps.contests.submit({ ...input, cid: input.cid, intervalS }, user, ip);
      }
      if (input.tid) {
        if (!deps.trainings) throw notFound();
        return deps.trainings.submit({ ...input, tid: input.tid, intervalS }, user, ip);
      }
      // A group problem is read by its group's rule (its members); its submissions carry the group's id, so they
      // count in the group and never in the bank's counts or ranks.
      const problem = await deps.catalog.visibleProblem(input.pid, user);
      if (input.gid && problem.gid !== input.gid) throw notFound();
      if (problem.isGroup === 1 && !input.gid && !isRoot(user.roles) && !(await deps.site.switches()).openGroupJudge) {
        throw new AppError(403, 'areaClosed');
      }
      await deps.catalog.checkLanguage(problem, input.language);
      const created = await deps.internal.submit({
        user,
        problem,
        language: input.language,
        code: input.code,
        ip,
        gid: problem.isGroup === 1 ? problem.gid : null,
        intervalS,
      });
      return asRoot(created.submitId, user);
    },

    async testRun(
      input: {
        pid: string | number;
        type: string;
        language: string;
        code: string;
        userInput: string;
        expectedOutput?: string | null;
      },
      user: AuthUser,
    ) {
      // A group's problem is tried as 'group' (its rule decides in visibleProblem); contests have their own call.
      if (input.type !== 'public' && input.type !== 'group') throw notFound();
      const problem = await deps.catalog.visibleProblem(input.pid, user);
      await deps.catalog.checkLanguage(problem, input.language);
      return deps.internal.testRun({
        user,
        problem,
        language: input.language,
        code: input.code,
        userInput: input.userInput,
        expectedOutput: input.expectedOutput ?? null,
        intervalS: await submitIntervalS(user),
      });
    },

    async testRunResult(key: string, user: AuthUser) {
      const { language, ...r } = await deps.internal.testRunResult(key, user.uid);
      const pid = await deps.internal.testRunProblem(key);
      const problem = pid === undefined ? undefined : await deps.problems.findById(pid);
      return {
        ...r,
        userInput: r.userInput ?? '',
        problemJudgeMode: problem?.judgeMode ?? 'default',
        // A test run's compile error is its owner's alone: its text is in `stderr` (submission.service.ts).
        diagnostics: r.status === JUDGE_STATUS.COMPILE_ERROR ? parseDiagnostics(language, r.stderr) : [],
      };
    },

    async list(
      q: {
        currentPage: number;
        limit: number;
        onlyMine?: boolean;
        name?: string;
        username?: string;
        status?: number;
        problemID?: string;
        completeProblemID?: boolean;
        gid?: number;
      },
      viewer: AuthUser | undefined,
    ): Promise<Page<Submission>> {
      const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
      // Non-admins list only their own submissions; visitors have none. A group's list is
      // the group's (its admins every row, its members their own); the bank's never shows a group's.
      if (!viewer) return empty;
      if (q.gid && !deps.groups) return empty;
      const listAdmin = q.gid && deps.groups ? (await deps.groups.listAccess(q.gid, viewer)).admin : isAdmin(viewer);
      let uid: string | undefined;
      let uids: string[] | undefined;
      if (!listAdmin || q.onlyMine) uid = viewer.uid;
      else {
        const who = q.username?.trim() || q.name?.trim();
        if (who) {
          uids = await query.uidsByName(who, !!q.username?.trim());
          if (uids.length === 0) return empty;
        }
      }
      let pids: number[] | undefined;
      if (q.problemID?.trim()) {
        pids = await query.pidsByDisplayId(q.problemID.trim(), !!q.completeProblemID);
        if (pids.length === 0) return empty;
      }
      const { total, rows } = await query.page({
        uid,
        uids,
        pids,
        status: q.status,
        cid: 0,
        gid: q.gid ?? null,
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      const sights = await sightsOf(rows, viewer);
      const records = rows.flatMap((r, i) => {
        const sight = sights[i];
        return sight.refusal || !sight.listed ? [] : [showSubmission(r, sight)];
      });
      return { records, total, size: q.limit, current: q.currentPage };
    },

    async detail(submitId: number, viewer: AuthUser | undefined, locale: Locale) {
      const { r, sight } = await loadSeen(submitId, viewer);
      const problem = await deps.problems.findById(r.submission.pid);
      const submission = await present(r, sight, viewer, locale);
      return {
        submission,
        codeShare: problem?.codeShare === 1,
        firstFailure: problem
          ? await explainFirstFailure({
              sight,
              problem,
              failing: () => query.firstFailingCase(submitId),
              files: deps.testData,
              locale,
            })
          : null,
        diagnostics: compileDiagnostics(submission, locale),
      };
    },

    /** Per-case results for who may see the code (the owner, admins, anyone when shared; a contest's submissions
     * its owner and the contest's admins); null when the problem keeps its case results closed (admins still see
     * them) or the result is sealed. Test file names go to admins only. */
    async caseResults(submitId: number, viewer: AuthUser | undefined): Promise<CaseResult | null> {
      const { r, sight } = await loadSeen(submitId, viewer);
      const admin = sight.admin;
      if (!sight.code) throw forbidden();
      // A sealed contest result keeps its cases to itself too.
      if (sight.masked) return null;
      const problem = await deps.problems.findById(r.submission.pid);
      if (!problem) throw notFound();
      if (problem.openCaseResult !== 1 && !admin) return null;
      const cases: JudgeCaseVo[] = (await query.cases(submitId)).map(({ c, inputName, outputName }) => ({
        id: c.id,
        submitId: c.submitId,
        pid: c.pid,
        uid: c.uid,
        caseId: c.caseId,
        seq: c.seq,
        status: c.status,
        time: c.timeMs,
        memory: c.memoryKb,
        score: c.score,
        groupNum: c.groupNum,
        mode: c.mode,
        inputData: admin ? (c.inputData ?? inputName) : null,
        outputData: admin ? (c.outputData ?? outputName) : null,
        userOutput: c.userOutput,
        message: c.message,
      }));
      const mode = problem.judgeCaseMode;
      if (mode !== 'subtask_lowest' && mode !== 'subtask_average') {
        return { judgeCaseMode: mode, judgeCaseList: cases, subTaskJudgeCaseVoList: null };
      }
      return { judgeCaseMode: mode, judgeCaseList: null, subTaskJudgeCaseVoList: subtasks(cases, mode) };
    },

    checkStatus: async (ids: number[], viewer: AuthUser | undefined) => (await statusFor([{ ids, viewer }]))[0],

    /** `checkStatus` for many viewers at once (the live event streams, decision 0034). */
    checkStatusFor: statusFor,

    /** check-contest-submissions-status: the contest page's polling, by the contest's rule only; submissions of
     * other contests or of none are left out, as the rule's hidden ones are. */
    async checkContestStatus(cid: number, ids: number[], viewer: AuthUser) {
      if (!deps.contests) throw notFound();
      const view = await deps.contests.submissionAccess(cid, viewer);
      const out: Record<string, Submission> = {};
      for (const r of await query.byIds([...new Set(ids)])) {
        if (r.submission.cid !== cid) continue;
        const sight = view(r.submission);
        if (!sight.refusal && sight.listed) out[r.submission.submitId] = showSubmission(r, sight);
      }
      return out;
    },

    async setShare(submitId: number, share: boolean, viewer: AuthUser) {
      const r = await load(submitId);
      if (!isOwner(r, viewer)) throw forbidden();
      if (share) {
        const problem = await deps.problems.findById(r.submission.pid);
        if (r.submission.cid !== 0 || problem?.codeShare !== 1) throw badRequest('shareNotAllowed');
      }
      await query.setShare(submitId, share);
      return null;
    },

    async download(submitId: number, viewer: AuthUser | undefined, locale: Locale): Promise<BinaryAnswer> {
      const { r, sight } = await loadSeen(submitId, viewer);
      if (!sight.code) throw forbidden();
      const shown = await present(r, sight, viewer, locale);
      return {
        body: Buffer.from(shown.code ?? ''),
        contentType: 'text/plain; charset=utf-8',
        filename: `${submitId}.${sourceExtension(r.submission.language)}`,
      };
    },

    async rejudge(submitId: number, viewer: AuthUser) {
      await deps.internal.rejudge(submitId);
      return asRoot(submitId, viewer);
    },

    async manualJudge(submitId: number, status: number, score: number | undefined, viewer: AuthUser, locale: Locale) {
      if (status === JUDGE_STATUS.CANCELLED) throw badRequest('manualJudgeCancelled', 'status');
      if (!MANUAL_VERDICTS.includes(status)) {
        throw badRequest('fieldInvalid', 'status', { field: 'status', rule: 'a final verdict' });
      }
      const r = await adminTarget(submitId, viewer);
      const problem = await deps.problems.findById(r.submission.pid);
      if (!problem) throw notFound();
      let finalScore: number | null = null;
      let rankScore: number | null = null;
      if (problem.type === 1) {
        const given = score ?? (status === JUDGE_STATUS.ACCEPTED ? problem.ioScore : 0);
        finalScore = Math.max(0, Math.min(given, problem.ioScore));
        rankScore = oiRankScoreOf(finalScore, problem.ioScore, problem.difficulty);
      }
      await deps.internal.setVerdictByHand(submitId, {
        status,
        score: finalScore,
        oiRankScore: rankScore,
        judger: viewer.username,
      });
      return seenAfter(submitId, viewer, locale);
    },

    async cancel(submitId: number, viewer: AuthUser, locale: Locale) {
      await adminTarget(submitId, viewer, (r) => {
        if (r.submission.status === JUDGE_STATUS.CANCELLED) throw badRequest('alreadyCancelled');
      });
      await deps.internal.setVerdictByHand(submitId, {
        status: JUDGE_STATUS.CANCELLED,
        score: null,
        oiRankScore: null,
        judger: viewer.username,
      });
      return seenAfter(submitId, viewer, locale);
    },

    /** The owner's retry of a remote submission that failed or never finished: polled again when the site has its run,
     * submitted again otherwise. Never another user's code (HOJ once allowed it, leaking the site accounts); in a
     * contest only its remote problems, like everywhere. */
    async resubmit(submitId: number, viewer: AuthUser) {
      const r = await load(submitId);
      if (!isOwner(r, viewer)) throw forbidden();
      const problem = await deps.problems.findById(r.submission.pid);
      if (!problem || problem.isRemote !== 1 || !RESUBMITTABLE.includes(r.submission.status))
        throw badRequest('resubmitNotAllowed');
      await deps.internal.resubmitRemote(submitId, problem);
      return asRoot(submitId, viewer);
    },

    /** Submissions and ACs of the last 7 local days, oldest first; cached 30 minutes, root may refresh. */
    async weekStatistics(forceRefresh: boolean, viewer: AuthUser | undefined) {
      const at = now();
      const cached = statsCache;
      const fresh = !!cached && at.getTime() - cached.at < STATS_CACHE_MS;
      if (cached && fresh && !(forceRefresh && viewer && isRoot(viewer.roles))) return cached.value;
      const days = Array.from({ length: 7 }, (_, i) => localDay(new Date(at.getTime() - (6 - i) * 86_400_000)));
      const rows = await query.dailyCounts(new Date(at.getTime() - 8 * 86_400_000), SERVER_TIME_ZONE);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const value = {
        dateStrList: days.map((d) => d.slice(5)),
        acCountList: days.map((d) => byDay.get(d)?.ac ?? 0),
        totalCountList: days.map((d) => byDay.get(d)?.total ?? 0),
      };
      statsCache = { at: at.getTime(), value };
      if (fresh) await deps.bus?.publish(WEEK_STATS_CHANNEL, instance);
      return value;
    },

    /** Resolves once this instance hears the other instances' refreshes (tests). */
    listening: async () => {
      await statsListening;
    },
  };
};
export type SubmissionPublicService = ReturnType<typeof createSubmissionPublicService>;

/** Subtask sections of get-all-case-result: average mode scores round(mean) and says AC, PA or
 * WA; lowest mode shows its lowest-scoring case, ignoring cases skipped as Cancelled. */
const subtasks = (cases: JudgeCaseVo[], mode: 'subtask_lowest' | 'subtask_average') => {
  const groups = new Map<number, JudgeCaseVo[]>();
  for (const c of cases) {
    const g = c.groupNum ?? 1;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.entries()].map(([groupNum, list]) => {
    const ac = list.filter((c) => c.status === JUDGE_STATUS.ACCEPTED).length;
    const base = { groupNum, ac, total: list.length, subtaskDetailList: list };
    if (mode === 'subtask_average') {
      const score = Math.round(list.reduce((s, c) => s + (c.score ?? 0), 0) / list.length);
      const status =
        ac === list.length
          ? JUDGE_STATUS.ACCEPTED
          : score > 0
            ? JUDGE_STATUS.PARTIAL_ACCEPTED
            : JUDGE_STATUS.WRONG_ANSWER;
      return {
        ...base,
        score,
        status,
        time: Math.max(...list.map((c) => c.time)),
        memory: Math.max(...list.map((c) => c.memory)),
      };
    }
    const judged = list.filter((c) => c.status !== JUDGE_STATUS.CANCELLED);
    const lowest = (judged.length ? judged : list).reduce((a, b) => ((b.score ?? 0) < (a.score ?? 0) ? b : a));
    return { ...base, score: lowest.score ?? 0, status: lowest.status, time: lowest.time, memory: lowest.memory };
  });
};
