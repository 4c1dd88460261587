import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';

describe.each(DB_KINDS)('audit log (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const get = (url: string, token = root) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records rejudges, manual judges and cancels, newest first, filterable by action, actor and date', async () => {
    const judge = createFakeJudge(t);
    await judge.announce();
    const student = await createUser(t);
    const token = (await login(t, student.username, student.password)).token as string;
    const p = await createProblem(t);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token },
      payload: { pid: p.problemId, language: 'C++', code: 'int main(){}' },
    });
    const submitId = sub.json().data.submitId as number;
    await judge.judgeNext({ status: 0, score: 100 });

    expect((await get(`/api/admin/judge/rejudge?submitId=${submitId}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/judge/manual-judge?submitId=${submitId}&status=-1`)).statusCode).toBe(200);
    expect((await get(`/api/admin/judge/rejudge?submitId=${submitId}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/judge/cancel-judge?submitId=${submitId}`)).statusCode).toBe(200);
    // A refused call leaves no entry.
    expect((await get(`/api/admin/judge/rejudge?submitId=${submitId}`, token)).statusCode).toBe(403);

    const all = (await get(`/api/admin/audit-log?targetId=${submitId}`)).json().data;
    expect(all.records.map((r: { action: string }) => r.action)).toEqual([
      'cancelJudge',
      'rejudge',
      'manualJudge',
      'rejudge',
    ]);
    expect(all.records[2]).toMatchObject({ username: 'root', targetType: 'submission', detail: { status: -1 } });
    expect((await get(`/api/admin/audit-log?action=rejudge&targetId=${submitId}`)).json().data.total).toBe(2);
    expect((await get(`/api/admin/audit-log?username=${student.username}`)).json().data.total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await get(`/api/admin/audit-log?from=${tomorrow}`)).json().data.total).toBe(0);
    expect((await get(`/api/admin/audit-log?targetId=${submitId}&to=${tomorrow}`)).json().data.total).toBe(4);
    expect((await get('/api/admin/audit-log?from=yesterday')).statusCode).toBe(400);
    expect((await get('/api/admin/audit-log?action=dance')).statusCode).toBe(400);
  });
});
