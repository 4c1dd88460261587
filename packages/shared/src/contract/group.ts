import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, qInt, qStr, wireInt } from '../api.js';
import { uploadedFile } from './file.js';
import { announcement } from './home.js';
import { oiRankRow, rankType } from './rank.js';
import { AVATAR_MAX_BYTES } from './user.js';

export {
  GROUP_ROLES,
  type GroupRole,
  groupRoleOf,
  isGroupAdmin,
  isGroupMember,
  isGroupRoot,
  MEMBER_LEVEL,
  seesGroupRealNames,
} from '../group-roles.js';

/** Groups (classes): their card, membership, announcements, settings and rank (HOJ's GroupController,
 * GroupMemberController, GroupAnnouncementController, GroupRankController; decision 0022).
 * A group's problems, trainings, contests and discussions are the site's with a gid: one implementation each. */

/** Who may join: 1 anyone at once, 2 and 3 by an application with the group's code that an admin accepts. */
export const GROUP_AUTH = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
/** 0 normal, 1 banned by the super admin (404 for everyone else). */
export const GROUP_STATUS = { NORMAL: 0, BANNED: 1 } as const;

/** Page sizes: the group list 15 a page with choices 9/15/30/60/120, group lists 10, the announcement panel 5, the
 * rank 30; the add-member search at most 20 rows. */
export const GROUP_PAGE = { list: 15, listMax: 120, lists: 10, panel: 5, rank: 30, userSearch: 20 } as const;
export const GROUP_LIMITS = {
  name: [5, 25],
  shortName: [5, 10],
  brief: [5, 50],
  description: [5, 1000],
  reason: [5, 100],
  code: 6,
} as const;

const len = (range: readonly [number, number], key: 'groupNameLength' | 'groupShortNameLength' | 'groupBriefLength') =>
  z.string({ error: 'fieldRequired' }).trim().min(range[0], { error: key }).max(range[1], { error: key });

/** The largest threshold of accepted problems a group may set for posting (the site's thresholds' cap). */
export const MIN_AC_TO_POST_MAX = 1_000_000;

/** A group id, from the query or a body. */
export const groupId = wireInt(z.number({ error: 'fieldRequired' }).int().positive());
const gid = groupId;
const auth = wireInt(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'groupAuthInvalid' }));

/** HOJ's Group (with GroupVO's owner and member count). `code` only for the group's root; `avatar` a URL. */
export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  brief: z.string(),
  /** Markdown; null in the list, whose cards show the brief. */
  description: z.string().nullable(),
  /** The owner's username, and uid. */
  owner: z.string(),
  uid: z.string(),
  auth: z.number().int(),
  code: z.string().nullable(),
  visible: z.boolean(),
  avatar: z.string().nullable(),
  status: z.number().int(),
  memberCount: z.number().int(),
  /** Accepted problems a member needs to post in the group's discussions and comments; null: the site's (decision
   * 0042). */
  minAcToPost: z.number().int().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Group = z.infer<typeof group>;

/** The group form (create and update). `code` is required (exactly 6) unless auth is 1; `status` (ban) only from
 * the super admin, ignored otherwise; the owner, counters and dates are never taken from the client. */
const groupFields = {
  name: len(GROUP_LIMITS.name, 'groupNameLength'),
  shortName: len(GROUP_LIMITS.shortName, 'groupShortNameLength'),
  brief: len(GROUP_LIMITS.brief, 'groupBriefLength'),
  description: z
    .string({ error: 'fieldRequired' })
    .trim()
    .min(GROUP_LIMITS.description[0], { error: 'groupDescriptionLength' })
    .max(GROUP_LIMITS.description[1], { error: 'groupDescriptionLength' }),
  auth,
  code: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().length(GROUP_LIMITS.code, { error: 'groupCodeLength' }).optional(),
  ),
  visible: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(true)),
  status: wireInt(z.union([z.literal(0), z.literal(1)]).optional()),
  /** The group's threshold for posting (0 to MIN_AC_TO_POST_MAX); null: the site's. Absent or empty (the wire's
   * absent) on an update keeps it, on a create is null. */
  minAcToPost: wireInt(
    z
      .number({ error: 'groupMinAcToPostInvalid' })
      .int({ error: 'groupMinAcToPostInvalid' })
      .min(0, { error: 'groupMinAcToPostInvalid' })
      .max(MIN_AC_TO_POST_MAX, { error: 'groupMinAcToPostInvalid' })
      .nullish(),
  ),
};
const codeRule: [(g: { auth: number; code?: string }) => boolean, { error: string; path: string[] }] = [
  (g) => g.auth === GROUP_AUTH.PUBLIC || g.code !== undefined,
  { error: 'groupCodeLength', path: ['code'] },
];
export const groupForm = z.object(groupFields).refine(...codeRule);
export type GroupForm = z.input<typeof groupForm>;

