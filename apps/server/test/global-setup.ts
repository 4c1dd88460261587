import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../../scripts/build-node.mjs';
import { openDatabase } from '../src/db/client.js';

/** Vitest's global set-up of the server project: the migrated databases every test file starts from, made once per
 * run instead of once per file. Creating a PGlite cluster and applying the migrations costs 8-15 s a file on this
 * machine; loading a dumped data directory 2 s. On PostgreSQL, `CREATE DATABASE ... TEMPLATE` copies a migrated
 * database instead of migrating an empty one. Both are named after a hash of the migrations and the PGlite version,
 * so a changed migration makes new ones (and the harness still applies any migration a template lacks). */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (PGlite's dumpDataDir tarball). */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

const templateKey = () => {
  const hash = crypto.createHash('sha256');
  // PGlite's package.json, above its entry file (dist/index.js): its version decides the data directory's format.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
};

/** The dump file, made under a temporary name and renamed into place, so parallel runs never read half a file. */
const pgliteTemplate = async (key: string) => {
  const file = path.join(os.tmpdir(), `oj-test-pglite-${key}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
};

/** The template database, migrated under a temporary name and renamed into place (a rename is atomic and needs no
 * connection to it), so a parallel run never copies a half-migrated one. */
const postgresTemplate = async (adminUrl: string, key: string) => {
  const name = `oj_test_template_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return name;
    const partial = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${partial}`);
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    } catch (error) {
      // Another run renamed its copy first (42P04 duplicate_database): use that one.
      await admin.query(`DROP DATABASE IF EXISTS ${partial}`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
};

export default async function setup(project: TestProject) {
  // The tests that start the server, a judge worker or a tool run their bundles (test/programs.ts).
  await ensureBuilt();
  const key = templateKey();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(key),
    adminUrl ? postgresTemplate(adminUrl, key) : Promise.resolve(''),
  ]);
  project.provide('pgliteTemplate', pglite);
  project.provide('postgresTemplate', postgres);
}
