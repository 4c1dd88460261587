import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsApplied, openDatabase } from './client.js';
import { siteConfig } from './schema.js';

const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

/** A data directory's embedded database runs on a thread of its own (db/pglite-thread.ts); the server sees the same
 * database it saw with PGlite in the process. */
describe('the embedded database on its thread', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pglite-thread-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The first statement waits for the cluster's creation (a first start): 25 s of a busy 2-core machine in CI.
  it('is handed out while it opens; a statement waits for the open and the migrations', async () => {
    // Asked at once, before `opened`: answered once every migration is applied.
    expect(await migrationsApplied(database.db)).toBe(true);
    await expect(database.opened).resolves.toBeUndefined();
  }, 120_000);

  it('reads and writes through drizzle as PGlite does: timestamps as dates, jsonb as values', async () => {
    const before = Date.now();
    await database.db.insert(siteConfig).values({ key: 'thread-test', value: { a: [1, 2] } });
    const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'thread-test'));
    expect(row.value).toEqual({ a: [1, 2] });
    expect(row.gmtModified).toBeInstanceOf(Date);
    expect(Math.abs(row.gmtModified.getTime() - before)).toBeLessThan(60_000);
    // Dates, timestamps and intervals reach drizzle as PostgreSQL's text, which it reads itself.
    const [raw] = rows(
      await database.db.execute(
        sql`SELECT '2000-01-02 03:04:05'::timestamp AS t, '2000-01-02'::date AS d, '1 day'::interval AS i`,
      ),
    );
    expect(raw).toEqual({ t: '2000-01-02 03:04:05', d: '2000-01-02', i: '1 day' });
  });

  it("gives a failed statement's PostgreSQL fields to the caller, and changes nothing", async () => {
    const err = await database.db
      .insert(siteConfig)
      .values({ key: 'thread-test', value: 2 })
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
      );
    expect(err?.cause?.code).toBe('23505');
    expect(err?.cause?.constraint).toBe('site_config_pkey');
    const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'thread-test'));
    expect(row.value).toEqual({ a: [1, 2] });
  });

  it('commits a transaction that ends, rolls back one that throws and a savepoint that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(siteConfig).values({ key: 'thread-kept', value: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(siteConfig).values({ key: 'thread-inner', value: 1 });
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(siteConfig).values({ key: 'thread-lost', value: 1 });
        throw new Error('fails');
      }),
    ).rejects.toThrow('fails');
    const keys = rows(
      await database.db.execute(sql`SELECT key FROM site_config WHERE key LIKE 'thread-%' ORDER BY key`),
    ).map((r) => r.key);
    expect(keys).toEqual(['thread-kept', 'thread-test']);
  });

  it('runs a statement from outside an open transaction after it, as PGlite does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.update(siteConfig).set({ value: 'in-tx' }).where(eq(siteConfig.key, 'thread-kept'));
      await held;
      order.push('committed');
    });
    // Give the transaction time to begin, then read from outside it.
    await new Promise((r) => setTimeout(r, 50));
    const outside = database.db
      .select()
      .from(siteConfig)
      .where(eq(siteConfig.key, 'thread-kept'))
      .then(([row]) => order.push(`read ${JSON.stringify(row.value)}`));
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['committed', 'read "in-tx"']);
  });

  it('hands a notification to its listener before the statement that sent it answers', async () => {
    const heard: unknown[] = [];
    const stop = await database.bus.subscribe('thread_test', (payload) => heard.push(payload));
    await database.db.execute(sql`SELECT pg_notify('thread_test', '{"n":1}')`);
    expect(heard).toEqual([{ n: 1 }]);
    await stop();
    await database.db.execute(sql`SELECT pg_notify('thread_test', '{"n":2}')`);
    expect(heard).toEqual([{ n: 1 }]);
  });

  it('keeps what was written when it is closed and opened again', async () => {
    await database.close();
    database = await openDatabase({ dataDir });
    const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'thread-kept'));
    expect(row.value).toBe('in-tx');
  }, 60_000);
});

describe('a data directory the embedded database cannot open', () => {
  it('fails its open and every statement with the reason, and leaves nothing waiting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pglite-thread-bad-'));
    try {
      // A cluster of a PostgreSQL version PGlite does not run.
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata/PG_VERSION'), '9\n');
      const database = await openDatabase({ dataDir });
      const statement = database.db.execute(sql`SELECT 1`);
      await expect(database.opened).rejects.toThrow();
      await expect(statement).rejects.toThrow();
      await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
      await database.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
