import { type adminProblem as adminContract, groupProblem as contract, group as g, type Page } from '@oj/shared';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../http/app-error.js';
import { toAdminProblem } from '../admin-problem/admin-problem.mapper.js';
import type { AdminProblemService, GroupProblemRule } from '../admin-problem/admin-problem.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import { toTag } from '../problem/problem.mapper.js';
import type { ProblemLookup, ProblemRow } from '../problem/problem-queries.js';
import type { GroupRepository } from './group.repository.js';
import type { GroupPolicy } from './group-policy.js';
import type { GroupProblemRepository } from './group-problem.repository.js';

const { isGroupAdmin, isGroupRoot } = g;
const { GROUP_PROBLEM_AUTH, APPLY_PUBLIC } = contract;
const NEVER_SUBMITTED = -10;

type Dto = z.output<typeof adminContract.problemDto>;
type CompileDto = z.output<typeof adminContract.compileSpj.input>;

/** The group rule for a group's problems (decision 0023), which the admin problem service asks for every group
 * problem: a group admin manages the problems they wrote, the group's root (owner, super admin) every one. */
export const createGroupProblemRule = (policy: GroupPolicy, groups: GroupRepository): GroupProblemRule => ({
  async mayRead(viewer: AuthUser | undefined, p: ProblemRow) {
    if (!p.gid || !viewer) throw notFound();
    const a = await policy.require(p.gid, viewer, 'member');
    if (p.auth !== GROUP_PROBLEM_AUTH.PUBLIC && !isGroupAdmin(a.role)) throw notFound();
  },
  async mayManage(user: AuthUser, p: ProblemRow) {
    if (!p.gid) throw notFound();
    const a = await policy.require(p.gid, user, 'admin');
    if (!isGroupRoot(a.role) && p.author !== user.username) throw forbidden('problemNotOwned');
  },
  async checkDisplayId(p: ProblemRow, problemId: string) {
    const found = p.gid ? await groups.withLevel(p.gid, '') : undefined;
    if (found && !problemId.toLowerCase().startsWith(found.group.shortName.toLowerCase())) {
      throw badRequest('groupProblemIdPrefix', 'problemId', { prefix: found.group.shortName });
    }
  },
});

/** A group's problems (decision 0023): the member list, and the admin calls,
 * which are the admin problem service's with the group's permissions, never a copy. */
