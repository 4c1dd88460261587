import { z } from 'zod';
import { endpoint, qInt, qStr } from '../api.js';
import type { LiveGradebookEvent } from './gradebook.js';
import type { UnreadCounts } from './message.js';
import type { Submission } from './submission.js';

/** Live updates (decision 0034): one server-sent event stream per signed-in browser tab, fanned out between server
 * instances through PostgreSQL LISTEN/NOTIFY. Polling (2 s submissions, 30 s scoreboard, 60 s announcements and
 * unread counts) stays the fallback while the stream is down. */

export const LIVE = {
  /** A ticket opens one stream, within this time. */
  ticketTtlMs: 30_000,
  /** Streams one user may hold open at once, over every server instance (the next is 429). */
  streamsPerUser: 5,
  /** A `ping` event this often keeps proxies from closing an idle stream and tells the client the stream lives. */
  heartbeatMs: 15_000,
  /** A client that hears nothing on its stream this long (two heartbeats missed) takes it for dead and opens a new
   * one: a connection dropped without a close (a NAT or proxy that forgot it) looks open to EventSource. */
  silenceMs: 35_000,
  /** At most one scoreboard event per contest this often. */
  boardDebounceMs: 1000,
  /** The judge tells per-case progress of a task at most this often. */
  progressMinMs: 200,
} as const;

/** A single-use ticket for `GET /api/events?ticket=` (EventSource cannot send the Authorization header; the session
 * token never goes into a URL). */
export const eventTicket = endpoint({
  method: 'POST',
  path: '/api/events/ticket',
  access: 'user',
  exam: 'open',
  input: z.object({}),
  output: z.object({ ticket: z.string(), expiresInMs: z.number().int() }),
});

/** The event stream (text/event-stream; the request must accept it, else 400). Signed in by the Authorization header
 * or a ticket; `cid` adds one contest's scoreboard and announcements (refused as the contest's rank is: 401, 403,
 * 404); `gid` adds a group's gradebook (its admins only: 401, 403, 404 as the gradebook refuses), whose event
 * `gradebook` (LiveGradebookEvent) tells that a verdict in one of its assignments changed; `lastEventId` is the Last-Event-ID header for clients that open a new stream themselves. Events (`event:`
 * name, `id:` ordered per stream, `data:` JSON): `submission` (LiveSubmissionEvent), `board` and `announcement`
 * (LiveContestEvent), `unread` (UnreadCounts); `ping` (no id, `data: {}`) every LIVE.heartbeatMs. */
export const events = endpoint({
  method: 'GET',
  path: '/api/events',
  access: 'public',
  exam: 'open',
  input: z.object({ ticket: qStr(), cid: qInt(), gid: qInt(), lastEventId: qStr() }),
  output: z.unknown(),
  binary: true,
  produces: 'text/event-stream',
});

/** One of the viewer's submissions moved (pending → compiling → judging → a verdict), or the judge finished another
 * case: `status` in our status codes, the submission as the status polling would show it to the viewer, and while
 * judging how many cases are done ("case 7/20"). */
export interface LiveSubmissionEvent {
  submitId: number;
  status: number;
  progress?: { done: number; total: number };
  submission: Submission;
}

/** The contest's scoreboard changed as the viewer sees it (sealed boards only when their sealed view changed), or a
 * new announcement (`id`) was posted: the page asks the ordinary endpoints again. */
export interface LiveContestEvent {
  cid: number;
  id?: number;
}

export type LiveEventMap = {
  submission: LiveSubmissionEvent;
  board: LiveContestEvent;
  announcement: LiveContestEvent;
  /** A clarification (`id`) the viewer may now see was asked, answered or broadcast (decision 0055). */
  clarification: LiveContestEvent;
  unread: UnreadCounts;
  gradebook: LiveGradebookEvent;
};
