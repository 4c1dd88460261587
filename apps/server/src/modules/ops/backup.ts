import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { lockDataDir } from '../../data-dir-lock.js';

/**
 * Backup and restore of a whole site (decision 0033): the database and OJ_DATA_DIR in one gzipped tar.
 *
 * - `oj-backup.json`: what the archive holds (format version, database kind, when).
 * - `data/`: OJ_DATA_DIR (test data, images and attachments, the judge token; with the embedded database its
 *   PGlite cluster `pgdata/`), without what is rebuilt on demand (tmp/, cache/, judge-cache/) and the lock file.
 * - `postgres.dump` (PostgreSQL only): `pg_dump --format=custom` of DATABASE_URL.
 *
 * The embedded database is copied while no server runs on it: the backup takes the data directory's lock (a
 * running server holds it, and the backup says to stop it), so the copy is a cleanly closed cluster. PostgreSQL
 * is dumped online (pg_dump reads one consistent snapshot); the data files are content-addressed or named at
 * random and never rewritten, so copying them while servers run loses at most a file added meanwhile.
 */
export const BACKUP_FORMAT = 'oj-backup';
const MANIFEST = 'oj-backup.json';
const PG_DUMP = 'postgres.dump';
/** Rebuilt on demand, never worth a byte of a backup. */
const SKIPPED = ['./tmp', './cache', './judge-cache', './server.lock'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  database: 'pglite' | 'postgres';
  createdAt: string;
}

export class BackupError extends Error {}

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${cmd} is not installed (Debian: apt-get install ${cmd === 'tar' ? 'tar' : 'postgresql-client'})`,
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });

const scratchDir = (near: string) => {
  const dir = path.join(path.dirname(path.resolve(near)), `.oj-backup-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
};

/** Writes the backup of the site at `dataDir` (and `databaseUrl`, when the site runs on PostgreSQL) to `file`,
 * through a temporary file renamed at the end: a failed backup leaves nothing that looks like one. */
export const backup = async (opts: { dataDir: string; databaseUrl?: string; file: string }) => {
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(dataDir)) throw new BackupError(`${dataDir} does not exist (OJ_DATA_DIR)`);
  const file = path.resolve(opts.file);
  const scratch = scratchDir(file);
  const partial = `${file}.partial-${process.pid}`;
  let unlock = () => {};
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      database: opts.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(scratch, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const members = [MANIFEST];
    if (opts.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-acl',
        `--file=${path.join(scratch, PG_DUMP)}`,
        `--dbname=${opts.databaseUrl}`,
      ]);
      members.push(PG_DUMP);
    } else {
      try {
        unlock = lockDataDir(dataDir);
      } catch (err) {
        throw new BackupError(`${(err as Error).message}: stop the server before backing up its embedded database`);
      }
    }
    await run('tar', [
      '--create',
      '--gzip',
      `--file=${partial}`,
      `--directory=${scratch}`,
      ...members,
      `--directory=${dataDir}`,
      ...SKIPPED.map((s) => `--exclude=${s}`),
      // `./x` of the data directory is `data/x` in the archive; the manifest's name has no `.` to rewrite.
      '--transform=s,^\\.,data,',
      '.',
    ]);
    // It holds password hashes and the judge token: readable by its owner only.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    unlock();
    fs.rmSync(partial, { force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
};

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Tables of the database's own schemas: a restore goes into an empty database only. */
const tableCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
};

/** Restores `file` into an empty (or absent) `dataDir` and, for a PostgreSQL backup, into the empty database at
 * `databaseUrl`. Nothing is overwritten: a data directory or database that holds something is refused. */
export const restore = async (opts: { dataDir: string; databaseUrl?: string; file: string }) => {
  const dataDir = path.resolve(opts.dataDir);
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (!isEmptyDir(dataDir)) throw new BackupError(`${dataDir} is not empty: restore into a new OJ_DATA_DIR`);
  const scratch = scratchDir(dataDir);
  try {
    await run('tar', ['--extract', '--gzip', `--file=${file}`, `--directory=${scratch}`, '--no-same-owner']);
    const manifestFile = path.join(scratch, MANIFEST);
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest)
      : undefined;
    if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1) {
      throw new BackupError(`${file} is not a backup of this site's format (${MANIFEST} missing or unknown)`);
    }
    if (manifest.database === 'postgres') {
      if (!opts.databaseUrl) throw new BackupError('a PostgreSQL backup: set DATABASE_URL to the (empty) database');
      if ((await tableCount(opts.databaseUrl)) > 0) {
        throw new BackupError('the database at DATABASE_URL is not empty: restore into a new database');
      }
      await run('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${opts.databaseUrl}`,
        path.join(scratch, PG_DUMP),
      ]);
    } else if (opts.databaseUrl) {
      throw new BackupError('a backup of the embedded database: unset DATABASE_URL to restore it');
    }
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(path.join(scratch, 'data'), dataDir);
    return manifest;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
};
