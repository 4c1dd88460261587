import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../bootstrap.js';
import { REPO_ROOT } from '../config.js';
import { createServices } from '../services.js';
import { type Database, openDatabase } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

/** Two servers starting at once on an empty PostgreSQL database (decision 0035): one migrates and seeds
 * it, the other waits for the start lock and finds it done. PGlite is embedded: one process, nothing to race. */
describe.skipIf(!adminUrl)('two servers starting at once on an empty database', () => {
  const name = `oj_start_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('migrate it once and seed it once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-start-'));
    dirs.push(dataDir);

    const start = async () => {
      const database = await openDatabase({ url: url.toString() });
      opened.push(database);
      const services = createServices(database.db, { dataDir, bus: database.bus });
      return database.exclusive(() =>
        bootstrap(services, { rootPassword: 'root-pass-123', samplesDir: path.join(REPO_ROOT, 'samples/problems') }),
      );
    };
    const results = await Promise.all([start(), start()]);

    // The samples were imported by exactly one of them, and the problems exist once.
    const imports = results.map((r) => r.importedSamples.length);
    expect(imports.filter((n) => n > 0)).toHaveLength(1);
    const db = opened[0].db;
    const [{ problems }] = rows(await db.execute(sql`SELECT count(*)::int AS problems FROM problems`));
    expect(problems).toBe(Math.max(...imports));
    const [{ roots }] = rows(await db.execute(sql`SELECT count(*)::int AS roots FROM users WHERE username = 'root'`));
    expect(roots).toBe(1);
    // The samples' special judge and interactor compile once, before anyone submits: one task each, queued by one of
    // the two starts.
    const checkers = rows(
      await db.execute(
        sql`SELECT id, checker_state FROM problems WHERE judge_mode IN ('spj', 'interactive') ORDER BY id`,
      ),
    );
    expect(checkers.length).toBeGreaterThanOrEqual(2);
    expect(checkers.map((c) => c.checker_state)).toEqual(checkers.map(() => 'compiling'));
    const tasks = rows(
      await db.execute(
        sql`SELECT (payload->>'pid')::int AS pid FROM judge_tasks WHERE kind = 'compileChecker' ORDER BY 1`,
      ),
    );
    expect(tasks.map((r) => r.pid)).toEqual(checkers.map((c) => c.id));
    // Every migration recorded once.
    const journal = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
    const [{ applied }] = rows(
      await db.execute(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`),
    );
    expect(applied).toBe(journal.entries.length);
  });
});
