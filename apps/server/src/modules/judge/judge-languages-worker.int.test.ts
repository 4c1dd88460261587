import fs from 'node:fs';
import path from 'node:path';
import { JUDGE_STATUS as S } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { finalOf, listen, waitFor, workerProcesses } from '../../../test/worker-process.js';
import { importSamples } from '../../bootstrap.js';
import { REPO_ROOT } from '../../config.js';
import { JUDGE_ALIVE_MS, LANGUAGE_WAIT_MINUTES } from './judge-queue.service.js';

const MINUTE = 60_000;

// The judges restart (decision 0036): with real worker processes and the real sandbox, a submission sent while no
// judge is connected is taken and waits as Pending, and the next worker that starts judges it; one whose judge never
// comes ends in System Error with the reason after the wait, and a rejudge once a judge is back judges it.
describe.each(DB_KINDS)('submitting while the judges restart, with real workers, on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let student: string;
  let root: string;
  const workers = workerProcesses({ pollsOpen: () => t.services.queue.pollsOpen() });
  const source = fs.readFileSync(path.join(REPO_ROOT, 'samples/problems/a-plus-b/solutions/main.c'), 'utf8');

  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
    return { status: res.statusCode, body: res.json() };
  };
  const submission = async (submitId: number) =>
    (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, student)).body.data.submission;
  const verdictOf = (submitId: number) => finalOf(`submission ${submitId}`, () => submission(submitId), 120_000);
  /** Starts a worker and waits until it has declared its languages, C among them (its name is the host's name and
   * a random id, so it is the judge the server did not know before). */
  const startWorker = async (name: string) => {
    const known = new Set((await t.services.queue.listJudges()).map((j) => j.name));
    // C alone, the language submitted here (no other toolchain is probed at the worker's start).
    workers.start(url, { name, args: ['--concurrency', '1'], env: { OJ_JUDGE_LANGUAGES: 'C' } });
    await waitFor(
      `${name} to declare C`,
      async () => {
        const judges = await t.services.queue.listJudges();
        return judges.some((j) => !known.has(j.name) && j.languages.includes('C')) ? true : undefined;
      },
      120_000,
    );
  };
  /** SIGKILLs the workers (a restart), then lets the server see their long polls hang up. */
  const stopAll = () => workers.killAll();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importSamples(t.services, path.join(REPO_ROOT, 'samples/problems'));
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const u = await createUser(t);
    student = (await login(t, u.username, u.password)).token as string;
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    url = await listen(t);
  });
  afterEach(async () => {
    await stopAll();
    t.clock.offsetMs = 0;
  });
  afterAll(async () => {
    await t?.close();
    workers.cleanup();
  });

  it('takes a submission while no judge is connected: Pending, then Accepted once a worker starts', {
    timeout: 300_000,
  }, async () => {
    await startWorker('judge-before-restart');
    await stopAll();
    // Its last word is older than a live judge's: no judge is connected, C is still on offer.
    t.clock.offsetMs = JUDGE_ALIVE_MS + 1000;
    expect((await call('GET', '/api/get-judge-status')).body.data).toMatchObject({
      available: false,
      reason: 'noJudge',
      judges: 0,
      waiting: expect.arrayContaining(['C']),
    });
    const sent = await call('POST', '/api/submit-problem-judge', student, { pid: '1000', language: 'C', code: source });
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe(S.PENDING);
    const submitId = sent.body.data.submitId as number;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await submission(submitId)).status).toBe(S.PENDING);
    t.clock.offsetMs = 0;

    await startWorker('judge-after-restart');
    expect((await verdictOf(submitId)).status).toBe(S.ACCEPTED);
  });

  it('ends a submission no judge came for in System Error with the reason; a rejudge once a worker is back judges it', {
    timeout: 300_000,
  }, async () => {
    // No worker runs (the previous test's were killed); C was declared by them.
    const sent = await call('POST', '/api/submit-problem-judge', student, { pid: '1000', language: 'C', code: source });
    expect([sent.status, sent.body.data.status]).toEqual([200, S.PENDING]);
    const submitId = sent.body.data.submitId as number;
    t.clock.offsetMs = (LANGUAGE_WAIT_MINUTES + 1) * MINUTE;
    await t.services.queue.requeueExpired();
    t.clock.offsetMs = 0;
    expect(await submission(submitId)).toMatchObject({
      status: S.SYSTEM_ERROR,
      errorMessage: `No judge for C was available within ${LANGUAGE_WAIT_MINUTES} minutes`,
    });

    await startWorker('judge-back');
    expect((await call('GET', `/api/admin/judge/rejudge?submitId=${submitId}`, root)).status).toBe(200);
    expect((await verdictOf(submitId)).status).toBe(S.ACCEPTED);
  });
});
