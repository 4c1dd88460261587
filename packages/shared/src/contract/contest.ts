import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, qInt, qStr, wireInt } from '../api.js';
import { announcement } from './home.js';
import { languageLimits, problem, problemCount } from './problem.js';
import { submission } from './submission.js';

/** Contests, their problems, submissions, scoreboards and announcements (HOJ's contest rules). */

/** Scoreboards allow pages of up to 300 rows (other lists 100). */
export const SCOREBOARD_MAX_PAGE = 300;

export const CONTEST_STATUS = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export const CONTEST_TYPE = { ACM: 0, OI: 1 } as const;
export const CONTEST_AUTH = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;

/** HOJ's ContestVO; `now` is the server time the client's clock starts from. */
export const contest = z.object({
  id: z.number().int(),
  author: z.string(),
  title: z.string(),
  type: z.number().int(),
  description: z.string(),
  status: z.number().int(),
  source: z.number().int(),
  auth: z.number().int(),
  now: isoDate,
  startTime: isoDate,
  endTime: isoDate,
  /** Seconds. */
  duration: z.number().int(),
  sealRank: z.boolean(),
  openPrint: z.boolean(),
  sealRankTime: isoDate.nullable(),
  /** As the viewer sees the board: `username` for a visitor who is not signed in where the contest hides real
   * names from visitors (decision 0043). */
  rankShowName: z.string(),
  hideRealNameFromVisitors: z.boolean(),
  openRank: z.boolean(),
  oiRankScoreType: z.string(),
  count: z.number().int(),
  gid: z.number().int().nullable(),
  allowEndSubmit: z.boolean(),
  /** Once ended, a user may take it again under his own clock (`POST /api/contest/virtual`). */
  allowVirtual: z.boolean(),
  /** An exam (decision 0055): only its registered users take part, and while it runs they see nothing else. */
  examMode: z.boolean(),
  /** The awards the board hands out (HOJ's ContestVO): 0 none, 1 a percentage, 2 a number of people per tier. */
  awardType: z.number().int(),
  awardConfigList: z.array(
    z.object({
      priority: z.number().int(),
      name: z.string(),
      background: z.string(),
      color: z.string(),
      num: z.number().int(),
    }),
  ),
});
export type Contest = z.infer<typeof contest>;

const cid = wireInt(z.number().int());

export const getContestList = endpoint({
  method: 'GET',
  path: '/api/get-contest-list',
  access: 'public',
  input: z.object({
    ...pageQuery(10),
    status: qInt(),
    type: qInt(),
    keyword: qStr().pipe(z.string().max(100).optional()),
  }),
  output: page(contest),
});

export const getContestInfo = endpoint({
  method: 'GET',
  path: '/api/get-contest-info',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: contest,
});

export const registerContest = endpoint({
  method: 'POST',
  path: '/api/register-contest',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid: wireInt(z.number().int()),
    /** A public contest needs none (HOJ's client may send ""); a private or protected one answers
     * contestPasswordRequired without it. */
    password: z.string().max(100).nullish(),
  }),
  output: z.null(),
});

export const getContestAccess = endpoint({
  method: 'GET',
  path: '/api/get-contest-access',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: z.object({
    access: z.boolean(),
    /** Why not, as the message key the contest's calls refuse with (HOJ's client reads `access` only):
     * `contestAccountLimit` when the contest's account rule leaves the caller out (registering cannot help),
     * `contestNoAccess` when the caller has not registered (`examRegistrationRequired` for an exam, which only its
     * admins or its password register him for, decision 0055). Null with access. */
    refusal: z.enum(['contestNoAccess', 'contestAccountLimit', 'examRegistrationRequired']).nullable(),
  }),
});

/** ContestProblemVO; ac and total are null (question marks) without the real-time rank permission. */
export const contestProblem = z.object({
  id: z.number().int(),
  displayId: z.string(),
  cid: z.number().int(),
  pid: z.number().int(),
  displayTitle: z.string(),
  color: z.string().nullable(),
  ac: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** The problem's full score: what an accepted solution scores on an OI board, the green of its cells (an ACM-type
   * problem's too, 100 unless set otherwise). */
  ioScore: z.number().int(),
});
export type ContestProblem = z.infer<typeof contestProblem>;

export const getContestProblem = endpoint({
  method: 'GET',
  path: '/api/get-contest-problem',
  access: 'public',
  exam: 'contest',
  input: z.object({ cid, containsEnd: qBool() }),
  output: z.array(contestProblem),
});

export const getContestProblemDetails = endpoint({
  method: 'GET',
  path: '/api/get-contest-problem-details',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, displayId: qStr().pipe(z.string().min(1).max(100)), containsEnd: qBool() }),
  output: z.object({
    problem,
    tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() })),
    languages: z.array(z.string()),
    codeTemplate: z.record(z.string(), z.string()),
    /** The limits the judge applies for each of `languages`, as the bank's problem page has them. */
    languageLimits,
    /** HOJ's ProblemCountVO over the contest's submissions: admins' left out, cut at the seal for who sees it
     * sealed (the client reads `problemCount.total`). */
    problemCount,
    /** For OI contests without the real-time rank: a submission exists (the client asks before overwriting). */
    hasSubmitted: z.boolean(),
  }),
});

export const getContestSubmissions = endpoint({
  method: 'GET',
  path: '/api/contest-submissions',
  access: 'user',
  exam: 'contest',
  input: z.object({
    ...pageQuery(30),
    contestID: cid,
    onlyMine: qBool(),
    problemID: qStr().pipe(z.string().max(100).optional()),
    status: qInt(),
    username: qStr().pipe(z.string().max(100).optional()),
    beforeContestSubmit: qBool(),
    completeProblemID: qBool(),
    containsEnd: qBool(),
  }),
  output: page(submission),
});

