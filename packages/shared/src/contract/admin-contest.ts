import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qStr, wireInt } from '../api.js';
import { adminProblem, PROBLEM_BODY_MAX_BYTES, problemDto } from './admin-problem.js';
import { contestAnnouncement } from './contest.js';
import { EXAM, EXAM_SESSION_POLICIES } from './exam.js';

/** Contest administration (HOJ's AdminContestController). */

export const awardConfig = z.object({
  priority: wireInt(z.number().int()),
  name: z.string().trim().min(1).max(50),
  background: z.string().max(50),
  color: z.string().max(50),
  num: wireInt(z.number().int().min(0)),
});

/** HOJ's AdminContestVO. */
export const adminContest = z.object({
  id: z.number().int(),
  uid: z.string(),
  author: z.string(),
  title: z.string(),
  type: z.number().int(),
  description: z.string(),
  source: z.number().int(),
  auth: z.number().int(),
  pwd: z.string().nullable(),
  startTime: isoDate,
  endTime: isoDate,
  duration: z.number().int(),
  sealRank: z.boolean(),
  sealRankTime: isoDate.nullable(),
  autoRealRank: z.boolean(),
  status: z.number().int(),
  visible: z.boolean(),
  openPrint: z.boolean(),
  openAccountLimit: z.boolean(),
  accountLimitRule: z.string().nullable(),
  rankShowName: z.string(),
  /** Visitors who are not signed in see usernames where the board would show real names (decision 0043). */
  hideRealNameFromVisitors: z.boolean(),
  starAccount: z.array(z.string()),
  openRank: z.boolean(),
  oiRankScoreType: z.string(),
  gid: z.number().int().nullable(),
  awardType: z.number().int(),
  awardConfigList: z.array(awardConfig),
  allowEndSubmit: z.boolean(),
  /** The final standings change the participants' ratings (decision 0046); site contests only. */
  rated: z.boolean(),
  /** Once ended, users may take it again under their own clock (virtual participation). */
  allowVirtual: z.boolean(),
  /** An exam (decision 0055): registration required, one session per participant, the rest of the site closed to
   * participants while it runs. */
  examMode: z.boolean(),
  /** A participant's second login during the exam ends the first (`replace`) or is refused (`refuse`). */
  examSessionPolicy: z.enum(EXAM_SESSION_POLICIES),
  /** CIDR ranges (IPv4 or IPv6) participants may log in and reach the exam from while it runs; empty: anywhere. */
  allowedAddresses: z.array(z.string()),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type AdminContest = z.infer<typeof adminContest>;

/** What the admin form sends (create: no id; edit: with id). Cross-field rules are checked by the service. */
export const contestForm = z.object({
  id: wireInt(z.number().int().nullish()),
  title: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(255),
  description: z.string({ error: 'fieldRequired' }).min(1, { error: 'fieldRequired' }).max(65535),
  type: wireInt(z.number().int().min(0).max(1)),
  auth: wireInt(z.number().int().min(0).max(2)),
  pwd: z.string().max(100).nullish(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  sealRank: z.boolean().nullish(),
  sealRankTime: z.iso.datetime({ offset: true }).nullish(),
  autoRealRank: z.boolean().nullish(),
  visible: z.boolean().nullish(),
  openPrint: z.boolean().nullish(),
  openRank: z.boolean().nullish(),
  openAccountLimit: z.boolean().nullish(),
  accountLimitRule: z.string().max(10000).nullish(),
  rankShowName: z.enum(['username', 'nickname', 'realname']).nullish(),
  /** Absent: on, for a new contest; unchanged, for an edit (HOJ's client does not send it). */
  hideRealNameFromVisitors: z.boolean().nullish(),
  starAccount: z.array(z.string().max(100)).max(1000).nullish(),
  oiRankScoreType: z.enum(['Recent', 'Highest']).nullish(),
  awardType: wireInt(z.number().int().min(0).max(2).nullish()),
  /** Absent: a new contest gets the default tiers named in the caller's language (defaultAwards,
   * contest-awards.ts), an edited one keeps its own. */
  awardConfigList: z.array(awardConfig).max(20).nullish(),
  allowEndSubmit: z.boolean().nullish(),
  /** Absent: off, for a new contest; unchanged, for an edit. A group's contest cannot be rated (400). */
  rated: z.boolean().nullish(),
  /** Absent: on, for a new contest; unchanged, for an edit. */
  allowVirtual: z.boolean().nullish(),
  /** Absent: off, for a new contest; unchanged, for an edit (so for the next three). */
  examMode: z.boolean().nullish(),
  examSessionPolicy: z.enum(EXAM_SESSION_POLICIES).nullish(),
  /** Each a CIDR range or a single address; one that is not is 400 `examAddressInvalid`. */
  allowedAddresses: z.array(z.string().trim().min(1).max(64)).max(EXAM.maxAddressRanges).nullish(),
});
export type ContestForm = z.input<typeof contestForm>;

const cid = wireInt(z.number().int());

export const getAdminContestList = endpoint({
  method: 'GET',
  path: '/api/admin/contest/get-contest-list',
  access: 'admin',
  input: z.object({ ...pageQuery(10), keyword: qStr().pipe(z.string().max(100).optional()) }),
  output: page(adminContest),
});

export const getAdminContest = endpoint({
  method: 'GET',
  path: '/api/admin/contest',
  access: 'admin',
  input: z.object({ cid }),
  output: adminContest,
});

export const createContest = endpoint({
  method: 'POST',
  path: '/api/admin/contest',
  access: 'admin',
  input: contestForm,
  output: adminContest,
});

export const updateContest = endpoint({
  method: 'PUT',
  path: '/api/admin/contest',
  access: 'admin',
  input: contestForm.extend({ id: wireInt(z.number().int()) }),
  output: adminContest,
});

export const deleteContest = endpoint({
  method: 'DELETE',
  path: '/api/admin/contest',
  access: 'root',
  input: z.object({ cid }),
  output: z.null(),
});

export const cloneContest = endpoint({
  method: 'GET',
  path: '/api/admin/contest/clone',
  access: 'admin',
  input: z.object({ cid }),
  output: adminContest,
});

export const changeContestVisible = endpoint({
  method: 'PUT',
  path: '/api/admin/contest/change-contest-visible',
  access: 'admin',
  input: z.object({
    cid,
    uid: qStr(),
    visible: z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.stringbool()),
  }),
  output: z.null(),
});

export const adminContestProblem = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  displayId: z.string(),
  displayTitle: z.string(),
  color: z.string().nullable(),
  auth: z.number().int(),
  type: z.number().int(),
});