export const getGroupList = endpoint({
  method: 'GET',
  path: '/api/get-group-list',
  access: 'public',
  input: z.object({
    ...pageQuery(GROUP_PAGE.list, GROUP_PAGE.listMax),
    keyword: qStr().pipe(z.string().max(100).optional()),
    auth: qInt(),
    /** Only the groups the caller is a member of (level 3 and above); nothing for a visitor. */
    onlyMine: qBool(),
  }),
  output: page(group),
});

export const getGroupDetail = endpoint({
  method: 'GET',
  path: '/api/get-group-detail',
  access: 'user',
  input: z.object({ gid }),
  output: group,
});

/** Whether the caller may enter the group's tabs (a member, the owner or the super admin). */
export const getGroupAccess = endpoint({
  method: 'GET',
  path: '/api/get-group-access',
  access: 'user',
  input: z.object({ gid }),
  output: z.object({ access: z.boolean() }),
});

/** The caller's membership level: 0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 root (the owner is 5). */
export const getGroupAuth = endpoint({
  method: 'GET',
  path: '/api/get-group-auth',
  access: 'user',
  input: z.object({ gid }),
  output: z.number().int(),
});

/** Admin roles always; other users as the switches allow (ACs, a daily and a total limit). Answers
 * the new group (HOJ: Void). */
export const createGroup = endpoint({
  method: 'POST',
  path: '/api/group',
  access: 'user',
  input: groupForm,
  output: group,
});

export const updateGroup = endpoint({
  method: 'PUT',
  path: '/api/group',
  access: 'user',
  input: z.object({ id: gid, ...groupFields }).refine(...codeRule),
  output: group,
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: '/api/group',
  access: 'user',
  input: z.object({ gid }),
  output: z.null(),
});

/** multipart `image` and `gid`; with `gid` in the query string the caller is checked before the image is read. */
export const uploadGroupAvatar = endpoint({
  method: 'POST',
  path: '/api/file/upload-group-avatar',
  access: 'user',
  upload: { maxBytes: AVATAR_MAX_BYTES, tooLarge: 'avatarTooLarge' },
  input: z.object({ image: uploadedFile(), gid }),
  output: group,
});

// ---- members ------------------------------------------------------------------------------------------------------

