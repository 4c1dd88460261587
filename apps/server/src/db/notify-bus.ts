import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { logger } from '../lib/logger.js';

const log = logger.child({ module: 'notify' });

/** What one server instance tells the others (and itself): PostgreSQL LISTEN/NOTIFY, so every instance on one
 * database hears every message, its own included (decision 0035). Messages are small JSON values
 * (PostgreSQL caps a payload at 8000 bytes), sent at once (publish after the change commits). Delivery is at most once and only to instances listening at that moment: a listener that must not miss
 * a change (a judge's long poll, a browser's stream) pairs the message with a look at the database. */
export interface NotifyBus {
  /** Sends `payload` on `channel` to every listening instance. */
  publish(channel: string, payload?: unknown): Promise<void>;
  /** Calls `handler` with every payload published on `channel` from now on; answers the unsubscribe function. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  /** Calls `listener` when the instance listens again after losing its listening connection: what was published
   * meanwhile was not heard, so a listener that must not miss a change looks at the database (or has its clients
   * look). Answers the function that stops telling it. Never called for the embedded database. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Channel names are plain identifiers (they are quoted into LISTEN, which takes no parameters). */
const channelName = (channel: string) => {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notify channel: ${channel}`);
  return channel;
};

const parse = (text: string | undefined): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Handlers per channel, shared by both implementations. */
class Subscribers {
  private readonly byChannel = new Map<string, Set<(payload: unknown) => void>>();
  channels() {
    return [...this.byChannel.keys()];
  }
  has(channel: string) {
    return this.byChannel.has(channel);
  }
  add(channel: string, handler: (payload: unknown) => void) {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(handler);
  }
  /** Removes a handler; answers whether the channel has none left. */
  remove(channel: string, handler: (payload: unknown) => void) {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size) return false;
    this.byChannel.delete(channel);
    return true;
  }
  deliver(channel: string, text: string | undefined) {
    const set = this.byChannel.get(channel);
    if (!set) return;
    const payload = parse(text);
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (err) {
        log.error(`handler of ${channel} failed: ${(err as Error).message}`);
      }
    }
  }
}

/** PostgreSQL's cap on a NOTIFY payload: it must be shorter than this many bytes. */
const MAX_PAYLOAD_BYTES = 8000;

const encode = (payload: unknown) => (payload === undefined ? '' : JSON.stringify(payload));

/** The embedded database: one process, PGlite's own LISTEN/NOTIFY. Listening and unlistening go one at a time, as on
 * a PostgreSQL server (see below): a channel is listened to once, and only while it has subscribers. */
export const pgliteNotifyBus = (client: PGlite): NotifyBus => {
  const subscribers = new Subscribers();
  /** The channels PGlite listens to now, with the function that stops it. */
  const listening = new Map<string, () => Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  const sync = (): Promise<void> => {
    const step = chain.then(async () => {
      for (const channel of subscribers.channels()) {
        if (listening.has(channel)) continue;
        listening.set(channel, await client.listen(channel, (text) => subscribers.deliver(channel, text)));
      }
      for (const [channel, stop] of [...listening]) {
        if (subscribers.has(channel)) continue;
        listening.delete(channel);
        await stop();
      }
    });
    chain = step.catch(() => {});
    return step;
  };
  return {
    // What the process publishes is delivered here, in the order it was published, without a statement through the
    // database: one process owns an embedded database, so nobody else listens (each message was a statement in
    // PGlite's one queue, a judging's progress among them). NOTIFYs inside transactions and the database's own
    // triggers still come through LISTEN. PostgreSQL's payload limit holds here too, so what works embedded works on
    // a server.
    async publish(channel, payload) {
      const text = encode(payload);
      channelName(channel);
      if (Buffer.byteLength(text) >= MAX_PAYLOAD_BYTES) throw new Error('payload string too long');
      subscribers.deliver(channel, text);
    },
    async subscribe(channel, handler) {
      channelName(channel);
      subscribers.add(channel, handler);
      await sync();
      return async () => {
        if (subscribers.remove(channel, handler)) await sync().catch(() => {});
      };
    },
    // In the process: no connection to lose.
    onReconnect: () => () => {},
    async close() {
      await chain;
      listening.clear();
    },
  };
};

/** A PostgreSQL server: one dedicated connection listens (a pooled one would lose its LISTENs); publishing goes
 * through the pool. A lost connection is reopened with a growing delay and listens again to every channel; then
 * `onReconnect` listeners are told, since what was published meanwhile was not heard.
 *
 * LISTEN and UNLISTEN go one at a time (a promise chain): each step brings the connection's channels to the
 * subscribers' channels of that moment. pg warns about a query sent while another runs (pg@9 refuses it), and
 * overlapping subscribes and unsubscribes of one channel would otherwise leave it listened to or not by chance. */
export const postgresNotifyBus = (pool: pg.Pool, connectionString: string): NotifyBus => {
  const subscribers = new Subscribers();
  const reconnectListeners = new Set<() => void>();
  let listener: pg.Client | null = null;
  /** The channels the listening connection listens to now. */
  let listening = new Set<string>();
  /** The last LISTEN/UNLISTEN step; the next one waits for it. */
  let chain: Promise<void> = Promise.resolve();
  /** A connection was lost: the next one to listen tells `onReconnect` listeners. */
  let missed = false;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  /** Opens the listening connection (only ever called from a step of the chain, so never twice at once). */
  const connect = async (): Promise<pg.Client> => {
    // Loaded with the pool by openDatabase (db/client.ts), so this import is at once.
    const { default: pgDriver } = await import('pg');
    if (listener) return listener;
    if (closed) throw new Error('notify bus closed');
    const client = new pgDriver.Client({ connectionString, application_name: 'oj-notify' });
    client.on('notification', (msg) => subscribers.deliver(msg.channel, msg.payload));
    const lost = (why: string) => {
      if (listener !== client) return;
      listener = null;
      listening = new Set();
      if (closed) return;
      missed = true;
      log.error(`listening connection lost: ${why}`);
      void client.end().catch(() => {});
      reconnectLater();
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('ended'));
    try {
      await client.connect();
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      throw new Error('notify bus closed');
    }
    listener = client;
    listening = new Set();
    return client;
  };

  /** Queues a step that makes the connection listen to exactly the subscribed channels. */
  const sync = (): Promise<void> => {
    const step = chain.then(async () => {
      const client = await connect();
      const had = listening;
      for (const channel of subscribers.channels()) {
        if (had.has(channel)) continue;
        await client.query(`LISTEN "${channelName(channel)}"`);
        had.add(channel);
      }
      for (const channel of [...had]) {
        if (subscribers.has(channel)) continue;
        await client.query(`UNLISTEN "${channelName(channel)}"`);
        had.delete(channel);
      }
      retryMs = 100;
      if (missed && listener === client) {
        missed = false;
        for (const l of [...reconnectListeners]) {
          try {
            l();
          } catch (err) {
            log.error(`reconnect listener failed: ${(err as Error).message}`);
          }
        }
      }
    });
    chain = step.catch(() => {});
    return step;
  };

  const reconnectLater = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || listener) return;
      sync().catch((err) => {
        log.error(`reconnect failed: ${(err as Error).message}`);
        retryMs = Math.min(retryMs * 2, 5000);
        reconnectLater();
      });
    }, retryMs);
    retryTimer.unref();
  };

  return {
    async publish(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), encode(payload)]);
    },
    async subscribe(channel, handler) {
      channelName(channel);
      subscribers.add(channel, handler);
      // Resolves once the connection listens to the channel: every message published after this is heard.
      await sync();
      return async () => {
        if (subscribers.remove(channel, handler) && !closed) await sync().catch(() => {});
      };
    },
    onReconnect(l) {
      reconnectListeners.add(l);
      return () => {
        reconnectListeners.delete(l);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      // A step on its way finishes first (it cannot open a new connection now).
      await chain;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
};
