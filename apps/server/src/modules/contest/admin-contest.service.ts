import { type adminContest, defaultAwards, isRoot, type Locale } from '@oj/shared';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../http/app-error.js';
import { formatAddressRange, parseAddressRange } from '../../lib/address-range.js';
import type { AdminProblemService } from '../admin-problem/admin-problem.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import { mayReadProblem } from '../problem/problem-access.js';
import type { ProblemLookup } from '../problem/problem-queries.js';
import type { RatingService } from '../rating/rating.service.js';
import { toAdminContest, toContestAnnouncement } from './contest.mapper.js';
import type { ContestProblemRow, ContestRepository, ContestRow, NewContest } from './contest.repository.js';
import { managesContest } from './contest-access.js';

const toOtherContest = (o: {
  id: number;
  title: string;
  url: string;
  source: string;
  startTime: Date;
  endTime: Date;
}) => ({
  id: o.id,
  title: o.title,
  url: o.url,
  source: o.source,
  startTime: o.startTime.toISOString(),
  endTime: o.endTime.toISOString(),
});

type ContestFormOut = z.output<typeof adminContest.contestForm>;
type ContestProblemDto = z.output<typeof adminContest.createContestProblem.input>;

/** Contest administration (decisions 0009 and 0024): who manages a contest is
 * contest-access.ts's rule (root and the creator; for a group's contest also the group's root, once the group policy
 * let the caller in). The group's calls (group-contest.service.ts) come here too. */
