import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  login,
  ROOT_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';
import { createFakeJudge, judgeCall } from '../../../test/judge-helpers.js';
import { buildPolygonZip, generatedPackage, manualPackage } from '../../../test/polygon-fixtures.js';
import { multipartBody } from '../../../test/zip-fixtures.js';
import { importJobs, problemCases, problemSolutions, problems } from '../../db/schema.js';

// The Polygon import's server side on both databases, with the test playing the judge through the judge protocol:
// what is refused at once, the job a package task serves, the problem made from its report, and a failed job that
// leaves nothing. polygon-import-judge.int.test.ts runs the same on a real judge worker.
describe.each(DB_KINDS)('Polygon import (%s)', (kind) => {
  let t: TestApp;
  let root: string;

  /** A judge protocol call's answer (it must be 200). */
  const judge = (path: string, payload: object) => judgeCall(t, path, payload);
  const upload = async (
    zip: Buffer,
    token: string | null = root,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => {
    const m = multipartBody('file', 'package.zip', zip, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/file/import-polygon-problem',
      payload: m.payload,
      headers: { ...m.headers, ...headers, ...(token ? { authorization: token } : {}) },
    });
  };
  const job = async (id: number, token = root, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/import-job?id=${id}`,
      headers: { ...headers, authorization: token },
    });
  const problemCount = async () => (await t.services.db.select({ n: count() }).from(problems))[0].n;
  const jobCount = async () => (await t.services.db.select({ n: count() }).from(importJobs))[0].n;
  /** The package task of the queue, claimed as a judge of C++ would. */
  const claimPackage = () => createFakeJudge(t, `polygon-${kind}`, ['C++ 17 With O2']).claimPastCompiles();
  const uploadMade = async (content: string) => {
    const m = multipartBody('file', 'made', Buffer.from(content));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/judge/upload-test-data',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${JUDGE_TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sha256: string; size: number };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses at once, whole and with every reason, what is wrong without running anything', async () => {
    const [problemsBefore, jobsBefore] = [await problemCount(), await jobCount()];
    // Not root.
    const admin = await createUser(t, 'admin');
    const adminToken = (await login(t, admin.username, admin.password)).token as string;
    expect((await upload(await buildPolygonZip(manualPackage()), adminToken)).statusCode).toBe(403);
    // Not a zip.
    const notZip = await upload(Buffer.from('problem.xml'));
    expect(notZip.statusCode).toBe(400);
    // A package whose problem.xml names files it does not hold: each is named.
    const files = manualPackage();
    delete files['tests/02'];
    delete files['files/val.cpp'];
    const bad = await upload(await buildPolygonZip(files));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('tests/02');
    expect(bad.json().msg).toContain('files/val.cpp');
    // The reasons in the caller's language.
    const zip = await buildPolygonZip(files);
    const zh = (await upload(zip, root, {}, { 'accept-language': 'zh-CN' })).json().msg;
    expect(zh).toContain('无法导入该 Polygon 题目包');
    expect(zh).toContain('题目包中缺少测试点 2 的文件 tests/02');
    expect(zh).toContain('校验器 files/val.cpp 不在题目包中');
    const en = (await upload(zip, root, {}, { 'accept-language': 'en-US' })).json().msg;
    expect(en).toContain("test 2's file tests/02 is missing from the package");
    expect(en).toContain('validator files/val.cpp is missing from the package');
    // No problem.xml at all.
    expect((await upload(await buildPolygonZip({ 'readme.txt': 'hello' }))).statusCode).toBe(400);
    expect([await problemCount(), await jobCount()]).toEqual([problemsBefore, jobsBefore]);
    expect((await job(999_999)).statusCode).toBe(404);
  });

  it('makes the problem from the package task once it reports, with its tests, scores, checker and solutions', async () => {
    const started = await upload(await buildPolygonZip(manualPackage()), root, { language: 'english' });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json().data as { jobId: number };
    const before = (await job(jobId)).json().data;
    expect(before).toMatchObject({ id: jobId, kind: 'polygon', status: 'running', progress: 0, errors: [] });
    expect(before.pid).toBeUndefined();
    // The notes in the viewer's language.
    expect(before.notes).toContain('采用英文题面；未导入中文题面');
    const inEnglish = (await job(jobId, root, { 'accept-language': 'en-US' })).json().data;
    expect(inEnglish.notes).toContain('statement in english taken; chinese left out');

    const task = await claimPackage();
    expect(task).toMatchObject({ kind: 'package', language: 'C++ 17 With O2', check: true, timeLimitMs: 1000 });
    expect(task.solutions.map((s: { tag: string }) => s.tag)).toEqual(['main', 'wrong-answer']);
    expect(task.checker.name).toBe('files/check.cpp');
    expect(task.validator.name).toBe('files/val.cpp');
    expect(task.tests).toHaveLength(3);
    // Files are served by hash, their line endings normalised.
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/judge/test-data?sha256=${task.tests[0].input.sha256}`,
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('\r');

    // Progress is kept on the job, only from the worker holding the task.
    const progress = (name: string) =>
      judge('progress', { name, taskId: task.taskId, attempt: task.attempt, done: 3, total: 12 });
    expect(await progress('someone-else')).toEqual({ keep: false });
    expect(await progress(`polygon-${kind}`)).toEqual({ keep: true });
    expect((await job(jobId)).json().data).toMatchObject({
      status: 'running',
      progress: 25,
      stage: 'running',
      stepsDone: 3,
      stepsTotal: 12,
    });

    const tests = task.tests.map(
      (x: { index: number; input: { sha256: string; size: number }; answer: { sha256: string; size: number } }) => ({
        index: x.index,
        inputSha256: x.input.sha256,
        inputSize: x.input.size,
        answerSha256: x.answer.sha256,
        answerSize: x.answer.size,
        valid: true,
        message: '',
      }),
    );
    const reported = await judge('report', {
      name: `polygon-${kind}`,
      taskId: task.taskId,
      attempt: task.attempt,
      package: { errors: [], tests, solutions: [] },
    });
    expect(reported).toEqual({ accepted: true });
    const done = (await job(jobId)).json().data;
    expect(done).toMatchObject({ status: 'done', progress: 100, errors: [] });
    expect(done.problemId).toBeTruthy();
    const [p] = await t.services.db.select().from(problems).where(eq(problems.id, done.pid));
    expect(p).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C++', timeLimitMs: 1000, memoryLimitMb: 256 });
    expect(p.validatorCode).toContain('registerValidation');
    expect(p.spjCode).not.toContain('\r');
    const cases = await t.services.db
      .select()
      .from(problemCases)
      .where(eq(problemCases.pid, p.id))
      .orderBy(problemCases.seq);
    expect(cases.map((c) => c.inputSha256)).toEqual(tests.map((x: { inputSha256: string }) => x.inputSha256));
    const solutions = await t.services.db.select().from(problemSolutions).where(eq(problemSolutions.pid, p.id));
    expect(solutions.map((s) => [s.name, s.tag])).toEqual([
      ['solutions/main.cpp', 'main'],
      ['solutions/wa.cpp', 'wrong-answer'],
    ]);
    // The problem is public and shows its statement.
    const shown = await t.app.inject({ method: 'GET', url: `/api/get-problem-detail?problemId=${done.problemId}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.problem.title).toBeTruthy();
  });

  it("fails the job with the report's errors and makes nothing; made files are uploaded by hash", async () => {
    const problemsBefore = await problemCount();
    const started = await upload(await buildPolygonZip(generatedPackage()));
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json().data as { jobId: number };
    const task = await claimPackage();
    expect(task.generators.map((g: { name: string }) => g.name)).toContain('gen');
    expect(task.tests.some((x: { cmd: string | null }) => x.cmd?.startsWith('gen '))).toBe(true);
    const made = await uploadMade('1 2\n');
    expect(made.size).toBe(4);
    const res = await judge('report', {
      name: `polygon-${kind}`,
      taskId: task.taskId,
      attempt: task.attempt,
      package: {
        errors: [
          { key: 'packageErrorInvalidTest', vars: { test: '2', detail: 'FAIL a is out of range' } },
          // A reason this server does not know is kept as the task's words.
          { key: 'somethingNewer' },
        ],
        tests: [],
        solutions: [],
      },
    });
    expect(res).toEqual({ accepted: true });
    // Said in the reader's language; the validator's own words as they came.
    const failed = (await job(jobId)).json().data;
    expect(failed).toMatchObject({
      status: 'failed',
      errors: ['测试点 2 未通过校验器：FAIL a is out of range', '题目包任务失败：somethingNewer'],
    });
    const inEnglish = await t.app.inject({
      method: 'GET',
      url: `/api/admin/import-job?id=${jobId}`,
      headers: { authorization: root, 'accept-language': 'en-US' },
    });
    expect(inEnglish.json().data.errors[0]).toBe('test 2 is rejected by the validator: FAIL a is out of range');
    expect(failed.pid).toBeUndefined();
    expect(await problemCount()).toBe(problemsBefore);
    // A judge's upload needs the judge token.
    const m = multipartBody('file', 'made', Buffer.from('x'));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/judge/upload-test-data',
      payload: m.payload,
      headers: m.headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('fails the job when its task fails for good', async () => {
    const started = await upload(await buildPolygonZip(manualPackage()));
    const { jobId } = started.json().data as { jobId: number };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const task = await claimPackage();
      expect(task.attempt).toBe(attempt);
      await judge('report', {
        name: `polygon-${kind}`,
        taskId: task.taskId,
        attempt: task.attempt,
        failure: 'sandbox broken',
      });
    }
    const failed = (await job(jobId)).json().data;
    expect(failed.status).toBe('failed');
    expect(failed.errors[0]).toContain('sandbox broken');
  });
});
