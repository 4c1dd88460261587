import { type GroupMember, group as g, type MessageKey, type Page } from '@oj/shared';
import type { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../http/app-error.js';
import { countCache } from '../../lib/count-cache.js';
import type { PasswordAttemptsService } from '../access/password-attempts.service.js';
import type { AdminUserQueries } from '../admin-user/admin-user-queries.js';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import type { GroupRepository, MemberFilter } from './group.repository.js';
import type { GroupAccess, GroupPolicy } from './group-policy.js';

const { GROUP_AUTH, MEMBER_LEVEL, GROUP_PAGE, isGroupRoot } = g;

type MemberQuery = z.output<typeof g.getMemberList.input>;
type ApplyInput = z.output<typeof g.applyGroup.input>;
type UpdateInput = z.output<typeof g.updateMember.input>;
type AddInput = z.output<typeof g.addMember.input>;
type BulkAddInput = z.output<typeof g.addMembers.input>;
type BulkAnswerInput = z.output<typeof g.updateMembers.input>;
type BulkRemoveInput = z.output<typeof g.deleteMembers.input>;

/** The names of a bulk add as a person means them: trimmed, blanks dropped, each once regardless of case (usernames
 * compare so), in the order given. */
export const cleanUsernames = (names: string[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
};
const distinct = (uids: string[]) => [...new Set(uids)];

/** How long a member list's total may be reused (its rows are always read fresh). */
const MEMBER_TOTAL_MS = 10_000;

const levelKey = (level: number) => `groupLevel_${level}` as MessageKey;

/**
 * Membership (decision 0022): joining and applying,
 * the admins' lists, accepting, refusing, levels, removal, exit and direct adds. Every change a user did not make
 * themselves is told to them in the message centre (Mine).
 *
 * Levels: a group admin manages only rows below their own level and grants only levels below it; the owner and the
 * super admin manage every row but the owner's; nobody grants level 5 (a group has one owner); a member (3 and up)
 * is never set back to applying or refused.
 */
export const createGroupMemberService = (deps: {
  repo: GroupRepository;
  policy: GroupPolicy;
  passwords: PasswordAttemptsService;
  messages: MessageService;
  /** Usernames to users (the bulk add). */
  users: Pick<AdminUserQueries, 'findUidsByUsernames'>;
  /** A membership came, went or changed level (the group list's totals depend on it). */
  changed: () => void;
}) => {
  const { repo, policy, messages } = deps;

  const tell = (uid: string | string[], title: MessageKey, content: MessageKey, vars: Record<string, string>) =>
    messages.tell({ recipientUid: uid, title, content, vars });

  /** Member and application list totals, counted at most every MEMBER_TOTAL_MS per filter; this server's changes
   * count them again. */
  const totals = countCache((f: MemberFilter) => repo.memberCount(f), MEMBER_TOTAL_MS);
  const changed = () => {
    totals.clear();
    deps.changed();
  };

  const page = async (q: MemberQuery, viewer: AuthUser, levels: [number, number]): Promise<Page<GroupMember>> => {
    await policy.require(q.gid, viewer, 'admin');
    const filter = { gid: q.gid, levels, keyword: q.keyword, auth: q.auth };
    const [rows, total] = await Promise.all([
      repo.memberPage(filter, (q.currentPage - 1) * q.limit, q.limit),
      totals.of(filter),
    ]);
    return {
      records: rows.map((r) => ({
        id: r.m.id,
        gid: r.m.gid,
        uid: r.m.uid,
        username: r.username,
        realname: r.realname,
        avatar: r.avatar,
        auth: r.m.auth,
        reason: r.m.reason,
        gmtCreate: r.m.gmtCreate.toISOString(),
        gmtModify: r.m.gmtModified.toISOString(),
      })),
      total,
      size: q.limit,
      current: q.currentPage,
    };
  };

  /** Why the caller cannot join again, from their row. */
  const alreadyIn = (level: number) =>
    badRequest(
      level === MEMBER_LEVEL.APPLYING
        ? 'groupAlreadyApplied'
        : level === MEMBER_LEVEL.REFUSED
          ? 'groupApplyRefused'
          : 'groupAlreadyMember',
    );

  /** The row an admin acts on, checked against the rules above. */
  const target = async (a: GroupAccess, uid: string) => {
    if (uid === a.group.uid) throw forbidden('groupOwnerUntouchable');
    const row = await repo.membership(a.group.id, uid);
    if (!row) throw new AppError(404, 'groupMemberNotFound');
    if (!isGroupRoot(a.role) && row.auth >= a.level) throw forbidden('groupLevelTooHigh');
    return row;
  };

  return {
    members: (q: MemberQuery, viewer: AuthUser) => page(q, viewer, [MEMBER_LEVEL.MEMBER, MEMBER_LEVEL.ROOT]),
    applications: (q: MemberQuery, viewer: AuthUser) => page(q, viewer, [MEMBER_LEVEL.APPLYING, MEMBER_LEVEL.REFUSED]),

    /** A public group is joined at once; the others take the code (a wrong one counts against the tries) and make an
     * application the admins are told about. One row per user and group, whatever runs in parallel. */
    async apply(q: ApplyInput, viewer: AuthUser) {
      const a = await policy.access(q.gid, viewer);
      if (a.level) throw alreadyIn(a.level);
      const name = a.group.name;
      if (a.group.auth === GROUP_AUTH.PUBLIC) {
        if (!(await repo.insertMember({ gid: q.gid, uid: viewer.uid, auth: MEMBER_LEVEL.MEMBER }))) {
          throw alreadyIn((await repo.membership(q.gid, viewer.uid))?.auth ?? MEMBER_LEVEL.MEMBER);
        }
        changed();
        await tell(viewer.uid, 'mineGroupJoinedTitle', 'mineGroupJoined', { group: name });
        return { auth: MEMBER_LEVEL.MEMBER };
      }
      if (q.code === undefined) throw badRequest('fieldRequired', 'code', { field: 'code' });
      if (!(await deps.passwords.verify(viewer.uid, { kind: 'group', id: q.gid }, q.code, a.group.code))) {
        throw badRequest('groupCodeWrong', 'code');
      }
      const inserted = await repo.insertMember({
        gid: q.gid,
        uid: viewer.uid,
        auth: MEMBER_LEVEL.APPLYING,
        reason: q.reason ?? null,
      });
      if (!inserted) throw alreadyIn((await repo.membership(q.gid, viewer.uid))?.auth ?? MEMBER_LEVEL.APPLYING);
      changed();
      await tell(await repo.adminUids(q.gid), 'mineGroupAppliedTitle', 'mineGroupApplied', {
        user: viewer.username,
        group: name,
      });
      return { auth: MEMBER_LEVEL.APPLYING };
    },

    async update(b: UpdateInput, viewer: AuthUser) {
      const a = await policy.require(b.gid, viewer, 'admin');
      if (b.auth === MEMBER_LEVEL.ROOT) throw badRequest('groupRootLevel', 'auth');
      const row = await target(a, b.uid);
      if (!isGroupRoot(a.role) && b.auth >= a.level) throw forbidden('groupLevelTooHigh');
      if (row.auth >= MEMBER_LEVEL.MEMBER && b.auth < MEMBER_LEVEL.MEMBER) {
        throw badRequest('groupNoDemoteToApplicant', 'auth');
      }
      if (row.auth === b.auth) return null;
      // Set only from the level just read: of two admins answering one application at once, one wins.
      if (!(await repo.setLevel(b.gid, b.uid, row.auth, b.auth))) throw new AppError(404, 'groupMemberNotFound');
      changed();
      const vars = { group: a.group.name, level: levelKey(b.auth) };
      if (b.auth === MEMBER_LEVEL.MEMBER && row.auth < MEMBER_LEVEL.MEMBER) {
        await tell(b.uid, 'mineGroupAcceptedTitle', 'mineGroupAccepted', vars);
      } else if (b.auth === MEMBER_LEVEL.REFUSED) {
        await tell(b.uid, 'mineGroupRefusedTitle', 'mineGroupRefused', vars);
      } else {
        await tell(b.uid, 'mineGroupLevelTitle', 'mineGroupLevel', vars);
      }
      return null;
    },

    /** Never the owner, never oneself (that is exit). */
    async remove(q: { gid: number; uid: string }, viewer: AuthUser) {
      const a = await policy.require(q.gid, viewer, 'admin');
      if (q.uid === viewer.uid) throw badRequest('groupCannotRemoveSelf', 'uid');
      await target(a, q.uid);
      const gone = await repo.removeMember(q.gid, q.uid);
      if (!gone) throw new AppError(404, 'groupMemberNotFound');
      changed();
      if (gone.auth >= MEMBER_LEVEL.MEMBER) {
        await tell(q.uid, 'mineGroupRemovedTitle', 'mineGroupRemoved', { group: a.group.name });
      } else if (gone.auth === MEMBER_LEVEL.APPLYING) {
        await tell(q.uid, 'mineGroupRefusedTitle', 'mineGroupRefused', { group: a.group.name });
      }
      return null;
    },

    /** Leave the group, or withdraw an application; the owner disbands instead. */
    async exit(gid: number, viewer: AuthUser) {
      const a = await policy.access(gid, viewer);
      if (a.group.uid === viewer.uid) throw badRequest('groupOwnerCannotExit');
      if (!a.level || !(await repo.removeMember(gid, viewer.uid))) throw badRequest('groupNotMember');
      changed();
      return null;
    },

    /** A group admin adds a user as a member directly (an applicant or a refused user is accepted). */
    async add(b: AddInput, viewer: AuthUser) {
      const a = await policy.require(b.gid, viewer, 'admin');
      const user = b.uid !== undefined ? await repo.userByUid(b.uid) : await repo.userByUsername(b.username ?? '');
      if (!user) throw new AppError(404, 'usernameNotExist');
      const row = await repo.membership(b.gid, user.uid);
      const added = row
        ? row.auth < MEMBER_LEVEL.MEMBER && (await repo.setLevel(b.gid, user.uid, row.auth, MEMBER_LEVEL.MEMBER))
        : await repo.insertMember({ gid: b.gid, uid: user.uid, auth: MEMBER_LEVEL.MEMBER });
      if (!added) throw badRequest('groupUserAlreadyMember', 'uid');
      changed();
      if (user.uid !== viewer.uid) {
        await tell(user.uid, 'mineGroupAddedTitle', 'mineGroupAdded', { admin: viewer.username, group: a.group.name });
      }
      return null;
    },

    // ---- bulk (decision 0041): the single calls' rules, per user, each user's change atomic on its own --------

    /** Adds users by username; an applicant or refused user is made a member (`approved`), as the single add does. */
    async addMany(b: BulkAddInput, viewer: AuthUser) {
      const a = await policy.require(b.gid, viewer, 'admin');
      const names = cleanUsernames(b.usernames);
      if (!names.length) throw badRequest('fieldRequired', 'usernames', { field: 'usernames' });
      const found = new Map((await deps.users.findUidsByUsernames(names)).map((u) => [u.username.toLowerCase(), u]));
      const uids = distinct([...found.values()].map((u) => u.uid));
      const { inserted, promoted } = await repo.addMembers(b.gid, uids);
      const added = new Set(inserted);
      const approved = new Set(promoted);
      const changedUids = [...inserted, ...promoted];
      if (changedUids.length) {
        changed();
        const told = changedUids.filter((uid) => uid !== viewer.uid);
        if (told.length) {
          await tell(told, 'mineGroupAddedTitle', 'mineGroupAdded', { admin: viewer.username, group: a.group.name });
        }
      }
      return {
        results: names.map((username) => {
          const user = found.get(username.toLowerCase());
          const outcome: g.BulkAddOutcome = !user
            ? 'noSuchUser'
            : added.has(user.uid)
              ? 'added'
              : approved.has(user.uid)
                ? 'approved'
                : 'alreadyMember';
          return { username, outcome };
        }),
      };
    },

    /** Approves (3: an applicant or a refused user) or refuses (2: an applicant) applications. */
    async answerMany(b: BulkAnswerInput, viewer: AuthUser) {
      const a = await policy.require(b.gid, viewer, 'admin');
      const uids = distinct(b.uids);
      const approve = b.auth === MEMBER_LEVEL.MEMBER;
      const from: number[] = approve ? [MEMBER_LEVEL.APPLYING, MEMBER_LEVEL.REFUSED] : [MEMBER_LEVEL.APPLYING];
      const done = new Set(await repo.setLevels(b.gid, uids, from, b.auth));
      if (done.size) {
        changed();
        const vars = { group: a.group.name, level: levelKey(b.auth) };
        if (approve) await tell([...done], 'mineGroupAcceptedTitle', 'mineGroupAccepted', vars);
        else await tell([...done], 'mineGroupRefusedTitle', 'mineGroupRefused', vars);
      }
      const outcome: g.BulkAnswerOutcome = approve ? 'approved' : 'refused';
      return { results: uids.map((uid) => ({ uid, outcome: done.has(uid) ? outcome : ('notApplying' as const) })) };
    },

    /** Removes members (or applications); the single remove's refusals are outcomes of their users. */
    async removeMany(b: BulkRemoveInput, viewer: AuthUser) {
      const a = await policy.require(b.gid, viewer, 'admin');
      const uids = distinct(b.uids);
      const fixed = new Map<string, g.BulkRemoveOutcome>();
      for (const uid of uids) {
        if (uid === a.group.uid) fixed.set(uid, 'owner');
        else if (uid === viewer.uid) fixed.set(uid, 'self');
      }
      const candidates = uids.filter((uid) => !fixed.has(uid));
      // The owner and the super admin manage every row but the owner's; an admin only the rows below their level.
      const below = isGroupRoot(a.role) ? undefined : a.level;
      const gone = await repo.removeMembers(b.gid, candidates, below);
      const removed = new Set(gone.map((r) => r.uid));
      const left = new Set(
        (
          await repo.memberships(
            b.gid,
            candidates.filter((uid) => !removed.has(uid)),
          )
        ).map((r) => r.uid),
      );
      if (gone.length) {
        changed();
        const vars = { group: a.group.name };
        const members = gone.filter((r) => r.auth >= MEMBER_LEVEL.MEMBER).map((r) => r.uid);
        const applicants = gone.filter((r) => r.auth === MEMBER_LEVEL.APPLYING).map((r) => r.uid);
        if (members.length) await tell(members, 'mineGroupRemovedTitle', 'mineGroupRemoved', vars);
        if (applicants.length) await tell(applicants, 'mineGroupRefusedTitle', 'mineGroupRefused', vars);
      }
      return {
        results: uids.map((uid) => ({
          uid,
          outcome:
            fixed.get(uid) ?? (removed.has(uid) ? 'removed' : left.has(uid) ? 'levelTooHigh' : ('notMember' as const)),
        })),
      };
    },

    async searchUser(q: { gid: number; keyword: string }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'admin');
      return repo.searchUsers(q.gid, q.keyword, GROUP_PAGE.userSearch);
    },
  };
};
export type GroupMemberService = ReturnType<typeof createGroupMemberService>;
