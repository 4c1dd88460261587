import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { JUDGE_STATUS, type LiveEventMap, live, type Submission, type UnreadCounts } from '@oj/shared';
import type { NotifyBus } from '../../db/notify-bus.js';
import { AppError } from '../../http/app-error.js';
import { type Logger, logger } from '../../lib/logger.js';
import { randomToken, sha256 } from '../../lib/password.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ContestService } from '../contest/contest.service.js';
import { boardRowJson } from '../contest/contest-board-cache.js';
import type { LiveRepository } from './live.repository.js';

const { LIVE } = live;

/** The channel the database triggers of migration 0019 and the judge's progress calls tell. */
export const LIVE_CHANNEL = 'oj_live';

/** Who hears of a clarification (decision 0055): the contest's admins (a question asked), its asker and the admins
 * (answered privately), or every stream on the contest that may see it (answered to all, broadcast). */
export type ClarificationAudience = { to: 'admins' } | { to: 'asker'; uid: string } | { to: 'all' };

/** What is told on the channel: a submission's status (`s`), judging progress (`p`), a contest's board version
 * (`b`), a new contest announcement (`a`), a clarification asked or answered (`c`), a change of someone's messages
 * (`m`, or every user's with `all`). */
type LiveNote =
  | { t: 's'; id: number; uid: string }
  | { t: 'p'; id: number; uid: string; done: number; total: number }
  | { t: 'b'; cid: number }
  | { t: 'a'; cid: number; id: number }
  | ({ t: 'c'; cid: number; id: number } & ClarificationAudience)
  | { t: 'm'; uid?: string; all?: boolean };

/** Tells every instance's streams on the contest that a clarification changed (after its write committed). */
export const publishClarification = (bus: NotifyBus, cid: number, id: number, audience: ClarificationAudience) =>
  bus.publish(LIVE_CHANNEL, { t: 'c', cid, id, ...audience } satisfies LiveNote);

interface Stream {
  id: string;
  user: AuthUser;
  sessionHash: string;
  cid: number | undefined;
  /** A group whose gradebook the stream follows (its admins'). */
  gid: number | undefined;
  out: PassThrough;
  seq: number;
  /** The board's fingerprint as this stream last saw it, and the unread counts it last got. */
  board: string | undefined;
  unread: string | undefined;
  sessionCheckAt: number;
  closed: boolean;
}

export interface LiveTiming {
  heartbeatMs: number;
  boardDebounceMs: number;
  /** How often an open stream's session is checked again (ended when logged out, expired or banned). */
  sessionCheckMs: number;
}

/** A stream whose client reads slower than events come is ended past this much buffered (it reconnects and is sent
 * the current state). */
const MAX_BUFFERED = 1 << 20;
/** Event ids are `<ms>-<n>`; a reopened stream resends what changed since that time, less this margin (clocks of
 * two instances differ a little). */
const RESUME_MARGIN_MS = 5000;

/**
 * Server-sent events (decision 0034): one stream per signed-in tab with the viewer's submissions, one
 * contest's board and announcements, one group's gradebook (its admins, decision 0052), and the unread message counts. Changes reach every instance through the
 * database's LISTEN/NOTIFY (triggers of migration 0019, the judge's progress calls); each instance tells its own
 * streams, asking the same rules the polling endpoints ask for every event (the submission as check-submissions-
 * status shows it, the contest's view access and seal, the message centre's counts).
 */
