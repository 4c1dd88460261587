import {
  type Discussion,
  type DiscussionCategory,
  type DiscussionReport,
  type discussion as discussionContract,
  type GroupRole,
  group as g,
  isAdminRole,
  isRoot,
  type Page,
} from '@oj/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { countCache } from '../../lib/count-cache.js';
import { startOfDay } from '../../lib/start-of-day.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import type { MessageService } from '../message/message.service.js';
import { mayReadProblem } from '../problem/problem-access.js';
import type { ProblemLookup } from '../problem/problem-queries.js';
import type { SiteService } from '../site/site.service.js';
import type { DiscussionCategoryRow, DiscussionFilter, DiscussionRepository } from './discussion.repository.js';
import { createPostingRule, type PostPlace } from './posting-rule.js';

interface ListQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  cid?: number;
  pid?: string;
  onlyMine?: boolean;
  admin?: boolean;
}

/** How long a list's counted total is reused. */
const TOTAL_CACHE_MS = 10_000;

type Form = z.output<typeof discussionContract.discussionForm>;
type Loaded = NonNullable<Awaited<ReturnType<DiscussionRepository['byId']>>>;
/** A discussion as one viewer meets it: a group's carries the viewer's role in the group and the group's threshold
 * for posting (null: the site's). */
export type ReadableDiscussion = Loaded & { groupRole?: GroupRole; groupMinAcToPost?: number | null };

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

/** The author's badge: SPA for root, ADM for admin; problem_admin counts as admin, as in HOJ. */
export const roleOf = (user: AuthUser) => (isRoot(user.roles) ? 'root' : isAdminRole(user.roles) ? 'admin' : 'user');

/** Discussions (decision 0020): who may read, post, edit, delete, like and
 * report them. The site's discussion switch is the contract's (`switch`), the roles' rights its `permission`. */
