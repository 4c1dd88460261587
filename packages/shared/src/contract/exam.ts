import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, wireInt } from '../api.js';

/** Exams and clarifications (decision 0055). A contest in exam mode (`examMode` on the admin contest) admits only
 * its registered users; while it runs, each participant holds one session (`examSessionPolicy`: a second login
 * `replace`s the first or is `refuse`d), reaches it only from `allowedAddresses` (CIDR; empty: anywhere) and can
 * call only the exam's endpoints (EndpointMeta.exam). Clarifications are a contest's questions and answers, for any
 * contest. */

export const EXAM_SESSION_POLICIES = ['replace', 'refuse'] as const;
export type ExamSessionPolicy = (typeof EXAM_SESSION_POLICIES)[number];

export const EXAM = {
  /** Address ranges one contest may list. */
  maxAddressRanges: 100,
  /** Characters of a question or a broadcast, and of an answer. */
  clarificationMax: 2000,
  answerMax: 5000,
  /** A participant may ask this many questions of one contest in `clarificationWindowMs` (the next is 429). */
  clarificationsPerWindow: 5,
  clarificationWindowMs: 10 * 60_000,
  /** Usernames one call may register for a contest. */
  maxParticipantsAdded: 1000,
} as const;

/** One contest question (`uid` the asker) or an admin's broadcast (`broadcast`, no asker). `username` is the
 * asker's, shown to the asker and the contest's admins only (null for everyone else). */
export const clarification = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  /** The problem it is about (its id), null for the contest as a whole. */
  pid: z.number().int().nullable(),
  /** The problem's display id and title in the contest. */
  displayId: z.string().nullable(),
  problemTitle: z.string().nullable(),
  username: z.string().nullable(),
  broadcast: z.boolean(),
  content: z.string(),
  answer: z.string().nullable(),
  /** Answered to every participant (a broadcast always is). */
  toAll: z.boolean(),
  gmtAnswered: isoDate.nullable(),
  gmtCreate: isoDate,
});
export type Clarification = z.infer<typeof clarification>;

const cid = wireInt(z.number().int());
const pid = wireInt(z.number().int().nullish());

/** A participant (or a contest admin) asks about the contest or one of its problems. */
export const askClarification = endpoint({
  method: 'POST',
  path: '/api/contest/clarification',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid,
    pid,
    content: z.string().trim().min(1, { error: 'fieldRequired' }).max(EXAM.clarificationMax),
  }),
  output: clarification,
});

/** The caller's own questions and everything answered to all, newest first; a contest admin gets every question,
 * unanswered first. */
export const getClarifications = endpoint({
  method: 'GET',
  path: '/api/contest/clarifications',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, ...pageQuery(20) }),
  output: page(clarification),
});

/** A contest admin answers a question, to its asker alone or to every participant (answering again replaces it). */
export const answerClarification = endpoint({
  method: 'PUT',
  path: '/api/contest/clarification',
  access: 'user',
  exam: 'contest',
  input: z.object({
    id: wireInt(z.number().int()),
    answer: z.string().trim().min(1, { error: 'fieldRequired' }).max(EXAM.answerMax),
    toAll: z.boolean(),
  }),
  output: clarification,
});

/** A contest admin tells every participant something unasked. */
export const broadcastClarification = endpoint({
  method: 'POST',
  path: '/api/contest/clarification-broadcast',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid,
    pid,
    content: z.string().trim().min(1, { error: 'fieldRequired' }).max(EXAM.clarificationMax),
  }),
  output: clarification,
});

/** Every clarification of a contest as CSV (contest admins). */
export const exportClarifications = endpoint({
  method: 'GET',
  path: '/api/contest/export-clarifications',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: z.unknown(),
  binary: true,
});

export const EXAM_EVENT_KINDS = [
  /** A login of a participant during the exam (the session it made holds the exam). */
  'login',
  /** The session held the exam from its first call (it was made before the exam began). */
  'bound',
  /** A newer login ended this session (policy `replace`). */
  'replaced',
  /** A login refused because another session holds the exam (policy `refuse`). */
  'refusedSession',
  /** A login or a call refused for its address. */
  'refusedAddress',
  /** A contest admin ended the session. */
  'ended',
] as const;
export type ExamEventKind = (typeof EXAM_EVENT_KINDS)[number];

export const examEvent = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: z.enum(EXAM_EVENT_KINDS),
  ip: z.string(),
  userAgent: z.string(),
  gmtCreate: isoDate,
});
export type ExamEvent = z.infer<typeof examEvent>;

export const examParticipant = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  /** A session holds the exam now. */
  active: z.boolean(),
  /** Where and since when the session that holds (or last held) the exam called from. */
  ip: z.string().nullable(),
  since: isoDate.nullable(),
});
export type ExamParticipant = z.infer<typeof examParticipant>;

/** The participants' sessions and their changes, newest first (contest admins). */
export const getExamSessions = endpoint({
  method: 'GET',
  path: '/api/contest/exam-sessions',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid }),
  output: z.object({ participants: z.array(examParticipant), events: z.array(examEvent) }),
});

/** A contest admin ends a participant's session (his next login holds the exam, under either policy). */
export const endExamSession = endpoint({
  method: 'DELETE',
  path: '/api/contest/exam-session',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, uid: z.string().min(1).max(64) }),
  output: z.null(),
});

/** A contest admin registers users for the contest by username (the way into a public exam, and a class's list
 * pasted at once into any contest): those already registered are counted, unknown names are answered back and
 * nothing is added for them. */
export const addContestParticipants = endpoint({
  method: 'POST',
  path: '/api/contest/participants',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid,
    usernames: z.array(z.string().trim().min(1).max(100)).min(1).max(EXAM.maxParticipantsAdded),
  }),
  output: z.object({ added: z.number().int(), already: z.number().int(), unknown: z.array(z.string()) }),
});

/** A contest admin takes a user's registration back (his submissions stay). */
export const removeContestParticipant = endpoint({
  method: 'DELETE',
  path: '/api/contest/participant',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid, uid: z.string().min(1).max(64) }),
  output: z.null(),
});

/** The exam the caller is taking now, if any (the web shows only its pages while it runs). */
export const getCurrentExam = endpoint({
  method: 'GET',
  path: '/api/contest/current-exam',
  access: 'public',
  exam: 'open',
  input: z.object({}),
  output: z.object({ cid: z.number().int(), title: z.string(), startTime: isoDate, endTime: isoDate }).nullable(),
});
