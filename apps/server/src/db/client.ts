import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { logger } from '../lib/logger.js';
import { type NotifyBus, pgliteNotifyBus, postgresNotifyBus } from './notify-bus.js';
import { withPreparedStatements } from './pglite-prepared.js';
import { startPgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database. Where a step may also run on its own, its `tx` is `Tx | undefined` and never left
 * out, so a step meant for the caller's transaction cannot run beside it by omission (on PGlite's one connection that
 * would wait for ever). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A query asked by nearly every request, built once per database (and prepared once per connection by the
 * driver): `preparedQuery(build)` answers the same prepared query for the same `db` every time. */
export const preparedQuery = <Q>(build: (db: Db) => Q) => {
  const built = new WeakMap<Db, Q>();
  return (db: Db): Q => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
};

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves once the database is open with every migration applied, or rejects with why it cannot be. Only a data
   * directory's embedded database is handed out before (its statements wait for it); every other is open when
   * handed out. */
  opened: Promise<void>;
  /** LISTEN/NOTIFY between the server instances sharing this database. */
  bus: NotifyBus;
  /** Runs `fn` while no other instance starting on this database runs its own (first-start seeding): a PostgreSQL
   * advisory lock, the one the migrations take too. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const log = logger.child({ module: 'db' });

/** The advisory lock key of migrations and first-start seeding ("OJST"): two servers starting at once on an empty
 * database migrate and seed it once. */
export const START_LOCK_KEY = 0x4f4a5354;

/** Holds the start lock on one pooled connection while `fn` runs (on any connection of the pool). */
const withStartLock = async <T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    // A connection whose unlock failed is discarded, so the session (and its lock) ends.
    client.release(broken ?? false);
  }
};

/** How many migrations this build has (drizzle's journal). */
let journalCount: number | undefined;
const journalEntries = () =>
  (journalCount ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.length);
/** Whether every migration of this build is applied to `db` (readiness: a newer build may have migrated further,
 * never less). */
export const migrationsApplied = async (db: Db) => {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(list[0]?.n ?? 0) >= journalEntries();
};

/** Extensions the migrations create (PostgreSQL ships them; PGlite loads them explicitly). */
const extensions = { pg_trgm };

const migrationsFolder = path.join(REPO_ROOT, 'apps/server/drizzle');

/** PostgreSQL when a URL is given, else PGlite under `<dataDir>/pgdata` (or in memory for tests). No statement runs
 * before the migrations are applied: PostgreSQL and an in-memory PGlite are handed out migrated, a data directory's
 * PGlite at once, opening on its thread (`opened`). */
export const openDatabase = async (opts: {
  url?: string;
  dataDir?: string | 'memory';
  /** For an in-memory PGlite: a data directory dumped by PGlite's dumpDataDir to start from (the tests' migrated
   * template, which skips the cluster's creation). It must hold every migration, as the tests' does (named after a
   * hash of the migrations, test/global-setup.ts): none are run on it. Its bytes, an uncompressed tarball. */
  template?: Uint8Array;
}): Promise<Database> => {
  if (opts.url) {
    // PostgreSQL's driver (and the network and TLS modules it loads, about 70 ms of a start) only when it is used.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, a dropped database) must not take the
    // process down: the pool replaces it on the next query.
    pool.on('error', (err) => log.error(`idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await withStartLock(pool, () => migratePg(drizzlePg(pool), { migrationsFolder }));
    const bus = postgresNotifyBus(pool, opts.url);
    return {
      db,
      kind: 'postgres',
      opened: Promise.resolve(),
      bus,
      exclusive: (fn) => withStartLock(pool, fn),
      close: async () => {
        await bus.close();
        await pool.end();
      },
    };
  }
  if (!opts.dataDir || opts.dataDir === 'memory') {
    // A test's or a bench's database: small shared buffers (PGlite's 128 MB took half of its start, about 0.6 s).
    const client = await PGlite.create({
      extensions,
      loadDataDir: opts.template && new TarBlob(opts.template),
      postgresqlconf: 'shared_buffers=16MB',
    });
    if (!opts.template) await migratePglite(drizzlePglite(client), { migrationsFolder });
    return pgliteDatabase(client, withPreparedStatements(client));
  }
  // A data directory's cluster: on a thread of its own (db/pglite-thread.ts), which opens and migrates it while the
  // caller goes on; statements wait there for it.
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = startPgliteThread({ dir, migrationsFolder });
  return pgliteDatabase(client, client, client.opened);
};

/** A tarball PGlite reads whole: Node's Blob hands a big one over through its stream, chunk by chunk (0.6 s for the
 * tests' 45 MB template), so its bytes are handed over at once (a copy: PGlite may keep what it is given). */
class TarBlob extends Blob {
  constructor(private readonly tar: Uint8Array) {
    super([], { type: 'application/x-tar' });
  }
  override async arrayBuffer() {
    return this.tar.slice().buffer;
  }
}

/** `client` the database itself (its notifications, its close), `statements` what drizzle runs statements on. */
const pgliteDatabase = (client: PGlite, statements: PGlite, opened: Promise<void> = Promise.resolve()): Database => {
  const bus = pgliteNotifyBus(client);
  const db = drizzlePglite(statements, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    opened,
    bus,
    // One process owns an embedded database (the data-dir lock): nobody to exclude.
    exclusive: (fn) => fn(),
    close: async () => {
      await bus.close();
      await client.close();
    },
  };
};
