import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { BUILT } from '../../../test/programs.js';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig, REPO_ROOT } from '../../config.js';
import { type JudgeToken, loadJudgeToken, PREVIOUS_FILE, rotateTokenFile, TOKEN_FILE } from './judge-token.js';

const MINUTE = 60_000;

// Rotating the judge token (docs/decisions/0037-judge-token-rotation.md): the new token is accepted at once, the
// old one until its grace ends and never after, anything else never; root's dashboard shows the new one.
describe.each(DB_KINDS)('judge token rotation on %s', (kind) => {
  let t: TestApp;
  let rootToken: string;
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    rootToken = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  // Each test moves the clock from the real time (the command-line tool reads the real one).
  beforeEach(() => {
    t.clock.offsetMs = 0;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-judge-token-'));
    dirs.push(dir);
    return dir;
  };
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  /** The site's app on the test's services, with `judgeToken` as its judge token. */
  const appWith = async (judgeToken: JudgeToken) => {
    const app = await buildApp({ services: t.services, judgeToken, logLevel: 'silent', validateOutput: true });
    apps.push(app);
    return app;
  };
  /** What a worker presenting `token` is answered: a claim that waits for nothing. */
  const claimWith = async (app: FastifyInstance, token: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/judge/claim',
        payload: { name: 'rotation-judge', languages: ['C'], concurrency: 1, running: 0, waitMs: 0 },
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
  const dashboardToken = async (app: FastifyInstance) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/admin/dashboard/get-dashboard-info',
        headers: { authorization: rootToken },
      })
    ).json().data.judgeToken;

  it('generated token: old and new are accepted during the grace, the old one is refused after it', async () => {
    const dir = dataDir();
    const judgeToken = loadJudgeToken({ dataDir: dir, now, refreshMs: 0 });
    const app = await appWith(judgeToken);
    const old = judgeToken.current();
    expect(fs.readFileSync(path.join(dir, TOKEN_FILE), 'utf8')).toBe(old);
    expect(fs.statSync(path.join(dir, TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(await claimWith(app, old)).toBe(200);

    const rotated = rotateTokenFile(dir, 30, now());
    expect(rotated.token).not.toBe(old);
    expect(fs.statSync(path.join(dir, PREVIOUS_FILE)).mode & 0o777).toBe(0o600);
    // The running app reads the files again: both accepted, a wrong one and none refused.
    expect(await claimWith(app, rotated.token)).toBe(200);
    expect(await claimWith(app, old)).toBe(200);
    expect(await claimWith(app, `${rotated.token}x`)).toBe(401);
    expect(await claimWith(app, 'not-the-token')).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/judge/claim', payload: { name: 'j', languages: ['C'] } }))
        .statusCode,
    ).toBe(401);
    // Root's dashboard, and so the embedded worker, have the new one.
    expect(await dashboardToken(app)).toBe(rotated.token);
    expect(judgeToken.current()).toBe(rotated.token);

    t.clock.offsetMs += 29 * MINUTE;
    expect(await claimWith(app, old)).toBe(200);
    t.clock.offsetMs += 2 * MINUTE;
    expect(await claimWith(app, old)).toBe(401);
    expect(await claimWith(app, rotated.token)).toBe(200);

    // A server started now (another instance on the same data directory) agrees.
    const other = await appWith(loadJudgeToken({ dataDir: dir, now, refreshMs: 0 }));
    expect([await claimWith(other, old), await claimWith(other, rotated.token)]).toEqual([401, 200]);

    // A rotation without grace refuses the replaced token at once.
    const again = rotateTokenFile(dir, 0, now());
    expect(await claimWith(app, rotated.token)).toBe(401);
    expect(await claimWith(app, again.token)).toBe(200);
    expect(fs.existsSync(path.join(dir, PREVIOUS_FILE))).toBe(false);
  });

  it('configured token: OJ_JUDGE_TOKEN_PREVIOUS is accepted until OJ_JUDGE_TOKEN_PREVIOUS_UNTIL only', async () => {
    const until = new Date(now().getTime() + 10 * MINUTE).toISOString();
    const config = loadConfig({
      OJ_JUDGE_TOKEN: 'configured-new',
      OJ_JUDGE_TOKEN_PREVIOUS: 'configured-old',
      OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: until,
    });
    const judgeToken = loadJudgeToken({
      configured: { token: config.judgeToken as string, previous: config.judgeTokenPrevious },
      dataDir: dataDir(),
      now,
    });
    const app = await appWith(judgeToken);
    expect(await claimWith(app, 'configured-new')).toBe(200);
    expect(await claimWith(app, 'configured-old')).toBe(200);
    expect(await claimWith(app, 'configured-older')).toBe(401);
    expect(await dashboardToken(app)).toBe('configured-new');
    t.clock.offsetMs += 11 * MINUTE;
    expect(await claimWith(app, 'configured-old')).toBe(401);
    expect(await claimWith(app, 'configured-new')).toBe(200);
  });

  it('npm run judge-token -- rotate writes the new token, which a running server takes', async () => {
    const dir = dataDir();
    const judgeToken = loadJudgeToken({ dataDir: dir, now, refreshMs: 0 });
    const app = await appWith(judgeToken);
    const old = judgeToken.current();
    const cli = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [BUILT.judgeToken, ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, OJ_DATA_DIR: dir, OJ_JUDGE_TOKEN: '', ...env },
        encoding: 'utf8',
      });

    const rotated = cli(['rotate', '--grace-minutes', '5']);
    expect(rotated.status, rotated.stderr).toBe(0);
    const fresh = fs.readFileSync(path.join(dir, TOKEN_FILE), 'utf8');
    expect(rotated.stdout).toContain(fresh);
    expect(rotated.stdout).toMatch(/old token is accepted until \d{4}-/);
    expect([await claimWith(app, old), await claimWith(app, fresh)]).toEqual([200, 200]);
    expect(cli([]).stdout).toContain(fresh);

    // Refused, changing nothing: a malformed grace, and a token that is configured rather than generated.
    for (const [args, env] of [
      [['rotate', '--grace-minutes', 'soon'], {}],
      [['rotate', '--grace-minutes', '-5'], {}],
      [['rotate'], { OJ_JUDGE_TOKEN: 'configured' }],
    ] as const) {
      const refused = cli([...args], env);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/^Error: /);
    }
    expect(fs.readFileSync(path.join(dir, TOKEN_FILE), 'utf8')).toBe(fresh);
  });
});

