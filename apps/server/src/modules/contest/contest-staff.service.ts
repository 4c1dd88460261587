import { type ContestAcInfo, type ContestPrint, contestStaff, type Page, type ScrollBoardSubmission } from '@oj/shared';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import type { AuthUser } from '../auth/session.service.js';
import type { SubmissionService } from '../submission/submission.service.js';
import { contestStatusAt } from './contest.mapper.js';
import type { ContestRepository, ContestRow, ContestWindow } from './contest.repository.js';
import type { ContestService } from './contest.service.js';
import { rankShowNameFor, showsRealNames } from './contest-access.js';
import type { ContestStaffRepository } from './contest-staff.repository.js';

/** Whole seconds from the contest's start to a submission (the AC info's `time`). */
export const secondsSinceStart = (start: Date, at: Date) =>
  Math.max(0, Math.floor((at.getTime() - start.getTime()) / 1000));

/** Who may watch the scroll board (decision 0009): contest admins at any time; anyone else once the contest has
 * ended, its open outside scoreboard is on and the board the viewer would see is real-time, so the roll reveals
 * nothing the board still hides. */
export const scrollBoardOpen = (v: { admin: boolean; ended: boolean; openRank: boolean; realTime: boolean }) =>
  v.admin || (v.ended && v.openRank && v.realTime);

/** The download name of a print (sent UTF-8 encoded by bind); characters no file system accepts become `_`. */
export const printFilename = (id: number, username: string) =>
  `print-${id}-${username.replace(/[\\/:*?"<>|]/g, '_')}.txt`;

/** Contest staff tools (decision 0009): printing, AC info (balloons), contest
 * rejudge and the scroll board. Access rules are the contest service's own, reused. */
