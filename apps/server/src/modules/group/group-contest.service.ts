import type { groupContest, Locale } from '@oj/shared';
import type { z } from 'zod';
import type { AuthUser } from '../auth/session.service.js';
import type { AdminContestService } from '../contest/admin-contest.service.js';
import type { ContestService } from '../contest/contest.service.js';
import type { GroupPolicy } from './group-policy.js';

type Form = z.output<typeof groupContest.createGroupContest.input>;

/** A group's contests (HOJ's GroupContestController; decision 0024): what names a group (the
 * lists, a new contest) asks the group policy here; the rest is the contest services' with the group's id, never a
 * copy. A call on one contest goes straight to the admin contest service, whose rule for a group's contest asks the
 * policy itself (contest-access.ts: the creator, the group's root, the super admin). */
export const createGroupContestService = (deps: {
  policy: GroupPolicy;
  contests: ContestService;
  admin: AdminContestService;
}) => {
  const { policy, admin } = deps;
  return {
    /** The group's visible contests as cards. */
    async list(q: { gid: number; currentPage: number; limit: number }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'member');
      return deps.contests.list(q, viewer, q.gid);
    },

    async adminList(q: { gid: number; currentPage: number; limit: number; keyword?: string }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'admin');
      return admin.list(q, viewer, q.gid);
    },

    async create(f: Form, viewer: AuthUser, locale: Locale) {
      await policy.require(f.gid, viewer, 'admin');
      return admin.create(f, viewer, f.gid, locale);
    },
  };
};
export type GroupContestService = ReturnType<typeof createGroupContestService>;
