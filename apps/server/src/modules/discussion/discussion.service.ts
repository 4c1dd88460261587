import {
  type Discussion,
  type DiscussionCategory,
  type DiscussionReport,
  type discussion as discussionContract,
  isAdminRole,
  isRoot,
  type Page,
} from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { userRecords } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { countCache } from '../../lib/count-cache.js';
import { startOfDay } from '../../lib/start-of-day.js';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import type { ProblemRepository } from '../problem/problem.repository.js';
import { mayReadProblem } from '../problem/problem-access.js';
import type { SiteService } from '../site/site.service.js';
import type { DiscussionCategoryRow, DiscussionFilter, DiscussionRepository } from './discussion.repository.js';

/** How long a list's counted total is reused. */
const TOTAL_CACHE_MS = 10_000;

type Form = z.output<typeof discussionContract.discussionForm>;
type Loaded = NonNullable<Awaited<ReturnType<DiscussionRepository['byId']>>>;

const toCategory = (c: DiscussionCategoryRow): DiscussionCategory => ({
  id: c.id,
  name: c.name,
  gid: c.gid,
  gmtCreate: c.gmtCreate.toISOString(),
  gmtModified: c.gmtModified.toISOString(),
});

const toDiscussion = (r: Loaded): Discussion => ({
  id: r.d.id,
  categoryId: r.d.categoryId,
  categoryName: r.categoryName,
  title: r.d.title,
  description: r.d.description,
  content: r.d.content,
  pid: r.problemId,
  uid: r.d.uid,
  author: r.author,
  avatar: r.avatar,
  titleName: r.titleName,
  titleColor: r.titleColor,
  role: r.d.role,
  viewNum: r.d.viewNum,
  likeNum: r.d.likeNum,
  commentNum: r.d.commentNum,
  hasLike: !!r.hasLike,
  topPriority: r.d.topPriority === 1,
  gid: r.d.gid,
  status: r.d.status,
  gmtCreate: r.d.gmtCreate.toISOString(),
  gmtModified: r.d.gmtModified.toISOString(),
});

/** The author's badge (spec 2 §6: SPA for root, ADM for admin; problem_admin counts as admin, reference §6.4). */
export const roleOf = (user: AuthUser) => (isRoot(user.roles) ? 'root' : isAdminRole(user.roles) ? 'admin' : 'user');

/** The problems a user has solved in the public bank (the switches' thresholds for posting and commenting). */
export const acceptedProblems = async (db: Db, uid: string) => {
  const [rec] = await db.select({ ac: userRecords.ac }).from(userRecords).where(eq(userRecords.uid, uid));
  return rec?.ac ?? 0;
};

/** Discussions (spec 2 §2, §5-§6; reference §6.4; decision 0020): who may read, post, edit, delete, like and
 * report them. The site's discussion switch is the contract's (`switch`), the roles' rights its `permission`. */
