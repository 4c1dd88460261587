import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeCodeforces, remoteAdapters, remoteJudgeConfigFromEnv, startFakeCodeforces } from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { finalOf, listen, waitFor, workerProcesses } from '../../../test/worker-process.js';
import { remoteJudgeAccounts, submissions } from '../../db/schema.js';
import { LEASE_MS } from '../judge/judge-queue.service.js';

// Remote judging's whole path: a teacher imports Codeforces 1000A into a training, a student submits, a real worker
// process (the judge CLI with --remote) submits it through the real Codeforces adapter to the loopback fake with a
// pooled account, polls, and the verdict reaches the student. A worker killed mid-poll (SIGKILL) leaves the account
// free after its lease, and the student's resubmit polls the same run again instead of submitting twice. A worker
// stopped gracefully (SIGTERM) hands its task back at once, after finishing a submit in flight and storing its run
// id: the next worker polls that run, the code reaches the site once.
describe('remote judging with a real worker against the Codeforces fake', () => {
  let t: TestApp;
  let url: string;
  let fake: FakeCodeforces;
  let root: string;
  let student: { uid: string; token: string };
  let tid: number;
  const workers = workerProcesses({ pollsOpen: () => t.services.queue.pollsOpen() });

  const call = async (method: 'GET' | 'POST' | 'PUT', u: string, who?: string, payload?: object) => {
    const res = await t.app.inject({ method, url: u, payload, headers: who ? { authorization: who } : {} });
    return { status: res.statusCode, body: res.json() };
  };
  const startWorker = (name: string, pollIntervalMs: number, env: Record<string, string> = {}) =>
    workers.start(url, {
      name,
      args: ['--remote'],
      env: {
        OJ_REMOTE_CF_URL: fake.url,
        OJ_REMOTE_POLL_INTERVAL_MS: String(pollIntervalMs),
        OJ_JUDGE_REMOTE_CONCURRENCY: '1',
        ...env,
      },
    });
  const submission = async (submitId: number) =>
    (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];
  const account = async () =>
    (await t.services.db.select().from(remoteJudgeAccounts).where(eq(remoteJudgeAccounts.username, 'cf-pool')))[0];
  /** What the student sees of the submission once it is final. */
  const verdictSeen = (submitId: number) =>
    finalOf(`submission ${submitId}`, async () => {
      const d = await call('GET', `/api/get-submission-detail?submitId=${submitId}`, student.token);
      return d.body.data.submission as { status: number };
    });
  /** The submission's only task (its remote judge task). */
  const taskOf = async (submitId: number) => {
    const tasks = await t.services.queue.listTasksOf(submitId);
    expect(tasks).toHaveLength(1);
    return tasks[0];
  };
  const submit = (code: string) =>
    call('POST', '/api/submit-problem-judge', student.token, {
      pid: 'CF-1000A',
      tid,
      language: 'GNU G++17 7.3.0',
      code,
    });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    fake = await startFakeCodeforces({ accounts: [{ username: 'cf-pool', password: 'pool-secret' }], testingReads: 2 });
    Object.assign(t.services.remoteSites, remoteAdapters(remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: fake.url })));
    url = await listen(t);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const pool = await call('PUT', '/api/admin/switch/update', root, {
      cfUsernameList: ['cf-pool'],
      cfPasswordList: ['pool-secret'],
    });
    expect(pool.status).toBe(200);
    const category = await call('POST', '/api/admin/training/category', root, { name: 'CF', color: '#2d8cf0' });
    const tr = await call('POST', '/api/admin/training', root, {
      training: { title: 'Codeforces warm-up', description: 'd', auth: 'Public', rank: 1 },
      trainingCategory: { id: category.body.data.id },
    });
    tid = tr.body.data.training.id;
    const imported = await call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=1000A&tid=${tid}`,
      root,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const u = await createUser(t);
    student = { uid: u.uid, token: (await login(t, u.username, u.password)).token as string };
  }, 60_000);
  afterEach(() => workers.killAll());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    workers.cleanup();
  });

  it('a student submits to an imported CF problem in a training; the worker judges it on the site', async () => {
    startWorker('remote-a', 100);
    await waitFor('the worker to declare CF', async () =>
      (await t.services.queue.offeredRemote()).includes('CF') ? true : undefined,
    );
    const res = await submit('#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d",a+b);}');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await verdictSeen(res.body.data.submitId);
    expect(seen).toMatchObject({ status: S.ACCEPTED, language: 'GNU G++17 7.3.0' });
    expect(fake.submissions).toHaveLength(1);
    expect(fake.submissions[0]).toMatchObject({ handle: 'cf-pool', contestId: '1000', index: 'A' });
    expect(await submission(res.body.data.submitId)).toMatchObject({ vjudgeUsername: 'cf-pool' });
    // The verdict is in: the account is free again.
    expect((await account()).leaseTaskId).toBeNull();
    // A compile error comes back with the site's text.
    const ce = await submit('int main( { FAKE_VERDICT=COMPILATION_ERROR }');
    const ceSeen = await verdictSeen(ce.body.data.submitId);
    expect(ceSeen.status).toBe(S.COMPILE_ERROR);
    expect((await submission(ce.body.data.submitId)).errorMessage).toBeTruthy();
  }, 120_000);

  it('a worker killed mid-poll frees the account after its lease; the resubmit polls the same run again', async () => {
    const before = fake.submissions.length;
    const dying = startWorker('remote-dying', 60_000);
    const res = await submit('int main(){ return 0; } // slow');
    const submitId = res.body.data.submitId as number;
    // The run id reaches the server as soon as the site took the code.
    await waitFor('the run id', async () => ((await submission(submitId)).vjudgeSubmitId ? true : undefined));
    expect((await submission(submitId)).status).toBe(S.JUDGING);
    // A crash: no chance to hand the task back.
    expect(await workers.kill(dying, 'SIGKILL')).toBeNull();
    expect(dying.signalCode).toBe('SIGKILL');
    expect((await account()).leaseTaskId).not.toBeNull();
    expect(await taskOf(submitId)).toMatchObject({ state: 'running', attempt: 1 });
    // Its lease runs out: the account is free again and the task is taken back.
    try {
      t.clock.offsetMs = LEASE_MS + 1000;
      expect(await t.services.queue.requeueExpired()).toBe(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await account()).leaseTaskId).toBeNull();
    expect((await submission(submitId)).status).toBe(S.PENDING);

    const resub = await call('GET', `/api/resubmit?submitId=${submitId}`, student.token);
    expect(resub.status, JSON.stringify(resub.body)).toBe(200);
    startWorker('remote-b', 100);
    expect(await verdictSeen(submitId)).toMatchObject({ status: S.ACCEPTED });
    // Polled again, never submitted a second time.
    expect(fake.submissions).toHaveLength(before + 1);
    expect((await account()).leaseTaskId).toBeNull();
  }, 180_000);

  /** After a graceful stop: no lease left to run out (the clock is never moved), the task queued again with its
   * attempt not counted, the submission Pending with the run id the next worker will poll, the account free. */
  const expectHandedBack = async (submitId: number, runId: string) => {
    expect(t.clock.offsetMs).toBe(0);
    expect((await account()).leaseTaskId).toBeNull();
    const task = await taskOf(submitId);
    expect(task).toMatchObject({ state: 'queued', attempt: 0, leaseOwner: null });
    expect(task.lastError).toMatch(/^handed back by /);
    expect(await submission(submitId)).toMatchObject({ status: S.PENDING, vjudgeSubmitId: runId });
  };
  /** The next worker takes the task over, only polls the run, and the student gets the verdict. */
  const nextWorkerJudges = async (submitId: number, submittedBefore: number) => {
    startWorker('remote-next', 100);
    expect(await verdictSeen(submitId)).toMatchObject({ status: S.ACCEPTED });
    expect(fake.submissions).toHaveLength(submittedBefore + 1);
    expect(await taskOf(submitId)).toMatchObject({ state: 'done', attempt: 1 });
    expect((await account()).leaseTaskId).toBeNull();
  };

  it('a worker stopped with SIGTERM mid-poll hands the task back at once; the next worker polls the same run', async () => {
    const before = fake.submissions.length;
    // A long grace: a remote run is handed back at once, not finished within it. An idle slot's long poll, hung up
    // as the worker stops, may still be answered with the task just handed back when the server sees the hang-up
    // after the hand-back: the worker's goodbye hands that claim back too.
    const stopping = startWorker('remote-stopping', 60_000, { OJ_JUDGE_STOP_GRACE_MS: '120000' });
    const res = await submit('int main(){ return 0; } // stopped mid-poll');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const submitId = res.body.data.submitId as number;
    const runId = await waitFor('the run id', async () => (await submission(submitId)).vjudgeSubmitId ?? undefined);
    expect(await taskOf(submitId)).toMatchObject({ state: 'running', attempt: 1 });
    expect((await account()).leaseTaskId).not.toBeNull();
    const stoppedAt = Date.now();
    expect(await workers.kill(stopping, 'SIGTERM')).toBe(0);
    // Well inside Docker's 10 s stop timeout.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    await expectHandedBack(submitId, runId);
    await nextWorkerJudges(submitId, before);
  }, 180_000);

  it('a worker stopped with SIGTERM mid-submit finishes the submit and stores the run id, then hands the task back', async () => {
    // Between the worker and the site: holds the submit form's POST until the test lets it through.
    const held: (() => void)[] = [];
    const proxy = http.createServer((req, res) => {
      const target = new URL(req.url ?? '/', fake.url);
      const forward = () => {
        const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      };
      if (req.method === 'POST' && target.pathname.endsWith('/submit')) held.push(forward);
      else forward();
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const before = fake.submissions.length;
      const stopping = startWorker('remote-submitting', 60_000, {
        OJ_REMOTE_CF_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        OJ_JUDGE_STOP_GRACE_MS: '120000',
      });
      const res = await submit('int main(){ return 0; } // stopped mid-submit');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const submitId = res.body.data.submitId as number;
      await waitFor('the submit to reach the site', async () => (held.length > 0 ? true : undefined));
      const exited = workers.kill(stopping, 'SIGTERM');
      await workers.logged(stopping, /SIGTERM: finishing the tasks in hand/);
      // Stopping, with the code not yet at the site: the submit goes on.
      expect(fake.submissions).toHaveLength(before);
      expect((await submission(submitId)).vjudgeSubmitId).toBeNull();
      for (const forward of held.splice(0)) forward();
      expect(await exited).toBe(0);
      expect(fake.submissions).toHaveLength(before + 1);
      await expectHandedBack(submitId, String(fake.submissions[before].id));
      await nextWorkerJudges(submitId, before);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  }, 180_000);
});
