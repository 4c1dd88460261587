import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, wireInt } from '../api.js';

/** What contest staff use on the day (the contest admin pages and contest print):
 * printing, AC info (balloons), rejudging a contest problem, the scroll board and the downloads. Paths and
 * bodies are HOJ's, so HOJ's client works unchanged. */

export const PRINT_LIMITS = {
  minChars: 50,
  maxChars: 65_535,
  /** One print per user per this many seconds (429 beyond). */
  cooldownS: 30,
} as const;

const cid = wireInt(z.number().int());
const id = wireInt(z.number().int());

export const submitPrintText = endpoint({
  method: 'POST',
  path: '/api/submit-print-text',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid: wireInt(z.number().int()),
    content: z
      .string({ error: 'contentEmpty' })
      .refine((s) => s.trim().length > 0, { error: 'contentEmpty' })
      .refine((s) => s.length >= PRINT_LIMITS.minChars, { error: 'printTooShort' })
      .refine((s) => s.length <= PRINT_LIMITS.maxChars, { error: 'printTooLong' }),
  }),
  output: z.null(),
});

/** HOJ's ContestPrint without its content (the list never carries it; download-contest-print-text does). */
export const contestPrint = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  username: z.string(),
  realname: z.string().nullable(),
  /** 0 waiting, 1 printed. */
  status: z.number().int(),
  /** Characters of the text. */
  length: z.number().int(),
  gmtCreate: isoDate,
});
export type ContestPrint = z.infer<typeof contestPrint>;

/** Contest admins see every print, waiting ones first then newest first; a participant sees their own. */
export const getContestPrint = endpoint({
  method: 'GET',
  path: '/api/get-contest-print',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, ...pageQuery(15) }),
  output: page(contestPrint),
});

export const checkContestPrintStatus = endpoint({
  method: 'PUT',
  path: '/api/check-contest-print-status',
  access: 'user',
  exam: 'contest',
  input: z.object({ id, cid }),
  output: z.null(),
});

/** The text as a UTF-8 .txt attachment: contest admins, and the participant who sent it. */
export const downloadContestPrintText = endpoint({
  method: 'GET',
  path: '/api/file/download-contest-print-text',
  access: 'user',
  input: z.object({ id }),
  output: z.unknown(),
  binary: true,
});

/** Each user's first AC per contest problem (a balloon to deliver). `id` is that submission's id. */
export const contestAcInfo = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  pid: z.number().int(),
  displayId: z.string(),
  /** The balloon colour of the problem. */
  color: z.string().nullable(),
  submitId: z.number().int(),
  submitTime: isoDate,
  /** Seconds since the start. */
  time: z.number().int(),
  /** The first AC of this problem in the contest (star users and contest admins never take it). */
  firstBlood: z.boolean(),
  checked: z.boolean(),
});
export type ContestAcInfo = z.infer<typeof contestAcInfo>;

/** Contest admins of ACM contests: unchecked first, then newest first (10 s refresh, 20 a page). */
export const getContestAcInfo = endpoint({
  method: 'GET',
  path: '/api/get-contest-ac-info',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, ...pageQuery(20) }),
  output: page(contestAcInfo),
});

export const checkContestAcInfo = endpoint({
  method: 'PUT',
  path: '/api/check-contest-ac-info',
  access: 'user',
  exam: 'contest',
  input: z.object({
    id,
    cid,
    checked: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
  }),
  output: z.null(),
});

/** Every submission of one contest problem back to the queue (super admin with the rejudge permission). Each
 * gets a new judgement version, so a late report of the old judgement is ignored; the board follows by trigger. */
export const rejudgeContestProblem = endpoint({
  method: 'GET',
  path: '/api/admin/judge/rejudge-contest-problem',
  access: 'root',
  permission: 'rejudge',
  input: z.object({ cid, pid: wireInt(z.number().int()) }),
  /** HOJ answers Void; ours says how many submissions went back to the queue. */
  output: z.object({ count: z.number().int() }),
});

/** The scroll board (ICPC award ceremony) of an ACM contest: contest admins at any time; anyone else only once
 * the contest has ended and its open outside scoreboard shows real-time results (nothing sealed leaks). */
export const getContestScrollBoardInfo = endpoint({
  method: 'GET',
  path: '/api/get-contest-scroll-board-info',
  access: 'public',
  exam: 'contest',
  input: z.object({ cid }),
  output: z.object({
    id: z.number().int(),
    title: z.string(),
    rankShowName: z.string(),
    problemCount: z.number().int(),
    /** displayId → balloon colour. */
    balloonColor: z.record(z.string(), z.string()),
    problemList: z.array(z.object({ displayId: z.string(), displayTitle: z.string(), color: z.string().nullable() })),
    startTime: isoDate,
    endTime: isoDate,
    /** The seal; null when the contest is not sealed (the roll then reveals nothing). */
    sealRankTime: isoDate.nullable(),
    starUserList: z.array(z.string()),
  }),
});

export const scrollBoardSubmission = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  school: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.string().nullable(),
  submitId: z.number().int(),
  status: z.number().int(),
  submitTime: isoDate,
  displayId: z.string(),
});
export type ScrollBoardSubmission = z.infer<typeof scrollBoardSubmission>;

/** Every submission made during the contest (contest admins excluded), oldest first. */
export const getContestScrollBoardSubmission = endpoint({
  method: 'GET',
  path: '/api/get-contest-scroll-board-submission',
  access: 'public',
  exam: 'contest',
  input: z.object({ cid, removeStar: qBool() }),
  output: z.array(scrollBoardSubmission),
});

/** The scoreboard as the viewer may see it, as an xlsx workbook (HOJ's path and parameters). */
export const downloadRankList = endpoint({
  method: 'GET',
  path: '/api/download-rank-list',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, forceRefresh: qBool(), removeStar: qBool(), containEnd: qBool() }),
  output: z.unknown(),
  binary: true,
});

/** The same workbook at the path HOJ's own client's download button calls (its rank pages). */
export const downloadContestRank = endpoint({
  ...downloadRankList,
  path: '/api/file/download-contest-rank',
});

/** Contest admins: the accepted code (OI: the scoring submission) as a zip, one folder per user or per problem. */
export const downloadContestAcSubmission = endpoint({
  method: 'GET',
  path: '/api/file/download-contest-ac-submission',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid,
    excludeAdmin: qBool(),
    splitType: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.enum(['user', 'problem']).default('user'),
    ),
  }),
  output: z.unknown(),
  binary: true,
});