export const createDiscussionService = (deps: {
  db: Db;
  repo: DiscussionRepository;
  problems: ProblemLookup;
  site: SiteService;
  messages: MessageService;
  /** A group's discussions are its members' (decision 0024). */
  groupPolicy: GroupPolicy;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const isAdmin = (viewer: AuthUser | undefined) => !!viewer && isAdminRole(viewer.roles);
  const isGroupAdmin = (r: ReadableDiscussion) => !!r.groupRole && g.isGroupAdmin(r.groupRole);

  /** A list's total is counted at most every TOTAL_CACHE_MS per filter; this server's own changes count it again. */
  const totals = countCache((f: DiscussionFilter) => repo.count(f), TOTAL_CACHE_MS);
  const totalOf = (f: DiscussionFilter) => totals.of(f);
  const changed = () => totals.clear();

  /** The area's switch: openPublicDiscussion for the site's discussions, openGroupDiscussion for a group's; root is
   * never closed out. */
  const checkArea = async (gid: number | null, viewer: AuthUser | undefined) => {
    const s = await deps.site.switches();
    const on = gid === null ? s.openPublicDiscussion : s.openGroupDiscussion;
    if (!on && !(viewer && isRoot(viewer.roles))) throw new AppError(403, 'areaClosed');
  };

  /** The one "may read the discussion" rule, for its page, comments, likes and reports. The area's switch first; a
   * group's discussion is its members' (the group policy: 401 for a visitor, 403 for a stranger); a disabled one
   * exists for the site's admins (a group's: the group's admins) only. */
  const visible = async (did: number, viewer: AuthUser | undefined): Promise<ReadableDiscussion> => {
    const r = await repo.byId(did, viewer?.uid);
    if (!r) throw notFound();
    await checkArea(r.d.gid, viewer);
    if (r.d.gid === null) {
      if (r.d.status !== 0 && !isAdmin(viewer)) throw notFound();
      return r;
    }
    const a = await deps.groupPolicy.require(r.d.gid, viewer, 'member');
    const found = { ...r, groupRole: a.role, groupMinAcToPost: a.group.minAcToPost };
    if (r.d.status !== 0 && !isGroupAdmin(found)) throw notFound();
    return found;
  };

  /** The site's discussion calls act on the site's discussions; a group's has the group's calls (404 here). */
  const siteDiscussion = async (did: number, viewer: AuthUser) => {
    const r = await visible(did, viewer);
    if (r.d.gid !== null) throw notFound();
    return r;
  };

  /** The group's calls act on that group's discussions only. */
  const groupDiscussion = async (did: number, viewer: AuthUser) => {
    const r = await visible(did, viewer);
    if (r.d.gid === null) throw notFound();
    return r;
  };

  /** A problem discussion's problem must exist and be readable by the author: in a group's discussion also one of
   * the group's own problems (open to its members, or any of them for its admins; decision 0023). */
  const problemOf = async (
    problemId: string | null | undefined,
    viewer: AuthUser,
    group?: { gid: number; role: GroupRole },
  ) => {
    if (!problemId) return null;
    const p = await deps.problems.findByProblemId(problemId);
    const groupReadable =
      !!p && !!group && p.isGroup === 1 && p.gid === group.gid && (p.auth === 1 || g.isGroupAdmin(group.role));
    if (!p || !(groupReadable || mayReadProblem(p, viewer))) throw badRequest('discussionProblemUnknown', 'pid');
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

  /** Who may post what where: the one rule (posting-rule.ts) for discussions, comments and the composer's answer. */
  const posting = createPostingRule({
    db: deps.db,
    site: deps.site,
    postedToday: (uid) => repo.postedSince(uid, startOfDay(now())),
  });

  /** Where a post under this discussion goes, for the posting rule. */
  const postPlaceOf = (r: ReadableDiscussion): PostPlace =>
    r.d.gid === null
      ? { area: 'site' }
      : { area: 'group', minAcToPost: r.groupMinAcToPost ?? null, role: r.groupRole as GroupRole };

  /** The site's list or (given `gid`, once the group policy let the caller in) a group's; `admin` adds the disabled. */
  const listOf = async (q: ListQuery, viewer: AuthUser | undefined, gid: number | null): Promise<Page<Discussion>> => {
    const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
    let pid: number | undefined;
    if (q.pid) {
      const p = await deps.problems.findByProblemId(q.pid);
      if (!p) return empty;
      pid = p.id;
    }
    if (q.onlyMine && !viewer) return empty;
    const filter = {
      gid,
      withDisabled: !!q.admin,
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
  };

  /** A new post (`current` absent) or the author's edit: category, problem (the group's rule in a group), title; the
   * pin only from an admin (the site's, or the group's in a group). */
  const write = async (
    current: ReadableDiscussion | undefined,
    f: Form,
    viewer: AuthUser,
    as: { admin: boolean; group?: { gid: number; role: GroupRole } },
  ): Promise<Discussion> => {
    await checkCategory(f.categoryId);
    const problem = await problemOf(f.pid, viewer, as.group);
    const fields = {
      categoryId: f.categoryId,
      title: titled(f.title, problem?.problemId),
      description: f.description,
      content: f.content,
      pid: problem?.id ?? null,
    };
    const pin = as.admin && f.topPriority !== undefined && f.topPriority !== null;
    let did: number;
    if (current) {
      did = current.d.id;
      await repo.update(did, { ...fields, ...(pin ? { topPriority: f.topPriority ? 1 : 0 } : {}) });
    } else {
      const row = await repo.create({
        ...fields,
        uid: viewer.uid,
        role: roleOf(viewer),
        topPriority: pin && f.topPriority ? 1 : 0,
        ...(as.group ? { gid: as.group.gid } : {}),
      });
      did = row.id;
    }
    changed();
    return toDiscussion(await visible(did, viewer));
  };

  return {
    /** A discussion the caller may read (its comments live under it), with the caller's role in its group. */
    readable: visible,

    /** The posting rule, and where a comment under a readable discussion goes for it. */
    posting,
    postPlaceOf,

    /** May the caller start a discussion in the site's area (`gid` null) or a group's: the area's switch, the group's
     * members (the group policy), then the posting rule. */
    async newPostPermission(gid: number | null, viewer: AuthUser | undefined) {
      await checkArea(gid, viewer);
      if (gid === null) return posting.permission(viewer, 'discussion', { area: 'site' });
      const a = await deps.groupPolicy.require(gid, viewer, 'member');
      return posting.permission(viewer, 'discussion', {
        area: 'group',
        minAcToPost: a.group.minAcToPost,
        role: a.role,
      });
    },

    async categories() {
      return (await repo.categories(null)).map(toCategory);
    },

    async replaceCategories(list: { id?: number | null; name: string }[]) {
      await repo.replaceCategories(list);
      return (await repo.categories(null)).map(toCategory);
    },

    list: (q: ListQuery, viewer: AuthUser | undefined) =>
      listOf({ ...q, admin: !!q.admin && isAdmin(viewer) }, viewer, null),

    /** A view counts once per viewer (user, or address for visitors) per hour. */
    async detail(did: number, viewer: AuthUser | undefined, ip: string): Promise<Discussion> {
      const r = await visible(did, viewer);
      const counted = await repo.view(did, viewer ? viewer.uid : `ip:${ip}`, now());
      return toDiscussion(counted ? { ...r, d: { ...r.d, viewNum: r.d.viewNum + 1 } } : r);
    },

    /** A site discussion (a `gid` here is 404: a group's has the group's call). */
    async create(f: Form, viewer: AuthUser): Promise<Discussion> {
      if (f.gid) throw notFound();
      await posting.require(viewer, 'discussion', { area: 'site' });
      return write(undefined, f, viewer, { admin: isAdmin(viewer) });
    },

    /** The author edits their post; the pin is an admin's. */
    async update(f: Form & { id: number }, viewer: AuthUser): Promise<Discussion> {
      const current = await siteDiscussion(f.id, viewer);
      if (current.d.uid !== viewer.uid) throw forbidden('discussionNotOwned');
      return write(current, f, viewer, { admin: isAdmin(viewer) });
    },

    /** The author or an admin. */
    async remove(q: { did?: number; id?: number }, viewer: AuthUser) {
      const did = q.did ?? q.id;
      if (!did) throw badRequest('fieldRequired', 'did', { field: 'did' });
      const r = await siteDiscussion(did, viewer);
      if (r.d.uid !== viewer.uid && !isAdmin(viewer)) throw forbidden('discussionNotOwned');
      await repo.remove([did]);
      changed();
      return null;
    },

    // ---- a group's discussions (decision 0024) ----

    /** The group's discussions (one problem's, given its problemId); its admins' list has disabled ones too. */
    async groupList(
      q: { gid: number; currentPage: number; limit: number; pid?: string },
      viewer: AuthUser,
      admin: boolean,
    ): Promise<Page<Discussion>> {
      await deps.groupPolicy.require(q.gid, viewer, admin ? 'admin' : 'member');
      return listOf({ ...q, admin }, viewer, q.gid);
    },

    /** A member posts in the group (the group's threshold, else the site's); a group admin may pin at once. */
    async groupCreate(f: Form & { gid: number }, viewer: AuthUser): Promise<Discussion> {
      const a = await deps.groupPolicy.require(f.gid, viewer, 'member');
      await posting.require(viewer, 'discussion', { area: 'group', minAcToPost: a.group.minAcToPost, role: a.role });
      return write(undefined, f, viewer, { admin: g.isGroupAdmin(a.role), group: { gid: f.gid, role: a.role } });
    },

    /** The author edits their post; the pin is a group admin's. */
    async groupUpdate(f: Form & { id: number; gid: number }, viewer: AuthUser): Promise<Discussion> {
      const current = await groupDiscussion(f.id, viewer);
      if (current.d.gid !== f.gid) throw forbidden('groupItemElsewhere');
      if (current.d.uid !== viewer.uid) throw forbidden('discussionNotOwned');
      const role = current.groupRole as GroupRole;
      return write(current, f, viewer, { admin: g.isGroupAdmin(role), group: { gid: f.gid, role } });
    },

    /** The author or a group admin. */
    async groupRemove(did: number, viewer: AuthUser) {
      const r = await groupDiscussion(did, viewer);
      if (r.d.uid !== viewer.uid && !isGroupAdmin(r)) throw forbidden('groupDiscussionNotOwned');
      await repo.remove([did]);
      changed();
      return null;
    },

    /** Group admins pin or unpin any discussion of their group. */
    async groupPin(q: { did: number; topPriority: boolean }, viewer: AuthUser) {
      const r = await groupDiscussion(q.did, viewer);
      if (!isGroupAdmin(r)) throw forbidden();
      await repo.update(q.did, { topPriority: q.topPriority ? 1 : 0 });
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
          url: r.d.gid === null ? `/discussion-detail/${q.did}` : `/group/${r.d.gid}/discussion-detail/${q.did}`,
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