/** HOJ's GroupMemberVO. */
export const groupMember = z.object({
  id: z.number().int(),
  gid: z.number().int(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  avatar: z.string().nullable(),
  auth: z.number().int(),
  reason: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModify: isoDate,
});
export type GroupMember = z.infer<typeof groupMember>;

const memberQuery = z.object({
  ...pageQuery(GROUP_PAGE.lists),
  gid,
  keyword: qStr().pipe(z.string().max(100).optional()),
  auth: qInt(),
});

/** Members (levels 3-5): group admins. */
export const getMemberList = endpoint({
  method: 'GET',
  path: '/api/group/get-member-list',
  access: 'user',
  input: memberQuery,
  output: page(groupMember),
});

/** Applications (levels 1-2): group admins. */
export const getApplyList = endpoint({
  method: 'GET',
  path: '/api/group/get-apply-list',
  access: 'user',
  input: memberQuery,
  output: page(groupMember),
});

/** Join (public) or apply (protected, private: the code, and a reason of 5-100 when given). HOJ's client sends the
 * values in the query with `code=&reason=` when empty. */
export const applyGroup = endpoint({
  method: 'POST',
  path: '/api/group/member',
  access: 'user',
  input: z.object({
    gid,
    code: qStr().pipe(z.string().max(100).optional()),
    reason: qStr().pipe(
      z
        .string()
        .trim()
        .min(GROUP_LIMITS.reason[0], { error: 'groupReasonLength' })
        .max(GROUP_LIMITS.reason[1], { error: 'groupReasonLength' })
        .optional(),
    ),
  }),
  /** The new level: 3 joined, 1 waiting for an admin. */
  output: z.object({ auth: z.number().int() }),
});

/** Accept (3), refuse (2) or change a member's level. */
export const updateMember = endpoint({
  method: 'PUT',
  path: '/api/group/member',
  access: 'user',
  input: z.object({
    gid,
    uid: z.string({ error: 'fieldRequired' }).min(1).max(64),
    auth: wireInt(z.number({ error: 'fieldRequired' }).int().min(1).max(5)),
  }),
  output: z.null(),
});

export const deleteMember = endpoint({
  method: 'DELETE',
  path: '/api/group/member',
  access: 'user',
  input: z.object({ gid, uid: z.string({ error: 'fieldRequired' }).min(1).max(64) }),
  output: z.null(),
});

/** Leave the group (or withdraw an application); never the owner. */
export const exitGroup = endpoint({
  method: 'DELETE',
  path: '/api/group/member/exit',
  access: 'user',
  input: z.object({ gid }),
  output: z.null(),
});

/** A group admin adds a user directly as a member (by uid, or by username). */
export const addMember = endpoint({
  method: 'POST',
  path: '/api/group/add-member',
  access: 'user',
  input: z
    .object({
      gid,
      uid: qStr().pipe(z.string().max(64).optional()),
      username: qStr().pipe(z.string().trim().max(100).optional()),
    })
    .refine((b) => b.uid !== undefined || b.username !== undefined, { error: 'fieldRequired', path: ['uid'] }),
  output: z.null(),
});

export const userSuggestion = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  /** The user's level in the group now (0 none). */
  auth: z.number().int(),
});
export type UserSuggestion = z.infer<typeof userSuggestion>;

/** The add-member box: users whose username or real name contains the keyword, at most 20; group admins. */
export const searchUser = endpoint({
  method: 'GET',
  path: '/api/group/search-user',
  access: 'user',
  input: z.object({
    gid,
    keyword: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(50),
  }),
  output: z.array(userSuggestion),
});

// ---- announcements ------------------------------------------------------------------------------------------------

export const groupAnnouncement = announcement.extend({ gid: z.number().int() });
export type GroupAnnouncement = z.infer<typeof groupAnnouncement>;

const announcementBody = {
  title: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(255),
  content: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(65535),
  /** 0 visible, 1 hidden. */
  status: wireInt(z.union([z.literal(0), z.literal(1)]).default(0)),
};

/** The visible ones, newest first: members. */
export const getAnnouncementList = endpoint({
  method: 'GET',
  path: '/api/group/get-announcement-list',
  access: 'user',
  input: z.object({ ...pageQuery(GROUP_PAGE.lists), gid }),
  output: page(groupAnnouncement),
});

/** Hidden ones too: group admins. */
export const getAdminAnnouncementList = endpoint({
  method: 'GET',
  path: '/api/group/get-admin-announcement-list',
  access: 'user',
  input: z.object({ ...pageQuery(GROUP_PAGE.lists), gid }),
  output: page(groupAnnouncement),
});

export const createAnnouncement = endpoint({
  method: 'POST',
  path: '/api/group/announcement',
  access: 'user',
  input: z.object({ gid, ...announcementBody }),
  output: z.null(),
});

/** The author or the group's root. */
export const updateAnnouncement = endpoint({
  method: 'PUT',
  path: '/api/group/announcement',
  access: 'user',
  input: z.object({ id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), ...announcementBody }),
  output: z.null(),
});

export const deleteAnnouncement = endpoint({
  method: 'DELETE',
  path: '/api/group/announcement',
  access: 'user',
  input: z.object({ aid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) }),
  output: z.null(),
});

// ---- rank ---------------------------------------------------------------------------------------------------------

/** A member's row over the group's own submissions (its problems, trainings and contests): ac (problems), total
 * (submissions), score (OI, best per problem). The rating the table shows is ac / total, computed by the client.
 * `realname` only for the group's admins and the site's admins (null for everyone else). */