export const createGroupProblemService = (deps: {
  repo: GroupProblemRepository;
  groups: GroupRepository;
  policy: GroupPolicy;
  problems: ProblemLookup;
  adminProblems: AdminProblemService;
  messages: MessageService;
}) => {
  const { repo, policy, adminProblems: admin } = deps;

  /** The problem of a group, or 404 (a bank problem is not one). */
  const groupProblem = async (pid: number) => {
    const p = await deps.problems.findById(pid);
    if (!p || p.isGroup !== 1 || !p.gid) throw notFound();
    return p;
  };

  return {
    /** Members see the problems open to the group (auth 1); its admins every one. */
    async list(q: { gid: number; currentPage: number; limit: number }, viewer: AuthUser) {
      const a = await policy.require(q.gid, viewer, 'member');
      const { rows, total } = await repo.page(
        q.gid,
        { auths: isGroupAdmin(a.role) ? undefined : [GROUP_PROBLEM_AUTH.PUBLIC] },
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      const pids = rows.map((r) => r.id);
      const [counts, mine, tagRows] = await Promise.all([
        repo.counts(q.gid, pids),
        repo.myStatus(q.gid, viewer.uid, pids),
        repo.tagsOf(pids),
      ]);
      return {
        records: rows.map((p) => ({
          pid: p.id,
          problemId: p.problemId,
          title: p.title,
          difficulty: p.difficulty,
          type: p.type,
          tags: tagRows.filter((t) => t.pid === p.id).map((t) => toTag(t.tag)),
          ac: counts.get(p.id)?.ac ?? 0,
          total: counts.get(p.id)?.total ?? 0,
          myStatus: mine.get(p.id) ?? NEVER_SUBMITTED,
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async adminList(q: { gid: number; currentPage: number; limit: number; keyword?: string }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'admin');
      const { rows, total } = await repo.page(q.gid, { keyword: q.keyword }, (q.currentPage - 1) * q.limit, q.limit);
      return { records: rows.map(toAdminProblem), total, size: q.limit, current: q.currentPage };
    },

    /** The id a new problem's form is prefilled with (decision 0041): the short name, else `<short name>-2`, `-3` ...,
     * the first no problem has (the bank's too: ids are unique across the site, regardless of case). */
    async freeProblemId(gid: number, viewer: AuthUser) {
      const a = await policy.require(gid, viewer, 'admin');
      const base = a.group.shortName;
      const taken = await repo.takenIdsLike(base);
      let problemId = base;
      for (let n = 2; taken.has(problemId.toUpperCase()); n++) problemId = `${base}-${n}`;
      return { problemId };
    },

    get: (pid: number, viewer: AuthUser) => admin.get(viewer, pid),
    cases: (pid: number, viewer: AuthUser) => admin.cases(viewer, pid),

    async create(dto: Dto, viewer: AuthUser) {
      const gid = dto.problem.gid;
      if (!gid) throw badRequest('fieldRequired', 'problem.gid', { field: 'gid' });
      const a = await policy.require(gid, viewer, 'admin');
      return admin.create(viewer, dto, { gid, shortName: a.group.shortName });
    },

    async update(dto: Dto, viewer: AuthUser) {
      if (!dto.problem.id) throw badRequest('fieldRequired', 'problem.id', { field: 'problem.id' });
      await groupProblem(dto.problem.id);
      return admin.update(viewer, dto);
    },

    async remove(pid: number, viewer: AuthUser) {
      await groupProblem(pid);
      return admin.remove(viewer, pid);
    },

    async changeAuth(q: { pid: number; auth: number }, viewer: AuthUser) {
      await groupProblem(q.pid);
      return admin.changeAuth(viewer, { id: q.pid, auth: q.auth });
    },

    async tags(gid: number, viewer: AuthUser) {
      await policy.require(gid, viewer, 'member');
      return (await repo.groupTags(gid)).map((r) => toTag(r.tag));
    },

    /** A checker of the group's (its admins); a given pid must be one they manage. */
    async compile(mode: 'spj' | 'interactive', dto: CompileDto & { gid: number }, viewer: AuthUser) {
      await policy.require(dto.gid, viewer, 'admin');
      if (dto.pid) {
        const p = await groupProblem(dto.pid);
        if (p.gid !== dto.gid) throw forbidden('problemNotOwned');
      }
      return admin.compile(viewer, mode, dto);
    },

    /** Ask for publication (none or refused → applying) or withdraw it (applying → none). */
    async applyPublic(q: { pid: number; isApplied: boolean }, viewer: AuthUser) {
      const p = await groupProblem(q.pid);
      await admin.get(viewer, p.id);
      const done = q.isApplied
        ? await repo.setProgress(p.id, [null, APPLY_PUBLIC.REFUSED], APPLY_PUBLIC.APPLYING)
        : await repo.setProgress(p.id, [APPLY_PUBLIC.APPLYING], null);
      if (!done) throw badRequest('groupProblemApplyState');
      return null;
    },

    async applications(q: { currentPage: number; limit: number; gid?: number; keyword?: string }) {
      const { rows, total } = await repo.applications(q, (q.currentPage - 1) * q.limit, q.limit);
      return { records: rows.map(toAdminProblem), total, size: q.limit, current: q.currentPage } satisfies Page<
        ReturnType<typeof toAdminProblem>
      >;
    },

    /** Approve (the problem joins the bank with its id and data, leaving its group) or refuse; the author is told. */
    async decide(q: { pid: number; progress: 2 | 3 }) {
      const p = await groupProblem(q.pid);
      const done =
        q.progress === APPLY_PUBLIC.PUBLIC
          ? await repo.publish(p.id)
          : await repo.setProgress(p.id, [APPLY_PUBLIC.APPLYING], APPLY_PUBLIC.REFUSED);
      if (!done) throw badRequest('groupProblemApplyState');
      const author = p.author ? await deps.groups.userByUsername(p.author) : undefined;
      if (author) {
        const approved = q.progress === APPLY_PUBLIC.PUBLIC;
        await deps.messages.tell({
          recipientUid: author.uid,
          title: approved ? 'mineGroupProblemPublicTitle' : 'mineGroupProblemRefusedTitle',
          content: approved ? 'mineGroupProblemPublic' : 'mineGroupProblemRefused',
          vars: { problem: `${p.problemId} ${p.title}` },
        });
      }
      return null;
    },
  };
};
export type GroupProblemService = ReturnType<typeof createGroupProblemService>;
