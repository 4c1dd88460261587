import {
  isAdminRole,
  isRoot,
  JUDGE_STATUS,
  type Locale,
  message,
  type Page,
  type Submission,
  type submission as submissionContract,
} from '@oj/shared';
import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ProblemRepository, ProblemRow } from '../problem/problem.repository.js';
import type { ProblemCatalogService } from '../problem/problem-catalog.service.js';
import type { SiteService } from '../site/site.service.js';
import { sourceExtension, toSubmission } from './submission.mapper.js';
import type { SubmissionService } from './submission.service.js';
import type { SubmissionQueryRepository, SubmissionWithTitle } from './submission-query.repository.js';

type CaseResult = NonNullable<z.infer<typeof submissionContract.getAllCaseResult.output>>;
type JudgeCaseVo = z.infer<typeof submissionContract.judgeCase>;

/** Statuses whose error text users may read (reference §4.3). */
const ERROR_TEXT_VISIBLE: number[] = [
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.SUBMITTED_FAILED,
];
/** What admin and problem_admin may still settle by hand (DESIGN §7 "Visibility"); root may at any time. */
/** What the contest module says of one of its submissions for a viewer (contest.service.ts submissionView). */
interface ContestView {
  admin: boolean;
  masked: boolean;
}

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
const STATS_CACHE_MS = 30 * 60 * 1000;
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const localDay = (d: Date, timeZone = SERVER_TIME_ZONE) => d.toLocaleDateString('en-CA', { timeZone });

/** OI rank score of reference §4.7: full marks give round(0.1 × ioScore + 2 × difficulty) (spec 1-core §9),
 * partial marks the same scaled by the share of the score. */
export const oiRankScoreOf = (score: number, ioScore: number, difficulty: number) =>
  score >= ioScore
    ? Math.round(ioScore * 0.1 + 2 * difficulty)
    : Math.round(score * 0.1 + (ioScore > 0 ? (2 * difficulty * score) / ioScore : 0));

/** The public submission endpoints in front of the internal submission service: who may submit what and how
 * often, and who may see which part of a submission (DESIGN §7 "Visibility"). */
