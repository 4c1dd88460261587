import { type FakeCodeforces, remoteAdapters, remoteJudgeConfigFromEnv, startFakeCodeforces } from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, judgeCall } from '../../../test/judge-helpers.js';
import { auditLogs, files, judgeTasks, problems, remoteJudgeAccounts, submissions } from '../../db/schema.js';
import { LEASE_MS, REMOTE_ACCOUNT_WAIT_MS } from '../judge/judge-queue.service.js';

const CPP17 = 'GNU G++17 7.3.0';

describe.each(DB_KINDS)('remote judges: import, account pools, leases, resubmit (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  let fake: FakeCodeforces;
  const { call, userToken, newContest } = contestKit(() => ({ t, judge, root }));

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    fake = await startFakeCodeforces({
      accounts: [
        { username: 'cf-one', password: 'pw-one' },
        { username: 'cf-two', password: 'pw-two' },
      ],
      testingReads: 1,
    });
    Object.assign(
      t.services.remoteSites,
      remoteAdapters(remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: fake.url, OJ_REMOTE_TIMEOUT_MS: '1500' })),
    );
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  beforeEach(() => {
    Object.assign(fake.mode, { refuseLogins: false, rateLimited: false, challenge: false, hang: false });
    fake.mode.removeFromProblemPage = null;
  });

  const claimRemote = (name = 'remote-worker') =>
    judgeCall(t, 'claim-remote', { name, remote: ['CF', 'GYM'], concurrency: 2, running: 0, waitMs: 0 });
  const reportVerdict = (name: string, task: { taskId: number; attempt: number }, status: number, errorMessage = '') =>
    judgeCall(t, 'report', {
      name,
      taskId: task.taskId,
      attempt: task.attempt,
      judge: { status, score: 0, time: 15, memory: 1024, errorMessage, oiRankScore: null, cases: [] },
    });
  const setPool = (usernames: string[], passwords: string[], who = root) =>
    call('PUT', '/api/admin/switch/update', who, { cfUsernameList: usernames, cfPasswordList: passwords });
  const problemCount = async () => (await t.services.db.select({ n: count() }).from(problems))[0].n;
  const fileCount = async () => (await t.services.db.select({ n: count() }).from(files))[0].n;
  const submission = async (submitId: number) =>
    (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];
  const accounts = () => t.services.db.select().from(remoteJudgeAccounts).orderBy(remoteJudgeAccounts.id);
  const drainRemote = () =>
    t.services.db.update(judgeTasks).set({ state: 'done' }).where(eq(judgeTasks.kind, 'remote'));

  it('imports a Codeforces problem into the bank: its id, limits as stated, languages, source, images; once', async () => {
    const res = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1000a', root);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ problemId: 'CF-1000A', created: true });
    const p = await t.services.problems.findByProblemId('CF-1000A');
    expect(p).toMatchObject({ isRemote: 1, auth: 1, source: `${fake.url}/problemset/problem/1000/A` });
    expect(p?.timeLimitMs).toBeGreaterThan(0);
    // In the CF bank of the list, with the site's languages on the problem page.
    const bank = await call('GET', '/api/get-problem-list?oj=CF&limit=50');
    expect(bank.body.data.records.map((r: { problemId: string }) => r.problemId)).toContain('CF-1000A');
    const mine = await call('GET', '/api/get-problem-list?oj=Mine&limit=100');
    expect(mine.body.data.records.map((r: { problemId: string }) => r.problemId)).not.toContain('CF-1000A');
    // Offered while a live worker declares CF.
    await claimRemote();
    const langs = await call('GET', `/api/get-problem-languages?pid=${p?.id}`);
    expect(langs.body.data.map((l: { name: string }) => l.name)).toContain(CPP17);
    expect(langs.body.data.every((l: { oj: string }) => l.oj === 'CF')).toBe(true);

    // An image of the statement is stored in the site's image store and the markdown names the stored copy.
    const before = await fileCount();
    const withImage = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1B', root);
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(200);
    const p1b = await t.services.problems.findByProblemId('CF-1B');
    expect(await fileCount()).toBe(before + 1);
    expect(`${p1b?.description}${p1b?.input}${p1b?.output}`).toMatch(/\/api\/public\/img\/[0-9a-f]{32}\.png/);

    const again = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1000A', root);
    expect([again.status, again.body.data.key]).toEqual([400, 'remoteProblemExists']);
  });

  it('refuses unknown sites, malformed ids and non-admins with 400/403, and creates nothing', async () => {
    const n = await problemCount();
    const unknown = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=XYZ&problemId=1000A', root);
    expect([unknown.status, unknown.body.data.key]).toEqual([400, 'remoteOjUnknown']);
    const malformed = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=abc', root);
    expect([malformed.status, malformed.body.data.key]).toEqual([400, 'remoteProblemIdInvalid']);
    const empty = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=', root);
    expect(empty.status).toBe(400);
    const student = await userToken();
    const refused = await call(
      'GET',
      '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1B',
      student.token,
    );
    expect(refused.status).toBe(403);
    expect(await problemCount()).toBe(n);
  });

  it('answers 502 when the site is unreachable, behind a challenge or its page changed, with nothing created', async () => {
    const n = await problemCount();
    const files0 = await fileCount();
    fake.mode.hang = true;
    const down = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=GYM&problemId=100001A', root);
    expect([down.status, down.body.data.key]).toEqual([502, 'remoteSiteUnreachable']);
    fake.mode.hang = false;
    fake.mode.challenge = true;
    const challenge = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=GYM&problemId=100001A', root);
    expect([challenge.status, challenge.body.data.key]).toEqual([502, 'remoteSiteChallenge']);
    fake.mode.challenge = false;
    fake.mode.removeFromProblemPage = 'time-limit';
    const changed = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=GYM&problemId=100001A', root);
    expect([changed.status, changed.body.data.key]).toEqual([502, 'remotePageChanged']);
    expect(changed.body.msg).toMatch(/time/i);
    expect(await problemCount()).toBe(n);
    expect(await fileCount()).toBe(files0);
  });

  it('imports into a contest and a training: the admin rule first, an existing problem reused', async () => {
    const c = await newContest();
    const res = await call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=GYM&problemId=100001A&cid=${c.id}&displayId=A`,
      root,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ problemId: 'GYM-100001A', created: true });
    const list = await call('GET', `/api/admin/contest/get-problem-list?cid=${c.id}&limit=10&currentPage=1`, root);
    expect(JSON.stringify(list.body.data)).toContain('GYM-100001A');
    // Reused in another contest, not imported twice; a taken display id changes nothing.
    const c2 = await newContest();
    const reuse = await call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=GYM&problemId=100001A&cid=${c2.id}&displayId=B`,
      root,
    );
    expect(reuse.body.data).toMatchObject({ problemId: 'GYM-100001A', created: false });
    const n = await problemCount();
    const taken = await call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=CF&problemId=4A&cid=${c2.id}&displayId=B`,
      root,
    );
    expect([taken.status, taken.body.data.key]).toEqual([400, 'contestDisplayIdTaken']);
    // Another teacher's contest: refused before the site is asked.
    const teacher = await userToken('admin');
    const foreign = await call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=CF&problemId=1000A&cid=${c.id}&displayId=Z`,
      teacher.token,
    );
    expect(foreign.status).toBe(403);
    expect(await problemCount()).toBe(n);

    const category = await call('POST', '/api/admin/training/category', root, { name: 'Remote', color: '#2d8cf0' });
    const tr = await call('POST', '/api/admin/training', root, {
      training: { title: 'Remote plan', description: 'd', auth: 'Public', rank: 1 },
      trainingCategory: { id: category.body.data.id },
    });
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    const tid = tr.body.data.training.id;
    const intoTraining = await call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=1000A&tid=${tid}`,
      root,
    );
    expect(intoTraining.body.data).toMatchObject({ problemId: 'CF-1000A', created: false });
    const twice = await call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=1000A&tid=${tid}`,
      root,
    );
    expect(twice.status).toBe(400);
  });

  it('keeps the account pools on the switch page: passwords never returned, empty keeps, bad input 400', async () => {
    const set = await setPool(['cf-one', 'cf-two'], ['pw-one', 'pw-two']);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const info = await call('GET', '/api/admin/switch/info', root);
    expect(info.body.data).toMatchObject({ cfUsernameList: ['cf-one', 'cf-two'], cfPasswordList: ['', ''] });
    expect(JSON.stringify(info.body)).not.toContain('pw-one');
    expect(info.body.data.hduUsernameList).toEqual([]);

    // An empty password keeps the stored one; a new one replaces it.
    expect((await setPool(['cf-one', 'cf-two'], ['', 'pw-two'])).status).toBe(200);
    expect((await accounts()).map((a) => [a.username, a.password])).toEqual([
      ['cf-one', 'pw-one'],
      ['cf-two', 'pw-two'],
    ]);
    const audit = await t.services.db.select().from(auditLogs);
    expect(JSON.stringify(audit)).not.toContain('pw-');

    const before = await accounts();
    for (const [names, passwords, key] of [
      [['cf-one', 'cf-two'], ['x'], 'remoteAccountListsMismatch'],
      [['cf-one', ''], ['', 'x'], 'remoteAccountUsernameInvalid'],
      [['cf-one', 'cf-one'], ['', ''], 'remoteAccountUsernameInvalid'],
      [['cf-one', 'cf-new'], ['', ''], 'remoteAccountPasswordRequired'],
      [['cf\u0000one'], ['x'], undefined],
    ] as const) {
      const res = await setPool([...names], [...passwords]);
      expect(res.status).toBe(400);
      if (key) expect(res.body.data.key).toBe(key);
    }
    expect(await accounts()).toEqual(before);
    const teacher = await userToken('admin');
    expect((await setPool(['x'], ['y'], teacher.token)).status).toBe(403);
    expect((await call('GET', '/api/admin/switch/info', teacher.token)).status).toBe(403);
  });

  it('leases: no account is System Error at once, a busy pool waits and then fails, a report frees the account', async () => {
    await drainRemote();
    const student = await userToken();
    const submit = (code = 'int main(){}') =>
      call('POST', '/api/submit-problem-judge', student.token, { pid: 'CF-1000A', language: CPP17, code });
    await claimRemote();
    // A language of another site, or a local name, is refused.
    const local = await call('POST', '/api/submit-problem-judge', student.token, {
      pid: 'CF-1000A',
      language: 'C++',
      code: 'x',
    });
    expect(local.status).toBe(400);

    expect((await setPool([], [])).status).toBe(200);
    const none = await submit();
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data).toMatchObject({ status: S.SYSTEM_ERROR });
    expect((await submission(none.body.data.submitId)).errorMessage).toBe(
      'System does not have [CF] account configured',
    );

    // One account, two submissions: the second waits while the first holds it.
    expect((await setPool(['cf-one'], ['pw-one'])).status).toBe(200);
    const first = (await submit('int main(){return 0;}')).body.data;
    const second = (await submit('int main(){return 0; }')).body.data;
    const a = await claimRemote('w1');
    expect(a).toMatchObject({
      kind: 'remote',
      submitId: first.submitId,
      account: { username: 'cf-one', password: 'pw-one' },
    });
    expect(await claimRemote('w2')).toBeNull();
    expect((await submission(first.submitId)).status).toBe(S.SUBMITTING);
    // The worker's heartbeat carries the run id: stored at once, Judging.
    expect(
      (await judgeCall(t, 'heartbeat', { name: 'w1', taskId: a.taskId, attempt: a.attempt, runId: '42' })).keep,
    ).toBe(true);
    expect(await submission(first.submitId)).toMatchObject({
      status: S.JUDGING,
      vjudgeSubmitId: '42',
      vjudgeUsername: 'cf-one',
    });
    // The account is free as soon as the first verdict is in; the second gets it.
    await reportVerdict('w1', a, S.ACCEPTED);
    expect((await submission(first.submitId)).status).toBe(S.ACCEPTED);
    expect((await accounts())[0].leaseTaskId).toBeNull();
    const b = await claimRemote('w2');
    expect(b).toMatchObject({ submitId: second.submitId, account: { username: 'cf-one' }, runId: null });
    await reportVerdict('w2', b, S.COMPILE_ERROR, 'main.cpp: error');
    expect(await submission(second.submitId)).toMatchObject({
      status: S.COMPILE_ERROR,
      errorMessage: 'main.cpp: error',
    });

    // A task that cannot get an account within the bound: Submitted Failed with the reason.
    const holder = (await submit('int main(){ }')).body.data;
    const waiting = (await submit('int main(){  }')).body.data;
    const held = await claimRemote('w1');
    expect(held.submitId).toBe(holder.submitId);
    const offset = t.clock.offsetMs;
    try {
      t.clock.offsetMs += REMOTE_ACCOUNT_WAIT_MS + 1000;
      await judgeCall(t, 'heartbeat', { name: 'w1', taskId: held.taskId, attempt: held.attempt });
      await t.services.queue.requeueExpired();
    } finally {
      t.clock.offsetMs = offset;
    }
    expect(await submission(waiting.submitId)).toMatchObject({
      status: S.SUBMITTED_FAILED,
      errorMessage: 'Waiting for account scheduling timeout',
    });
    await reportVerdict('w1', held, S.WRONG_ANSWER);
  });

  it('a dead worker leaves the account free after its lease; the owner resubmits and the run is polled again', async () => {
    await drainRemote();
    expect((await setPool(['cf-one'], ['pw-one'])).status).toBe(200);
    const student = await userToken();
    const other = await userToken();
    await claimRemote();
    const sub = (
      await call('POST', '/api/submit-problem-judge', student.token, {
        pid: 'CF-1000A',
        language: CPP17,
        code: 'int x;',
      })
    ).body.data;
    const task = await claimRemote('dying');
    await judgeCall(t, 'heartbeat', { name: 'dying', taskId: task.taskId, attempt: task.attempt, runId: '777' });
    // The worker dies: after its lease the account is free again and the task waits for the next worker.
    const offset = t.clock.offsetMs;
    t.clock.offsetMs += LEASE_MS + 1000;
    await t.services.queue.requeueExpired();
    expect((await accounts())[0].leaseTaskId).toBeNull();
    expect((await submission(sub.submitId)).status).toBe(S.PENDING);

    // Only the owner resubmits; a local problem's submission is not resubmitted.
    expect((await call('GET', `/api/resubmit?submitId=${sub.submitId}`, other.token)).status).toBe(403);
    const resub = await call('GET', `/api/resubmit?submitId=${sub.submitId}`, student.token);
    expect(resub.status, JSON.stringify(resub.body)).toBe(200);
    expect(resub.body.data).toMatchObject({ submitId: sub.submitId, status: S.PENDING, vjudgePassword: null });
    // The run is polled again with the account that submitted it: the task brings the run id.
    const again = await claimRemote('next');
    expect(again).toMatchObject({ submitId: sub.submitId, runId: '777', account: { username: 'cf-one' } });
    expect((await submission(sub.submitId)).status).toBe(S.JUDGING);
    await reportVerdict('next', again, S.ACCEPTED);
    expect((await submission(sub.submitId)).status).toBe(S.ACCEPTED);
    t.clock.offsetMs = offset;
    const done = await call('GET', `/api/resubmit?submitId=${sub.submitId}`, student.token);
    expect([done.status, done.body.data.key]).toEqual([400, 'resubmitNotAllowed']);
    // The submission's views never carry the account.
    const detail = await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, student.token);
    expect(detail.body.data.submission).toMatchObject({
      vjudgeSubmitId: null,
      vjudgeUsername: null,
      vjudgePassword: null,
    });
    expect(JSON.stringify(detail.body)).not.toContain('pw-one');
  });

  it('a task claimed for a worker that hung up meanwhile goes back at once: account free, the next worker takes it', async () => {
    await drainRemote();
    expect((await setPool(['cf-one'], ['pw-one'])).status).toBe(200);
    const student = await userToken();
    await claimRemote();
    const sub = (
      await call('POST', '/api/submit-problem-judge', student.token, {
        pid: 'CF-1000A',
        language: CPP17,
        code: 'int y;',
      })
    ).body.data;
    // The stopping worker drops its long poll while the server is claiming the task for it.
    let looks = 0;
    const hungUp = {
      get aborted() {
        return looks++ > 0;
      },
    } as AbortSignal;
    const identity = { name: 'stopping', remote: ['CF', 'GYM'], concurrency: 2, running: 0 };
    expect(await t.services.queue.claimRemote(identity, 0, hungUp)).toBeNull();
    expect(looks).toBe(2);
    // Without waiting for the lease: the account is free, the submission Pending, the task the next worker's.
    expect((await accounts())[0].leaseTaskId).toBeNull();
    expect((await submission(sub.submitId)).status).toBe(S.PENDING);
    const next = await claimRemote('next');
    expect(next).toMatchObject({ submitId: sub.submitId, account: { username: 'cf-one' } });
    await reportVerdict('next', next, S.ACCEPTED);
    expect((await submission(sub.submitId)).status).toBe(S.ACCEPTED);
  });

  it('test-runs a remote problem here, in the local language the site language maps to', async () => {
    await claimRemote();
    const student = await userToken();
    const p = await t.services.problems.findByProblemId('CF-1000A');
    const res = await call('POST', '/api/submit-problem-test-judge', student.token, {
      pid: p?.id,
      type: 'public',
      language: CPP17,
      code: 'int main(){}',
      userInput: '1 2',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const task = await t.services.queue.taskByKey(res.body.data);
    expect(task).toMatchObject({ kind: 'testRun', language: 'C++ 17' });
    const local = await call('POST', '/api/submit-problem-test-judge', student.token, {
      pid: p?.id,
      type: 'public',
      language: 'Pascal',
      code: 'x',
      userInput: '1',
    });
    expect(local.status).toBe(400);
  });

  it('in an OI contest a remote verdict scores the full score on Accepted, through the same report path', async () => {
    await drainRemote();
    expect((await setPool(['cf-two'], ['pw-two'])).status).toBe(200);
    const c = await newContest({ type: 1 });
    const imp = await call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=CF&problemId=1000A&cid=${c.id}&displayId=R`,
      root,
    );
    expect(imp.status).toBe(200);
    const student = await userToken();
    await claimRemote();
    const res = await call('POST', '/api/submit-problem-judge', student.token, {
      pid: 'R',
      cid: c.id,
      language: CPP17,
      code: 'int main(){}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const task = await claimRemote('cw');
    await reportVerdict('cw', task, S.ACCEPTED);
    expect(await submission(res.body.data.submitId)).toMatchObject({ status: S.ACCEPTED, score: 100 });
    const rank = await call('POST', '/api/get-contest-rank', root, { cid: c.id, currentPage: 1, limit: 30 });
    expect(rank.status, JSON.stringify(rank.body)).toBe(200);
    const row = rank.body.data.records.find((r: { uid: string }) => r.uid === student.uid);
    expect(row).toMatchObject({ totalScore: 100, submissionInfo: { R: 100 } });
  });

  it('never hands one account to two tasks, even when claims arrive at the same moment', async () => {
    await drainRemote();
    expect((await setPool(['cf-one'], ['pw-one'])).status).toBe(200);
    const student = await userToken();
    await claimRemote();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++)
        await call('POST', '/api/submit-problem-judge', student.token, {
          pid: 'CF-1000A',
          language: CPP17,
          code: `int main(){return ${round * 10 + i};}`,
        });
      const claims = await Promise.all(Array.from({ length: 4 }, (_, i) => claimRemote(`p${i}`)));
      const got = claims.filter(Boolean);
      expect(got).toHaveLength(1);
      const leased = await t.services.db
        .select()
        .from(remoteJudgeAccounts)
        .where(and(eq(remoteJudgeAccounts.username, 'cf-one'), eq(remoteJudgeAccounts.oj, 'CF')));
      expect(leased[0].leaseTaskId).toBe(got[0].taskId);
      await reportVerdict(claims.findIndex(Boolean) >= 0 ? `p${claims.findIndex(Boolean)}` : '', got[0], S.ACCEPTED);
      await drainRemote();
    }
    expect(await t.services.db.select().from(problems).where(like(problems.problemId, 'CF-%'))).not.toHaveLength(0);
  });
});
