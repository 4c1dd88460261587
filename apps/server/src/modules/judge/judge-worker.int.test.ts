import fs from 'node:fs';
import path from 'node:path';
import { JUDGE_STATUS } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/harness.js';
import { listen, finalOf as verdictOf, waitFor, workerProcesses } from '../../../test/worker-process.js';
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
  const workers = workerProcesses({ pollsOpen: () => t.services.queue.pollsOpen() });
  // The workers offer C alone, the language every test here submits (no other toolchain is probed at their start).
  const startWorker = (name: string, env: Record<string, string> = {}) =>
    workers.start(url, { name, args: ['--concurrency', '1'], env: { OJ_JUDGE_LANGUAGES: 'C', ...env } });

  const submission = async (submitId: number) =>
    (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];
  const finalOf = (submitId: number) => verdictOf(`submission ${submitId}`, () => submission(submitId), 120_000);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await importSamples(t.services, path.join(REPO_ROOT, 'samples/problems'));
    user = await createUser(t);
    url = await listen(t);
  });
  afterEach(() => workers.killAll());
  afterAll(async () => {
    await t?.close();
    workers.cleanup();
  });

  const aplusb = async () => (await t.services.problems.findByProblemId('1000'))!;
  const submit = async (code: string, language = 'C') =>
    t.services.submissions.submit({ user, problem: await aplusb(), language, code, ip: '127.0.0.1' });

  // Each case sleeps 0.25 s: the judgement lasts seconds, time to stop its worker in the middle, while the CPU time
  // stays near nothing (a busy host stretches burnt CPU time towards the 1 s limit, never a sleep towards the 3 s wall
  // limit). Run-unique, so the host's compile cache does not skip the compile.
  const slowSource = () => `#include <stdio.h>
#include <time.h>
/* ${Date.now()}-${Math.random()} */
int main(void){long long a,b;struct timespec t={0,250000000L};nanosleep(&t,0);
while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}`;
  const judging = (submitId: number) =>
    waitFor(
      'the judgement to start',
      async () => ((await submission(submitId)).status === JUDGE_STATUS.JUDGING ? true : undefined),
      120_000,
    );

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
    const first = startWorker('worker-dies');
    // The judgement takes a few seconds: time to kill the worker in the middle.
    const sub = await submit(slowSource());
    await judging(sub.submitId);
    await workers.kill(first);
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

  it('a worker stopped with SIGTERM finishes the task in hand within its grace, then exits', {
    timeout: 180_000,
  }, async () => {
    const worker = startWorker('worker-finishes', { OJ_JUDGE_STOP_GRACE_MS: '120000' });
    const sub = await submit(slowSource());
    await judging(sub.submitId);
    expect(await workers.kill(worker, 'SIGTERM')).toBe(0);
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
    expect(await workers.kill(worker, 'SIGTERM')).toBe(0);
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
