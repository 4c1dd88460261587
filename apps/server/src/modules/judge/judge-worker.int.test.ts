import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, JUDGE_TOKEN, type TestApp } from '../../../test/harness.js';
import { importSamples } from '../../bootstrap.js';
import { REPO_ROOT } from '../../config.js';
import { judgeCases, submissions } from '../../db/schema.js';
import { LEASE_MS } from './judge-queue.service.js';

// The whole path with a real worker process and the real sandbox: server queue → HTTP protocol → worker →
// bubblewrap → report. The database kind does not matter here, so PGlite only.
describe('a real judge worker against the server', () => {
  let t: TestApp;
  let url: string;
  let user: { uid: string; username: string };
  const workers: ChildProcess[] = [];
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-worker-cache-'));

  const startWorker = (name: string, env: Record<string, string> = {}) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'apps/judge/src/cli.ts'),
        'worker',
        '--server',
        url,
        '--concurrency',
        '1',
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, OJ_JUDGE_TOKEN: JUDGE_TOKEN, OJ_JUDGE_CACHE_DIR: cacheDir, HOSTNAME: name, ...env },
        stdio: ['ignore', 'ignore', process.env.TEST_LOG ? 'inherit' : 'pipe'],
      },
    );
    child.stderr?.resume();
    workers.push(child);
    return child;
  };

  const submission = async (submitId: number) =>
    (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const v = await probe();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const finalOf = (submitId: number) =>
    waitFor(`submission ${submitId} to be judged`, async () => {
      const s = await submission(submitId);
      return s.status >= JUDGE_STATUS.PENDING && s.status <= JUDGE_STATUS.JUDGING ? undefined : s;
    });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await importSamples(t.services, path.join(REPO_ROOT, 'samples/problems'));
    user = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) {
      if (w.exitCode !== null || w.signalCode !== null) continue;
      const exited = new Promise((r) => w.once('exit', r));
      w.kill('SIGKILL');
      await exited;
    }
    // Let the server see the dead workers' long polls hang up before the next test enqueues work.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const aplusb = async () => (await t.services.problems.findByProblemId('1000'))!;
  const submit = async (code: string, language = 'C') =>
    t.services.submissions.submit({ user, problem: await aplusb(), language, code, ip: '127.0.0.1' });

  it('judges A+B: Accepted with a row per case, then Wrong Answer', { timeout: 180_000 }, async () => {
    startWorker('worker-a');
    const ok = await submit(
      fs.readFileSync(path.join(REPO_ROOT, 'samples/problems/a-plus-b/solutions/main.c'), 'utf8'),
    );
    const judged = await finalOf(ok.submitId);
    expect(judged.status).toBe(JUDGE_STATUS.ACCEPTED);
    expect(judged.memoryKb).toBeGreaterThan(0);
    const cases = await t.services.db.select().from(judgeCases).where(eq(judgeCases.submitId, ok.submitId));
    expect(cases.length).toBe((await t.services.problems.cases((await aplusb()).id)).length);
    expect(cases.every((c) => c.status === JUDGE_STATUS.ACCEPTED)).toBe(true);

    const wrong = await submit(
      '#include <stdio.h>\nint main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a-b);}',
    );
    expect((await finalOf(wrong.submitId)).status).toBe(JUDGE_STATUS.WRONG_ANSWER);
  });

  it('judges a task again when its worker is killed mid-judge, and the second worker gives the result', {
    timeout: 180_000,
  }, async () => {
    // Each case burns ~0.3 s of CPU, so the judgement takes a few seconds: time to kill the worker in the middle.
    const slow = `#include <stdio.h>
int main(void){long long a,b;volatile unsigned long x=0;for(unsigned long i=0;i<300000000UL;i++)x+=i;
while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}`;
    const first = startWorker('worker-dies');
    const sub = await submit(slow);
    await waitFor('the judgement to start', async () =>
      (await submission(sub.submitId)).status === JUDGE_STATUS.JUDGING ? true : undefined,
    );
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // The lease of the dead worker runs out (the clock is moved instead of waiting 30 s).
    try {
      t.clock.offsetMs = LEASE_MS + 1_000;
      expect(await t.services.queue.requeueExpired()).toBe(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await submission(sub.submitId)).status).toBe(JUDGE_STATUS.PENDING);
    startWorker('worker-b');
    const judged = await finalOf(sub.submitId);
    expect(judged.status).toBe(JUDGE_STATUS.ACCEPTED);
    const [task] = (await t.services.queue.listTasksOf(sub.submitId)) ?? [];
    expect(task.attempt).toBe(2);
  });

  // Each case burns ~0.3 s of CPU (run-unique, so the host's compile cache does not skip the compile).
  const slowSource = () => `#include <stdio.h>
/* ${Date.now()}-${Math.random()} */
int main(void){long long a,b;volatile unsigned long x=0;for(unsigned long i=0;i<300000000UL;i++)x+=i;
while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}`;
  const judging = (submitId: number) =>
    waitFor('the judgement to start', async () =>
      (await submission(submitId)).status === JUDGE_STATUS.JUDGING ? true : undefined,
    );

  it('a worker stopped with SIGTERM finishes the task in hand within its grace, then exits', {
    timeout: 180_000,
  }, async () => {
    const worker = startWorker('worker-finishes', { OJ_JUDGE_STOP_GRACE_MS: '120000' });
    const sub = await submit(slowSource());
    await judging(sub.submitId);
    const exited = new Promise<number | null>((r) => worker.once('exit', r));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The verdict was reported before it exited, in the task's first attempt.
    const judged = await submission(sub.submitId);
    expect(judged.status).toBe(JUDGE_STATUS.ACCEPTED);
    const [task] = await t.services.queue.listTasksOf(sub.submitId);
    expect(task).toMatchObject({ state: 'done', attempt: 1 });
  });

  it('a worker whose grace runs out hands its task back: queued again at once, the attempt not counted', {
    timeout: 180_000,
  }, async () => {
    const worker = startWorker('worker-hands-back', { OJ_JUDGE_STOP_GRACE_MS: '200' });
    const sub = await submit(slowSource());
    await judging(sub.submitId);
    const exited = new Promise<number | null>((r) => worker.once('exit', r));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    // No lease left to run out: the task waits for the next judge now, the submission is Pending again.
    const [task] = await t.services.queue.listTasksOf(sub.submitId);
    expect(task).toMatchObject({ state: 'queued', attempt: 0, leaseOwner: null });
    expect(task.lastError).toMatch(/^handed back by /);
    expect((await submission(sub.submitId)).status).toBe(JUDGE_STATUS.PENDING);
    startWorker('worker-next');
    const judged = await finalOf(sub.submitId);
    expect(judged.status).toBe(JUDGE_STATUS.ACCEPTED);
    expect((await t.services.queue.listTasksOf(sub.submitId))[0]).toMatchObject({ state: 'done', attempt: 1 });
  });
});