export const createDiscussionService = (deps: {
  db: Db;
  repo: DiscussionRepository;
  problems: ProblemRepository;
  site: SiteService;
  messages: MessageService;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const isAdmin = (viewer: AuthUser | undefined) => !!viewer && isAdminRole(viewer.roles);

  /** A list's total is counted at most every TOTAL_CACHE_MS per filter; this server's own changes count it again. */
  const totals = countCache((f: DiscussionFilter) => repo.count(f), TOTAL_CACHE_MS);
  const totalOf = (f: DiscussionFilter) => totals.of(f);
  const changed = () => totals.clear();

  /** A disabled discussion (or a group's, until groups come) exists for admins only. */
  const visible = async (did: number, viewer: AuthUser | undefined) => {
    const r = await repo.byId(did, viewer?.uid);
    if (!r || ((r.d.status !== 0 || r.d.gid !== null) && !isAdmin(viewer))) throw notFound();
    return r;
  };

  /** A problem discussion's problem must exist and be readable by the author. */
  const problemOf = async (problemId: string | null | undefined, viewer: AuthUser) => {
    if (!problemId) return null;
    const p = await deps.problems.findByProblemId(problemId);
    if (!p || !mayReadProblem(p, viewer)) throw badRequest('discussionProblemUnknown', 'pid');
    return p;
  };

  const checkCategory = async (id: number) => {
    const c = await repo.category(id);
    if (!c || c.gid !== null) throw badRequest('discussionCategoryUnknown', 'categoryId');
  };

  /** The client prefixes a problem discussion's title with "[problemId]"; the server adds it only when absent. */
  const titled = (title: string, problemId: string | undefined) => {
    if (!problemId || title.startsWith(`[${problemId}]`)) return title;
    const prefixed = `[${problemId}] ${title}`;
    if (prefixed.length > 255) throw badRequest('fieldTooLong', 'title', { field: 'title', max: '255' });
    return prefixed;
  };

  /** Ordinary users' thresholds from the switches (reference §6.4): enough accepted problems, and a daily limit. */
  const checkPostingLimits = async (viewer: AuthUser) => {
    if (isAdmin(viewer)) return;
    const s = await deps.site.switches();
    const need = s.defaultCreateDiscussionACInitValue;
    if ((await acceptedProblems(deps.db, viewer.uid)) < need)
      throw new AppError(403, 'discussionAcRequired', { count: String(need) });
    const limit = s.defaultCreateDiscussionDailyLimit;
    if (limit > 0 && (await repo.postedSince(viewer.uid, startOfDay(now()))) >= limit) {
      throw new AppError(429, 'discussionDailyLimit', { count: String(limit) });
    }
  };

  return {
    /** A discussion the caller may read (its comments live under it). */
    readable: visible,

    async categories() {
      return (await repo.categories(null)).map(toCategory);
    },

    async replaceCategories(list: { id?: number | null; name: string }[]) {
      await repo.replaceCategories(list);
      return (await repo.categories(null)).map(toCategory);
    },

    async list(
      q: {
        currentPage: number;
        limit: number;
        keyword?: string;
        cid?: number;
        pid?: string;
        onlyMine?: boolean;
        admin?: boolean;
      },
      viewer: AuthUser | undefined,
    ): Promise<Page<Discussion>> {
      const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
      let pid: number | undefined;
      if (q.pid) {
        const p = await deps.problems.findByProblemId(q.pid);
        if (!p) return empty;
        pid = p.id;
      }
      if (q.onlyMine && !viewer) return empty;
      const filter = {
        gid: null,
        withDisabled: !!q.admin && isAdmin(viewer),
        keyword: q.keyword?.trim() || undefined,
        categoryId: q.cid,
        pid,
        uid: q.onlyMine ? viewer?.uid : undefined,
      };
      const [rows, total] = await Promise.all([
        repo.page(filter, viewer?.uid, (q.currentPage - 1) * q.limit, q.limit),
        totalOf(filter),
      ]);
      return { records: rows.map(toDiscussion), total, size: q.limit, current: q.currentPage };
    },

    /** A view counts once per viewer (user, or address for visitors) per hour. */
    async detail(did: number, viewer: AuthUser | undefined, ip: string): Promise<Discussion> {
      const r = await visible(did, viewer);
      const counted = await repo.view(did, viewer ? viewer.uid : `ip:${ip}`, now());
      return toDiscussion(counted ? { ...r, d: { ...r.d, viewNum: r.d.viewNum + 1 } } : r);
    },

    async create(f: Form, viewer: AuthUser): Promise<Discussion> {
      if (f.gid) throw notFound();
      await checkCategory(f.categoryId);
      const problem = await problemOf(f.pid, viewer);
      await checkPostingLimits(viewer);
      const row = await repo.create({
        categoryId: f.categoryId,
        title: titled(f.title, problem?.problemId),
        description: f.description,
        content: f.content,
        pid: problem?.id ?? null,
        uid: viewer.uid,
        role: roleOf(viewer),
        topPriority: f.topPriority && isAdmin(viewer) ? 1 : 0,
      });
      changed();
      return toDiscussion(await visible(row.id, viewer));
    },

    /** The author edits their post; the pin is an admin's. */
    async update(f: Form & { id: number }, viewer: AuthUser): Promise<Discussion> {
      const current = await visible(f.id, viewer);
      if (current.d.uid !== viewer.uid) throw forbidden('discussionNotOwned');
      await checkCategory(f.categoryId);
      const problem = await problemOf(f.pid, viewer);
      await repo.update(f.id, {
        categoryId: f.categoryId,
        title: titled(f.title, problem?.problemId),
        description: f.description,
        content: f.content,
        pid: problem?.id ?? null,
        ...(isAdmin(viewer) && f.topPriority !== undefined && f.topPriority !== null
          ? { topPriority: f.topPriority ? 1 : 0 }
          : {}),
      });
      changed();
      return toDiscussion(await visible(f.id, viewer));
    },

    /** The author or an admin. */
    async remove(q: { did?: number; id?: number }, viewer: AuthUser) {
      const did = q.did ?? q.id;
      if (!did) throw badRequest('fieldRequired', 'did', { field: 'did' });
      const r = await visible(did, viewer);
      if (r.d.uid !== viewer.uid && !isAdmin(viewer)) throw forbidden('discussionNotOwned');
      await repo.remove([did]);
      changed();
      return null;
    },

    /** A new like tells the author (unless it is their own). */
    async like(q: { did: number; toLike: boolean }, viewer: AuthUser) {
      const r = await visible(q.did, viewer);
      const changed = await repo.setLike(q.did, viewer.uid, q.toLike);
      if (changed && q.toLike) {
        await deps.messages.notify({
          action: 'Like_Post',
          sourceId: q.did,
          sourceType: 'Discussion',
          sourceContent: r.d.title,
          url: `/discussion-detail/${q.did}`,
          recipientUid: r.d.uid,
          senderUid: viewer.uid,
        });
      }
      return null;
    },

    async report(q: { did: number; content: string }, viewer: AuthUser) {
      await visible(q.did, viewer);
      await repo.report({ did: q.did, reporterUid: viewer.uid, content: q.content });
      return null;
    },

    // ---- administration ----

    async adminUpdate(q: { id: number; topPriority?: boolean | null; status?: number | null }) {
      if (!(await repo.row(q.id))) throw notFound();
      await repo.update(q.id, {
        ...(q.topPriority !== undefined && q.topPriority !== null ? { topPriority: q.topPriority ? 1 : 0 } : {}),
        ...(q.status !== undefined && q.status !== null ? { status: q.status } : {}),
      });
      changed();
      return null;
    },

    async adminRemove(ids: number[]) {
      const removed = await repo.remove([...new Set(ids)]);
      changed();
      if (!removed) throw notFound();
      return null;
    },

    async reports(q: { currentPage: number; limit: number }): Promise<Page<DiscussionReport>> {
      const { rows, total } = await repo.reports((q.currentPage - 1) * q.limit, q.limit);
      return {
        records: rows.map(({ r, gid, discussionTitle, discussionAuthor, reporter }) => ({
          id: r.id,
          did: r.did,
          gid,
          discussionTitle,
          discussionAuthor,
          reporter,
          content: r.content,
          status: r.status === 1,
          gmtCreate: r.gmtCreate.toISOString(),
          gmtModified: r.gmtModified.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async setReportStatus(q: { id: number; status: boolean }) {
      if (!(await repo.setReportStatus(q.id, q.status))) throw notFound();
      return null;
    },
  };
};
export type DiscussionService = ReturnType<typeof createDiscussionService>;