export const createLiveService = (deps: {
  repo: LiveRepository;
  bus: NotifyBus;
  sessions: { userOfTokenHash(tokenHash: string): Promise<AuthUser | null> };
  submissions: {
    checkStatusFor(requests: { ids: number[]; viewer: AuthUser }[]): Promise<Record<string, Submission>[]>;
  };
  contests: Pick<ContestService, 'load' | 'checkViewAccess' | 'realTimeRank' | 'cachedBoardRows' | 'isContestAdmin'>;
  messages: { unread(viewer: AuthUser): Promise<UnreadCounts> };
  /** The gradebook's rule (its group's admins): throws an AppError when the viewer may not follow it. */
  gradebooks: { requireAdmin(gid: number, viewer: AuthUser): Promise<unknown> };
  /** Streams open on this instance (the metrics gauge). */
  onCount?: (open: number) => void;
  now?: () => Date;
  timing?: Partial<LiveTiming>;
  /** Where the streams log (a child of the server's logger). */
  log?: Logger;
}) => {
  const { repo, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const timing: LiveTiming = {
    heartbeatMs: LIVE.heartbeatMs,
    boardDebounceMs: LIVE.boardDebounceMs,
    sessionCheckMs: 60_000,
    ...deps.timing,
  };
  const log = deps.log ?? logger.child({ module: 'live' });
  const instance = crypto.randomUUID();

  const streams = new Set<Stream>();
  const byUid = new Map<string, Set<Stream>>();
  const byContest = new Map<number, Set<Stream>>();
  const byGroup = new Map<number, Set<Stream>>();
  let unsubscribe: Promise<() => Promise<void>> | undefined;
  let stopReconnect: (() => void) | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let closed = false;

  const addTo = <K>(map: Map<K, Set<Stream>>, key: K, s: Stream) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(s);
  };
  const removeFrom = <K>(map: Map<K, Set<Stream>>, key: K, s: Stream) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(s);
    if (!set.size) map.delete(key);
  };

  const send = <K extends keyof LiveEventMap>(s: Stream, event: K, data: LiveEventMap[K]) => {
    if (s.closed) return;
    s.seq += 1;
    s.out.write(`id: ${Date.now()}-${s.seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (s.out.writableLength > MAX_BUFFERED) end(s);
  };

  const end = (s: Stream) => {
    if (s.closed) return;
    s.closed = true;
    streams.delete(s);
    removeFrom(byUid, s.user.uid, s);
    if (s.cid !== undefined) removeFrom(byContest, s.cid, s);
    if (s.gid !== undefined) removeFrom(byGroup, s.gid, s);
    s.out.end();
    deps.onCount?.(streams.size);
    // On shutdown the instance's rows go at once (close()).
    if (!closed) void repo.closeStream(s.id).catch((err) => log.error({ err }, 'cannot remove a closed stream'));
  };

  // ---- the viewer's submissions: per user, one batch at a time, each submission as it is now -------------------

  /** Submissions waiting to be told per user (the latest progress of each, and to which of the user's streams: all,
   * or only those that just opened). One round at a time tells up to ROUND users, their rows read in one query, so a
   * user's events keep their order and a burst (a rejudge of thousands) costs a few queries, not one per user. */
  type Pending = { note: LiveNote & { t: 'p' | 's' }; to: Set<Stream> | 'all' };
  const pendingSubs = new Map<string, Map<number, Pending>>();
  const ROUND = 500;
  let telling = false;

  const tellRound = async (round: [string, Map<number, Pending>][]) => {
    const asked = round.flatMap(([uid, batch]) => {
      const owners = byUid.get(uid);
      return owners?.size ? [{ uid, batch, viewer: [...owners][0].user }] : [];
    });
    if (!asked.length) return;
    // The status polling's rule decides what each viewer sees (a sealed OI result stays sealed).
    const shown = await deps.submissions.checkStatusFor(
      asked.map((a) => ({ ids: [...a.batch.keys()], viewer: a.viewer })),
    );
    for (const [k, { uid, batch }] of asked.entries()) {
      for (const [id, { note, to }] of batch) {
        const submission = shown[k][id];
        if (!submission) continue;
        const progress =
          note.t === 'p' && submission.status === JUDGE_STATUS.JUDGING
            ? { done: note.done, total: note.total }
            : undefined;
        if (note.t === 'p' && !progress) continue;
        for (const s of to === 'all' ? (byUid.get(uid) ?? []) : to) {
          send(s, 'submission', {
            submitId: id,
            status: submission.status,
            ...(progress ? { progress } : {}),
            submission,
          });
        }
      }
    }
  };

  const tellSubmissions = async () => {
    if (telling) return;
    telling = true;
    try {
      while (pendingSubs.size && !closed) {
        const round = [...pendingSubs].slice(0, ROUND);
        for (const [uid] of round) pendingSubs.delete(uid);
        await tellRound(round).catch((err) => {
          // What could not be read is not told: those streams end, and their clients reconnect with the last event
          // id and are sent the current state (rather than wait for an event that will not come).
          log.error({ err }, 'cannot tell submissions');
          for (const [uid, batch] of round) {
            for (const { to } of batch.values()) {
              for (const s of [...(to === 'all' ? (byUid.get(uid) ?? []) : to)]) end(s);
            }
          }
        });
      }
    } finally {
      telling = false;
    }
  };

  /** Queues a submission to tell its owner's streams (`only`: one stream that just opened). */
  const queueSubmission = (note: LiveNote & { t: 'p' | 's' }, only?: Stream) => {
    if (!byUid.has(note.uid)) return;
    let batch = pendingSubs.get(note.uid);
    if (!batch) {
      batch = new Map();
      pendingSubs.set(note.uid, batch);
    }
    const before = batch.get(note.id);
    const to: Pending['to'] = !only || before?.to === 'all' ? 'all' : new Set([...(before?.to ?? []), only]);
    // A status change outranks progress of the same submission queued before it; later progress replaces it.
    batch.set(note.id, { note: before?.note.t === 's' && note.t === 'p' ? before.note : note, to });
    void tellSubmissions();
  };

  // ---- contests: the board as each viewer sees it, announcements ---------------------------------------------

  /** What the viewer may see of the contest now: its row and whether their board is sealed; null when refused. */
  const contestView = async (cid: number, user: AuthUser) => {
    try {
      const c = await deps.contests.load(cid, user);
      await deps.contests.checkViewAccess(c, user);
      return { c, sealed: !deps.contests.realTimeRank(c, user) };
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  };

  const fingerprint = async (c: Awaited<ReturnType<ContestService['load']>>, sealed: boolean) => {
    const hash = crypto.createHash('sha1');
    hash.update(sealed ? 'sealed' : 'real');
    for (const row of await deps.contests.cachedBoardRows(c, sealed)) hash.update(boardRowJson(row));
    return hash.digest('base64');
  };

  /** Tells each stream watching the contest whose board, as they see it, changed; streams that lost the right to
   * see the contest stop watching it. */
  const checkBoard = async (cid: number) => {
    const watching = [...(byContest.get(cid) ?? [])];
    const views = new Map<string, Promise<Awaited<ReturnType<typeof contestView>>>>();
    const prints = new Map<boolean, Promise<string>>();
    for (const s of watching) {
      let view = views.get(s.user.uid);
      if (!view) {
        view = contestView(cid, s.user);
        views.set(s.user.uid, view);
      }
      const seen = await view;
      if (s.closed) continue;
      if (!seen) {
        removeFrom(byContest, cid, s);
        s.cid = undefined;
        continue;
      }
      let print = prints.get(seen.sealed);
      if (!print) {
        print = fingerprint(seen.c, seen.sealed);
        prints.set(seen.sealed, print);
      }
      const fp = await print;
      if (s.board !== fp) {
        const first = s.board === undefined;
        s.board = fp;
        if (!first) send(s, 'board', { cid });
      }
    }
  };

  /** At most one board check per contest per `boardDebounceMs`: the first change at once, the rest after. */
  const boardTimers = new Map<number, { last: number; timer?: NodeJS.Timeout }>();
  const scheduleBoard = (cid: number) => {
    if (!byContest.has(cid)) return;
    let t = boardTimers.get(cid);
    if (!t) {
      t = { last: 0 };
      boardTimers.set(cid, t);
    }
    if (t.timer) return;
    const entry = t;
    const wait = Math.max(0, entry.last + timing.boardDebounceMs - Date.now());
    entry.timer = setTimeout(() => {
      entry.last = Date.now();
      checkBoard(cid)
        .catch((err) => log.error({ err }, `cannot check the board of contest ${cid}`))
        .finally(() => {
          entry.timer = undefined;
          if (!byContest.has(cid)) boardTimers.delete(cid);
        });
    }, wait);
    entry.timer.unref?.();
  };

  const tellAnnouncement = async (cid: number, id: number) => {
    for (const s of [...(byContest.get(cid) ?? [])]) {
      if (await contestView(cid, s.user)) send(s, 'announcement', { cid, id });
    }
  };

  /** Whether a stream's viewer hears of a clarification: one who may see the contest now, and for a question not
   * answered to all its admins (and, answered privately, its asker); `view` caches the rule per viewer. */
  const hearsClarification = async (
    s: Stream,
    audience: ClarificationAudience,
    view: (user: AuthUser) => ReturnType<typeof contestView>,
  ) => {
    const seen = await view(s.user);
    if (!seen) return false;
    if (audience.to === 'all' || (audience.to === 'asker' && s.user.uid === audience.uid)) return true;
    return deps.contests.isContestAdmin(seen.c, s.user);
  };

  const tellClarification = async (cid: number, id: number, audience: ClarificationAudience) => {
    const views = new Map<string, ReturnType<typeof contestView>>();
    const view = (user: AuthUser) => {
      let v = views.get(user.uid);
      if (!v) {
        v = contestView(cid, user);
        views.set(user.uid, v);
      }
      return v;
    };
    for (const s of [...(byContest.get(cid) ?? [])]) {
      if (await hearsClarification(s, audience, view)) send(s, 'clarification', { cid, id });
    }
  };

  // ---- gradebooks: a verdict in one of the group's assignments -------------------------------------------------

  /** Submissions whose status changed while some stream follows a gradebook, told together at most every
   * boardDebounceMs: one query finds their groups. */
  const gradebookIds = new Set<number>();
  let gradebookTimer: NodeJS.Timeout | undefined;
  const tellGradebooks = async () => {
    const ids = [...gradebookIds];
    gradebookIds.clear();
    if (!ids.length || !byGroup.size) return;
    for (const gid of await repo.groupsOfSubmissions(ids)) {
      for (const s of [...(byGroup.get(gid) ?? [])]) send(s, 'gradebook', { gid });
    }
  };
  const queueGradebook = (id: number) => {
    if (!byGroup.size) return;
    gradebookIds.add(id);
    if (gradebookTimer) return;
    gradebookTimer = setTimeout(() => {
      gradebookTimer = undefined;
      tellGradebooks().catch((err) => log.error({ err }, 'cannot tell gradebooks'));
    }, timing.boardDebounceMs);
    gradebookTimer.unref?.();
  };

  /** Whether the viewer may follow the group's gradebook now. */
  const followsGradebook = async (gid: number, user: AuthUser) => {
    try {
      await deps.gradebooks.requireAdmin(gid, user);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  };

  // ---- unread message counts ---------------------------------------------------------------------------------

  const tellUnread = async (targets: Stream[]) => {
    const counts = new Map<string, Promise<UnreadCounts>>();
    for (const s of targets) {
      let c = counts.get(s.user.uid);
      if (!c) {
        c = deps.messages.unread(s.user);
        counts.set(s.user.uid, c);
      }
      const value = await c;
      const key = JSON.stringify(value);
      if (s.unread === key) continue;
      s.unread = key;
      send(s, 'unread', value);
    }
  };

  // ---- the channel -------------------------------------------------------------------------------------------

  const onNote = (payload: unknown) => {
    const note = payload as LiveNote;
    if (!note || typeof note !== 'object') return;
    const failed = (what: string) => (err: unknown) => log.error({ err }, `cannot tell ${what}`);
    switch (note.t) {
      case 's':
        queueSubmission(note);
        queueGradebook(note.id);
        break;
      case 'p':
        queueSubmission(note);
        break;
      case 'b':
        scheduleBoard(note.cid);
        break;
      case 'a':
        if (byContest.has(note.cid)) void tellAnnouncement(note.cid, note.id).catch(failed('an announcement'));
        break;
      case 'c': {
        const { cid, id } = note;
        if (byContest.has(cid)) void tellClarification(cid, id, note).catch(failed('a clarification'));
        break;
      }
      case 'm': {
        const targets = note.all ? [...streams] : [...(note.uid ? (byUid.get(note.uid) ?? []) : [])];
        if (targets.length) void tellUnread(targets).catch(failed('unread counts'));
        break;
      }
    }
  };

  const heartbeat = () => {
    for (const s of [...streams]) {
      if (s.closed) continue;
      // A named event, not a comment: the client's watchdog must see it (EventSource hides comments).
      s.out.write('event: ping\ndata: {}\n\n');
      if (s.out.writableLength > MAX_BUFFERED) end(s);
    }
  };

  const tick = async () => {
    const at = now();
    await repo.touchStreams(instance, at);
    // Logged out, expired or banned since: the stream ends (the client's next ticket is refused).
    for (const s of [...streams]) {
      if (s.closed || s.sessionCheckAt > at.getTime()) continue;
      s.sessionCheckAt = at.getTime() + timing.sessionCheckMs;
      const user = await deps.sessions.userOfTokenHash(s.sessionHash);
      if (!user) end(s);
      else s.user = user;
      // No longer one of the group's admins: the stream stops following its gradebook.
      if (user && s.gid !== undefined && !(await followsGradebook(s.gid, user))) {
        removeFrom(byGroup, s.gid, s);
        s.gid = undefined;
      }
    }
    // A board can change without a write (the seal lifted at the end): watched boards are checked every tick too.
    for (const cid of [...byContest.keys()]) scheduleBoard(cid);
  };

  const start = async () => {
    // The instance listened again after losing its listening connection (PostgreSQL): what changed meanwhile was not
    // heard, so every stream ends; its client reconnects with the last event id and is sent what changed since.
    stopReconnect ??= bus.onReconnect(() => {
      log.warn(`the listening connection came back: ending ${streams.size} streams so their clients resume`);
      for (const s of [...streams]) end(s);
    });
    unsubscribe ??= bus.subscribe(LIVE_CHANNEL, onNote);
    try {
      await unsubscribe;
    } catch (err) {
      // Not listening (the database is unreachable): the next stream tries again.
      unsubscribe = undefined;
      throw err;
    }
    if (!ticker) {
      let ticking = false;
      ticker = setInterval(() => {
        heartbeat();
        // A slow tick (thousands of session checks) is not overlapped by the next one.
        if (ticking) return;
        ticking = true;
        tick()
          .catch((err) => log.error({ err }, 'heartbeat failed'))
          .finally(() => {
            ticking = false;
          });
      }, timing.heartbeatMs);
      ticker.unref();
    }
  };

  const resumeTime = (lastEventId: string | undefined) => {
    const ms = Number(/^(\d{1,15})-\d+$/.exec(lastEventId ?? '')?.[1]);
    return Number.isFinite(ms) && ms > 0 ? new Date(ms - RESUME_MARGIN_MS) : undefined;
  };

  return {
    instance,
    /** Read when the first stream opens (tests shorten it before). */
    timing,

    /** A ticket for one stream of this session, good for LIVE.ticketTtlMs. */
    async ticket(token: string) {
      const ticket = randomToken();
      const at = now();
      await repo.purgeTickets(at);
      await repo.insertTicket(sha256(ticket), sha256(token), new Date(at.getTime() + LIVE.ticketTtlMs));
      return { ticket, expiresInMs: LIVE.ticketTtlMs };
    },

    /** Opens a stream: the caller is the header's session, or the ticket's (used up); refused before anything is
     * sent (406 without Accept: text/event-stream, 401, the contest's refusal, 429 past the per-user limit). */
    async open(input: {
      accept: string | undefined;
      user: AuthUser | undefined;
      token: string | undefined;
      ticket: string | undefined;
      cid: number | undefined;
      gid?: number | undefined;
      lastEventId: string | undefined;
      signal: AbortSignal;
    }): Promise<Readable> {
      if (!input.accept?.includes('text/event-stream')) throw new AppError(400, 'eventStreamOnly');
      let user = input.user;
      let sessionHash = input.user && input.token ? sha256(input.token) : undefined;
      if (!user && input.ticket) {
        sessionHash = await repo.takeTicket(sha256(input.ticket), now());
        user = sessionHash ? ((await deps.sessions.userOfTokenHash(sessionHash)) ?? undefined) : undefined;
        if (!user) throw new AppError(401, 'ticketInvalid');
      }
      if (!user || !sessionHash) throw new AppError(401, 'pleaseLogin');
      // Refused as the contest's rank is refused.
      let view: Awaited<ReturnType<typeof contestView>> = null;
      if (input.cid !== undefined) {
        const c = await deps.contests.load(input.cid, user);
        await deps.contests.checkViewAccess(c, user);
        view = { c, sealed: !deps.contests.realTimeRank(c, user) };
      }
      // Refused as the gradebook is refused.
      if (input.gid !== undefined) await deps.gradebooks.requireAdmin(input.gid, user);
      await start();
      const id = crypto.randomUUID();
      if (!(await repo.openStream({ id, uid: user.uid, instance }, LIVE.streamsPerUser, now()))) {
        throw new AppError(429, 'tooManyStreams');
      }
      const s: Stream = {
        id,
        user,
        sessionHash,
        cid: input.cid,
        gid: input.gid,
        out: new PassThrough(),
        seq: 0,
        board: undefined,
        unread: undefined,
        sessionCheckAt: Date.now() + timing.sessionCheckMs,
        closed: false,
      };
      streams.add(s);
      addTo(byUid, user.uid, s);
      if (input.cid !== undefined) addTo(byContest, input.cid, s);
      if (input.gid !== undefined) addTo(byGroup, input.gid, s);
      deps.onCount?.(streams.size);
      input.signal.addEventListener('abort', () => end(s), { once: true });
      s.out.write(`retry: 3000\n: ${instance}\n\n`);
      if (input.signal.aborted) end(s);

      // What a (re)opened stream is sent at once: the unread counts, the viewer's submissions in progress (and,
      // after a reconnect, those changed since its last event), the board and announcements it may have missed.
      const since = resumeTime(input.lastEventId ?? undefined);
      const at = user;
      void (async () => {
        await tellUnread([s]);
        for (const submitId of await repo.submissionsToResend(at.uid, since)) {
          queueSubmission({ t: 's', id: submitId, uid: at.uid }, s);
        }
        if (view && input.cid !== undefined) {
          s.board = await fingerprint(view.c, view.sealed);
          if (since) {
            send(s, 'board', { cid: input.cid });
            for (const announcement of await repo.announcementsSince(input.cid, since)) {
              send(s, 'announcement', { cid: input.cid, id: announcement });
            }
            // The clarifications it may see that changed meanwhile: an admin's all, others' own and those to all.
            const admin = deps.contests.isContestAdmin(view.c, at);
            for (const c of await repo.clarificationsSince(input.cid, since)) {
              if (admin || c.toAll === 1 || c.uid === at.uid) send(s, 'clarification', { cid: input.cid, id: c.id });
            }
          }
        }
      })().catch((err) => log.error({ err }, 'cannot send the opening state'));
      return s.out;
    },

    /** A judge's per-case progress, told to the submission's owner (when it is the worker's current attempt). */
    async progress(name: string, taskId: number, attempt: number, done: number, total: number) {
      const task = await repo.judgingTask(name, taskId, attempt);
      if (!task) return false;
      await bus.publish(LIVE_CHANNEL, {
        t: 'p',
        id: task.submitId,
        uid: task.uid,
        done: Math.min(done, total),
        total,
      } satisfies LiveNote);
      return true;
    },

    /** Streams open on this instance. */
    openCount: () => streams.size,

    /** Ends every stream (server shutdown: their clients reconnect to another instance) and stops listening. */
    async close() {
      closed = true;
      if (ticker) clearInterval(ticker);
      ticker = undefined;
      for (const t of boardTimers.values()) if (t.timer) clearTimeout(t.timer);
      boardTimers.clear();
      if (gradebookTimer) clearTimeout(gradebookTimer);
      gradebookTimer = undefined;
      for (const s of [...streams]) end(s);
      stopReconnect?.();
      stopReconnect = undefined;
      const stop = await unsubscribe?.catch(() => undefined);
      unsubscribe = undefined;
      await stop?.().catch(() => {});
      await repo.closeInstance(instance).catch(() => {});
    },
  };
};
export type LiveService = ReturnType<typeof createLiveService>;
