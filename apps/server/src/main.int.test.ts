import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT } from '../test/programs.js';
import { type ServerProcess, seededDataDir, spawnServer, startServer, untilRunning } from '../test/server-process.js';
import { REPO_ROOT } from './config.js';

// The server as `npm start` runs it: a real process on the embedded database, stopped with SIGINT and started
// again on the same data directory. Its database is created and migrated already (seededDataDir): a start on an empty
// directory is the browser journeys' (e2e/playwright.config.ts) and src/db/pglite-thread.int.test.ts's, and the
// site's first seeding (root, the sample problems) runs here as on any first start.
describe('server process', () => {
  const dataDir = seededDataDir('oj-main-');
  const port = 18_500 + (process.pid % 400);
  const base = `http://127.0.0.1:${port}`;
  let child: ServerProcess | undefined;
  afterAll(() => {
    child?.proc.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    child = await startServer({ PORT: String(port), OJ_DATA_DIR: dataDir, ...env });
    return child;
  };

  it('creates root with a generated password printed once, and keeps data across a clean SIGINT restart', async () => {
    const first = await start();
    const printed = /password "([^"]+)"/.exec(first.output())?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9]{6,20}$/);
    expect(first.output()).toContain(`http://localhost:${port}`);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: printed }),
    });
    expect(login.status).toBe(200);
    const token = login.headers.get('authorization') as string;

    first.proc.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await start();
    expect(second.output()).not.toMatch(/password "/);
    const info = await fetch(`${base}/api/get-user-auth-info`, { headers: { authorization: token } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { data: { roles: string[] } }).data.roles).toEqual(['root']);

    // A second server on the same data directory is refused while the first runs.
    const clash = spawnServer({ PORT: String(port + 1), OJ_DATA_DIR: dataDir });
    expect(await clash.exited).toBe(1);

    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("on SIGTERM answers the judges' long polls empty at once, finishes them and exits", async () => {
    const token = 'shutdown-test-judge-token';
    const server = await start({ OJ_JUDGE_TOKEN: token });
    const claim = fetch(`${base}/api/judge/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'judge-1', languages: ['C'], concurrency: 1, running: 0, waitMs: 25_000 }),
    });
    // The long poll is held once the server counts the judge as connected.
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${base}/api/ready`)).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const signalledAt = Date.now();
    server.proc.kill('SIGTERM');
    const res = await claim;
    // Answered (not cut off), empty, long before the 25 s the poll asked for.
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toBeNull();
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 120_000);

  it('announces the site only once the embedded judge offers its languages: a submit right after is accepted', async () => {
    const fresh = seededDataDir('oj-main-judge-');
    const server = spawnServer({
      PORT: String(port + 3),
      OJ_DATA_DIR: fresh,
      OJ_EMBEDDED_JUDGE: 'true',
      // The language submitted below; the others are not probed.
      OJ_JUDGE_LANGUAGES: 'C',
    });
    try {
      await untilRunning(server);
      const url = `http://127.0.0.1:${port + 3}`;
      const password = /password "([^"]+)"/.exec(server.output())?.[1];
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root', password }),
      });
      expect(login.status).toBe(200);
      const submit = await fetch(`${url}/api/submit-problem-judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: login.headers.get('authorization') as string },
        body: JSON.stringify({
          pid: '1000',
          language: 'C',
          code: '#include <stdio.h>\nint main(){long a,b;while(scanf("%ld %ld",&a,&b)==2)printf("%ld\\n",a+b);}',
          cid: 0,
          tid: null,
          gid: null,
          isRemote: false,
        }),
      });
      expect(submit.status, await submit.clone().text()).toBe(200);
      expect(server.output()).not.toContain('declared no language');
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.proc.kill('SIGKILL');
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);

  it('a rotated judge token reaches the running server and its embedded judge, which goes on judging', async () => {
    const fresh = seededDataDir('oj-main-rotate-');
    // At info: the restart with the new token is logged at that level.
    const server = spawnServer({
      PORT: String(port + 4),
      OJ_DATA_DIR: fresh,
      OJ_EMBEDDED_JUDGE: 'true',
      OJ_JUDGE_LANGUAGES: 'C',
      LOG_LEVEL: 'info',
    });
    try {
      await untilRunning(server);
      const url = `http://127.0.0.1:${port + 4}`;
      const old = fs.readFileSync(path.join(fresh, 'judge-token'), 'utf8');
      // No grace: the embedded worker is judged by the new token alone.
      const rotate = spawnSync(process.execPath, [BUILT.judgeToken, 'rotate', '--grace-minutes', '0'], {
        cwd: REPO_ROOT,
        env: { ...process.env, OJ_DATA_DIR: fresh },
        encoding: 'utf8',
      });
      expect(rotate.status, rotate.stderr).toBe(0);
      const fresher = fs.readFileSync(path.join(fresh, 'judge-token'), 'utf8');
      const claim = async (token: string) =>
        (
          await fetch(`${url}/api/judge/claim`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              name: 'rotation-check',
              languages: ['Brainfuck'],
              concurrency: 1,
              running: 0,
              waitMs: 0,
            }),
          })
        ).status;
      // The server reads the token files again within seconds.
      for (let i = 0; i < 100 && (await claim(old)) !== 401; i++) await new Promise((r) => setTimeout(r, 100));
      expect([await claim(old), await claim(fresher)]).toEqual([401, 200]);

      // The submit waits for the restarted worker: a task the old one claimed as it stopped cannot be fetched or
      // reported with the revoked token (no grace), so it would wait for its 30 s lease to run out.
      for (let i = 0; i < 600 && server.output().split('serving http://').length < 3; i++)
        await new Promise((r) => setTimeout(r, 100));
      const password = /password "([^"]+)"/.exec(server.output())?.[1];
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root', password }),
      });
      const auth = login.headers.get('authorization') as string;
      const dashboard = await fetch(`${url}/api/admin/dashboard/get-dashboard-info`, {
        headers: { authorization: auth },
      });
      expect(((await dashboard.json()) as { data: { judgeToken: string } }).data.judgeToken).toBe(fresher);
      const submit = await fetch(`${url}/api/submit-problem-judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({
          pid: '1000',
          language: 'C',
          code: '#include <stdio.h>\nint main(){long a,b;while(scanf("%ld %ld",&a,&b)==2)printf("%ld\\n",a+b);}',
        }),
      });
      expect(submit.status, await submit.clone().text()).toBe(200);
      const submitId = ((await submit.json()) as { data: { submitId: number } }).data.submitId;
      const unfinished: number[] = [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING];
      let status: number = JUDGE_STATUS.PENDING;
      for (let i = 0; i < 600 && unfinished.includes(status); i++) {
        await new Promise((r) => setTimeout(r, 200));
        const detail = await fetch(`${url}/api/get-submission-detail?submitId=${submitId}`, {
          headers: { authorization: auth },
        });
        status = ((await detail.json()) as { data: { submission: { status: number } } }).data.submission.status;
      }
      // Judged (Accepted) by the embedded worker, restarted with the new token.
      expect(status, server.output()).toBe(JUDGE_STATUS.ACCEPTED);
      expect(server.output()).toContain('restarting the embedded judge worker with the new one');
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.proc.kill('SIGKILL');
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses an OJ_ROOT_PASSWORD outside 6-20 characters at start', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-main-bad-'));
    try {
      const server = spawnServer({ PORT: String(port + 2), OJ_DATA_DIR: fresh, OJ_ROOT_PASSWORD: '123' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('OJ_ROOT_PASSWORD must be 6 to 20 characters');
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