/** A row of the contest's problem list as HOJ answers it: the problem (`id` is the problem's id, as in HOJ's
 * Problem entity, with its author, creation time and last editor), plus its name in the contest. */
export const adminContestProblemListItem = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  modifiedUser: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
  displayId: z.string(),
  displayTitle: z.string(),
  color: z.string().nullable(),
  auth: z.number().int(),
  type: z.number().int(),
});

/** HOJ's ContestProblem, keyed by the problem's id in `contestProblemMap`. */
export const contestProblemEntry = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  pid: z.number().int(),
  displayId: z.string(),
  displayTitle: z.string(),
  color: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});

export const getContestProblemList = endpoint({
  method: 'GET',
  path: '/api/admin/contest/get-problem-list',
  access: 'admin',
  input: z.object({ cid, ...pageQuery(10), keyword: qStr() }),
  output: z.object({
    problemList: page(adminContestProblemListItem),
    contestProblemMap: z.record(z.string(), contestProblemEntry),
  }),
});

export const getContestProblemInfo = endpoint({
  method: 'GET',
  path: '/api/admin/contest/contest-problem',
  access: 'admin',
  input: z.object({ cid, pid: wireInt(z.number().int()) }),
  output: adminContestProblem,
});

const displayId = z
  .string({ error: 'fieldRequired' })
  .trim()
  .min(1, { error: 'fieldRequired' })
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'problemIdInvalid' });

export const setContestProblemInfo = endpoint({
  method: 'PUT',
  path: '/api/admin/contest/contest-problem',
  access: 'admin',
  input: z.object({
    cid: wireInt(z.number().int()),
    pid: wireInt(z.number().int()),
    displayId,
    displayTitle: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(255),
    color: z.string().max(50).nullish(),
  }),
  output: adminContestProblem,
});

