import {
  type AcmContestRankRow,
  type ContestProblem,
  type FullScreenProblem,
  type GroupRole,
  isAdminRole,
  JUDGE_STATUS,
  type OiContestRankRow,
  type Page,
  type Submission,
} from '@oj/shared';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { PreSerialized } from '../../http/pre-serialized.js';
import type { PasswordAttemptsService } from '../access/password-attempts.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import { toPublicProblem, toTag } from '../problem/problem.mapper.js';
import type { ProblemCatalogService } from '../problem/problem-catalog.service.js';
import type { ProblemCatalogQueries, ProblemLookup } from '../problem/problem-queries.js';
import { toSubmission } from '../submission/submission.mapper.js';
import type { SubmissionService } from '../submission/submission.service.js';
import { type SubmissionSight, showSubmission } from '../submission/submission-visibility.js';
import { contestStatusAt, matchesAccountRule, toContest, toContestAnnouncement } from './contest.mapper.js';
import type { ContestRepository, ContestRow, VirtualRunRow } from './contest.repository.js';
import {
  examCommentsClosed,
  managesContest,
  rankShowNameFor,
  seesRealTimeRank,
  showsRealNames,
} from './contest-access.js';
import { boardRowJson, boardRowJsonWithoutRealName, boardTiming, createBoardCache } from './contest-board-cache.js';
import { pageBoard } from './contest-ranking.js';
import { sealSeconds, toVirtualRun, virtualBoard } from './contest-virtual.js';

/** HOJ's ProblemCountVO from the number of a problem's submissions with each status. */
const problemCountOf = (pid: number, byStatus: Map<number, number>) => {
  const n = (status: number) => byStatus.get(status) ?? 0;
  const S = JUDGE_STATUS;
  return {
    pid,
    total: [...byStatus.values()].reduce((a, b) => a + b, 0),
    ac: n(S.ACCEPTED),
    mle: n(S.MEMORY_LIMIT_EXCEEDED),
    tle: n(S.TIME_LIMIT_EXCEEDED),
    re: n(S.RUNTIME_ERROR),
    pe: n(S.PRESENTATION_ERROR),
    ce: n(S.COMPILE_ERROR),
    wa: n(S.WRONG_ANSWER),
    se: n(S.SYSTEM_ERROR),
    pa: n(S.PARTIAL_ACCEPTED),
  };
};

export interface RankQuery {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh?: boolean | null;
  removeStar?: boolean | null;
  keyword?: string | null;
  concernedList?: string[] | null;
  showVirtual?: boolean | null;
}

/** A contest as `load` gave it: a group's carries the viewer's role in the group. */
export type LoadedContest = ContestRow & { groupRole?: GroupRole };