export const groupRankRow = oiRankRow.extend({ realname: z.string().nullable() });
export type GroupRankRow = z.infer<typeof groupRankRow>;

/** `type` 0/ACM (ac, then fewer submissions) or 1/OI (score, then ac). */
export const getGroupRankList = endpoint({
  method: 'GET',
  path: '/api/get-group-rank-list',
  access: 'user',
  input: z.object({
    ...pageQuery(GROUP_PAGE.rank),
    gid,
    type: rankType,
    searchUser: qStr().pipe(z.string().max(100).optional()),
  }),
  output: page(groupRankRow),
});

// ---- bulk member actions and the free display id (decision 0041) ----------------------------------------------------

/** At most so many usernames or uids in one bulk member call. */
export const GROUP_BULK_MAX = 500;

/** A list of uids: a JSON array, or `uids=a,b` from a query string (a DELETE's). */
const uidList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter((x) => x !== '')
      : v,
  z
    .array(z.string().min(1).max(64))
    .min(1, { error: 'fieldRequired' })
    .max(GROUP_BULK_MAX, { error: 'groupBulkTooMany' }),
);

/** What became of each name a bulk add was given: `added` (a new member), `approved` (an applicant or a refused user
 * made a member, as the single add does), `alreadyMember` (a member, admin or the owner already), `noSuchUser`. */
export const bulkAddOutcome = z.enum(['added', 'approved', 'alreadyMember', 'noSuchUser']);
export type BulkAddOutcome = z.infer<typeof bulkAddOutcome>;

/** A group admin adds users by username: trimmed, blanks dropped, each name once (usernames compare regardless of
 * case), at most GROUP_BULK_MAX; each user on its own, so an unknown name never stops the rest. One result per
 * distinct name, in the order given. */
export const addMembers = endpoint({
  method: 'POST',
  path: '/api/group/add-members',
  access: 'user',
  input: z.object({
    gid,
    usernames: z.array(z.string().max(100)).max(GROUP_BULK_MAX, { error: 'groupBulkTooMany' }),
  }),
  output: z.object({ results: z.array(z.object({ username: z.string(), outcome: bulkAddOutcome })) }),
});

/** `approved` (1 or 2 made 3), `refused` (1 made 2), `notApplying` (no application to answer: a member, someone
 * already refused when refusing, or no row). */
export const bulkAnswerOutcome = z.enum(['approved', 'refused', 'notApplying']);
export type BulkAnswerOutcome = z.infer<typeof bulkAnswerOutcome>;

/** Approve (auth 3) or refuse (auth 2) applications in bulk: group admins. One result per distinct uid. */
export const updateMembers = endpoint({
  method: 'PUT',
  path: '/api/group/members',
  access: 'user',
  input: z.object({
    gid,
    uids: uidList,
    auth: wireInt(z.union([z.literal(2), z.literal(3)], { error: 'groupBulkAuth' })),
  }),
  output: z.object({ results: z.array(z.object({ uid: z.string(), outcome: bulkAnswerOutcome })) }),
});

/** `removed`; the single remove's refusals per user: `owner` (never removed), `self` (that is exit), `levelTooHigh`
 * (a row at or above the acting admin's level), `notMember` (no row). */
export const bulkRemoveOutcome = z.enum(['removed', 'owner', 'self', 'levelTooHigh', 'notMember']);
export type BulkRemoveOutcome = z.infer<typeof bulkRemoveOutcome>;

/** Remove several members (or applications) at once: group admins, the single remove's rules per user. */
export const deleteMembers = endpoint({
  method: 'DELETE',
  path: '/api/group/members',
  access: 'user',
  input: z.object({ gid, uids: uidList }),
  output: z.object({ results: z.array(z.object({ uid: z.string(), outcome: bulkRemoveOutcome })) }),
});

/** The display id a new group problem is offered: the group's short name, else the first of `<short name>-2`,
 * `-3`, ... no problem has taken (regardless of case): group admins. Two admins asking at once get the same id;
 * the second save is refused as any taken id is (problemIdTaken). */
export const getFreeProblemId = endpoint({
  method: 'GET',
  path: '/api/group/get-free-problem-id',
  access: 'user',
  input: z.object({ gid }),
  output: z.object({ problemId: z.string() }),
});
