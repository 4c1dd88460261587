import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../test/harness.js';
import { createFakeJudge, createProblem, judgeCall } from '../../test/judge-helpers.js';
import { problemCounts, submissions, userRecords } from './schema.js';

// The counts the aggregate triggers keep (drizzle/0002 and 0037): a problem's submissions by outcome and a user's
// totals, as a submission goes Pending, Compiling, Judging, to its verdict, and again through a rejudge.
describe.each(DB_KINDS)('problem and user counts through judging on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('count a submission once, by its verdict only, whatever statuses it passes through', async () => {
    const judge = createFakeJudge(t, 'counts-judge');
    await judge.announce();
    await judge.drain();
    const problem = await createProblem(t);
    const u = await createUser(t);
    const token = (await login(t, u.username, u.password)).token as string;
    const rootToken = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const counts = async () => {
      const [p] = await t.services.db.select().from(problemCounts).where(eq(problemCounts.pid, problem.id));
      const [r] = await t.services.db.select().from(userRecords).where(eq(userRecords.uid, u.uid));
      return { total: p?.total, ac: p?.ac, wa: p?.wa, userTotal: r?.total, userAc: r?.ac };
    };
    const statusOf = async (submitId: number) =>
      (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0].status;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token },
      payload: { pid: problem.problemId, language: 'C++', code: 'int main(){}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { submitId } = res.json().data as { submitId: number };
    const waiting = { total: 1, ac: 0, wa: 0, userTotal: 1, userAc: 0 };
    expect(await counts()).toEqual(waiting);

    // Compiling, then Judging: nothing counted moves.
    const task = await judge.claimPastCompiles();
    expect(await statusOf(submitId)).toBe(S.COMPILING);
    expect(await counts()).toEqual(waiting);
    await judgeCall(t, 'heartbeat', { name: 'counts-judge', taskId: task.taskId, attempt: task.attempt, status: 7 });
    expect(await statusOf(submitId)).toBe(S.JUDGING);
    expect(await counts()).toEqual(waiting);

    await judgeCall(t, 'report', {
      name: 'counts-judge',
      taskId: task.taskId,
      attempt: task.attempt,
      judge: { status: S.ACCEPTED, score: 0, time: 10, memory: 2048, errorMessage: '', oiRankScore: null, cases: [] },
    });
    expect(await statusOf(submitId)).toBe(S.ACCEPTED);
    expect(await counts()).toEqual({ total: 1, ac: 1, wa: 0, userTotal: 1, userAc: 1 });

    // A rejudge takes the verdict back (Pending again) and counts the new one.
    const rejudged = await t.app.inject({
      url: `/api/admin/judge/rejudge?submitId=${submitId}`,
      headers: { authorization: rootToken },
    });
    expect(rejudged.statusCode, rejudged.body).toBe(200);
    expect(await counts()).toEqual(waiting);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    expect(await counts()).toEqual({ total: 1, ac: 0, wa: 1, userTotal: 1, userAc: 0 });
  });
});