const acmProblemInfo = z.object({
  isAC: z.boolean(),
  isFirstAC: z.boolean(),
  /** Seconds since the start. */
  ACTime: z.number().int().nullable(),
  errorNum: z.number().int(),
  /** Tries whose result is not shown (judging, or during the seal). */
  tryNum: z.number().int(),
});

const rankIdentity = {
  rank: z.number().int(),
  isWinAward: z.boolean(),
  awardName: z.string().nullable(),
  awardBackground: z.string().nullable(),
  awardColor: z.string().nullable(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The participant's current contest rating (decision 0046), null for none: boards colour names by its band. */
  rating: z.number().int().nullable(),
  /** A virtual participant's row (absent on a live participant's). */
  virtual: z.boolean().optional(),
};

export const acmContestRankRow = z.object({
  ...rankIdentity,
  ac: z.number().int(),
  total: z.number().int(),
  /** Seconds (20 minutes = 1200 s per rejected try before the AC). */
  totalTime: z.number().int(),
  submissionInfo: z.record(z.string(), acmProblemInfo),
});
export type AcmContestRankRow = z.infer<typeof acmContestRankRow>;

export const oiContestRankRow = z.object({
  ...rankIdentity,
  totalScore: z.number().int(),
  /** Run time in ms. */
  totalTime: z.number().int(),
  submissionInfo: z.record(z.string(), z.number().int()),
  timeInfo: z.record(z.string(), z.number().int()),
});
export type OiContestRankRow = z.infer<typeof oiContestRankRow>;

const rankInput = z.object({
  cid: wireInt(z.number().int()),
  currentPage: wireInt(z.number().int().min(1).default(1)),
  limit: wireInt(z.number().int().min(1).max(SCOREBOARD_MAX_PAGE).default(50)),
  forceRefresh: z.boolean().nullish(),
  removeStar: z.boolean().nullish(),
  keyword: z.string().max(100).nullish(),
  containsEnd: z.boolean().nullish(),
  concernedList: z.array(z.string().max(64)).max(SCOREBOARD_MAX_PAGE).nullish(),
  externalCidList: z.array(wireInt(z.number().int())).nullish(),
  /** An ended contest's board with its virtual participants' rows (each user's latest run, one who took part live
   * only by his live row). */
  showVirtual: z.boolean().nullish(),
});

const rankPage = z.object({
  records: z.array(z.union([acmContestRankRow, oiContestRankRow])),
  /** Rows pinned on top (the viewer, followed users) are not counted in `total`. */
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
});

export const getContestRank = endpoint({
  method: 'POST',
  path: '/api/get-contest-rank',
  access: 'user',
  exam: 'contest',
  input: rankInput,
  output: rankPage,
});

export const getContestOutsideInfo = endpoint({
  method: 'GET',
  path: '/api/get-contest-outsize-info',
  access: 'public',
  exam: 'contest',
  input: z.object({ cid }),
  output: z.object({ contest, problemList: z.array(contestProblem) }),
});

export const getContestOutsideScoreboard = endpoint({
  method: 'POST',
  path: '/api/get-contest-outside-scoreboard',
  access: 'public',
  exam: 'contest',
  input: rankInput,
  output: rankPage,
});

/** A contest announcement has the shape of a site announcement (HOJ's AnnouncementVO). */
export const contestAnnouncement = announcement;
export type ContestAnnouncement = z.infer<typeof contestAnnouncement>;

export const getContestAnnouncement = endpoint({
  method: 'GET',
  path: '/api/get-contest-announcement',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, ...pageQuery(5) }),
  output: page(contestAnnouncement),
});

export const getContestNotReadAnnouncement = endpoint({
  method: 'POST',
  path: '/api/get-contest-not-read-announcement',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid: wireInt(z.number().int()),
    readAnnouncementList: z.array(wireInt(z.number().int())).max(1000).nullish(),
  }),
  output: z.array(contestAnnouncement),
});

export const getRecentContest = endpoint({
  method: 'GET',
  path: '/api/get-recent-contest',
  access: 'public',
  input: z.object({}),
  output: z.array(contest),
});

export const otherContest = z.object({
  title: z.string(),
  url: z.string(),
  source: z.string(),
  beginTime: isoDate,
  endTime: isoDate,
});

export const getRecentOtherContest = endpoint({
  method: 'GET',
  path: '/api/get-recent-other-contest',
  access: 'public',
  input: z.object({}),
  output: z.array(otherContest),
});

/** A user's virtual participation in an ended contest: his own clock from `startTime` for the contest's duration.
 * `live`: he also took part in the contest itself. */
export const virtualRun = z.object({
  cid: z.number().int(),
  startTime: isoDate,
  endTime: isoDate,
  live: z.boolean(),
  /** His clock is running now (else the run has ended). */
  running: z.boolean(),
});
export type VirtualRun = z.infer<typeof virtualRun>;

/** Starts a virtual participation now (an ended contest the caller may see, whose admins allow it): while it runs
 * the contest is running for him, his submissions are judged as a virtual participant's (never on the real board or
 * in any statistic) and his board is the real one replayed at his elapsed time. While a run goes on, starting again
 * answers it; after it ended a new run replaces it. */
export const startVirtual = endpoint({
  method: 'POST',
  path: '/api/contest/virtual',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: virtualRun,
});

/** The caller's latest virtual participation in a contest, null for none. */
export const getVirtual = endpoint({
  method: 'GET',
  path: '/api/contest/virtual',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: virtualRun.nullable(),
});
