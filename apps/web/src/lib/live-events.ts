import { type LiveEventMap, live } from '@oj/shared';
import { useEffect, useRef } from 'react';
import { api } from './api';
import { createStore, type Store, useStore } from './create-store';

/** Reconnect waits: 1 s, doubling up to 30 s, back to 1 s once a stream is open. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];

type Handler<K extends keyof LiveEventMap> = (data: LiveEventMap[K]) => void;

export interface LiveClient {
  /** Whether a stream is open now: pages poll at their usual intervals only while it is not. */
  up: Store<boolean>;
  /** The contest the open stream carries (undefined: none, or the stream is down). */
  contest: Store<number | undefined>;
  /** The group whose gradebook the open stream carries (undefined: none, or the stream is down). */
  group: Store<number | undefined>;
  /** Opens the stream for a signed-in user (null: closes it). */
  setSignedIn(signedIn: boolean): void;
  /** The contest whose board, announcements and clarifications the stream carries (one per tab; the last page that
   * asked wins). */
  watchContest(cid: number | undefined): void;
  /** The group whose gradebook the stream carries (one per tab; the last page that asked wins). */
  watchGroup(gid: number | undefined): void;
  on<K extends keyof LiveEventMap>(event: K, handler: Handler<K>): () => void;
  /** Calls `handler` each time a stream opens. The server tells a stream only what changes after it opened (and what
   * a Last-Event-ID says was missed): a page waiting for a change reads it once more here, which closes the window
   * between its last read and the stream's start (the first stream of a tab has no Last-Event-ID). */
  onOpen(handler: () => void): () => void;
  /** Hands an event to the handlers, as the stream does (tests use it too). */
  deliver<K extends keyof LiveEventMap>(event: K, data: LiveEventMap[K]): void;
  close(): void;
}

/** The one event stream of this tab (decision 0034): a single-use ticket from POST /api/events/ticket (the
 * session token never goes into a URL), an EventSource on GET /api/events, and a reconnect with backoff and the
 * last event id when it breaks (a new ticket each time, so EventSource's own retry, which would reuse the used
 * ticket, is not relied on), or when it falls silent: the server pings every LIVE.heartbeatMs, and a stream that
 * says nothing for LIVE.silenceMs is taken for a connection dropped without a close. */
