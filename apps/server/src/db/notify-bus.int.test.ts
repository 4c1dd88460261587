import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../test/harness.js';

/** Resolves with the next `count` payloads a handler receives (or rejects after `ms`). */
const collect = (count: number, ms = 5000) => {
  const got: unknown[] = [];
  let done: (v: unknown[]) => void = () => {};
  const promise = new Promise<unknown[]>((resolve, reject) => {
    done = resolve;
    setTimeout(() => reject(new Error(`got ${JSON.stringify(got)} of ${count} messages`)), ms).unref();
  });
  return {
    handler: (payload: unknown) => {
      got.push(payload);
      if (got.length === count) done(got);
    },
    promise,
    got,
  };
};

describe.each(DB_KINDS)('notify bus on %s', (kind) => {
  it('delivers a JSON payload to every subscriber, the publishing instance included, until it unsubscribes', async () => {
    const { a, b } = await openInstances(kind);
    const onA = collect(2);
    const onB = collect(2);
    const stopA = await a.bus.subscribe('oj_test_channel', onA.handler);
    const stopB = await b.bus.subscribe('oj_test_channel', onB.handler);
    await a.bus.publish('oj_test_channel', { submitId: 7, status: 5 });
    await b.bus.publish('oj_test_channel', 'plain');
    expect(await onA.promise).toEqual([{ submitId: 7, status: 5 }, 'plain']);
    expect(await onB.promise).toEqual([{ submitId: 7, status: 5 }, 'plain']);

    await stopA();
    const after = collect(1);
    await b.bus.subscribe('oj_test_channel', after.handler);
    await a.bus.publish('oj_test_channel', 3);
    expect(await after.promise).toEqual([3]);
    expect(onA.got).toHaveLength(2);
    await stopB();
  });

  it('refuses a payload of 8000 bytes or more, as PostgreSQL does, and delivers one just under it', async () => {
    const { a } = await openInstances(kind);
    const got = collect(1);
    const stop = await a.bus.subscribe('oj_test_big', got.handler);
    // JSON.stringify adds the two quotes.
    await expect(a.bus.publish('oj_test_big', 'x'.repeat(7998))).rejects.toThrow(/payload string too long/);
    await a.bus.publish('oj_test_big', 'y'.repeat(7997));
    expect(await got.promise).toEqual(['y'.repeat(7997)]);
    await stop();
  });

  it('subscribes and unsubscribes many channels at once: one LISTEN or UNLISTEN at a time, each channel heard once while it has subscribers', async () => {
    const { a, b } = await openInstances(kind);
    // Every query sent on the listening connection while another is still on its way (what pg warns about:
    // "client.query() when the client is already executing a query").
    const overlapping: string[] = [];
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    type Inner = pg.Client & {
      _activeQuery: unknown;
      _queryQueue: unknown[];
      connectionParameters: { application_name?: string };
    };
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: Inner, ...args: unknown[]) {
      if (
        this.connectionParameters?.application_name === 'oj-notify' &&
        (this._activeQuery || this._queryQueue.length)
      ) {
        overlapping.push(String(args[0]));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const channels = Array.from({ length: 24 }, (_, i) => `oj_churn_${i}`);
      const heard = new Map<string, unknown[]>();
      const handlerOf = (key: string) => {
        heard.set(key, []);
        return (payload: unknown) => heard.get(key)?.push(payload);
      };
      // All at once, on a bus whose listening connection is not open yet.
      const first = await Promise.all(channels.map((c) => b.bus.subscribe(c, handlerOf(`${c}/1`))));
      // Then at once: the even channels lose their only handler, the odd ones get a second, and every third channel
      // loses its handler and gets a new one in the same moment.
      const second: (() => Promise<void>)[] = [];
      await Promise.all(
        channels.flatMap((c, i) => {
          if (i % 3 === 0)
            return [first[i](), b.bus.subscribe(c, handlerOf(`${c}/3`)).then((stop) => second.push(stop))];
          if (i % 2 === 0) return [first[i]()];
          return [b.bus.subscribe(c, handlerOf(`${c}/2`)).then((stop) => second.push(stop))];
        }),
      );
      for (const c of channels) await a.bus.publish(c, c);
      const expected = new Map<string, unknown[]>();
      for (const [i, c] of channels.entries()) {
        expected.set(`${c}/1`, i % 3 !== 0 && i % 2 !== 0 ? [c] : []);
        if (i % 3 === 0) expected.set(`${c}/3`, [c]);
        else if (i % 2 !== 0) expected.set(`${c}/2`, [c]);
      }
      await expect.poll(() => Object.fromEntries(heard), { timeout: 5000 }).toEqual(Object.fromEntries(expected));
      // Nothing more comes (each channel listened to once, none of the unsubscribed ones delivered).
      await new Promise((r) => setTimeout(r, 200));
      expect(Object.fromEntries(heard)).toEqual(Object.fromEntries(expected));
      for (const stop of [...first.filter((_, i) => i % 3 !== 0 && i % 2 !== 0), ...second]) await stop();
      await a.bus.publish(channels[1], 'after');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.get(`${channels[1]}/1`)).toEqual([channels[1]]);
    } finally {
      pg.Client.prototype.query = query;
      process.off('warning', onWarning);
    }
    expect(overlapping).toEqual([]);
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    const { a } = await openInstances(kind);
    await expect(a.bus.subscribe('x"; DROP TABLE users; --', () => {})).rejects.toThrow(/invalid notify channel/);
    await expect(a.bus.publish('Bad-Name', 1)).rejects.toThrow(/invalid notify channel/);
  });

  // PGlite is in the process: there is no connection to lose.
  if (kind === 'postgres')
    it('listens again after its connection is killed', async () => {
      const { a, b, url } = await openInstances(kind);
      let reconnects = 0;
      b.bus.onReconnect(() => {
        reconnects += 1;
      });
      const first = collect(1);
      await b.bus.subscribe('oj_test_reconnect', first.handler);
      await a.bus.publish('oj_test_reconnect', 1);
      await first.promise;

      // Kill the listening connections of this test's database (both instances': a's only publishes through its pool).
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'oj-notify' AND datname = $1`,
        [new URL(url ?? '').pathname.slice(1)],
      );
      await admin.end();
      expect(rowCount).toBe(1);

      const second = collect(1, 10_000);
      await b.bus.subscribe('oj_test_reconnect', second.handler);
      // Publish until the reopened connection hears it.
      const deadline = Date.now() + 8000;
      while (second.got.length === 0 && Date.now() < deadline) {
        await a.bus.publish('oj_test_reconnect', 2);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await second.promise).toEqual([2]);
      // Told once that messages may have been missed while it was down.
      expect(reconnects).toBe(1);
    });
});
