import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem, judgeCall } from '../../../test/judge-helpers.js';

// The package check's server side on both databases, the test playing the judge: who manages a problem's reference
// solutions and runs its check, what the package task carries, and the report kept with the problem.
describe.each(DB_KINDS)('package check (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const name = `check-${kind}`;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
  const judge = (path: string, payload: object) => judgeCall(t, path, payload);
  const claimPackage = () => createFakeJudge(t, name, ['C++ 17 With O2', 'Python3']).claimPastCompiles();

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets who manages the problem attach solutions and check them; the report shows every mismatch', async () => {
    const owner = await createUser(t, 'admin');
    const ownerToken = (await login(t, owner.username, owner.password)).token as string;
    const stranger = await createUser(t, 'user');
    const strangerToken = (await login(t, stranger.username, stranger.password)).token as string;
    const p = await createProblem(t, { author: owner.username, timeLimitMs: 1000 }, { cases: [{}, {}] });

    // Nothing to check yet.
    expect((await call('POST', '/api/admin/problem/package-check', ownerToken, { pid: p.id })).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/problem/package-check?pid=${p.id}`, ownerToken)).json().data).toBeNull();

    const add = (token: string | null, body: object) =>
      call('POST', '/api/admin/problem/solution', token, { pid: p.id, name: 'main.py', language: 'Python3', ...body });
    const main = await add(ownerToken, { tag: 'main', code: 'a, b = map(int, input().split())\nprint(a + b)\n' });
    expect(main.statusCode, main.body).toBe(200);
    expect((await add(strangerToken, { tag: 'accepted', code: 'print(3)' })).statusCode).toBe(403);
    expect((await add(null, { tag: 'accepted', code: 'print(3)' })).statusCode).toBe(401);
    // Bad input changes nothing.
    expect((await add(ownerToken, { tag: 'nearly-right', code: 'print(3)' })).statusCode).toBe(400);
    expect((await add(ownerToken, { tag: 'accepted', code: '' })).statusCode).toBe(400);
    const wrong = await add(ownerToken, { name: 'wa.py', tag: 'wrong-answer', code: 'print(3)\n' });
    expect(wrong.statusCode).toBe(200);
    const listed = (await call('GET', `/api/admin/problem/solutions?pid=${p.id}`, ownerToken)).json().data;
    expect(listed.map((s: { name: string; tag: string }) => [s.name, s.tag])).toEqual([
      ['main.py', 'main'],
      ['wa.py', 'wrong-answer'],
    ]);
    expect((await call('GET', `/api/admin/problem/solutions?pid=${p.id}`, strangerToken)).statusCode).toBe(403);

    const started = await call('POST', '/api/admin/problem/package-check', ownerToken, { pid: p.id });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json().data;
    // The job is the owner's (and root's) to follow.
    expect((await call('GET', `/api/admin/import-job?id=${jobId}`, ownerToken)).json().data).toMatchObject({
      kind: 'check',
      status: 'running',
      pid: p.id,
    });
    expect((await call('GET', `/api/admin/import-job?id=${jobId}`, strangerToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/import-job?id=${jobId}`, root)).statusCode).toBe(200);

    const task = await claimPackage();
    expect(task).toMatchObject({ kind: 'package', check: true, generators: [], validator: null, checker: null });
    expect(task.solutions.map((s: { tag: string }) => s.tag)).toEqual(['main', 'wrong-answer']);
    expect(task.tests).toHaveLength(2);
    expect(task.tests[0].answer.sha256).toMatch(/^[0-9a-f]{64}$/);
    const AC = JUDGE_STATUS.ACCEPTED;
    await judge('report', {
      name,
      taskId: task.taskId,
      attempt: task.attempt,
      package: {
        errors: [],
        tests: task.tests.map(
          (x: {
            index: number;
            input: { sha256: string; size: number };
            answer: { sha256: string; size: number };
          }) => ({
            index: x.index,
            inputSha256: x.input.sha256,
            inputSize: x.input.size,
            answerSha256: x.answer.sha256,
            answerSize: x.answer.size,
            valid: true,
            message: '',
          }),
        ),
        solutions: [
          {
            name: 'main.py',
            tag: 'main',
            ok: true,
            message: '',
            verdicts: [
              { test: 1, status: AC, timeMs: 40 },
              { test: 2, status: AC, timeMs: 620 },
            ],
          },
          {
            name: 'wa.py',
            tag: 'wrong-answer',
            ok: false,
            message: 'expected wrong-answer, got Accepted on every test',
            verdicts: [
              { test: 1, status: AC, timeMs: 30 },
              { test: 2, status: AC, timeMs: 30 },
            ],
          },
        ],
      },
    });
    const report = (await call('GET', `/api/admin/problem/package-check?pid=${p.id}`, ownerToken)).json().data;
    expect(report).toMatchObject({ jobId, status: 'done', mainSlowestMs: 620, timeLimitMs: 1000, errors: [] });
    expect(report.solutions.map((s: { ok: boolean }) => s.ok)).toEqual([true, false]);
    expect(report.tests.map((x: { name: string; valid: boolean }) => [x.name, x.valid])).toEqual([
      ['1', true],
      ['2', true],
    ]);
    expect((await call('GET', `/api/admin/problem/package-check?pid=${p.id}`, strangerToken)).statusCode).toBe(403);

    // Deleting a solution: its manager only.
    const id = wrong.json().data.id;
    expect((await call('DELETE', `/api/admin/problem/solution?id=${id}`, strangerToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/problem/solution?id=${id}`, ownerToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/problem/solutions?pid=${p.id}`, ownerToken)).json().data).toHaveLength(1);
  });
});