/** Contests as participants and visitors see them: access, submitting, boards, announcements. */
export const createContestService = (deps: {
  repo: ContestRepository;
  problems: ProblemLookup;
  catalogRepo: ProblemCatalogQueries;
  catalog: ProblemCatalogService;
  internal: SubmissionService;
  /** Registration passwords: wrong tries limited per user and contest, compared in constant time. */
  passwords: PasswordAttemptsService;
  /** A group's contests are its members' (decision 0024). */
  groupPolicy: GroupPolicy;
  /** A registration for an exam was made here: the exam policy reads the exams again (exam-policy.ts). */
  examsChanged?: () => void;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The contest admin rule (contest-access.ts), with the viewer's role in a group's contest as `load` found it (a
   * row read without `load` knows no group role: the group's root is then no admin, never the other way round). */
  const isContestAdmin = (c: LoadedContest, viewer: AuthUser | undefined) => managesContest(c, viewer, c.groupRole);

  /** A contest as one viewer meets it. A group's is its members' only (the group policy: 401 for a visitor, 403 for a
   * stranger, 404 for a group they may not see) and, hidden, its admins'; a hidden site contest does not exist for
   * anyone but the site's admins. */
  /** The contest the viewer may see. `maxAgeMs`: a row read that long ago will do (the scoreboards, which may show a
   * board that old anyway: contest.repository.ts, `recentById`). */
  const load = async (cid: number, viewer: AuthUser | undefined, maxAgeMs = 0): Promise<LoadedContest> => {
    const c = maxAgeMs > 0 ? await repo.recentById(cid, maxAgeMs) : await repo.byId(cid);
    if (!c) throw notFound();
    if (c.gid === null) {
      if (c.visible !== 1 && !(viewer && isAdminRole(viewer.roles))) throw notFound();
      return c;
    }
    const loaded = { ...c, groupRole: (await deps.groupPolicy.require(c.gid, viewer, 'member')).role };
    if (c.visible !== 1 && !isContestAdmin(loaded, viewer)) throw notFound();
    return loaded;
  };

  /** Why a signed-in viewer may not take part where a contest asks for a registration (decision 0043): an account
   * outside the contest's account rule first (registering cannot help him), else no registration (an exam's own
   * refusal for an exam, decision 0055). */
  const accessRefusal = async (
    c: ContestRow,
    viewer: AuthUser,
  ): Promise<'contestAccountLimit' | 'contestNoAccess' | 'examRegistrationRequired' | undefined> => {
    if (c.openAccountLimit === 1 && !matchesAccountRule(c.accountLimitRule, viewer.username)) {
      return 'contestAccountLimit';
    }
    if (await repo.isRegistered(c.id, viewer.uid)) return undefined;
    return c.examMode === 1 ? 'examRegistrationRequired' : 'contestNoAccess';
  };

  /** Whether a contest asks for a registration to view and take part: a private one, and an exam whatever its auth
   * (decision 0055). */
  const needsRegistration = (c: ContestRow) => c.auth === 1 || c.examMode === 1;

  /** The one "may view the contest" rule (decision 0016) for its problems, submissions, rank, announcements and
   * files: its admins always; others once it has started, a private one or an exam only registered and within its
   * account rule (`accessRefusal`). An anonymous caller has no registration: refused with 401, as the contest endpoints
   * that need a login answer them. */
  const viewRefusal = async (c: ContestRow, viewer: AuthUser | undefined): Promise<AppError | undefined> => {
    if (isContestAdmin(c, viewer)) return undefined;
    if (contestStatusAt(c, now()) === -1)
      return viewer ? forbidden('contestNotStarted') : new AppError(401, 'pleaseLogin');
    if (!needsRegistration(c)) return undefined;
    if (!viewer) return new AppError(401, 'pleaseLogin');
    const refusal = await accessRefusal(c, viewer);
    return refusal ? forbidden(refusal) : undefined;
  };
  const checkViewAccess = async (c: ContestRow, viewer: AuthUser | undefined) => {
    const refusal = await viewRefusal(c, viewer);
    if (refusal) throw refusal;
  };

  /** The one "may take part" rule, for a viewer who may view the contest (submits, clarifications): its admins
   * always; where the contest asks for a registration (not public, or an exam), others need one within its account
   * rule. */
  const takePartRefusal = async (c: LoadedContest, viewer: AuthUser) =>
    isContestAdmin(c, viewer) || (c.auth === 0 && c.examMode !== 1) ? undefined : accessRefusal(c, viewer);

  const realTimeRank = (c: ContestRow, viewer: AuthUser | undefined) =>
    seesRealTimeRank(c, isContestAdmin(c, viewer), now());

  const excludedUids = async (c: ContestRow) => [...(await repo.uidsWithRoles(['root'])), c.uid];

  /** Each contest's `count`: its participants, registered or on its board (the repository's rule), without the
   * users the board never ranks. */
  const participantCounts = async (rows: ContestRow[]) =>
    repo.participantCounts(
      rows.map((r) => r.id),
      await repo.uidsWithRoles(['root']),
    );

  /** The one rule for a contest's submissions (decision 0016): the contest's submission list, get-submission-detail,
   * get-all-case-result, check-submissions-status and the code download all apply it. Contest admins see
   * everything. Anyone else must be signed in (the contest's list needs a login) with view access; then, while the
   * board is sealed for them, others' submissions after the seal do not exist for them and their own OI results
   * read "Submitted successfully"; while the contest runs others' time and memory stay private; code and error
   * text are the owner's; the problem is named as the contest names it, never by the bank's title and id. */
  const submissionRule = async (c: ContestRow, viewer: AuthUser | undefined) => {
    const admin = isContestAdmin(c, viewer);
    const refusal = admin ? undefined : viewer ? await viewRefusal(c, viewer) : new AppError(401, 'pleaseLogin');
    const realTime = realTimeRank(c, viewer);
    const running = contestStatusAt(c, now()) === 0;
    const problems = refusal ? [] : await repo.problems(c.id);
    const named = new Map(problems.map((p) => [p.cp.id, p.cp]));
    // A running virtual participant sees others' submissions made by his elapsed time only (decision 0051).
    const replay = refusal || admin ? undefined : await runningRun(c, viewer);
    const sealMs = (sealSeconds(c) ?? Number.POSITIVE_INFINITY) * 1000;
    const others = replay ? new Date(c.startTime.getTime() + Math.min(replay.atMs, sealMs)) : undefined;
    const view = (s: { uid: string; cpid: number; submitTime: Date }): SubmissionSight => {
      if (refusal) return { refusal };
      const own = !!viewer && s.uid === viewer.uid;
      if (others && !own && s.submitTime >= others) return { refusal: forbidden() };
      // Never true for an admin: their rank is always real-time.
      const afterSeal = !realTime && !!c.sealRankTime && s.submitTime >= c.sealRankTime;
      if (afterSeal && !own) return { refusal: forbidden() };
      const cp = named.get(s.cpid);
      return {
        own,
        admin,
        code: admin || own,
        listed: true,
        runHidden: !admin && !own && running,
        contestRunning: running || !!replay,
        masked: afterSeal && c.type === 1,
        problem: { displayId: cp?.displayId ?? '', title: cp?.displayTitle ?? '' },
      };
    };
    return { refusal, view, problems, others };
  };

  const { board, computeBoard } = createBoardCache({ repo, excludedUids });

  /** The viewer's latest virtual run of the contest: there is none before the contest has ended, so the contest's
   * pages while it is scheduled or running (the board's and the lists' polls) ask nothing more (decision 0051). */
  const latestRun = async (c: ContestRow, viewer: AuthUser | undefined) =>
    viewer && contestStatusAt(c, now()) === 1 ? await repo.virtualRun(c.id, viewer.uid) : undefined;
  /** A run while its clock runs, with the milliseconds it has run. */
  const asRunning = (run: VirtualRunRow | undefined) => {
    const t = now();
    return run && t < run.endTime ? { run, atMs: t.getTime() - run.startTime.getTime() } : undefined;
  };
  /** The viewer's virtual run of the contest while its clock runs. */
  const runningRun = async (c: ContestRow, viewer: AuthUser | undefined) => asRunning(await latestRun(c, viewer));

  /** The replay a running virtual participant sees: his run at its elapsed time, sealed from the seal's minute on
   * as the live board was (but for the contest's admins). */
  const replayFor = async (c: LoadedContest, viewer: AuthUser | undefined) =>
    replayOf(c, viewer, await runningRun(c, viewer));
  const replayOf = (c: LoadedContest, viewer: AuthUser | undefined, running: ReturnType<typeof asRunning>) => {
    if (!running) return undefined;
    const sealS = sealSeconds(c);
    const sealed = !isContestAdmin(c, viewer) && sealS !== null && running.atMs >= sealS * 1000;
    return { atMs: running.atMs, sealed, runs: [running.run] };
  };

  /** A board with virtual participants, when the viewer has one: while his run goes, the real board replayed at its
   * elapsed time with him in it (sealed from the seal's minute on, as live); once the contest ended, the final board
   * with his ended run, and with everyone's ended runs on `showVirtual` (a user who took part live by his live row
   * only). Undefined: the real board. */
  const virtualRows = async (c: LoadedContest, q: RankQuery, viewer: AuthUser | undefined) => {
    const t = now();
    if (contestStatusAt(c, t) !== 1) return undefined;
    const mine = await latestRun(c, viewer);
    const replayed = replayOf(c, viewer, asRunning(mine));
    if (replayed) return virtualBoard(repo, c, { ...replayed, excludedUids: await excludedUids(c) });
    if (!mine && !q.showVirtual) return undefined;
    const others = q.showVirtual
      ? (await repo.virtualRuns(c.id)).filter((r) => r.live === 0 && t >= r.endTime && r.uid !== viewer?.uid)
      : [];
    const runs = [...others, ...(mine ? [mine] : [])];
    return virtualBoard(repo, c, {
      atMs: null,
      sealed: !realTimeRank(c, viewer),
      runs,
      excludedUids: await excludedUids(c),
    });
  };

  /** A virtual participant reads the announcements made by his elapsed time (undefined: all). */
  const announcedBy = async (c: ContestRow, viewer: AuthUser | undefined) => {
    const running = await runningRun(c, viewer);
    return running ? new Date(c.startTime.getTime() + running.atMs) : undefined;
  };

  const rankPage = async (c: LoadedContest, q: RankQuery, viewer: AuthUser | undefined, outside: boolean) => {
    const admin = isContestAdmin(c, viewer);
    const force = admin && !!q.forceRefresh;
    const { rows, byUid } = (await virtualRows(c, q, viewer)) ?? (await board(c, !realTimeRank(c, viewer), force));
    const pinned = [...(outside || !viewer ? [] : [viewer.uid]), ...(q.concernedList ?? [])];
    // Without real names (decision 0043) the keyword matches the username too, never a name the viewer cannot see.
    const showName = rankShowNameFor(c, viewer);
    const rowJson = showsRealNames(c, viewer) ? boardRowJson : boardRowJsonWithoutRealName;
    const page = pageBoard(rows, {
      byUid,
      currentPage: q.currentPage,
      limit: q.limit,
      removeStar: !!q.removeStar,
      starUsernames: new Set(c.starAccount),
      keyword: q.keyword ?? undefined,
      showName,
      pinnedUids: pinned,
    });
    // The same JSON as JSON.stringify(page), keys in the same order.
    return new PreSerialized<Page<AcmContestRankRow | OiContestRankRow>>(
      `{"records":[${page.records.map(rowJson).join(',')}],"total":${page.total},"size":${page.size},"current":${page.current}}`,
    );
  };

  const contestProblems = async (c: ContestRow, viewer: AuthUser | undefined): Promise<ContestProblem[]> => {
    const replayed = await replayFor(c, viewer);
    const realTime = replayed ? !replayed.sealed : realTimeRank(c, viewer);
    const [list, counts] = await Promise.all([
      repo.problems(c.id),
      !realTime
        ? Promise.resolve(undefined)
        : replayed
          ? virtualBoard(repo, c, { ...replayed, excludedUids: await excludedUids(c) }).then((b) => b.counts)
          : repo.problemCounts(c.id, false, await excludedUids(c)),
    ]);
    return list.map(({ cp, ioScore }) => ({
      id: cp.id,
      displayId: cp.displayId,
      cid: cp.cid,
      pid: cp.pid,
      displayTitle: cp.displayTitle,
      color: cp.color,
      // Without the real-time rank the list shows question marks.
      ac: counts ? (counts.get(cp.id)?.ac ?? 0) : null,
      total: counts ? (counts.get(cp.id)?.total ?? 0) : null,
      ioScore,
    }));
  };

  /** "My status" of the contest problem list: ACM any AC else the latest; OI the latest (Recent) or the best
   * (Highest) score. A sealed OI result stays "Submitted successfully" (-5) to its owner too. */
  const userProblemStatus = async (cid: number, pids: number[], viewer: AuthUser) => {
    const c = await load(cid, viewer);
    await checkViewAccess(c, viewer);
    const realTime = realTimeRank(c, viewer);
    const out: Record<string, { status: number; score: number | null }> = {};
    for (const pid of pids) out[pid] = { status: JUDGE_STATUS.NOT_SUBMITTED, score: null };
    const highest = c.type === 1 && c.oiRankScoreType === 'Highest';
    const seen = new Set<number>();
    for (const s of await repo.userSubmissions(c.id, viewer.uid)) {
      if (!(s.pid in out)) continue;
      const sealed = c.type === 1 && !realTime && !!c.sealRankTime && s.submitTime >= c.sealRankTime;
      const shown = sealed
        ? { status: JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT, score: null }
        : { status: s.status, score: s.score };
      const first = !seen.has(s.pid);
      seen.add(s.pid);
      const current = out[s.pid];
      if (first) out[s.pid] = shown;
      else if (c.type === 0 && shown.status === JUDGE_STATUS.ACCEPTED) out[s.pid] = shown;
      else if (highest && !sealed && current.score !== null && (shown.score ?? -1) > current.score) {
        out[s.pid] = shown;
      }
    }
    return out;
  };

  const outsideContest = async (cid: number, viewer: AuthUser | undefined, maxAgeMs = 0) => {
    const c = await load(cid, viewer, maxAgeMs);
    if (c.openRank !== 1 || contestStatusAt(c, now()) === -1) throw forbidden('contestRankClosed');
    return c;
  };

  return {
    isContestAdmin,
    // The staff tools (contest-staff.service.ts) apply the same rules.
    load,
    checkViewAccess,
    takePartRefusal,
    realTimeRank,
    excludedUids,
    /** Every row of the board the viewer may see (sealed unless real-time for them), ranked, real names as the
     * real-name rule lets them through (contest-access.ts, showsRealNames); for downloads. */
    async boardRows(c: ContestRow, viewer: AuthUser | undefined, force: boolean) {
      const { rows } = await board(c, !realTimeRank(c, viewer), force && isContestAdmin(c, viewer));
      return showsRealNames(c, viewer) ? rows : rows.map((r) => ({ ...r, realname: null }));
    },

    /** The contest's rule (`submissionRule`) for its submissions seen outside its pages (get-submission-detail,
     * case results, status polling, the code download); a missing or hidden contest's do not exist. */
    async submissionViewer(
      cid: number,
      viewer: AuthUser | undefined,
    ): Promise<(s: { uid: string; cpid: number; submitTime: Date }) => SubmissionSight> {
      let c: LoadedContest;
      try {
        c = await load(cid, viewer);
      } catch (e) {
        if (e instanceof AppError) return () => ({ refusal: e });
        throw e;
      }
      return (await submissionRule(c, viewer)).view;
    },
    /** The board of one view as the cache keeps it (brought up to date), and the same board computed from every
     * cell without touching the cache: tests compare the two. */
    cachedBoardRows: async (c: ContestRow, sealed: boolean) => (await board(c, sealed, false)).rows,
    fullBoardRows: async (c: ContestRow, sealed: boolean) => (await computeBoard(c, sealed, Date.now())).rows,
    /** The stored cells of a contest (tests compare them with summarizeCell). */
    rawCells: (cid: number) => repo.cells(cid),

    /** A contest's final board as the ratings read it (rating/rating.service.ts, decision 0046): the real-time board
     * computed from every cell by the board's own rules (ACM: solved, then penalty time; OI: the contest's score
     * rule), every participant who submitted in the contest's time but its admins; star users are not ranked, so
     * not rated. With the board version and the settings' modification time it was computed at. */
    async finalStandings(cid: number) {
      const c = await repo.byId(cid);
      if (!c) return undefined;
      const { rows } = await computeBoard(c, false, Date.now());
      return {
        boardVersion: c.boardVersion,
        modified: c.gmtModified.getTime(),
        places: rows.filter((r) => r.rank > 0).map((r) => ({ uid: r.uid, place: r.rank })),
      };
    },

    /** The site's visible contests, or (given `gid`, once the group policy let the caller in) a group's. */
    async list(
      q: { currentPage: number; limit: number; status?: number; type?: number; keyword?: string },
      viewer: AuthUser | undefined,
      gid: number | null = null,
    ) {
      const t = now();
      const { total, rows } = await repo.page({
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
        keyword: q.keyword?.trim() || undefined,
        type: q.type,
        status: q.status,
        gid,
        visibleOnly: true,
        now: t,
      });
      const counts = await participantCounts(rows);
      return {
        records: rows.map((c) => toContest(c, t, counts.get(c.id) ?? 0, rankShowNameFor(c, viewer))),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async recent(viewer: AuthUser | undefined) {
      const t = now();
      const rows = await repo.recent(t);
      const counts = await participantCounts(rows);
      return rows.map((c) => toContest(c, t, counts.get(c.id) ?? 0, rankShowNameFor(c, viewer)));
    },

    async recentOther() {
      return (await repo.otherContests(now())).map((o) => ({
        title: o.title,
        url: o.url,
        source: o.source,
        beginTime: o.startTime.toISOString(),
        endTime: o.endTime.toISOString(),
      }));
    },

    async info(cid: number, viewer: AuthUser) {
      const c = await load(cid, viewer);
      const counts = await participantCounts([c]);
      return toContest(c, now(), counts.get(c.id) ?? 0, rankShowNameFor(c, viewer));
    },

    /** A public contest needs no password (HOJ registers whoever sends its empty one): joining it records the
     * registration. A private or protected one takes its password through the limited tries of decision 0015. */
    async register(input: { cid: number; password?: string | null }, viewer: AuthUser) {
      const c = await load(input.cid, viewer);
      // A public exam is joined only by its admins' adding the participant (decision 0055).
      if (c.examMode === 1 && c.auth === 0 && !isContestAdmin(c, viewer)) throw forbidden('examRegistrationRequired');
      if (c.auth !== 0) {
        if (!input.password) throw badRequest('contestPasswordRequired', 'password');
        if (!(await deps.passwords.verify(viewer.uid, { kind: 'contest', id: c.id }, input.password, c.pwd))) {
          throw badRequest('contestPasswordWrong', 'password');
        }
      }
      if (c.openAccountLimit === 1 && !matchesAccountRule(c.accountLimitRule, viewer.username)) {
        throw forbidden('contestAccountLimit');
      }
      if (!(await repo.register(c.id, viewer.uid))) throw badRequest('contestAlreadyRegistered');
      if (c.examMode === 1) deps.examsChanged?.();
      return null;
    },

    /** The contest's comment area (decision 0021): 404 for a hidden contest, the view rule's refusal (401 anonymous,
     * 403) otherwise; then whether the caller is a contest admin, who created it and whether it is running. */
    async commentAccess(cid: number, viewer: AuthUser | undefined) {
      const c = await load(cid, viewer);
      // A visitor must log in to open a contest, a public one too.
      if (!viewer) throw new AppError(401, 'pleaseLogin');
      await checkViewAccess(c, viewer);
      const admin = isContestAdmin(c, viewer);
      return {
        admin,
        creatorUid: c.uid,
        running: contestStatusAt(c, now()) === 0,
        examClosed: examCommentsClosed(c, admin, now()),
      };
    },

    /** Whether the caller may take part, and if not, the message key the contest's calls refuse him with. */
    async access(cid: number, viewer: AuthUser) {
      const c = await load(cid, viewer);
      const refusal = await accessRefusal(c, viewer);
      return { access: !refusal, refusal: refusal ?? null };
    },

    /** Anonymous visitors see the list of an open-rank contest, and only where the view rule lets
     * anyone in: never one that has not started nor a private one (a signed-in caller without a registration is
     * refused there too). */
    async problems(cid: number, viewer: AuthUser | undefined) {
      const c = await load(cid, viewer);
      if (!viewer && c.openRank !== 1) throw new AppError(401, 'pleaseLogin');
      await checkViewAccess(c, viewer);
      return contestProblems(c, viewer);
    },

    userProblemStatus,

    async problemDetails(cid: number, displayId: string, viewer: AuthUser) {
      const c = await load(cid, viewer);
      await checkViewAccess(c, viewer);
      const cp = await repo.problemByDisplayId(c.id, displayId);
      if (!cp) throw notFound();
      const p = await deps.problems.findById(cp.pid);
      if (!p) throw notFound();
      // Counted as the board counts: in the contest's time, without its admins, up to the seal for who sees it sealed.
      const sealedAt = !realTimeRank(c, viewer) && c.sealRankTime ? c.sealRankTime : undefined;
      const window = { cid: c.id, start: c.startTime, end: sealedAt ?? c.endTime, excludedUids: await excludedUids(c) };
      const [tagMap, templates, languages, hasSubmitted, byStatus] = await Promise.all([
        deps.catalogRepo.tagsOf([p.id]),
        deps.catalogRepo.templates(p.id),
        deps.catalog.offeredFor(p),
        repo.hasSubmitted(c.id, viewer.uid, cp.id),
        repo.problemStatusCounts(window, cp.id),
      ]);
      const view = toPublicProblem(p);
      // A virtual participant's contest runs: the problem is not given away before his end either.
      const ended = contestStatusAt(c, now()) === 1 && !(await runningRun(c, viewer));
      return {
        // Before the end the source, author and difficulty would give the problem away.
        problem: {
          ...view,
          problemId: cp.displayId,
          title: cp.displayTitle,
          ...(ended ? {} : { source: '', author: '', difficulty: 0 }),
        },
        tags: ended ? (tagMap.get(p.id) ?? []).map(toTag) : [],
        languages,
        codeTemplate: Object.fromEntries(templates.filter((t) => t.status === 1).map((t) => [t.language, t.code])),
        // The limits the judge applies in each language, by the bank's rule (problem-catalog.service.ts).
        languageLimits: deps.catalog.languageLimits(p, languages),
        problemCount: problemCountOf(p.id, byStatus),
        hasSubmitted,
      };
    },

    /** The focus-mode page's problem switcher (get-full-screen-problem-list): the contest's problems as it names
     * them, with the caller's status as the contest's problem list shows it. */
    async fullScreenProblems(cid: number, viewer: AuthUser): Promise<FullScreenProblem[]> {
      const c = await load(cid, viewer);
      await checkViewAccess(c, viewer);
      const list = await repo.problems(c.id);
      const status = await userProblemStatus(
        c.id,
        list.map((p) => p.cp.pid),
        viewer,
      );
      return list.map(({ cp }) => ({
        pid: cp.pid,
        problemId: cp.displayId,
        title: cp.displayTitle,
        status: status[cp.pid].status,
        score: status[cp.pid].score,
      }));
    },

    /** The contest's rule for its submissions as its own list applies it (check-contest-submissions-status): a
     * missing or hidden contest is 404, a caller without view access is refused, then each submission by `view`. */
    async submissionAccess(cid: number, viewer: AuthUser) {
      const c = await load(cid, viewer);
      const rule = await submissionRule(c, viewer);
      if (rule.refusal) throw rule.refusal;
      return rule.view;
    },

    /** Contest submit: no submissions after the end, nor before the start for non-managers;
     * private and protected contests need a registration. The site's submit interval applies here too (`intervalS`,
     * from the public submit endpoint), unlike HOJ: a script cannot flood the contest's queue (decision 0015). */
    async submit(
      input: {
        pid: string | number;
        language: string;
        code: string;
        cid: number;
        gid?: number | null;
        intervalS?: number;
      },
      viewer: AuthUser,
      ip: string,
    ): Promise<Submission> {
      const c = await load(input.cid, viewer);
      // A `gid` the client names must be the contest's group.
      if (input.gid && input.gid !== c.gid) throw notFound();
      const admin = isContestAdmin(c, viewer);
      const status = contestStatusAt(c, now());
      // After the end, a running virtual participation takes the submission (never on the real board).
      const running = await runningRun(c, viewer);
      if (status === 1 && c.allowEndSubmit !== 1 && !running) throw forbidden('contestEnded');
      if (status === -1 && !admin) throw forbidden('contestNotStarted');
      const refusal = await takePartRefusal(c, viewer);
      if (refusal) throw forbidden(refusal);
      const cp = await repo.problemByDisplayId(c.id, String(input.pid));
      if (!cp) throw notFound();
      const problem = await deps.problems.findById(cp.pid);
      if (!problem) throw notFound();
      if (problem.auth === 2 && !admin) throw forbidden();
      await deps.catalog.checkLanguage(problem, input.language);
      const row = await deps.internal.submit({
        user: viewer,
        problem,
        language: input.language,
        code: input.code,
        ip,
        cid: c.id,
        cpid: cp.id,
        // A group's contest submission carries the group (decision 0024); the contest's rules show it.
        gid: c.gid,
        vrid: running?.run.id,
        intervalS: input.intervalS,
      });
      return {
        ...toSubmission(
          { submission: row, title: cp.displayTitle, realname: null },
          { code: null, errorMessage: null, ip },
        ),
        // Named as the contest names it, never by the bank's id (decision 0016).
        displayPid: cp.displayId,
        displayId: cp.displayId,
      };
    },

    async submissions(
      q: {
        contestID: number;
        currentPage: number;
        limit: number;
        onlyMine?: boolean;
        problemID?: string;
        status?: number;
        username?: string;
        containsEnd?: boolean;
      },
      viewer: AuthUser,
    ): Promise<Page<Submission>> {
      const c = await load(q.contestID, viewer);
      const rule = await submissionRule(c, viewer);
      if (rule.refusal) throw rule.refusal;
      const realTime = realTimeRank(c, viewer);
      const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
      const { problems } = rule;
      let cpid: number | undefined;
      if (q.problemID?.trim()) {
        const cp = problems.find((p) => p.cp.displayId.toUpperCase() === q.problemID?.trim().toUpperCase());
        if (!cp) return empty;
        cpid = cp.cp.id;
      }
      let uid: string | undefined = q.onlyMine ? viewer.uid : undefined;
      if (!uid && q.username?.trim()) {
        const u = await repo.userByName(q.username.trim());
        if (!u) return empty;
        uid = u.uid;
      }
      const { total, rows } = await repo.submissionsPage({
        cid: c.id,
        uid,
        cpid,
        status: q.status,
        // The rule's cut in SQL, so pages and total agree with it: others' submissions after the seal, or after a
        // virtual participant's elapsed time, are left out.
        othersBefore: rule.others ?? (realTime ? undefined : (c.sealRankTime ?? undefined)),
        ownUid: rule.others || !realTime ? viewer.uid : undefined,
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      return {
        records: rows.flatMap((r) => {
          const sight = rule.view(r.submission);
          return sight.refusal ? [] : [showSubmission(r, sight)];
        }),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** Starts the viewer's virtual participation in an ended contest he may see (decision 0051); while one runs, that
     * one. */
    async startVirtual(cid: number, viewer: AuthUser) {
      const c = await load(cid, viewer);
      await checkViewAccess(c, viewer);
      const t = now();
      if (contestStatusAt(c, t) !== 1) throw badRequest('contestNotEnded', 'cid');
      if (c.allowVirtual !== 1) throw forbidden('contestVirtualClosed');
      const started = await repo.startVirtualRun({
        cid: c.id,
        uid: viewer.uid,
        startTime: t,
        endTime: new Date(t.getTime() + (c.endTime.getTime() - c.startTime.getTime())),
        live: await repo.onBoard(c.id, viewer.uid),
      });
      const run = started ?? (await repo.virtualRun(c.id, viewer.uid));
      if (!run) throw new Error('a virtual run neither started nor found');
      return toVirtualRun(run, t);
    },

    /** The viewer's latest virtual participation in a contest he may see. */
    async virtualRun(cid: number, viewer: AuthUser) {
      const c = await load(cid, viewer);
      await checkViewAccess(c, viewer);
      const run = await repo.virtualRun(c.id, viewer.uid);
      return run ? toVirtualRun(run, now()) : null;
    },

    async rank(q: RankQuery, viewer: AuthUser) {
      // A forced refresh (an admin's) reads the contest as it is now.
      const c = await load(q.cid, viewer, q.forceRefresh ? 0 : boardTiming.recomputeMs);
      await checkViewAccess(c, viewer);
      return rankPage(c, q, viewer, false);
    },

    async outsideInfo(cid: number, viewer: AuthUser | undefined) {
      const c = await outsideContest(cid, viewer);
      const counts = await participantCounts([c]);
      return {
        contest: toContest(c, now(), counts.get(c.id) ?? 0, rankShowNameFor(c, viewer)),
        problemList: await contestProblems(c, viewer),
      };
    },

    async outsideScoreboard(q: RankQuery, viewer: AuthUser | undefined) {
      const c = await outsideContest(q.cid, viewer, boardTiming.recomputeMs);
      return rankPage(c, q, viewer, true);
    },

    async announcements(q: { cid: number; currentPage: number; limit: number }, viewer: AuthUser) {
      const c = await load(q.cid, viewer);
      await checkViewAccess(c, viewer);
      const { total, rows } = await repo.announcements(
        c.id,
        (q.currentPage - 1) * q.limit,
        q.limit,
        await announcedBy(c, viewer),
      );
      return { records: rows.map(toContestAnnouncement), total, size: q.limit, current: q.currentPage };
    },

    async notReadAnnouncements(q: { cid: number; readAnnouncementList?: number[] | null }, viewer: AuthUser) {
      const c = await load(q.cid, viewer);
      await checkViewAccess(c, viewer);
      return (await repo.announcementsExcept(c.id, q.readAnnouncementList ?? [], await announcedBy(c, viewer))).map(
        toContestAnnouncement,
      );
    },
  };
};
export type ContestService = ReturnType<typeof createContestService>;