describe('judge token configuration', () => {
  it('refuses a previous token without an end, an end without a zone, and the pieces alone', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ OJ_JUDGE_TOKEN: 'a', OJ_JUDGE_TOKEN_PREVIOUS: 'b' })).toContain('OJ_JUDGE_TOKEN_PREVIOUS_UNTIL');
    expect(
      refused({ OJ_JUDGE_TOKEN: 'a', OJ_JUDGE_TOKEN_PREVIOUS: 'b', OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-01-31 12:00' }),
    ).toContain('ISO time with its zone');
    expect(
      refused({
        OJ_JUDGE_TOKEN: 'a',
        OJ_JUDGE_TOKEN_PREVIOUS: 'b',
        OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-13-01T12:00Z',
      }),
    ).toContain('ISO time');
    expect(refused({ OJ_JUDGE_TOKEN: 'a', OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-01-31T12:00:00Z' })).toContain(
      'without OJ_JUDGE_TOKEN_PREVIOUS',
    );
    expect(refused({ OJ_JUDGE_TOKEN_PREVIOUS: 'b', OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-01-31T12:00:00Z' })).toContain(
      'npm run judge-token -- rotate',
    );
    expect(
      refused({
        OJ_JUDGE_TOKEN: 'a',
        OJ_JUDGE_TOKEN_PREVIOUS: 'a',
        OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-01-31T12:00Z',
      }),
    ).toContain('the same');
    const ok = loadConfig({
      OJ_JUDGE_TOKEN: 'a',
      OJ_JUDGE_TOKEN_PREVIOUS: 'b',
      OJ_JUDGE_TOKEN_PREVIOUS_UNTIL: '2030-01-31T20:00+08:00',
    });
    expect(ok.judgeTokenPrevious).toEqual({ token: 'b', until: new Date('2030-01-31T12:00:00Z') });
  });
});
