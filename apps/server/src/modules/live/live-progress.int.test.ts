import { JUDGE_STATUS, type LiveSubmissionEvent } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp } from '../../../test/harness.js';
import { createProblem } from '../../../test/judge-helpers.js';
import { openSse } from '../../../test/sse-client.js';
import { listen, waitFor, workerProcesses } from '../../../test/worker-process.js';

// The per-case progress end to end: a real worker process and the real sandbox judge a slow program case by case;
// the owner's stream hears "case n/6" while it is judged, then the verdict. PGlite only (the database kind does not
// matter to the worker; the fan-out is tested on both in live.int.test.ts).
describe('per-case progress from a real judge worker', () => {
  let t: TestApp;
  let url: string;
  const workers = workerProcesses({ pollsOpen: () => t.services.queue.pollsOpen() });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    url = await listen(t);
  });
  afterAll(async () => {
    await workers.killAll();
    workers.cleanup();
    await t?.close();
  });

  it('tells the owner the cases done while judging, then the verdict', async () => {
    const u = await createUser(t);
    const token = (await login(t, u.username, u.password)).token as string;
    const p = await createProblem(t, {}, { cases: Array.from({ length: 6 }, () => ({})) });
    const stream = await openSse(url, '/api/events', { authorization: token });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'unread');
    workers.start(url, { name: 'live-progress', args: ['--concurrency', '1'], env: { OJ_JUDGE_LANGUAGES: 'Python3' } });
    await waitFor('the worker to offer Python3', async () =>
      (await t.services.queue.offeredLanguages()).includes('Python3') ? true : undefined,
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token },
      payload: {
        pid: p.id,
        language: 'Python3',
        code: 'import time\ntime.sleep(0.4)\na, b = map(int, input().split())\nprint(a + b)\n',
      },
    });
    expect(submitted.statusCode).toBe(200);
    const submitId = submitted.json().data.submitId as number;

    const seen: LiveSubmissionEvent[] = [];
    for (;;) {
      const e = (await stream.next((x) => x.event === 'submission', 120_000)).data as LiveSubmissionEvent;
      if (e.submitId !== submitId) continue;
      seen.push(e);
      if (![JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING].includes(e.status as 5)) break;
    }
    expect(seen.at(-1)?.status).toBe(JUDGE_STATUS.ACCEPTED);
    const progress = seen.flatMap((e) => (e.progress ? [e.progress] : []));
    expect(progress.length).toBeGreaterThan(0);
    for (const step of progress) {
      expect(step.total).toBe(6);
      expect(step.done).toBeGreaterThanOrEqual(1);
      expect(step.done).toBeLessThanOrEqual(6);
    }
    // In order, never backwards.
    expect(progress.map((s) => s.done)).toEqual([...progress.map((s) => s.done)].sort((a, b) => a - b));
    // Progress is only told while the submission is Judging.
    for (const e of seen) if (e.progress) expect(e.status).toBe(JUDGE_STATUS.JUDGING);
    stream.close();
  }, 180_000);
});
