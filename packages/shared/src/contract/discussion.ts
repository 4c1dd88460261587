import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, qStr, wireInt } from '../api.js';

/** Discussions, their categories, likes and reports (HOJ's DiscussionController and
 * AdminDiscussionController; decision 0020). A group's discussion is a discussion
 * with a gid. */

/** Lengths of a post and a report reason; 10 posts a page. */
export const DISCUSSION_LIMITS = { title: 255, description: 255, content: 65535, reportReason: 200 } as const;
export const DISCUSSION_PAGE = 10;

/** The six report tags (the client sends each chosen one as "#tag#" before the reason). */
export const REPORT_TAGS = ['垃圾广告', '违法违规', '色情低俗', '赌博诈骗', '恶意辱骂', '抄袭侵权'] as const;

export const discussionCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  gid: z.number().int().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type DiscussionCategory = z.infer<typeof discussionCategory>;

/** HOJ's DiscussionVO. `pid` is the problem's problemId (null for a general discussion); `role` the author's
 * badge (root, admin or user); `content` is null in lists. */
export const discussion = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  content: z.string().nullable(),
  pid: z.string().nullable(),
  uid: z.string(),
  author: z.string(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  role: z.string(),
  viewNum: z.number().int(),
  likeNum: z.number().int(),
  commentNum: z.number().int(),
  hasLike: z.boolean(),
  topPriority: z.boolean(),
  gid: z.number().int().nullable(),
  /** 0 normal, 1 disabled (hidden from all but admins). */
  status: z.number().int(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Discussion = z.infer<typeof discussion>;

const did = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

export const getDiscussionCategory = endpoint({
  method: 'GET',
  path: '/api/discussion-category',
  access: 'public',
  input: z.object({}),
  output: z.array(discussionCategory),
});

/** Root replaces the list: rows with an id are renamed, rows without one are added, and categories left out are
 * removed unless a discussion still uses them (those are kept). */
export const upsertDiscussionCategory = endpoint({
  method: 'POST',
  path: '/api/discussion-category',
  access: 'root',
  input: z
    .array(
      z.object({
        id: wireInt(z.number().int().positive().nullish()),
        name: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(50),
      }),
    )
    .max(100),
  output: z.array(discussionCategory),
});

export const getDiscussionList = endpoint({
  method: 'GET',
  path: '/api/get-discussion-list',
  access: 'public',
  switch: 'openPublicDiscussion',
  input: z.object({
    ...pageQuery(DISCUSSION_PAGE),
    keyword: qStr().pipe(z.string().max(100).optional()),
    /** The category (HOJ's client names it `cid` here). */
    cid: wireInt(z.number().int().optional()),
    /** The problem's problemId. */
    pid: qStr().pipe(z.string().max(100).optional()),
    onlyMine: qBool(),
    /** Admins: disabled discussions too. */
    admin: qBool(),
  }),
  output: page(discussion),
});

/** The discussion's area decides the switch: openPublicDiscussion for the site's, openGroupDiscussion (and the
 * group's members) for a group's; likes and reports alike. */
export const getDiscussionDetail = endpoint({
  method: 'GET',
  path: '/api/get-discussion-detail',
  access: 'public',
  input: z.object({ did }),
  output: discussion,
});

const text = (max: number) =>
  z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(max, { error: 'fieldTooLong' });

/** HOJ's Discussion body; counters, author and status are the server's. */
export const discussionForm = z.object({
  title: text(DISCUSSION_LIMITS.title),
  description: text(DISCUSSION_LIMITS.description),
  content: text(DISCUSSION_LIMITS.content),
  categoryId: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
  /** A problem's problemId; empty or absent for a general discussion. */
  pid: z.string().trim().max(100).nullish(),
  /** Admins only (others' value is ignored). */
  topPriority: z.boolean().nullish(),
  gid: wireInt(z.number().int().nullish()),
});
export type DiscussionForm = z.input<typeof discussionForm>;

export const createDiscussion = endpoint({
  method: 'POST',
  path: '/api/discussion',
  access: 'user',
  permission: 'discussion_add',
  switch: 'openPublicDiscussion',
  input: discussionForm,
  output: discussion,
});

export const updateDiscussion = endpoint({
  method: 'PUT',
  path: '/api/discussion',
  access: 'user',
  permission: 'discussion_edit',
  switch: 'openPublicDiscussion',
  input: discussionForm.extend({ id: did }),
  output: discussion,
});

/** HOJ's client sends `did`; `id` is taken too. */
export const deleteDiscussion = endpoint({
  method: 'DELETE',
  path: '/api/discussion',
  access: 'user',
  permission: 'discussion_del',
  switch: 'openPublicDiscussion',
  input: z.object({
    did: wireInt(z.number().int().positive().optional()),
    id: wireInt(z.number().int().positive().optional()),
  }),
  output: z.null(),
});

/** Idempotent: liking twice counts once, unliking what was not liked changes nothing. */
export const likeDiscussion = endpoint({
  method: 'GET',
  path: '/api/discussion-like',
  access: 'user',
  input: z.object({ did, toLike: z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.stringbool()) }),
  output: z.null(),
});

/** `content` is the chosen tags as "#tag#" and the reason (HOJ's client builds it); `reporter` is the caller. */
export const reportDiscussion = endpoint({
  method: 'POST',
  path: '/api/discussion-report',
  access: 'user',
  input: z.object({
    did,
    content: z
      .string({ error: 'reportEmpty' })
      .trim()
      .min(1, { error: 'reportEmpty' })
      .max(REPORT_TAGS.join('').length + REPORT_TAGS.length * 2 + DISCUSSION_LIMITS.reportReason + 1, {
        error: 'fieldTooLong',
      }),
    reporter: z.string().max(100).nullish(),
  }),
  output: z.null(),
});

/** Why the caller may not post in a place (decision 0042): not signed in, a role without the right to post there
 * (roles 1004 to 1007), fewer accepted problems than the place needs, or the day's posts used up (site posts). */
export const POST_REFUSALS = ['login', 'noPermission', 'acRequired', 'dailyLimit'] as const;
export type PostRefusal = (typeof POST_REFUSALS)[number];

/** The caller's standing for posting in one place, asked before anything is written: `needAc` the accepted problems
 * the place needs (a group's own threshold, else the site's; 0 in a contest), `haveAc` the caller's (the public bank's,
 * as the rule counts them), `dailyLimit` the site's posts a day (0: none; only for the site's new posts). */
export const postPermission = z.object({
  allowed: z.boolean(),
  reason: z.enum(POST_REFUSALS).nullable(),
  needAc: z.number().int(),
  haveAc: z.number().int(),
  dailyLimit: z.number().int(),
});
export type PostPermission = z.infer<typeof postPermission>;

/** May the caller post here: a new discussion on the site (no place) or in a group (`gid`), a comment or reply under
 * a discussion (`did`) or in a contest (`cid`); at most one of them (400 otherwise). The same rule the posting calls
 * apply; a place the caller may not read answers as its own calls do (401, 403, 404). */
export const getPostPermission = endpoint({
  method: 'GET',
  path: '/api/discussion-post-permission',
  access: 'public',
  input: z.object({
    gid: wireInt(z.number().int().positive().optional()),
    did: wireInt(z.number().int().positive().optional()),
    cid: wireInt(z.number().int().positive().optional()),
  }),
  output: postPermission,
});

// ---- administration (HOJ's AdminDiscussionController) ----

/** Pin (`topPriority`) or disable (`status` 1) a discussion. */
export const adminUpdateDiscussion = endpoint({
  method: 'PUT',
  path: '/api/admin/discussion',
  access: 'admin',
  input: z.object({
    id: did,
    topPriority: z.boolean().nullish(),
    status: wireInt(z.number().int().min(0).max(1).nullish()),
  }),
  output: z.null(),
});

/** A JSON array of discussion ids (HOJ's body). */
export const adminDeleteDiscussion = endpoint({
  method: 'DELETE',
  path: '/api/admin/discussion',
  access: 'admin',
  input: z.array(wireInt(z.number().int().positive())).min(1).max(100),
  output: z.null(),
});

export const discussionReport = z.object({
  id: z.number().int(),
  did: z.number().int(),
  gid: z.number().int().nullable(),
  discussionTitle: z.string(),
  discussionAuthor: z.string(),
  reporter: z.string(),
  content: z.string(),
  /** Handled. */
  status: z.boolean(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type DiscussionReport = z.infer<typeof discussionReport>;

export const getDiscussionReports = endpoint({
  method: 'GET',
  path: '/api/admin/discussion-report',
  access: 'admin',
  input: z.object({ ...pageQuery(10) }),
  output: page(discussionReport),
});

export const updateDiscussionReport = endpoint({
  method: 'PUT',
  path: '/api/admin/discussion-report',
  access: 'admin',
  input: z.object({ id: wireInt(z.number().int().positive()), status: z.boolean() }),
  output: z.null(),
});