export const createAdminContestService = (deps: {
  repo: ContestRepository;
  problems: ProblemLookup;
  /** Contest-only problems are problems: created, edited and owned as the problem admin says. */
  problemAdmin: Pick<AdminProblemService, 'create' | 'update' | 'get'>;
  groupPolicy: GroupPolicy;
  /** Contest ratings (decision 0046): an edit or a deletion of a rated contest makes its ratings due again. */
  ratings: Pick<RatingService, 'contestEdited' | 'contestRemoving' | 'recompute' | 'standingsChanged'>;
  /** A contest was created, edited or removed here: the exam policy reads the exams again (exam-policy.ts). */
  examsChanged?: () => void;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const examsChanged = () => deps.examsChanged?.();

  const owned = async (cid: number, viewer: AuthUser) => {
    const c = await repo.byId(cid);
    if (!c) throw notFound();
    const role = c.gid === null ? undefined : (await deps.groupPolicy.require(c.gid, viewer, 'member')).role;
    if (!managesContest(c, viewer, role)) throw forbidden(c.gid === null ? 'contestNotOwned' : 'groupContestNotOwned');
    return c;
  };

  /** The cross-field rules (the end after the start, a password unless public, no star user twice) and the seal
   * default: one hour before the end, or the start in a contest shorter than that. The fields a form may leave out
   * for what it does not know (the award tiers, hiding real names from visitors) are left out here too: a new
   * contest gets its defaults (`create`), an edited one keeps what it had. */
  const fieldsOf = (f: ContestFormOut): Omit<NewContest, 'uid' | 'author' | 'type'> => {
    const startTime = new Date(f.startTime);
    const endTime = new Date(f.endTime);
    if (endTime <= startTime) throw badRequest('contestTimeInvalid', 'endTime');
    if (f.auth !== 0 && !f.pwd?.trim()) throw badRequest('contestPasswordMissing', 'pwd');
    const stars = (f.starAccount ?? []).map((s) => s.trim()).filter((s) => s);
    const seen = new Set<string>();
    for (const s of stars) {
      if (seen.has(s)) throw badRequest('Add_Star_User_Error', 'starAccount', { name: s });
      seen.add(s);
    }
    let sealRankTime: Date | null = null;
    if (f.sealRank) {
      const hourBefore = new Date(endTime.getTime() - 3600_000);
      sealRankTime = f.sealRankTime ? new Date(f.sealRankTime) : hourBefore > startTime ? hourBefore : startTime;
      if (sealRankTime < startTime || sealRankTime > endTime)
        throw badRequest('contestSealTimeInvalid', 'sealRankTime');
    }
    return {
      title: f.title,
      description: f.description,
      auth: f.auth,
      pwd: f.auth === 0 ? null : (f.pwd?.trim() ?? null),
      startTime,
      endTime,
      sealRank: f.sealRank ? 1 : 0,
      sealRankTime,
      autoRealRank: f.autoRealRank === false ? 0 : 1,
      visible: f.visible === false ? 0 : 1,
      openPrint: f.openPrint ? 1 : 0,
      openRank: f.openRank ? 1 : 0,
      openAccountLimit: f.openAccountLimit ? 1 : 0,
      accountLimitRule: f.accountLimitRule ?? null,
      rankShowName: f.rankShowName ?? 'username',
      starAccount: stars,
      oiRankScoreType: f.oiRankScoreType ?? 'Recent',
      awardType: f.awardType ?? 0,
      ...(f.awardConfigList == null ? {} : { awardConfig: f.awardConfigList }),
      ...(f.hideRealNameFromVisitors == null ? {} : { hideRealNameFromVisitors: f.hideRealNameFromVisitors ? 1 : 0 }),
      ...(f.rated == null ? {} : { rated: f.rated ? 1 : 0 }),
      ...(f.allowVirtual == null ? {} : { allowVirtual: f.allowVirtual ? 1 : 0 }),
      ...examFieldsOf(f),
      allowEndSubmit: f.allowEndSubmit ? 1 : 0,
    };
  };

  /** The exam's fields (decision 0055), each left out when the form leaves it out: a new contest gets the columns'
   * defaults (no exam, `replace`, anywhere), an edited one keeps what it had. Each address range must be an address
   * or a CIDR range (400 examAddressInvalid naming it); it is stored as `address/prefix`, once. */
  const examFieldsOf = (f: ContestFormOut): Pick<NewContest, 'examMode' | 'examSessionPolicy' | 'allowedAddresses'> => {
    const ranges = f.allowedAddresses?.map((text) => {
      const r = parseAddressRange(text);
      if (!r) throw badRequest('examAddressInvalid', 'allowedAddresses', { value: text });
      return formatAddressRange(r);
    });
    return {
      ...(f.examMode == null ? {} : { examMode: f.examMode ? 1 : 0 }),
      ...(f.examSessionPolicy == null ? {} : { examSessionPolicy: f.examSessionPolicy }),
      ...(ranges === undefined ? {} : { allowedAddresses: [...new Set(ranges)] }),
    };
  };

  /** Only a site contest is rated (decision 0046): a group's that asks to be is refused. */
  const checkRated = (f: ContestFormOut, gid: number | null) => {
    if (f.rated && gid !== null) throw badRequest('groupContestNotRated', 'rated');
  };

  /** A problem just linked to the contest; of two admins adding it at once, the other is told it is there. */
  const linked = (cp: ContestProblemRow | undefined) => {
    if (!cp) throw badRequest('contestProblemExists', 'pid');
    return problemVo(cp);
  };

  const problemVo = async (cp: ContestProblemRow) => {
    const p = await deps.problems.findById(cp.pid);
    if (!p) throw notFound();
    return {
      id: cp.id,
      cid: cp.cid,
      pid: cp.pid,
      problemId: p.problemId,
      title: p.title,
      displayId: cp.displayId,
      displayTitle: cp.displayTitle,
      color: cp.color,
      auth: p.auth,
      type: p.type,
    };
  };

  const checkDisplayId = async (cid: number, displayId: string, self?: number) => {
    const taken = await repo.problemByDisplayId(cid, displayId);
    if (taken && taken.id !== self) throw badRequest('contestDisplayIdTaken', 'displayId', { displayId });
  };

  /** The first free letter A-Z, else P<n>. */
  const nextDisplayId = async (cid: number) => {
    const taken = new Set((await repo.problems(cid)).map((p) => p.cp.displayId.toUpperCase()));
    for (let i = 0; i < 26; i++) {
      const id = String.fromCharCode(65 + i);
      if (!taken.has(id)) return id;
    }
    let n = taken.size + 1;
    while (taken.has(`P${n}`)) n++;
    return `P${n}`;
  };

  return {
    /** The site's contests (root every one, other admins their own), or given a group (whose admin the caller is,
     * as the group's service checked) every contest of the group. */
    async list(
      q: { currentPage: number; limit: number; keyword?: string },
      viewer: AuthUser,
      gid: number | null = null,
    ) {
      const t = now();
      const { total, rows } = await repo.page({
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
        keyword: q.keyword?.trim() || undefined,
        gid,
        visibleOnly: false,
        now: t,
        ownerUid: gid !== null || isRoot(viewer.roles) ? undefined : viewer.uid,
      });
      return { records: rows.map((c) => toAdminContest(c, t)), total, size: q.limit, current: q.currentPage };
    },

    async get(cid: number, viewer: AuthUser) {
      return toAdminContest(await owned(cid, viewer), now());
    },

    /** A site contest, or a group's (`gid`: the group's service checked the caller is its admin). Without award
     * tiers it gets the default ones named in the caller's language (`locale`); real names are hidden from visitors
     * unless the form says otherwise (the column's default). */
    async create(f: ContestFormOut, viewer: AuthUser, gid: number | null, locale: Locale) {
      checkRated(f, gid);
      const row = await repo.insert({
        awardConfig: defaultAwards(locale),
        ...fieldsOf(f),
        type: f.type,
        uid: viewer.uid,
        author: viewer.username,
        gid,
      });
      examsChanged();
      return toAdminContest(row, now());
    },

    /** The rule type is fixed once created; a new password of a non-public contest drops the registrations. A
     * `gid` (the group's form) must be the contest's group. */
    async update(f: ContestFormOut & { id: number; gid?: number }, viewer: AuthUser) {
      const c = await owned(f.id, viewer);
      if (f.gid !== undefined && f.gid !== c.gid) throw forbidden('groupItemElsewhere');
      if (f.type !== c.type) throw badRequest('contestTypeFixed', 'type');
      checkRated(f, c.gid);
      const fields = fieldsOf(f);
      const dropRegistrations = c.auth !== 0 && fields.pwd !== c.pwd;
      const row = await repo.update(c.id, fields, dropRegistrations);
      examsChanged();
      await deps.ratings.contestEdited(c, row);
      return toAdminContest(row, now());
    },

    /** An admin's recompute of a rated contest's ratings (and the history after it), once it has ended. */
    async recomputeRating(cid: number, viewer: AuthUser) {
      const c = await owned(cid, viewer);
      if (c.rated !== 1 || c.gid !== null) throw badRequest('contestNotRated', 'cid');
      if (c.endTime > now()) throw badRequest('contestRatingNotEnded', 'cid');
      return deps.ratings.recompute(c.id);
    },

    /** A site contest is root's to delete; a group's, whoever manages it. */
    async remove(cid: number, viewer: AuthUser) {
      const c = await repo.byId(cid);
      if (!c) throw notFound();
      if (c.gid === null && !isRoot(viewer.roles)) throw forbidden();
      if (c.gid !== null) await owned(cid, viewer);
      await deps.ratings.contestRemoving(c);
      await repo.remove(cid);
      examsChanged();
      return null;
    },

    /** Copies the contest row only, as HOJ does. */
    async clone(cid: number, viewer: AuthUser) {
      const c: ContestRow = await owned(cid, viewer);
      const { id, gmtCreate, gmtModified, boardVersion, ratingComputedAt, ...rest } = c;
      const row = await repo.insert({
        ...rest,
        title: `${c.title} [Cloned]`,
        source: id,
        uid: viewer.uid,
        author: viewer.username,
      });
      return toAdminContest(row, now());
    },

    async changeVisible(q: { cid: number; visible: boolean }, viewer: AuthUser) {
      const c = await owned(q.cid, viewer);
      await repo.update(c.id, { visible: q.visible ? 1 : 0 }, false);
      examsChanged();
      return null;
    },

    async problemList(q: { cid: number; keyword?: string }, viewer: AuthUser) {
      const c = await owned(q.cid, viewer);
      const keyword = q.keyword?.trim().toLowerCase();
      const list = (await repo.problems(c.id)).filter(
        (p) =>
          !keyword ||
          p.title.toLowerCase().includes(keyword) ||
          p.cp.displayId.toLowerCase().includes(keyword) ||
          p.problemId.toLowerCase().includes(keyword),
      );
      // HOJ's shape: the records are the problems (`id` is the problem's), the map gives each one's ContestProblem.
      const records = list.map((p) => ({
        id: p.cp.pid,
        cid: p.cp.cid,
        pid: p.cp.pid,
        problemId: p.problemId,
        title: p.title,
        author: p.author,
        modifiedUser: p.modifiedUser,
        gmtCreate: p.gmtCreate.toISOString(),
        gmtModified: p.gmtModified.toISOString(),
        displayId: p.cp.displayId,
        displayTitle: p.cp.displayTitle,
        color: p.cp.color,
        auth: p.auth,
        type: p.type,
      }));
      return {
        problemList: { records, total: records.length, size: records.length, current: 1 },
        contestProblemMap: Object.fromEntries(
          list.map(({ cp }) => [
            String(cp.pid),
            {
              id: cp.id,
              cid: cp.cid,
              pid: cp.pid,
              displayId: cp.displayId,
              displayTitle: cp.displayTitle,
              color: cp.color,
              gmtCreate: cp.gmtCreate.toISOString(),
              gmtModified: cp.gmtModified.toISOString(),
            },
          ]),
        ),
      };
    },

    async problemInfo(q: { cid: number; pid: number }, viewer: AuthUser) {
      const c = await owned(q.cid, viewer);
      const cp = await repo.problemByPid(c.id, q.pid);
      if (!cp) throw notFound();
      return problemVo(cp);
    },

    async setProblemInfo(
      b: { cid: number; pid: number; displayId: string; displayTitle: string; color?: string | null },
      viewer: AuthUser,
    ) {
      const c = await owned(b.cid, viewer);
      const cp = await repo.problemByPid(c.id, b.pid);
      if (!cp) {
        // HOJ's client links a problem it has just created this way: insert, if the viewer manages the problem.
        const p = await deps.problems.findById(b.pid);
        if (!p || (p.isGroup === 1 && p.gid !== c.gid)) throw notFound();
        await deps.problemAdmin.get(viewer, p.id);
        await checkDisplayId(c.id, b.displayId);
        const fields = { displayId: b.displayId, displayTitle: b.displayTitle, color: b.color ?? null };
        return linked(await repo.insertProblem({ cid: c.id, pid: p.id, ...fields }));
      }
      await checkDisplayId(c.id, b.displayId, cp.id);
      return problemVo(
        await repo.updateProblem(cp.id, {
          displayId: b.displayId,
          displayTitle: b.displayTitle,
          color: b.color ?? null,
        }),
      );
    },

    /** The admin rule and the display id of addFromPublic, checked before a remote import asks the site. */
    async checkAddable(b: { cid: number; displayId: string }, viewer: AuthUser) {
      const c = await owned(b.cid, viewer);
      await checkDisplayId(c.id, b.displayId);
    },

    async addFromPublic(
      b: { cid: number; pid: number; displayId: string; displayTitle?: string | null; color?: string | null },
      viewer: AuthUser,
    ) {
      const c = await owned(b.cid, viewer);
      const p = await deps.problems.findById(b.pid);
      // A problem the teacher may read (problem-access.ts): the public bank, or a contest-only problem they may
      // manage; never a hidden one nor a group's. Another teacher's unreleased problem does not exist for them.
      if (!p || p.isGroup === 1 || p.auth === 2 || !mayReadProblem(p, viewer)) throw notFound();
      if (await repo.problemByPid(c.id, p.id)) throw badRequest('contestProblemExists', 'pid');
      await checkDisplayId(c.id, b.displayId);
      return linked(
        await repo.insertProblem({
          cid: c.id,
          pid: p.id,
          displayId: b.displayId,
          displayTitle: b.displayTitle?.trim() || p.title,
          color: b.color ?? null,
        }),
      );
    },

    /** A problem of the contest's group, by its display id, shown in the contest as `displayId`. A problem of
     * another group (or of none) is 403: a group's problems reach only its own contests. */
    async addFromGroup(b: { cid: number; problemId: string; displayId: string }, viewer: AuthUser) {
      const c = await owned(b.cid, viewer);
      const p = await deps.problems.findByProblemId(b.problemId);
      if (!p) throw notFound();
      if (p.isGroup !== 1 || p.gid === null || p.gid !== c.gid) throw forbidden('groupProblemNotInGroup');
      if (await repo.problemByPid(c.id, p.id)) throw badRequest('contestProblemExists', 'pid');
      await checkDisplayId(c.id, b.displayId);
      const fields = { displayId: b.displayId, displayTitle: p.title, color: null };
      return linked(await repo.insertProblem({ cid: c.id, pid: p.id, ...fields }));
    },

    getProblem: (pid: number, viewer: AuthUser) => deps.problemAdmin.get(viewer, pid),

    /** A new problem, linked to the contest at once when cid is given (display id: the next free letter). In a
     * group's contest it is a problem of the group (`problem.gid` must be the contest's group), for its contests
     * only (auth 3, which its group's admins may change later), written by one of the group's admins. */
    async createProblem(b: ContestProblemDto, viewer: AuthUser) {
      const { cid, displayId, displayTitle, color, ...dto } = b;
      const c = cid ? await owned(cid, viewer) : undefined;
      const shownId = c ? (displayId ?? (await nextDisplayId(c.id))) : null;
      if (c && shownId) await checkDisplayId(c.id, shownId);
      let group: { gid: number; shortName: string } | undefined;
      if (c && c.gid !== null) {
        if ((dto.problem.gid ?? c.gid) !== c.gid) throw forbidden('groupItemElsewhere');
        const a = await deps.groupPolicy.require(c.gid, viewer, 'admin');
        group = { gid: c.gid, shortName: a.group.shortName };
        dto.problem = { ...dto.problem, gid: c.gid, auth: 3 };
      } else if (dto.problem.gid) {
        throw forbidden('groupItemElsewhere');
      }
      const created = await deps.problemAdmin.create(viewer, dto, group);
      if (c && shownId) {
        await linked(
          await repo.insertProblem({
            cid: c.id,
            pid: created.pid,
            displayId: shownId,
            displayTitle: displayTitle?.trim() || dto.problem.title,
            color: color ?? null,
          }),
        );
      }
      return { ...created, displayId: shownId };
    },

    updateProblem: (dto: z.output<typeof adminContest.updateContestProblem.input>, viewer: AuthUser) =>
      deps.problemAdmin.update(viewer, dto),

    async removeProblem(q: { cid: number; pid: number }, viewer: AuthUser) {
      const c = await owned(q.cid, viewer);
      const cp = await repo.problemByPid(c.id, q.pid);
      if (!cp) throw notFound();
      await repo.removeProblem(cp.id);
      // Its submissions went with it: the board changed, so a rated contest's ratings are due again.
      await deps.ratings.standingsChanged(c.id);
      return null;
    },

    async otherContests(q: { currentPage: number; limit: number }) {
      const { rows, total } = await repo.otherContestPage((q.currentPage - 1) * q.limit, q.limit);
      return { records: rows.map(toOtherContest), total, size: q.limit, current: q.currentPage };
    },

    async saveOtherContest(f: {
      id?: number;
      title: string;
      url: string;
      source: string;
      startTime: string;
      endTime: string;
    }) {
      const startTime = new Date(f.startTime);
      const endTime = new Date(f.endTime);
      if (endTime <= startTime) throw badRequest('contestTimeInvalid', 'endTime');
      const row = await repo.saveOtherContest({ ...f, startTime, endTime });
      if (!row) throw notFound();
      return toOtherContest(row);
    },

    async removeOtherContest(id: number) {
      if (!(await repo.removeOtherContest(id))) throw notFound();
      return null;
    },

    async announcements(q: { cid: number; currentPage: number; limit: number }, viewer: AuthUser) {
      const c = await owned(q.cid, viewer);
      const { total, rows } = await repo.announcements(c.id, (q.currentPage - 1) * q.limit, q.limit);
      return { records: rows.map(toContestAnnouncement), total, size: q.limit, current: q.currentPage };
    },

    async saveAnnouncement(
      b: { cid: number; announcement: { id?: number | null; title: string; content: string } },
      viewer: AuthUser,
    ) {
      const c = await owned(b.cid, viewer);
      const row = await repo.saveAnnouncement({ ...b.announcement, cid: c.id, uid: viewer.uid });
      if (!row) throw notFound();
      return toContestAnnouncement({ ...row, username: await repo.usernameOf(row.uid) });
    },

    async removeAnnouncement(aid: number, viewer: AuthUser) {
      const a = await repo.announcementById(aid);
      if (!a) throw notFound();
      await owned(a.cid, viewer);
      await repo.removeAnnouncement(aid);
      return null;
    },
  };
};
export type AdminContestService = ReturnType<typeof createAdminContestService>;
