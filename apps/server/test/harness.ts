/// <reference path="./global-setup.ts" />
// inject()'s keys are global-setup.ts's (its ProvidedContext), also where a bench script imports this file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_IDS, type RoleName } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.js';
import { bootstrap } from '../src/bootstrap.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { hashPassword } from '../src/lib/password.js';
import { type AppServices, createServices } from '../src/services.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ROOT_PASSWORD = 'root-pass-123';
export const JUDGE_TOKEN = 'test-judge-token';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  /** Shifts the clock the services see, to test expiry without waiting. */
  clock: { offsetMs: number };
  close(): Promise<void>;
}

/** A throwaway database on the PostgreSQL server (trust auth), dropped on close: a copy of the migrated template
 * that test/global-setup.ts made for the run. */
export const throwawayPostgres = async () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `oj_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
};

let pgliteTemplate: Uint8Array | undefined;

/** An in-memory PGlite database loaded from the migrated template that test/global-setup.ts dumped for the run (read
 * once per test file). */
export const openTestDatabase = () => {
  pgliteTemplate ??= fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ dataDir: 'memory', template: pgliteTemplate });
};

/** Two server instances on one database (decision 0035): on PostgreSQL two handles (two pools, two
 * buses) on one throwaway database, `url` its address; PGlite is embedded, so its "two instances" are one handle.
 * Closed (and the database dropped) when the test that opened them ends. */
export const openInstances = async (kind: DbKind): Promise<{ a: Database; b: Database; url?: string }> => {
  if (kind === 'pglite') {
    const one = await openTestDatabase();
    onTestFinished(() => one.close());
    return { a: one, b: one };
  }
  const { url, drop } = await throwawayPostgres();
  const opened: Database[] = [];
  onTestFinished(async () => {
    for (const d of opened) await d.close();
    await drop();
  });
  opened.push(await openDatabase({ url }));
  opened.push(await openDatabase({ url }));
  return { a: opened[0], b: opened[1], url };
};

/** `serviceOptions` replaces what a service would otherwise reach outside the process (the image proxy's resolver
 * and address policy). */
export const createTestApp = async (
  kind: DbKind,
  extraRoutes?: AppOptions['extraRoutes'],
  serviceOptions: Pick<Parameters<typeof createServices>[1], 'imageProxy'> = {},
): Promise<TestApp> => {
  let database: Database;
  let drop = async () => {};
  if (kind === 'postgres') {
    const pgdb = await throwawayPostgres();
    drop = pgdb.drop;
    database = await openDatabase({ url: pgdb.url });
  } else {
    database = await openTestDatabase();
  }
  const clock = { offsetMs: 0 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-'));
  const services = createServices(database.db, {
    ...serviceOptions,
    dataDir,
    bus: database.bus,
    now: () => new Date(Date.now() + clock.offsetMs),
  });
  await bootstrap(services, { rootPassword: ROOT_PASSWORD });
  const app = await buildApp({
    services,
    logLevel: process.env.TEST_LOG ?? 'silent',
    validateOutput: true,
    extraRoutes,
    judgeToken: JUDGE_TOKEN,
  });
  await app.ready();
  return {
    app,
    services,
    clock,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

let counter = 0;
/** Creates a user with the given role directly in the database and returns its credentials. */
export const createUser = async (t: TestApp, role: RoleName = 'user', extra: { status?: number } = {}) => {
  counter += 1;
  const username = `u${process.pid % 1000}_${counter}_${crypto.randomBytes(2).toString('hex')}`.slice(0, 20);
  const password = 'password1';
  const row = await t.services.users.create(
    {
      uid: crypto.randomUUID().replaceAll('-', ''),
      username,
      passwordHash: await hashPassword(password),
      status: extra.status ?? 0,
    },
    [ROLE_IDS[role]],
  );
  return { uid: row.uid, username, password };
};

export const login = async (t: TestApp, username: string, password: string, path = '/api/login') => {
  const res = await t.app.inject({ method: 'POST', url: path, payload: { username, password } });
  return { res, token: res.headers.authorization as string | undefined, body: res.json() };
};
