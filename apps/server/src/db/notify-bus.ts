import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What one server instance tells the others (and itself): PostgreSQL LISTEN/NOTIFY, so every instance on one
 * database hears every message, its own included (DESIGN §8 "Many instances"). Messages are small JSON values
 * (PostgreSQL caps a payload at 8000 bytes), sent at once (publish after the change commits). Delivery is at most once and only to instances listening at that moment: a listener that must not miss
 * a change (a judge's long poll, a browser's stream) pairs the message with a look at the database. */
export interface NotifyBus {
  /** Sends `payload` on `channel` to every listening instance. */
  publish(channel: string, payload?: unknown): Promise<void>;
  /** Calls `handler` with every payload published on `channel` from now on; answers the unsubscribe function. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
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
  /** Adds a handler; answers whether it is the channel's first. */
  add(channel: string, handler: (payload: unknown) => void) {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(handler);
    return first;
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
        console.error(`[notify] handler of ${channel} failed: ${(err as Error).message}`);
      }
    }
  }
}

const encode = (payload: unknown) => (payload === undefined ? '' : JSON.stringify(payload));

/** The embedded database: one process, PGlite's own LISTEN/NOTIFY. */
export const pgliteNotifyBus = (client: PGlite): NotifyBus => {
  const subscribers = new Subscribers();
  const unlisten = new Map<string, () => Promise<void>>();
  return {
    async publish(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channelName(channel), encode(payload)]);
    },
    async subscribe(channel, handler) {
      channelName(channel);
      if (subscribers.add(channel, handler)) {
        unlisten.set(channel, await client.listen(channel, (text) => subscribers.deliver(channel, text)));
      }
      return async () => {
        if (subscribers.remove(channel, handler)) {
          const stop = unlisten.get(channel);
          unlisten.delete(channel);
          await stop?.();
        }
      };
    },
    async close() {
      unlisten.clear();
    },
  };
};

/** A PostgreSQL server: one dedicated connection listens (a pooled one would lose its LISTENs); publishing goes
 * through the pool. A lost connection is reopened with a growing delay and listens again to every channel. */
export const postgresNotifyBus = (pool: pg.Pool, connectionString: string): NotifyBus => {
  const subscribers = new Subscribers();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 100;

  const connect = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    if (!connecting) {
      connecting = (async () => {
        const client = new pg.Client({ connectionString, application_name: 'oj-notify' });
        client.on('notification', (msg) => subscribers.deliver(msg.channel, msg.payload));
        const lost = (why: string) => {
          if (listener !== client) return;
          listener = null;
          if (!closed) console.error(`[notify] listening connection lost: ${why}`);
          void client.end().catch(() => {});
          reconnectLater();
        };
        client.on('error', (err) => lost(err.message));
        client.on('end', () => lost('ended'));
        try {
          await client.connect();
          for (const channel of subscribers.channels()) await client.query(`LISTEN "${channelName(channel)}"`);
        } catch (err) {
          void client.end().catch(() => {});
          throw err;
        } finally {
          connecting = null;
        }
        if (closed) {
          await client.end().catch(() => {});
          throw new Error('notify bus closed');
        }
        listener = client;
        retryMs = 100;
        return client;
      })();
    }
    return connecting;
  };

  const reconnectLater = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed || listener) return;
      connect().catch((err) => {
        console.error(`[notify] reconnect failed: ${(err as Error).message}`);
        retryMs = Math.min(retryMs * 2, 5000);
        reconnectLater();
      });
    }, retryMs).unref();
  };

  return {
    async publish(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), encode(payload)]);
    },
    async subscribe(channel, handler) {
      channelName(channel);
      if (subscribers.add(channel, handler)) {
        const client = await connect();
        // connect() listens to every channel it knows when it opens; a connection that was already open learns the
        // new one here.
        await client.query(`LISTEN "${channel}"`);
      }
      return async () => {
        if (subscribers.remove(channel, handler) && listener) {
          await listener.query(`UNLISTEN "${channel}"`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      const client = listener ?? (await connecting?.catch(() => null)) ?? null;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
};