export const createLiveClient = (deps: {
  ticket: () => Promise<string>;
  open: (url: string) => EventSource;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}): LiveClient => {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const up = createStore(false);
  const contest = createStore<number | undefined>(undefined);
  const group = createStore<number | undefined>(undefined);
  /** A contest (or group) the server refused twice before the stream opened: the stream goes on without it (its
   * pages poll). */
  let refusedCid: number | undefined;
  let refusedGid: number | undefined;
  let failuresWithCid = 0;
  const handlers = new Map<string, Set<(data: never) => void>>();
  const openHandlers = new Set<() => void>();
  let source: EventSource | null = null;
  let signedIn = false;
  let cid: number | undefined;
  let gid: number | undefined;
  let lastEventId: string | undefined;
  let attempt = 0;
  let timer: unknown = null;
  /** Fires when the open stream has been silent for LIVE.silenceMs. */
  let watchdog: unknown = null;
  /** Bumped by every (re)connect and close: a ticket that arrives for an older one is dropped. */
  let generation = 0;

  const dispatch = (event: string, heard: () => void) => (e: MessageEvent<string>) => {
    heard();
    if (e.lastEventId) lastEventId = e.lastEventId;
    let data: never;
    try {
      data = JSON.parse(e.data) as never;
    } catch {
      return;
    }
    deliver(event, data);
  };
  const deliver = (event: string, data: unknown) => {
    for (const h of [...(handlers.get(event) ?? [])]) h(data as never);
  };

  const stop = () => {
    generation += 1;
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (watchdog !== null) clearTimer(watchdog);
    watchdog = null;
    source?.close();
    source = null;
    up.set(false);
    contest.set(undefined);
    group.set(undefined);
  };

  const retryLater = () => {
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt += 1;
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, wait);
  };

  const connect = async () => {
    stop();
    if (!signedIn) return;
    const mine = generation;
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch {
      if (mine === generation) retryLater();
      return;
    }
    if (mine !== generation) return;
    const query = new URLSearchParams({ ticket });
    const carried = cid !== refusedCid ? cid : undefined;
    if (carried !== undefined) query.set('cid', String(carried));
    const carriedGid = gid !== refusedGid ? gid : undefined;
    if (carriedGid !== undefined) query.set('gid', String(carriedGid));
    if (lastEventId) query.set('lastEventId', lastEventId);
    const es = deps.open(`${live.events.path}?${query}`);
    source = es;
    let opened = false;
    /** The stream broke or fell silent: down at once (pages poll), opened again after a wait. */
    const broken = () => {
      // Closed here: the browser's own retry would present the used ticket again.
      stop();
      if (!opened && (carried !== undefined || carriedGid !== undefined) && ++failuresWithCid >= 2) {
        if (carried !== undefined) refusedCid = carried;
        if (carriedGid !== undefined) refusedGid = carriedGid;
        failuresWithCid = 0;
        void connect();
        return;
      }
      retryLater();
    };
    /** The stream spoke (opened, an event, a ping), or was just made: its silence is counted from now. */
    const heard = () => {
      if (watchdog !== null) clearTimer(watchdog);
      watchdog = setTimer(() => {
        watchdog = null;
        if (source === es) broken();
      }, live.LIVE.silenceMs);
    };
    heard();
    es.onopen = () => {
      heard();
      opened = true;
      attempt = 0;
      failuresWithCid = 0;
      up.set(true);
      contest.set(carried);
      group.set(carriedGid);
      for (const h of [...openHandlers]) h();
    };
    es.onerror = () => {
      if (source === es) broken();
    };
    for (const event of ['submission', 'board', 'announcement', 'clarification', 'unread', 'gradebook'] as const) {
      es.addEventListener(event, dispatch(event, heard) as EventListener);
    }
    es.addEventListener('ping', heard);
  };

  return {
    up,
    contest,
    group,
    setSignedIn(next) {
      if (next === signedIn) return;
      signedIn = next;
      lastEventId = undefined;
      attempt = 0;
      if (next) void connect();
      else stop();
    },
    watchContest(next) {
      if (next === cid) return;
      cid = next;
      if (next !== refusedCid) refusedCid = undefined;
      failuresWithCid = 0;
      attempt = 0;
      if (signedIn) void connect();
    },
    watchGroup(next) {
      if (next === gid) return;
      gid = next;
      if (next !== refusedGid) refusedGid = undefined;
      failuresWithCid = 0;
      attempt = 0;
      if (signedIn) void connect();
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as (data: never) => void);
      return () => set.delete(handler as (data: never) => void);
    },
    onOpen(handler) {
      openHandlers.add(handler);
      return () => openHandlers.delete(handler);
    },
    deliver,
    close() {
      signedIn = false;
      stop();
    },
  };
};

/** The app's stream (no EventSource in a test without one: the pages then poll at their usual intervals). */
export const liveClient = createLiveClient({
  ticket: async () => (await api.call(live.eventTicket, {}, { silent: true })).ticket,
  open: (url) => new EventSource(url),
});

/** Per-case progress of the viewer's submissions being judged, by submit id ("case 7/20"). */
export const liveProgress = createStore<Record<number, { done: number; total: number }>>({});

/** Whether the live stream is open (false: poll at the usual intervals). */
export const useLiveUp = () => useStore(liveClient.up);

/** Whether the open stream carries this contest's board and announcements (false: poll at the usual intervals). */
export const useLiveContestUp = (cid: number) => useStore(liveClient.contest) === cid;

/** Calls `handler` with every event of the kind while the component is mounted. */
export const useLiveEvent = <K extends keyof LiveEventMap>(event: K, handler: Handler<K>) => {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => liveClient.on(event, (data) => ref.current(data)), [event]);
};

/** Calls `handler` each time the tab's stream opens while the component is mounted (see LiveClient.onOpen). */
export const useLiveOpen = (handler: () => void) => {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => liveClient.onOpen(() => ref.current()), []);
};

/** While mounted, the stream carries this contest's board and announcements. */
export const useLiveContest = (cid: number | undefined) => {
  useEffect(() => {
    liveClient.watchContest(cid);
    return () => liveClient.watchContest(undefined);
  }, [cid]);
};

/** Whether the open stream carries this group's gradebook (false: poll at the usual intervals). */
export const useLiveGroupUp = (gid: number) => useStore(liveClient.group) === gid;

/** While mounted, the stream carries this group's gradebook. */
export const useLiveGroup = (gid: number | undefined) => {
  useEffect(() => {
    liveClient.watchGroup(gid);
    return () => liveClient.watchGroup(undefined);
  }, [gid]);
};
