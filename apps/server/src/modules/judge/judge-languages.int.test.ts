import { remoteAdapters, remoteJudgeConfigFromEnv } from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit } from '../../../test/contest-helpers.js';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem, judgeCall } from '../../../test/judge-helpers.js';
import {
  JUDGE_ALIVE_MS,
  LANGUAGE_WAIT_MINUTES,
  NO_JUDGE_REASON,
  REMOTE_ACCOUNT_WAIT_MS,
} from './judge-queue.service.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// The languages on offer are the ones judges have declared, kept while no judge is connected (decision 0036): a
// submission then waits as Pending, and ends in System Error with the reason when no judge for its language comes
// within the wait. The judges here are fake ones speaking the judge protocol; judge-languages-worker.int.test.ts
// runs the same story with real worker processes.
describe.each(DB_KINDS)('languages on offer while no judge is connected, on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let judge: ReturnType<typeof createFakeJudge>;
  const kit = contestKit(() => ({ t, judge, root }));
  const { call } = kit;

  /** Runs `fn` with the clock moved by `ms`, then puts it back. */
  const at = async <T>(ms: number, fn: () => Promise<T>) => {
    const before = t.clock.offsetMs;
    t.clock.offsetMs = before + ms;
    try {
      return await fn();
    } finally {
      t.clock.offsetMs = before;
    }
  };
  const detail = async (token: string, submitId: number) =>
    (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, token)).body.data.submission;
  const judgeStatus = async () => (await call('GET', '/api/get-judge-status')).body.data;
  const dashboard = async () => (await call('GET', '/api/admin/dashboard/get-dashboard-info', root)).body.data;
  const submit = (token: string, pid: string | number, language: string, extra: object = {}) =>
    call('POST', '/api/submit-problem-judge', token, { pid, language, code: 'int main(){}', ...extra });

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    // A judge declared C++ and Python3 ten minutes ago, then went away (the judges restart): no judge is live now.
    judge = createFakeJudge(t, 'judge-before-restart', ['C++', 'Python3']);
    await at(-10 * MINUTE, () => judge.announce());
  });
  afterAll(() => t?.close());

  it('takes a submission while no judge is connected: Pending, the site says it waits, a judge that comes judges it', async () => {
    const student = await kit.userToken();
    const problem = await createProblem(t, {}, { languages: ['C++', 'Python3'] });
    expect(await judgeStatus()).toMatchObject({
      available: false,
      reason: 'noJudge',
      judges: 0,
      waiting: ['C++', 'Python3'],
    });
    // The problem page still offers both languages.
    const offered = await call('GET', `/api/get-problem-languages?pid=${problem.id}`, student.token);
    expect(offered.body.data.map((l: { name: string }) => l.name)).toEqual(['C++', 'Python3']);

    const res = await submit(student.token, problem.problemId, 'C++');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe(S.PENDING);
    const submitId = res.body.data.submitId as number;
    expect(await detail(student.token, submitId)).toMatchObject({ status: S.PENDING });
    expect((await judgeStatus()).queued).toBeGreaterThanOrEqual(1);

    // The admin dashboard lists the languages without a live judge, with what waits for each.
    const dash = await dashboard();
    expect(dash.languagesWithoutJudge).toEqual([
      expect.objectContaining({ language: 'C++', queued: 1 }),
      expect.objectContaining({ language: 'Python3', queued: 0 }),
    ]);
    expect(dash.queue.find((q: { submitId: number }) => q.submitId === submitId)).toMatchObject({ reason: 'noJudge' });

    // The sweep before the wait is over leaves it alone.
    await at(10 * MINUTE, () => t.services.queue.requeueExpired());
    expect(await detail(student.token, submitId)).toMatchObject({ status: S.PENDING });

    // A judge comes back: it takes the waiting submission, and the site no longer says anything waits.
    const back = createFakeJudge(t, 'judge-after-restart', ['C++', 'Python3']);
    const task = await back.judgeNext({ status: S.ACCEPTED });
    expect(task.submitId).toBe(submitId);
    expect(await detail(student.token, submitId)).toMatchObject({ status: S.ACCEPTED });
    expect(await judgeStatus()).toMatchObject({ available: true, reason: null, waiting: [] });
    expect((await dashboard()).languagesWithoutJudge).toEqual([]);
  });

  it('ends a submission whose language has no judge within the wait in System Error with the reason; a rejudge judges it later', async () => {
    const student = await kit.userToken();
    // Java was declared once, by a judge that never comes back.
    await at(-10 * MINUTE, () => createFakeJudge(t, 'java-judge', ['Java']).announce());
    const problem = await createProblem(t, {}, { languages: ['Java'] });
    const res = await submit(student.token, problem.problemId, 'Java');
    expect(res.status).toBe(200);
    const submitId = res.body.data.submitId as number;

    // A live judge without Java does not count.
    await at(LANGUAGE_WAIT_MINUTES * MINUTE - MINUTE, () => createFakeJudge(t, 'cpp-only', ['C++']).announce());
    await at(LANGUAGE_WAIT_MINUTES * MINUTE + MINUTE, () => t.services.queue.requeueExpired());
    const ended = await detail(student.token, submitId);
    expect(ended).toMatchObject({
      status: S.SYSTEM_ERROR,
      errorMessage: NO_JUDGE_REASON('Java', LANGUAGE_WAIT_MINUTES),
    });
    expect(ended.errorMessage).toBe('No judge for Java was available within 30 minutes');
    // Ended once: another sweep changes nothing, and nothing of it waits in the queue.
    await at(LANGUAGE_WAIT_MINUTES * MINUTE + 2 * MINUTE, () => t.services.queue.requeueExpired());
    expect((await detail(student.token, submitId)).status).toBe(S.SYSTEM_ERROR);
    expect((await dashboard()).queue.some((q: { submitId: number }) => q.submitId === submitId)).toBe(false);

    // The language stays on offer, and root's rejudge queues it as usual: a Java judge that comes judges it.
    expect((await call('GET', `/api/admin/judge/rejudge?submitId=${submitId}`, root)).status).toBe(200);
    expect((await detail(student.token, submitId)).status).toBe(S.PENDING);
    await createFakeJudge(t, 'java-judge-2', ['Java']).judgeNext({ status: S.WRONG_ANSWER });
    expect(await detail(student.token, submitId)).toMatchObject({ status: S.WRONG_ANSWER });
  });

  it('refuses a language no judge ever declared and one the problem does not take, in the bank and in a contest', async () => {
    const student = await kit.userToken();
    const anyLanguage = await createProblem(t, {}, { languages: [] });
    const cppOnly = await createProblem(t, {}, { languages: ['C++'] });
    const key = (r: { status: number; body: { data: { key?: string } } }) => [r.status, r.body.data?.key];
    expect(key(await submit(student.token, anyLanguage.problemId, 'Go'))).toEqual([400, 'languageNotOffered']);
    expect(key(await submit(student.token, cppOnly.problemId, 'Python3'))).toEqual([400, 'languageNotAllowed']);

    const contest = await kit.newContest();
    await call('POST', '/api/admin/contest/add-problem-from-public', root, {
      cid: contest.id,
      pid: cppOnly.id,
      displayId: 'A',
    });
    await call('POST', '/api/admin/contest/add-problem-from-public', root, {
      cid: contest.id,
      pid: anyLanguage.id,
      displayId: 'B',
    });
    expect(key(await kit.submit(student.token, contest.id, 'A', 'int main(){}', 'Python3'))).toEqual([
      400,
      'languageNotAllowed',
    ]);
    expect(key(await kit.submit(student.token, contest.id, 'B', 'int main(){}', 'Go'))).toEqual([
      400,
      'languageNotOffered',
    ]);
    // Nothing was stored for the refused ones; a contest submit in an offered language is taken while no judge is
    // live (every judge so far has been silent for longer than a judge counts as live).
    await at(LANGUAGE_WAIT_MINUTES * MINUTE + 2 * JUDGE_ALIVE_MS, async () => {
      expect((await judgeStatus()).judges).toBe(0);
      const taken = await kit.submit(student.token, contest.id, 'A');
      expect([taken.status, taken.body.data.status]).toEqual([200, S.PENDING]);
    });
    const mine = await call(
      'GET',
      `/api/contest-submissions?contestID=${contest.id}&currentPage=1&limit=10&onlyMine=true`,
      student.token,
    );
    expect(mine.body.data.records.map((r: { language: string }) => r.language)).toEqual(['C++']);
  });

  it('answers a test run (and ends a checker compile) no judge of its language takes within a minute: System Error with the reason', async () => {
    const student = await kit.userToken();
    const problem = await createProblem(t, {}, { languages: ['C++', 'Python3'] });
    // Every judge is silent two hours later (within the student's session); Python3 is still on offer, so the test
    // run is taken.
    const later = 2 * 60 * MINUTE;
    const key = await at(later, async () => {
      const r = await call('POST', '/api/submit-problem-test-judge', student.token, {
        pid: problem.problemId,
        language: 'Python3',
        code: 'print(3)',
        userInput: '1 2\n',
      });
      expect(r.status).toBe(200);
      return r.body.data as string;
    });
    const result = async () =>
      (await call('GET', `/api/get-test-judge-result?testJudgeKey=${key}`, student.token)).body.data;
    // A checker compile (whose admin stops waiting after 30 s) in a language without a judge is queued meanwhile.
    const check = await at(later, () =>
      t.services.queue.enqueue({
        kind: 'compileChecker',
        language: 'Python3',
        payload: { code: 'print(1)', mode: 'spj', extraFiles: {} },
      }),
    );
    expect((await result()).status).toBe(S.PENDING);
    await at(later + 30_000, () => t.services.queue.requeueExpired());
    expect((await result()).status).toBe(S.PENDING);
    await at(later + MINUTE + 5_000, () => t.services.queue.requeueExpired());
    const reason = 'No judge for Python3 was available within 1 minute';
    expect(await result()).toMatchObject({ status: S.SYSTEM_ERROR, stderr: reason });
    // Neither stays queued for a judge that comes later.
    expect(await t.services.queue.task(check.id)).toMatchObject({
      state: 'failed',
      result: { ok: false, message: reason },
    });
  });

  it('drops a language from the offer once no judge has declared it for a week', async () => {
    const student = await kit.userToken();
    await at(-10 * MINUTE, () => createFakeJudge(t, 'cobol-judge', ['Pascal']).announce());
    const problem = await createProblem(t, {}, { languages: [] });
    expect((await submit(student.token, problem.problemId, 'Pascal')).status).toBe(200);
    await at(6 * DAY, () => t.services.queue.requeueExpired());
    expect(await t.services.queue.offeredLanguages()).toContain('Pascal');
    await at(7 * DAY, () => t.services.queue.requeueExpired());
    expect(await t.services.queue.offeredLanguages()).not.toContain('Pascal');
    const refused = await submit(student.token, problem.problemId, 'Pascal');
    expect([refused.status, refused.body.data.key]).toEqual([400, 'languageNotOffered']);
    // A judge that declares it again brings it back.
    await createFakeJudge(t, 'pascal-judge', ['Pascal']).announce();
    expect((await submit(student.token, problem.problemId, 'Pascal')).status).toBe(200);
  });

  // The same for remote judging (decision 0036, "Remote sites"): a site some worker's remote loop declared stays on
  // offer while no worker is connected, its submissions wait, and the same wait bounds them.
  it('keeps a remote site on offer while no worker is connected: Pending, the next worker of the site judges it, none within the wait is System Error; a site never declared is refused', async () => {
    const CPP17 = 'GNU G++17 7.3.0';
    // The sites' adapters give the languages; no site is asked anything here (the workers are fake ones).
    Object.assign(
      t.services.remoteSites,
      remoteAdapters(
        remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: 'http://127.0.0.1:9', OJ_REMOTE_HDU_URL: 'http://127.0.0.1:9' }),
      ),
    );
    const pools = await call('PUT', '/api/admin/switch/update', root, {
      cfUsernameList: ['cf-one'],
      cfPasswordList: ['pw-one'],
      hduUsernameList: ['hdu-one'],
      hduPasswordList: ['pw-one'],
    });
    expect(pools.status, JSON.stringify(pools.body)).toBe(200);
    const cf = await createProblem(t, { problemId: 'CF-4A', isRemote: 1 }, { languages: [CPP17] });
    const hdu = await createProblem(t, { problemId: 'HDU-1000', isRemote: 1 }, { languages: ['G++'] });
    const claimRemote = (name: string) =>
      judgeCall(t, 'claim-remote', { name, remote: ['CF', 'GYM'], concurrency: 1, running: 0, waitMs: 0 });
    const student = await kit.userToken();
    const submitRemote = (pid: string, language: string) =>
      call('POST', '/api/submit-problem-judge', student.token, { pid, language, code: 'int main(){}' });
    const languagesOf = async (pid: number) =>
      (await call('GET', `/api/get-problem-languages?pid=${pid}`, student.token)).body.data.map(
        (l: { name: string }) => l.name,
      );

    // A worker declared CF and GYM ten minutes ago, then went away (the workers restart). HDU was never declared.
    expect(await at(-10 * MINUTE, () => claimRemote('remote-before-restart'))).toBeNull();
    expect(await languagesOf(cf.id)).toContain(CPP17);
    expect(await languagesOf(hdu.id)).toEqual([]);
    const refused = await submitRemote(hdu.problemId, 'G++');
    expect([refused.status, refused.body.data.key]).toEqual([400, 'languageNotOffered']);

    const res = await submitRemote(cf.problemId, CPP17);
    expect([res.status, res.body.data.status]).toEqual([200, S.PENDING]);
    const first = res.body.data.submitId as number;
    // The notice and the dashboard name the site without a live worker, with what waits for it.
    const status = await judgeStatus();
    expect(status.waiting).toEqual(expect.arrayContaining(['CF', 'GYM']));
    expect(status.waiting).not.toContain('HDU');
    const rows = (await dashboard()).languagesWithoutJudge;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: 'CF', queued: 1 }),
        expect.objectContaining({ language: 'GYM', queued: 0 }),
      ]),
    );
    // Past the account wait with no worker there: not an account's wait, the submission still waits.
    await at(REMOTE_ACCOUNT_WAIT_MS + MINUTE, () => t.services.queue.requeueExpired());
    expect(await detail(student.token, first)).toMatchObject({ status: S.PENDING });

    // A worker of the site comes back: it claims the waiting submission with an account and judges it.
    const task = await claimRemote('remote-after-restart');
    expect(task).toMatchObject({ kind: 'remote', submitId: first, oj: 'CF', account: { username: 'cf-one' } });
    await judgeCall(t, 'report', {
      name: 'remote-after-restart',
      taskId: task.taskId,
      attempt: task.attempt,
      judge: { status: S.ACCEPTED, score: 0, time: 15, memory: 1024, errorMessage: '', oiRankScore: null, cases: [] },
    });
    expect(await detail(student.token, first)).toMatchObject({ status: S.ACCEPTED });
    expect((await judgeStatus()).waiting).not.toContain('CF');
    expect((await dashboard()).languagesWithoutJudge.map((l: { language: string }) => l.language)).not.toContain('CF');

    // That worker goes away too, and none comes back: after the wait the submission is System Error with the reason.
    const second = (await submitRemote(cf.problemId, CPP17)).body.data.submitId as number;
    await at(LANGUAGE_WAIT_MINUTES * MINUTE - MINUTE, () => t.services.queue.requeueExpired());
    expect(await detail(student.token, second)).toMatchObject({ status: S.PENDING });
    await at(LANGUAGE_WAIT_MINUTES * MINUTE + MINUTE, () => t.services.queue.requeueExpired());
    const ended = await detail(student.token, second);
    expect(ended).toMatchObject({ status: S.SYSTEM_ERROR, errorMessage: NO_JUDGE_REASON('CF', LANGUAGE_WAIT_MINUTES) });
    expect(ended.errorMessage).toBe('No judge for CF was available within 30 minutes');
    expect((await dashboard()).queue.some((q: { submitId: number }) => q.submitId === second)).toBe(false);
    // Nothing holds the account, and the next worker finds nothing left of it.
    expect(await claimRemote('remote-later')).toBeNull();

    // A site no worker declared for the forget days leaves the offer, as a language does.
    await at(7 * DAY, () => t.services.queue.requeueExpired());
    expect(await t.services.queue.offeredRemote()).not.toContain('CF');
    const gone = await submitRemote(cf.problemId, CPP17);
    expect([gone.status, gone.body.data.key]).toEqual([400, 'languageNotOffered']);
  });
});