export const addContestProblemFromPublic = endpoint({
  method: 'POST',
  path: '/api/admin/contest/add-problem-from-public',
  access: 'admin',
  input: z.object({
    cid: wireInt(z.number().int()),
    pid: wireInt(z.number().int()),
    displayId,
    displayTitle: z.string().trim().max(255).nullish(),
    color: z.string().max(50).nullish(),
  }),
  output: adminContestProblem,
});

/** A contest-only problem for its edit form (HOJ's admin_getContestProblem). */
export const getContestProblem = endpoint({
  method: 'GET',
  path: '/api/admin/contest/problem',
  access: 'admin',
  input: z.object({ pid: wireInt(z.number().int()) }),
  output: adminProblem,
});

/** Creates a problem (by default contest-only, auth 3) and, given cid, adds it to that contest at once; HOJ's
 * client sends no cid and links it with set-contest-problem-info afterwards, which therefore also inserts. */
export const createContestProblem = endpoint({
  method: 'POST',
  path: '/api/admin/contest/problem',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto.extend({
    cid: wireInt(z.number().int().nullish()),
    /** The next free letter when absent. */
    displayId: displayId.nullish(),
    displayTitle: z.string().trim().max(255).nullish(),
    color: z.string().max(50).nullish(),
  }),
  output: z.object({ pid: z.number().int(), problemId: z.string(), displayId: z.string().nullable() }),
});

export const updateContestProblem = endpoint({
  method: 'PUT',
  path: '/api/admin/contest/problem',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto,
  output: z.null(),
});

export const deleteContestProblem = endpoint({
  method: 'DELETE',
  path: '/api/admin/contest/problem',
  access: 'admin',
  input: z.object({ cid, pid: wireInt(z.number().int()) }),
  output: z.null(),
});

export const getAdminContestAnnouncements = endpoint({
  method: 'GET',
  path: '/api/admin/contest/announcement',
  access: 'admin',
  input: z.object({ cid, ...pageQuery(10) }),
  output: page(contestAnnouncement),
});

const announcementBody = z.object({
  cid: wireInt(z.number().int()),
  announcement: z.object({
    id: wireInt(z.number().int().nullish()),
    title: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(255),
    content: z.string({ error: 'fieldRequired' }).min(1, { error: 'fieldRequired' }).max(65535),
  }),
});

export const createContestAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/contest/announcement',
  access: 'admin',
  input: announcementBody,
  output: contestAnnouncement,
});

export const updateContestAnnouncement = endpoint({
  method: 'PUT',
  path: '/api/admin/contest/announcement',
  access: 'admin',
  input: announcementBody,
  output: contestAnnouncement,
});

export const deleteContestAnnouncement = endpoint({
  method: 'DELETE',
  path: '/api/admin/contest/announcement',
  access: 'admin',
  input: z.object({ aid: wireInt(z.number().int()) }),
  output: z.null(),
});

/** The admin-curated "other" contests of the home page. */
export const adminOtherContest = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  source: z.string(),
  startTime: isoDate,
  endTime: isoDate,
});
export type AdminOtherContest = z.infer<typeof adminOtherContest>;

const otherContestForm = z.object({
  title: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(255),
  // Only web links: the home page renders it as one.
  url: z
    .string({ error: 'fieldRequired' })
    .trim()
    .max(1000)
    .regex(/^https?:\/\/[^\s]+$/i, { error: 'urlInvalid' }),
  source: z.string().trim().max(100).default(''),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
});

export const getOtherContestList = endpoint({
  method: 'GET',
  path: '/api/admin/contest/other-contest',
  access: 'admin',
  input: z.object({ ...pageQuery(10) }),
  output: page(adminOtherContest),
});

export const createOtherContest = endpoint({
  method: 'POST',
  path: '/api/admin/contest/other-contest',
  access: 'admin',
  input: otherContestForm,
  output: adminOtherContest,
});

export const updateOtherContest = endpoint({
  method: 'PUT',
  path: '/api/admin/contest/other-contest',
  access: 'admin',
  input: otherContestForm.extend({ id: wireInt(z.number().int()) }),
  output: adminOtherContest,
});

export const deleteOtherContest = endpoint({
  method: 'DELETE',
  path: '/api/admin/contest/other-contest',
  access: 'admin',
  input: z.object({ id: wireInt(z.number().int()) }),
  output: z.null(),
});