export const createContestStaffService = (deps: {
  repo: ContestStaffRepository;
  /** The contest's problems. */
  contestRepo: ContestRepository;
  contests: ContestService;
  submissions: SubmissionService;
  now?: () => Date;
}) => {
  const { repo, contests } = deps;
  const now = deps.now ?? (() => new Date());

  /** The board's window and exclusions: submissions in [start, end), root users and the creator left out. */
  const windowOf = async (c: ContestRow): Promise<ContestWindow> => ({
    cid: c.id,
    start: c.startTime,
    end: c.endTime,
    excludedUids: await contests.excludedUids(c),
  });

  const adminContest = async (cid: number, viewer: AuthUser) => {
    const c = await contests.load(cid, viewer);
    if (!contests.isContestAdmin(c, viewer)) throw forbidden();
    return c;
  };

  const acmAdminContest = async (cid: number, viewer: AuthUser) => {
    const c = await adminContest(cid, viewer);
    if (c.type !== 0) throw badRequest('contestAcmOnly');
    return c;
  };

  const scrollBoardContest = async (cid: number, viewer: AuthUser | undefined) => {
    const c = await contests.load(cid, viewer);
    if (c.type !== 0) throw badRequest('contestAcmOnly');
    const open = scrollBoardOpen({
      admin: contests.isContestAdmin(c, viewer),
      ended: contestStatusAt(c, now()) === 1,
      openRank: c.openRank === 1,
      realTime: contests.realTimeRank(c, viewer),
    });
    if (!open) throw forbidden('scrollBoardClosed');
    return c;
  };

  return {
    /** A participant sends a text to the contest's printer: printing open, contest not over, one per cooldown. */
    async submitPrint(input: { cid: number; content: string }, viewer: AuthUser): Promise<null> {
      const c = await contests.load(input.cid, viewer);
      await contests.checkViewAccess(c, viewer);
      if (c.openPrint !== 1) throw forbidden('printClosed');
      if (contestStatusAt(c, now()) === 1) throw forbidden('contestEnded');
      const row = await repo.insertPrintUnlessRecent({
        cid: c.id,
        uid: viewer.uid,
        content: input.content,
        at: now(),
        cooldownMs: contestStaff.PRINT_LIMITS.cooldownS * 1000,
      });
      if (!row) throw new AppError(429, 'printCooldown');
      return null;
    },

    /** Contest admins list every print; anyone else with access lists their own. */
    async prints(
      q: { cid: number; currentPage: number; limit: number },
      viewer: AuthUser,
    ): Promise<Page<ContestPrint>> {
      const c = await contests.load(q.cid, viewer);
      await contests.checkViewAccess(c, viewer);
      const { total, rows } = await repo.printPage({
        cid: c.id,
        uid: contests.isContestAdmin(c, viewer) ? undefined : viewer.uid,
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      return {
        records: rows.map((r) => ({
          id: r.id,
          cid: r.cid,
          username: r.username,
          realname: r.realname,
          status: r.status,
          length: r.length,
          gmtCreate: r.gmtCreate.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async markPrinted(q: { id: number; cid: number }, viewer: AuthUser): Promise<null> {
      const c = await adminContest(q.cid, viewer);
      if (!(await repo.markPrinted(c.id, q.id, now()))) throw notFound();
      return null;
    },

    /** The text as a UTF-8 attachment, for the contest's admins and its author. */
    async downloadPrint(id: number, viewer: AuthUser): Promise<BinaryAnswer> {
      const found = await repo.printById(id);
      if (!found) throw notFound();
      const c = await contests.load(found.print.cid, viewer);
      if (!contests.isContestAdmin(c, viewer) && found.print.uid !== viewer.uid) throw forbidden();
      return {
        body: Buffer.from(found.print.content, 'utf8'),
        contentType: 'text/plain; charset=utf-8',
        filename: printFilename(found.print.id, found.username),
      };
    },

    /** Balloons to deliver: each user's first AC per problem, unchecked first, then newest first. */
    async acInfo(
      q: { cid: number; currentPage: number; limit: number },
      viewer: AuthUser,
    ): Promise<Page<ContestAcInfo>> {
      const c = await acmAdminContest(q.cid, viewer);
      const { total, rows } = await repo.acInfoPage(await windowOf(c), {
        starUsernames: c.starAccount,
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      return {
        records: rows.map((r) => ({
          id: r.submitId,
          cid: c.id,
          uid: r.uid,
          username: r.username,
          realname: r.realname,
          pid: r.pid,
          displayId: r.displayId,
          color: r.color,
          submitId: r.submitId,
          submitTime: r.submitTime.toISOString(),
          time: secondsSinceStart(c.startTime, r.submitTime),
          firstBlood: r.firstBlood,
          checked: r.checked,
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** Marks the balloon of a first AC delivered (or not): kept per user and problem, whichever submission. */
    async checkAcInfo(q: { id: number; cid: number; checked: boolean }, viewer: AuthUser): Promise<null> {
      const c = await acmAdminContest(q.cid, viewer);
      const s = await repo.contestSubmission(c.id, q.id);
      if (!s || !s.cpid) throw notFound();
      await repo.setBalloon({ cid: c.id, uid: s.uid, cpid: s.cpid, at: now() }, q.checked);
      return null;
    },

    /** Every submission of one contest problem back to the queue (the guard admits root with `rejudge`). */
    async rejudgeProblem(q: { cid: number; pid: number }, viewer: AuthUser): Promise<{ count: number }> {
      const c = await contests.load(q.cid, viewer);
      const cp = await deps.contestRepo.problemByPid(c.id, q.pid);
      if (!cp) throw notFound();
      return { count: await deps.submissions.rejudgeContestProblem(c.id, cp.id) };
    },

    async scrollBoardInfo(cid: number, viewer: AuthUser | undefined) {
      const c = await scrollBoardContest(cid, viewer);
      const problems = (await deps.contestRepo.problems(c.id)).map((p) => p.cp);
      const balloonColor: Record<string, string> = {};
      for (const p of problems) if (p.color) balloonColor[p.displayId] = p.color;
      return {
        id: c.id,
        title: c.title,
        rankShowName: rankShowNameFor(c, viewer),
        problemCount: problems.length,
        balloonColor,
        problemList: problems.map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color })),
        startTime: c.startTime.toISOString(),
        endTime: c.endTime.toISOString(),
        sealRankTime: c.sealRank === 1 && c.sealRankTime ? c.sealRankTime.toISOString() : null,
        starUserList: c.starAccount,
      };
    },

    /** Every submission made during the contest, oldest first; contest admins left out, star users on request; real
     * names as the real-name rule gives them (contest-access.ts, showsRealNames). */
    async scrollBoardSubmissions(
      q: { cid: number; removeStar?: boolean | null },
      viewer: AuthUser | undefined,
    ): Promise<ScrollBoardSubmission[]> {
      const c = await scrollBoardContest(q.cid, viewer);
      const rows = await repo.scrollBoardSubmissions(await windowOf(c), {
        exceptUsernames: q.removeStar ? c.starAccount : [],
      });
      const realNames = showsRealNames(c, viewer);
      return rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        realname: realNames ? r.realname : null,
        school: r.school,
        avatar: r.avatar,
        gender: r.gender,
        submitId: r.submitId,
        status: r.status,
        submitTime: r.submitTime.toISOString(),
        displayId: r.displayId,
      }));
    },
  };
};
export type ContestStaffService = ReturnType<typeof createContestStaffService>;