export const createSubmissionPublicService = (deps: {
  internal: SubmissionService;
  query: SubmissionQueryRepository;
  problems: ProblemRepository;
  catalog: ProblemCatalogService;
  site: SiteService;
  /** Contest submits are the contest module's (access, times, registration); see contest.service.ts. */
  contests?: {
    submit(
      input: { pid: string | number; language: string; code: string; cid: number },
      user: AuthUser,
      ip: string,
    ): Promise<Submission>;
    submissionView(
      s: { cid: number; uid: string; submitTime: Date },
      viewer: AuthUser | undefined,
    ): Promise<ContestView>;
  };
  now?: () => Date;
}) => {
  const { query } = deps;
  const now = deps.now ?? (() => new Date());
  let statsCache: { at: number; value: { dateStrList: string[]; acCountList: number[]; totalCountList: number[] } };

  const isAdmin = (viewer: AuthUser | undefined) => !!viewer && isAdminRole(viewer.roles);
  const isOwner = (r: SubmissionWithTitle, viewer: AuthUser | undefined) => !!viewer && viewer.uid === r.submission.uid;

  /** The contest's say on one of its submissions (contest admin; result sealed); nothing for others. */
  const contestView = async (r: SubmissionWithTitle, viewer: AuthUser | undefined): Promise<ContestView> =>
    r.submission.cid !== 0 && deps.contests
      ? deps.contests.submissionView(r.submission, viewer)
      : { admin: false, masked: false };

  /** Code is visible to its owner, to site admins, and to everyone when shared (non-contest only); a contest
   * submission's to its owner, root and the contest's admins. */
  const codeVisible = (r: SubmissionWithTitle, viewer: AuthUser | undefined, contest: ContestView) => {
    if (isOwner(r, viewer) || (viewer && isRoot(viewer.roles)) || contest.admin) return true;
    if (r.submission.cid !== 0) return false;
    return isAdmin(viewer) || r.submission.share === 1;
  };

  /** A sealed contest result reads "Submitted successfully": no verdict, score, time or memory. */
  const sealed = (s: Submission): Submission => ({
    ...s,
    status: JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT,
    score: null,
    oiRankScore: null,
    time: null,
    memory: null,
    errorMessage: null,
  });

  const present = async (r: SubmissionWithTitle, viewer: AuthUser | undefined, locale: Locale) => {
    const contest = await contestView(r, viewer);
    let code: string | null = codeVisible(r, viewer, contest) ? r.submission.code : null;
    if (code !== null && r.submission.cid === 0 && !(viewer && isRoot(viewer.roles))) {
      if ((await deps.site.switches()).hideNonContestSubmissionCode) code = message('codeHidden', locale);
    }
    const text = r.submission.errorMessage;
    const errorMessage =
      text === null || isAdmin(viewer) || ERROR_TEXT_VISIBLE.includes(r.submission.status)
        ? text
        : message('errorMessageHidden', locale);
    const ip = isAdmin(viewer) || isOwner(r, viewer) ? r.submission.ip : null;
    const shown = toSubmission(r, { code, errorMessage, ip });
    return contest.masked ? sealed(shown) : shown;
  };
  /** List rows: never code or error text. */
  const row = (r: SubmissionWithTitle, viewer: AuthUser | undefined) =>
    toSubmission(r, { code: null, errorMessage: null, ip: isAdmin(viewer) ? r.submission.ip : null });

  const load = async (submitId: number) => {
    const r = await query.byId(submitId);
    if (!r) throw notFound();
    return r;
  };

  const checkLanguage = async (p: ProblemRow, language: string) => {
    const own = await deps.catalog.offeredFor(p);
    if (own.includes(language)) return;
    const declared = await deps.problems.languages(p.id);
    if (declared.length && !declared.includes(language)) throw badRequest('languageNotAllowed', 'language');
    throw badRequest('languageNotOffered', 'language');
  };

  /** The per-user interval of the defaultSubmitInterval switch (root is exempt). */
  const checkInterval = async (user: AuthUser, last: Date | undefined) => {
    if (isRoot(user.roles) || !last) return;
    const seconds = (await deps.site.switches()).defaultSubmitInterval;
    const waitMs = seconds * 1000 - (now().getTime() - last.getTime());
    if (seconds > 0 && waitMs > 0) {
      throw new AppError(429, 'submitTooFrequent', { seconds: String(Math.ceil(waitMs / 1000)) });
    }
  };

  const adminTarget = async (submitId: number, viewer: AuthUser) => {
    const r = await load(submitId);
    if (!isRoot(viewer.roles) && !ADMIN_HANDLED.includes(r.submission.status)) {
      throw forbidden('manualJudgeNotAllowed');
    }
    return r;
  };
  const asRoot = async (submitId: number) => {
    const r = await load(submitId);
    return toSubmission(r, { code: r.submission.code, errorMessage: r.submission.errorMessage, ip: r.submission.ip });
  };

  return {
    async submit(
      input: { pid: string | number; language: string; code: string; cid?: number | null; gid?: number | null },
      user: AuthUser,
      ip: string,
    ): Promise<Submission> {
      // Contest submits follow openContestJudge, the public bank openPublicJudge; root is never closed out.
      const judgeSwitch = input.cid && !input.gid ? 'openContestJudge' : 'openPublicJudge';
      if (!isRoot(user.roles) && !(await deps.site.switches())[judgeSwitch]) throw new AppError(403, 'areaClosed');
      if (input.cid && !input.gid && deps.contests) return deps.contests.submit({ ...input, cid: input.cid }, user, ip);
      // Group submissions arrive with their module; here only the public bank.
      if (input.cid || input.gid) throw notFound();
      const problem = await deps.catalog.visibleProblem(input.pid, user);
      await checkLanguage(problem, input.language);
      await checkInterval(user, await query.lastSubmitTime(user.uid));
      const created = await deps.internal.submit({
        user,
        problem,
        language: input.language,
        code: input.code,
        ip,
      });
      return asRoot(created.submitId);
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
      if (input.type !== 'public') throw notFound();
      const problem = await deps.catalog.visibleProblem(input.pid, user);
      await checkLanguage(problem, input.language);
      await checkInterval(user, await query.lastTestRunTime(user.uid));
      return deps.internal.testRun({
        user,
        problem,
        language: input.language,
        code: input.code,
        userInput: input.userInput,
        expectedOutput: input.expectedOutput ?? null,
      });
    },

    async testRunResult(key: string, user: AuthUser) {
      const r = await deps.internal.testRunResult(key, user.uid);
      const pid = await deps.internal.testRunProblem(key);
      const problem = pid === undefined ? undefined : await deps.problems.findById(pid);
      return { ...r, userInput: r.userInput ?? '', problemJudgeMode: problem?.judgeMode ?? 'default' };
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
      },
      viewer: AuthUser | undefined,
    ): Promise<Page<Submission>> {
      const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
      // Non-admins list only their own submissions (DESIGN §7 "Visibility"); visitors have none.
      if (!viewer) return empty;
      let uid: string | undefined;
      let uids: string[] | undefined;
      if (!isAdmin(viewer) || q.onlyMine) uid = viewer.uid;
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
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      return { records: rows.map((r) => row(r, viewer)), total, size: q.limit, current: q.currentPage };
    },

    async detail(submitId: number, viewer: AuthUser | undefined, locale: Locale) {
      const r = await load(submitId);
      const problem = await deps.problems.findById(r.submission.pid);
      return { submission: await present(r, viewer, locale), codeShare: problem?.codeShare === 1 };
    },

    /** Per-case results for the owner, admins, or anyone when the code is shared; null when the problem keeps
     * its case results closed (admins still see them). Test file names go to admins only. */
    async caseResults(submitId: number, viewer: AuthUser | undefined): Promise<CaseResult | null> {
      const r = await load(submitId);
      const admin = isAdmin(viewer);
      const contest = await contestView(r, viewer);
      if (!admin && !codeVisible(r, viewer, contest)) throw forbidden();
      // A sealed contest result keeps its cases to itself too.
      if (contest.masked && !admin) return null;
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

    async checkStatus(ids: number[], viewer: AuthUser | undefined) {
      const rows = await query.byIds([...new Set(ids)]);
      const out: Record<string, Submission> = {};
      for (const r of rows) {
        if (!isAdmin(viewer) && !isOwner(r, viewer)) continue;
        const shown = row(r, viewer);
        out[r.submission.submitId] = (await contestView(r, viewer)).masked ? sealed(shown) : shown;
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
      const r = await load(submitId);
      if (!codeVisible(r, viewer, await contestView(r, viewer))) throw forbidden();
      const shown = await present(r, viewer, locale);
      return {
        body: Buffer.from(shown.code ?? ''),
        contentType: 'text/plain; charset=utf-8',
        filename: `${submitId}.${sourceExtension(r.submission.language)}`,
      };
    },

    async rejudge(submitId: number) {
      await deps.internal.rejudge(submitId);
      return asRoot(submitId);
    },

    async manualJudge(submitId: number, status: number, score: number | undefined, viewer: AuthUser) {
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
      return asRoot(submitId);
    },

    async cancel(submitId: number, viewer: AuthUser) {
      const current = await load(submitId);
      if (current.submission.status === JUDGE_STATUS.CANCELLED) throw badRequest('alreadyCancelled');
      await adminTarget(submitId, viewer);
      await deps.internal.setVerdictByHand(submitId, {
        status: JUDGE_STATUS.CANCELLED,
        score: null,
        oiRankScore: null,
        judger: viewer.username,
      });
      return asRoot(submitId);
    },

    /** The owner's retry of a submission that could not be dispatched (Submitted Failed); nothing else. */
    async resubmit(submitId: number, viewer: AuthUser) {
      const r = await load(submitId);
      if (!isOwner(r, viewer) && !isAdmin(viewer)) throw forbidden();
      if (r.submission.status !== JUDGE_STATUS.SUBMITTED_FAILED) throw badRequest('resubmitNotAllowed');
      await deps.internal.rejudge(submitId);
      return asRoot(submitId);
    },

    /** Submissions and ACs of the last 7 local days, oldest first; cached 30 minutes, root may refresh. */
    async weekStatistics(forceRefresh: boolean, viewer: AuthUser | undefined) {
      const at = now();
      const fresh = statsCache && at.getTime() - statsCache.at < STATS_CACHE_MS;
      if (fresh && !(forceRefresh && viewer && isRoot(viewer.roles))) return statsCache.value;
      const days = Array.from({ length: 7 }, (_, i) => localDay(new Date(at.getTime() - (6 - i) * 86_400_000)));
      const rows = await query.dailyCounts(new Date(at.getTime() - 8 * 86_400_000), SERVER_TIME_ZONE);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const value = {
        dateStrList: days.map((d) => d.slice(5)),
        acCountList: days.map((d) => byDay.get(d)?.ac ?? 0),
        totalCountList: days.map((d) => byDay.get(d)?.total ?? 0),
      };
      statsCache = { at: at.getTime(), value };
      return value;
    },
  };
};
export type SubmissionPublicService = ReturnType<typeof createSubmissionPublicService>;

/** Subtask sections of get-all-case-result (reference §4.7): average mode scores round(mean) and says AC, PA or
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
