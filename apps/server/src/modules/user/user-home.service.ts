import { acRate, type UserHome } from '@oj/shared';
import { badRequest, notFound } from '../../http/app-error.js';
import { SERVER_TIME_ZONE } from '../../lib/start-of-day.js';
import type { AuthUser } from '../auth/session.service.js';
import type { RankQueries } from '../rank/rank-queries.js';
import { localDay } from '../submission/submission-public.service.js';
import type { SubmissionDailyCounts } from '../submission/submission-queries.js';
import type { UserRepository, UserRow } from './user.repository.js';
import type { UserAccountRepository } from './user-account.repository.js';

const DAY_MS = 86_400_000;

/** The user home page: profile, counters, solved problems and the one-year heatmap. */
export const createUserHomeService = (deps: {
  users: UserRepository;
  accounts: UserAccountRepository;
  ranks: RankQueries;
  submissionsQuery: SubmissionDailyCounts;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  /** By uid, else username, else the viewer; banned users do not exist for others. */
  const target = async (q: { uid?: string; username?: string }, viewer: AuthUser | undefined): Promise<UserRow> => {
    let user: UserRow | undefined;
    if (q.uid) user = await deps.users.findByUid(q.uid);
    else if (q.username) user = await deps.users.findByUsername(q.username);
    else if (viewer) user = await deps.users.findByUid(viewer.uid);
    else throw badRequest('fieldRequired', 'username', { field: 'username' });
    if (!user || user.status !== 0) throw notFound();
    return user;
  };

  return {
    async home(q: { uid?: string; username?: string }, viewer: AuthUser | undefined): Promise<UserHome> {
      const u = await target(q, viewer);
      const [record, solved, scores, lastLogin, roleList] = await Promise.all([
        deps.ranks.record(u.uid),
        deps.accounts.solved(u.uid),
        deps.accounts.bestScores(u.uid),
        deps.accounts.lastLogin(u.uid),
        deps.users.roleNames(u.uid),
      ]);
      const byDifficulty: UserHome['solvedGroupByDifficulty'] = {};
      for (const p of solved) byDifficulty[p.difficulty] = [...(byDifficulty[p.difficulty] ?? []), p];
      return {
        uid: u.uid,
        username: u.username,
        school: u.school,
        signature: u.signature,
        nickname: u.nickname,
        gender: u.gender,
        github: u.github,
        blog: u.blog,
        avatar: u.avatar,
        titleName: u.titleName,
        titleColor: u.titleColor,
        total: record?.total ?? 0,
        ac: record?.ac ?? 0,
        // The rank lists' rule, from the same counters: the two pages show the same figure.
        acRate: acRate(record?.ac ?? 0, record?.total ?? 0),
        rating: record?.rating ?? null,
        scoreList: scores,
        solvedList: solved.map((p) => p.problemId),
        solvedGroupByDifficulty: byDifficulty,
        recentLoginTime: lastLogin?.toISOString() ?? null,
        roleList,
      };
    },

    /** Non-contest submissions per local day over the last year; days without any are left out. */
    async heatmap(q: { uid?: string; username?: string }, viewer: AuthUser | undefined) {
      const u = await target(q, viewer);
      const at = now();
      const first = localDay(new Date(at.getTime() - 365 * DAY_MS), SERVER_TIME_ZONE);
      const rows = await deps.submissionsQuery.dailyCounts(
        new Date(at.getTime() - 366 * DAY_MS),
        SERVER_TIME_ZONE,
        u.uid,
      );
      return {
        endDate: localDay(at, SERVER_TIME_ZONE),
        dataList: rows
          .filter((r) => r.day >= first)
          .sort((a, b) => a.day.localeCompare(b.day))
          .map((r) => ({ date: r.day, count: r.total })),
      };
    },
  };
};
export type UserHomeService = ReturnType<typeof createUserHomeService>;
