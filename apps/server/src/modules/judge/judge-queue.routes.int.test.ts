import crypto from 'node:crypto';
import { JUDGE_STATUS } from '@oj/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, JUDGE_TOKEN, type TestApp } from '../../../test/harness.js';
import { judgeCases, judgeTasks, submissions } from '../../db/schema.js';
import { LEASE_MS } from './judge-queue.service.js';

describe.each(DB_KINDS)('judge queue and protocol on %s', (kind) => {
  let t: TestApp;
  let user: { uid: string; username: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await createUser(t);
  });
  afterAll(() => t?.close());

  const judgeCall = async (path: string, payload: object, token = JUDGE_TOKEN) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/judge/${path}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    return res;
  };
  const claim = async (name: string, languages = ['C++'], waitMs = 0) => {
    const res = await judgeCall('claim', { name, languages, concurrency: 1, running: 0, waitMs });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const accepted = (
    name: string,
    task: { taskId: number; attempt: number; problem?: { cases: { caseId: number; seq: number }[] } },
  ) => ({
    name,
    taskId: task.taskId,
    attempt: task.attempt,
    judge: {
      status: 0,
      score: 100,
      time: 12,
      memory: 3120,
      errorMessage: '',
      oiRankScore: null,
      cases: (task.problem?.cases ?? []).map((c) => ({
        caseId: c.caseId,
        seq: c.seq,
        status: 0,
        time: 6,
        memory: 3000,
        score: null,
        groupNum: null,
        message: '',
        userOutput: '3\n',
      })),
    },
  });

  /** Retires whatever an earlier test left in the queue, so each test starts from an empty one. */
  const drain = () =>
    t.services.db
      .update(judgeTasks)
      .set({ state: 'done' })
      .where(inArray(judgeTasks.state, ['queued', 'running']));

  const makeProblem = async () => {
    const a = await t.services.testData.put('1 2\n');
    const b = await t.services.testData.put('3\n');
    return t.services.problems.create({
      problem: { problemId: `P${crypto.randomBytes(3).toString('hex')}`, title: 'A+B', caseVersion: '1' },
      cases: [
        {
          seq: 1,
          inputName: '1.in',
          outputName: '1.out',
          inputSha256: a.sha256,
          outputSha256: b.sha256,
          inputSize: a.size,
          outputSize: b.size,
        },
      ],
      languages: ['C++'],
      codeTemplates: {},
      tagNames: [],
    });
  };
  const submit = async (language = 'C++') => {
    const problem = await makeProblem();
    return t.services.submissions.submit({ user, problem, language, code: 'int main(){}', ip: '127.0.0.1' });
  };
  const statusOf = async (submitId: number) =>
    (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];

  it('refuses a worker without the judge token', async () => {
    const res = await judgeCall(
      'claim',
      { name: 'x', languages: ['C++'], concurrency: 1, running: 0, waitMs: 0 },
      'wrong',
    );
    expect(res.statusCode).toBe(401);
    const res2 = await t.app.inject({ method: 'POST', url: '/api/judge/claim', payload: {} });
    expect(res2.statusCode).toBe(401);
  });

  it('takes a task handed back by its worker only from that worker, for its current attempt', async () => {
    await drain();
    const sub = await submit();
    const task = await claim('judge-a');
    const before = await t.services.queue.task(task.taskId);
    // Refused without the token, for bad input, for another worker and for another attempt: nothing changes.
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/judge/release',
      payload: { name: 'judge-a', taskId: task.taskId, attempt: 1 },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await judgeCall('release', { name: 'judge-a', taskId: 'x', attempt: 1 })).statusCode).toBe(400);
    expect((await judgeCall('release', { name: 'judge-b', taskId: task.taskId, attempt: 1 })).json().data).toEqual({
      released: false,
    });
    expect((await judgeCall('release', { name: 'judge-a', taskId: task.taskId, attempt: 2 })).json().data).toEqual({
      released: false,
    });
    expect(await t.services.queue.task(task.taskId)).toEqual(before);

    expect((await judgeCall('release', { name: 'judge-a', taskId: task.taskId, attempt: 1 })).json().data).toEqual({
      released: true,
    });
    expect(await t.services.queue.task(task.taskId)).toMatchObject({ state: 'queued', attempt: 0, leaseOwner: null });
    expect(await statusOf(sub.submitId)).toMatchObject({ status: JUDGE_STATUS.PENDING, judger: null });
    // A late report of the handed-back attempt is ignored; the next judge gets the task as attempt 1.
    expect((await judgeCall('report', accepted('judge-a', task))).json().data).toEqual({ accepted: false });
    const again = await claim('judge-b');
    expect(again).toMatchObject({ taskId: task.taskId, attempt: 1 });
    expect((await judgeCall('report', accepted('judge-a', task))).json().data).toEqual({ accepted: false });
    expect((await judgeCall('report', accepted('judge-b', again))).json().data).toEqual({ accepted: true });
  });

  it("a stopped worker's goodbye hands back what a claim it never saw answered leased to it; it claims nothing more", async () => {
    await drain();
    const sub = await submit();
    // The worker hung up its long poll as it stopped, but the server answered it with this task first.
    const orphan = await claim('judge-leaving');
    expect(orphan).toMatchObject({ attempt: 1 });
    await submit();
    const kept = await claim('judge-staying');
    // Refused without the token and for bad input: nothing changes.
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/judge/goodbye',
      payload: { name: 'judge-leaving' },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await judgeCall('goodbye', { name: '' })).statusCode).toBe(400);
    expect(await t.services.queue.task(orphan.taskId)).toMatchObject({ state: 'running', leaseOwner: 'judge-leaving' });

    expect((await judgeCall('goodbye', { name: 'judge-leaving' })).json().data).toEqual({ handedBack: 1 });
    expect(await t.services.queue.task(orphan.taskId)).toMatchObject({
      state: 'queued',
      attempt: 0,
      leaseOwner: null,
      lastError: 'handed back by judge-leaving',
    });
    expect(await statusOf(sub.submitId)).toMatchObject({ status: JUDGE_STATUS.PENDING, judger: null });
    // Another worker's task is left alone; the stopped worker is handed nothing, even by a poll still open.
    expect(await t.services.queue.task(kept.taskId)).toMatchObject({ state: 'running', leaseOwner: 'judge-staying' });
    expect(await claim('judge-leaving')).toBeNull();
    expect(await t.services.queue.task(orphan.taskId)).toMatchObject({ state: 'queued' });
    expect(await claim('judge-next')).toMatchObject({ taskId: orphan.taskId, attempt: 1 });
    expect((await judgeCall('goodbye', { name: 'judge-leaving' })).json().data).toEqual({ handedBack: 0 });
  });

  it('moves a submission Pending → Compiling → Judging → result, with per-case results stored', async () => {
    await drain();
    const sub = await submit();
    expect(sub.status).toBe(JUDGE_STATUS.PENDING);
    const task = await claim('judge-a');
    expect(task).toMatchObject({
      kind: 'judge',
      submitId: sub.submitId,
      source: 'int main(){}',
      language: 'C++',
      attempt: 1,
    });
    expect(task.problem.cases).toHaveLength(1);
    expect(task.problem.cases[0].inputSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await statusOf(sub.submitId)).toMatchObject({ status: JUDGE_STATUS.COMPILING, judger: 'judge-a' });

    const hb = await judgeCall('heartbeat', { name: 'judge-a', taskId: task.taskId, attempt: 1, status: 7 });
    expect(hb.json().data).toEqual({ keep: true });
    expect((await statusOf(sub.submitId)).status).toBe(JUDGE_STATUS.JUDGING);

    const rep = await judgeCall('report', accepted('judge-a', task));
    expect(rep.json().data).toEqual({ accepted: true });
    expect(await statusOf(sub.submitId)).toMatchObject({ status: 0, timeMs: 12, memoryKb: 3120 });
    const cases = await t.services.db.select().from(judgeCases).where(eq(judgeCases.submitId, sub.submitId));
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ status: 0, timeMs: 6, memoryKb: 3000, seq: 1 });
    // A worker that sends no output window (one older than it) leaves those columns empty.
    expect(cases[0]).toMatchObject({ outputFromLine: null, outputBytes: null });

    // The same report again is a no-op: reports are idempotent on (taskId, attempt).
    expect((await judgeCall('report', accepted('judge-a', task))).json().data).toEqual({ accepted: false });
  });

  it("stores a case's output window and output size as the worker reports them", async () => {
    await drain();
    const sub = await submit();
    const task = await claim('judge-a');
    const report = accepted('judge-a', task);
    report.judge.status = JUDGE_STATUS.WRONG_ANSWER;
    report.judge.score = 0;
    report.judge.cases = report.judge.cases.map((c) => ({
      ...c,
      status: JUDGE_STATUS.WRONG_ANSWER,
      userOutput: 'line 1497\nline 1498\n',
      outputFromLine: 1497,
      outputBytes: 17_889,
    }));
    expect((await judgeCall('report', report)).json().data).toEqual({ accepted: true });
    const cases = await t.services.db.select().from(judgeCases).where(eq(judgeCases.submitId, sub.submitId));
    expect(cases[0]).toMatchObject({
      status: JUDGE_STATUS.WRONG_ANSWER,
      userOutput: 'line 1497\nline 1498\n',
      outputFromLine: 1497,
      outputBytes: 17_889,
    });
  });

  it('never hands one task to two workers, even when they ask at the same moment', async () => {
    await drain();
    const sub = await submit();
    const [a, b] = await Promise.all([claim('judge-a'), claim('judge-b')]);
    const got = [a, b].filter(Boolean);
    expect(got).toHaveLength(1);
    expect(got[0].submitId).toBe(sub.submitId);
  });

  it('only hands a task to a worker that declared its language', async () => {
    await drain();
    const sub = await submit('Python3');
    expect(await claim('cpp-only', ['C++'])).toBeNull();
    expect((await claim('py', ['Python3'])).submitId).toBe(sub.submitId);
  });

  it('wakes a waiting long poll as soon as a task arrives', async () => {
    await drain();
    const started = Date.now();
    const waiting = claim('judge-wait', ['C++'], 10_000);
    await new Promise((r) => setTimeout(r, 200));
    const sub = await submit();
    const task = await waiting;
    expect(task.submitId).toBe(sub.submitId);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('requeues the task of a judge that died mid-judge, judges it again and ignores the dead judge later', async () => {
    await drain();
    const sub = await submit();
    const first = await claim('judge-dies');
    try {
      t.clock.offsetMs = LEASE_MS + 1_000;
      expect(await t.services.queue.requeueExpired()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await statusOf(sub.submitId)).status).toBe(JUDGE_STATUS.PENDING);
    const second = await claim('judge-b');
    expect(second).toMatchObject({ taskId: first.taskId, attempt: 2 });
    // The dead judge comes back and reports: stale, ignored.
    expect(
      (await judgeCall('heartbeat', { name: 'judge-dies', taskId: first.taskId, attempt: 1 })).json().data.keep,
    ).toBe(false);
    expect(
      (
        await judgeCall('report', {
          ...accepted('judge-dies', first),
          judge: { ...accepted('x', first).judge, status: -1 },
        })
      ).json().data.accepted,
    ).toBe(false);
    expect((await judgeCall('report', accepted('judge-b', second))).json().data.accepted).toBe(true);
    expect((await statusOf(sub.submitId)).status).toBe(JUDGE_STATUS.ACCEPTED);
  });

  it('ends in System Error with the reason after three failed attempts', async () => {
    await drain();
    const sub = await submit();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const task = await claim(`judge-${attempt}`);
      expect(task.attempt).toBe(attempt);
      const res = await judgeCall('report', {
        name: `judge-${attempt}`,
        taskId: task.taskId,
        attempt,
        failure: 'sandbox broken',
      });
      expect(res.json().data.accepted).toBe(true);
    }
    const row = await statusOf(sub.submitId);
    expect(row.status).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    expect(row.errorMessage).toMatch(/failed 3 times.*sandbox broken/);
    expect(await claim('judge-4')).toBeNull();
  });

  it('ignores the old judgement after a rejudge and judges the new version', async () => {
    await drain();
    const sub = await submit();
    const old = await claim('judge-a');
    const rejudged = await t.services.submissions.rejudge(sub.submitId);
    expect(rejudged.version).toBe(1);
    // The old judging moving on (Judging) does not touch the new version, nor does a plain heartbeat keep it.
    const judging = { name: 'judge-a', taskId: old.taskId, attempt: old.attempt, status: JUDGE_STATUS.JUDGING };
    expect((await judgeCall('heartbeat', judging)).json().data.keep).toBe(false);
    expect((await statusOf(sub.submitId)).status).toBe(JUDGE_STATUS.PENDING);
    expect(
      (await judgeCall('heartbeat', { name: 'judge-a', taskId: old.taskId, attempt: old.attempt })).json().data.keep,
    ).toBe(false);
    expect((await judgeCall('report', accepted('judge-a', old))).json().data.accepted).toBe(false);
    expect((await statusOf(sub.submitId)).status).toBe(JUDGE_STATUS.PENDING);
    const fresh = await claim('judge-b');
    expect(fresh.submitId).toBe(sub.submitId);
    expect(fresh.taskId).not.toBe(old.taskId);
    expect((await judgeCall('report', accepted('judge-b', fresh))).json().data.accepted).toBe(true);
    expect((await statusOf(sub.submitId)).status).toBe(0);
  });

  it('serves test data by sha256 and refuses unknown or malformed hashes', async () => {
    const { sha256 } = await t.services.testData.put('hello test data\n');
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/judge/test-data?sha256=${sha256}`,
      headers: { authorization: JUDGE_TOKEN },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('hello test data\n');
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/judge/test-data?sha256=${'0'.repeat(64)}`,
      headers: { authorization: JUDGE_TOKEN },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/judge/test-data?sha256=../../etc/passwd',
      headers: { authorization: JUDGE_TOKEN },
    });
    expect(bad.statusCode).toBe(400);
    const noToken = await t.app.inject({ method: 'GET', url: `/api/judge/test-data?sha256=${sha256}` });
    expect(noToken.statusCode).toBe(401);
  });

  it('runs test runs before submissions and keeps their result for the owner only', async () => {
    await drain();
    const problem = await makeProblem();
    await t.services.submissions.submit({ user, problem, language: 'C++', code: 'x', ip: '1' });
    const key = await t.services.submissions.testRun({
      user,
      problem,
      language: 'C++',
      code: 'y',
      userInput: '5 6',
      expectedOutput: null,
    });
    expect((await t.services.submissions.testRunResult(key, user.uid)).status).toBe(JUDGE_STATUS.PENDING);
    const task = await claim('judge-a');
    expect(task).toMatchObject({ kind: 'testRun', userInput: '5 6', source: 'y' });
    await judgeCall('report', {
      name: 'judge-a',
      taskId: task.taskId,
      attempt: 1,
      testRun: { status: 0, time: 3, memory: 1000, stderr: '', userOutput: '11\n', errorMessage: '' },
    });
    expect(await t.services.submissions.testRunResult(key, user.uid)).toMatchObject({
      status: 0,
      userOutput: '11\n',
      userInput: '5 6',
    });
    await expect(t.services.submissions.testRunResult(key, 'someone-else')).rejects.toMatchObject({ status: 404 });
  });

  it('compiles a checker on a judge and waits for the answer', async () => {
    await drain();
    const pending = t.services.submissions.compileChecker({
      code: 'int main(){',
      language: 'C++',
      mode: 'spj',
      extraFiles: {},
    });
    let task = null;
    for (let i = 0; i < 20 && !task; i++) task = await claim('judge-a', ['C++'], 500);
    expect(task).toMatchObject({ kind: 'compileChecker', mode: 'spj', source: 'int main(){' });
    await judgeCall('report', {
      name: 'judge-a',
      taskId: task.taskId,
      attempt: 1,
      compile: { ok: false, message: 'expected }' },
    });
    expect(await pending).toEqual({ ok: false, message: 'expected }' });
  });

  it('offers the languages judges declared, also once they are silent (decision 0036)', async () => {
    await claim('judge-langs', ['C++', 'Java']);
    expect(await t.services.queue.offeredLanguages()).toEqual(expect.arrayContaining(['C++', 'Java']));
    try {
      t.clock.offsetMs = 10 * 60_000;
      // No judge is live: still on offer (a submission waits for a judge), and the site says they wait.
      expect(await t.services.queue.offeredLanguages()).toEqual(expect.arrayContaining(['C++', 'Java']));
      expect(await t.services.queue.status()).toMatchObject({ judges: 0, languages: [] });
      expect((await t.services.queue.status()).waiting).toEqual(expect.arrayContaining(['C++', 'Java']));
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('tells visitors whether judging is paused and why', async () => {
    try {
      t.clock.offsetMs = 10 * 60_000; // every judge seen so far is now silent
      const none = (await t.app.inject({ method: 'GET', url: '/api/get-judge-status' })).json().data;
      expect(none).toMatchObject({ available: false, reason: 'noJudge', judges: 0 });
      await claim('judge-without-sandbox', []);
      const noLang = (await t.app.inject({ method: 'GET', url: '/api/get-judge-status' })).json().data;
      expect(noLang).toMatchObject({ available: false, reason: 'noLanguage', judges: 1 });
      await claim('judge-ok', ['C++']);
      const ok = (await t.app.inject({ method: 'GET', url: '/api/get-judge-status' })).json().data;
      expect(ok).toMatchObject({ available: true, reason: null, languages: ['C++'] });
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});
