import { type FakeCodeforces, remoteAdapters, remoteJudgeConfigFromEnv, startFakeCodeforces } from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { finalOf, listen, waitFor, workerProcesses } from '../../../test/worker-process.js';
import { remoteJudgeAccounts, submissions } from '../../db/schema.js';
import { LEASE_MS } from '../judge/judge-queue.service.js';

// Issue 24's whole path: a teacher imports Codeforces 1000A into a training, a student submits, a real worker
// process (the judge CLI with --remote) submits it through the real Codeforces adapter to the loopback fake with a
// pooled account, polls, and the verdict reaches the student. A worker killed mid-poll leaves the account free
// after its lease, and the student's resubmit polls the same run again instead of submitting twice.
describe('remote judging with a real worker against the Codeforces fake', () => {
  let t: TestApp;
  let url: string;
  let fake: FakeCodeforces;
  let root: string;
  let student: { uid: string; token: string };
  let tid: number;
  const workers = workerProcesses();

  const call = async (method: 'GET' | 'POST' | 'PUT', u: string, who?: string, payload?: object) => {
    const res = await t.app.inject({ method, url: u, payload, headers: who ? { authorization: who } : {} });
    return { status: res.statusCode, body: res.json() };
  };
  const startWorker = (name: string, pollIntervalMs: number) =>
    workers.start(url, {
      name,
      args: ['--remote'],
      env: {
        OJ_REMOTE_CF_URL: fake.url,
        OJ_REMOTE_POLL_INTERVAL_MS: String(pollIntervalMs),
        OJ_JUDGE_REMOTE_CONCURRENCY: '1',
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
    await workers.kill(dying);
    expect((await account()).leaseTaskId).not.toBeNull();
    // Its lease runs out: the account is free again and the task is taken back.
    t.clock.offsetMs += LEASE_MS + 1000;
    await t.services.queue.requeueExpired();
    expect((await account()).leaseTaskId).toBeNull();
    expect((await submission(submitId)).status).toBe(S.PENDING);

    const resub = await call('GET', `/api/resubmit?submitId=${submitId}`, student.token);
    expect(resub.status, JSON.stringify(resub.body)).toBe(200);
    startWorker('remote-b', 100);
    expect(await verdictSeen(submitId)).toMatchObject({ status: S.ACCEPTED });
    // Polled again, never submitted a second time.
    expect(fake.submissions).toHaveLength(before + 1);
    expect((await account()).leaseTaskId).toBeNull();
  }, 120_000);
});
