import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  login,
  ROOT_PASSWORD,
  type TestApp,
  throwawayPostgres,
} from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { seededDataDir, startServer } from '../../../test/server-process.js';
import { buildApp } from '../../app.js';
import { bootstrap } from '../../bootstrap.js';
import { REPO_ROOT } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createServices } from '../../services.js';
import { BackupError, backup, restore } from './backup.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

const multipart = (field: string, filename: string, content: Buffer) => {
  const boundary = '----oj-backup-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The server as `npm start` runs it (no embedded judge), on the given data directory and database. */
const PORT = 18_300 + (process.pid % 50);
const startSite = async (env: Record<string, string>) => {
  const { proc } = await startServer({ PORT: String(PORT), ...env });
  const base = `http://127.0.0.1:${PORT}`;
  return {
    proc,
    get: async (url: string, token?: string) => {
      const res = await fetch(`${base}${url}`, { headers: token ? { authorization: token } : {} });
      return {
        status: res.status,
        body: (res.headers.get('content-type')?.includes('json') ? await res.json() : null) as { data: unknown } | null,
        res,
      };
    },
    login: async (username: string, password: string) => {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return res.headers.get('authorization') as string;
    },
  };
};

describe.each(DB_KINDS)('backup and restore (%s)', (kind) => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-backup-test-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let server: ChildProcess | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('restores into a fresh directory a site that serves the same problems, users, submissions and files', async () => {
    // The site to back up: on disk (or its own PostgreSQL database), with a problem, a user, a submission and an avatar.
    // On PGlite its embedded database is already created and migrated (test/server-process.ts): the subject here is
    // the backup, not a first start.
    const sourceDir = kind === 'pglite' ? seededDataDir('oj-backup-source-') : path.join(scratch, 'source');
    if (kind === 'pglite') cleanups.push(() => fs.rmSync(sourceDir, { recursive: true, force: true }));
    let sourceUrl: string | undefined;
    if (kind === 'postgres') {
      const db = await throwawayPostgres();
      sourceUrl = db.url;
      cleanups.push(db.drop);
    }
    const database = await openDatabase({ url: sourceUrl, dataDir: sourceDir });
    const services = createServices(database.db, { dataDir: sourceDir, bus: database.bus });
    // As `npm start` seeds it (the samples too), so the restored server has nothing left to seed.
    await bootstrap(services, { rootPassword: ROOT_PASSWORD, samplesDir: path.join(REPO_ROOT, 'samples/problems') });
    fs.writeFileSync(path.join(sourceDir, 'judge-token'), JUDGE_TOKEN);
    const app = await buildApp({ services, judgeToken: JUDGE_TOKEN, logLevel: 'silent' });
    const t = { app, services } as unknown as TestApp;
    const problem = await createProblem(t, { title: 'Backed-up sum' });
    const student = await createUser(t);
    const token = (await login(t, student.username, student.password)).token as string;
    const judge = createFakeJudge(t);
    await judge.announce();
    for (const code of ['int main(){}', 'int main(){return 1;}']) {
      const submit = await app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: { pid: problem.problemId, language: 'C++', code },
      });
      expect(submit.statusCode).toBe(200);
      await services.site.updateSwitches({ defaultSubmitInterval: 0 });
    }
    await judge.judgeNext({ status: 0 });
    const avatar = await app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      ...multipart('image', 'me.png', PNG),
      headers: { ...multipart('image', 'me.png', PNG).headers, authorization: token },
    });
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().data.avatar as string;
    const root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    const before = {
      problems: (await app.inject({ url: '/api/get-problem-list?limit=50' })).json().data,
      users: (
        await app.inject({ url: '/api/admin/user/get-user-list?limit=50', headers: { authorization: root } })
      ).json().data,
      submissions: (
        await app.inject({ url: '/api/get-submission-list?limit=50', headers: { authorization: root } })
      ).json().data,
    };
    expect(before.problems.records.map((p: { problemId: string }) => p.problemId)).toContain(problem.problemId);
    expect(before.users.records.map((u: { username: string }) => u.username)).toContain(student.username);
    expect(before.submissions.records.map((r: { status: number }) => r.status).sort()).toEqual([0, 5]);
    const testFile = (await services.testData.put('1 2\n')).sha256;
    // Stale temporary files and caches are rebuilt on demand, not backed up.
    fs.mkdirSync(path.join(sourceDir, 'cache', 'img-proxy'), { recursive: true });
    fs.writeFileSync(path.join(sourceDir, 'cache', 'img-proxy', 'x'), 'cached');
    await app.close();

    const file = path.join(scratch, 'site.tar.gz');
    if (kind === 'pglite') {
      // The embedded database is copied only while no server holds it.
      const holder = spawn('sleep', ['30']);
      fs.writeFileSync(path.join(sourceDir, 'server.lock'), String(holder.pid));
      await expect(backup({ dataDir: sourceDir, file })).rejects.toThrow(/stop the server/);
      holder.kill('SIGKILL');
      fs.rmSync(path.join(sourceDir, 'server.lock'));
      expect(fs.existsSync(file)).toBe(false);
    }
    await database.close();
    await backup({ dataDir: sourceDir, databaseUrl: sourceUrl, file });
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // Restore into a fresh directory (and a fresh, empty database).
    const restoredDir = path.join(scratch, 'restored');
    let restoredUrl: string | undefined;
    if (kind === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      const name = `oj_restore_${process.pid}_${Date.now() % 100000}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      // Never over a database that holds something.
      await expect(restore({ dataDir: restoredDir, databaseUrl: sourceUrl, file })).rejects.toThrow(/not empty/);
    } else {
      await expect(restore({ dataDir: sourceDir, file })).rejects.toThrow(BackupError);
    }
    await restore({ dataDir: restoredDir, databaseUrl: restoredUrl, file });
    expect(fs.existsSync(path.join(restoredDir, 'cache'))).toBe(false);

    const site = await startSite({
      OJ_DATA_DIR: restoredDir,
      ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
    });
    server = site.proc;
    const rootAfter = await site.login('root', ROOT_PASSWORD);
    expect(rootAfter).toBeTruthy();
    const after = {
      problems: (await site.get('/api/get-problem-list?limit=50')).body?.data,
      users: (await site.get('/api/admin/user/get-user-list?limit=50', rootAfter)).body?.data,
      submissions: (await site.get('/api/get-submission-list?limit=50', rootAfter)).body?.data,
    };
    expect(after.problems).toEqual(before.problems);
    expect(after.users).toEqual(before.users);
    expect(after.submissions).toEqual(before.submissions);
    expect(await site.login(student.username, student.password)).toBeTruthy();
    // The files: the avatar and the test data (by hash, with the judge token of the data directory).
    const img = await site.get(avatarUrl);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.res.arrayBuffer())).toEqual(PNG);
    const data = await fetch(`http://127.0.0.1:${PORT}/api/judge/test-data?sha256=${testFile}`, {
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });
    expect([data.status, await data.text()]).toEqual([200, '1 2\n']);
  }, 180_000);
});
