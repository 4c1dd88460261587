import { message, JUDGE_STATUS as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import type { NewProblem } from '../problem/problem.repository.js';

/** The first failing case on the submission page (decision 0053), per role and per problem setting: the problem's
 * one case reads `1 2` and expects `3`; every submission here printed `4`. */
describe.each(DB_KINDS)('the first failing case explained, who sees what (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const kit = contestKit(() => ({ t, judge, root }));
  let owner: string;
  let other: string;
  let admin: string;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    owner = (await kit.userToken()).token;
    other = (await kit.userToken()).token;
    admin = (await kit.userToken('admin')).token;
  });
  afterAll(() => t?.close());

  const LINE_1 = message('feedbackLineDiffers', 'en-US', { line: '1' });
  /** A bank submission of the owner's on a new problem with `fields`, judged Wrong Answer with `4` printed. */
  const wrongOn = async (fields: Partial<NewProblem>) => {
    const p = await createProblem(t, { examples: '', ...fields });
    const res = await kit.call('POST', '/api/submit-problem-judge', owner, {
      pid: p.problemId,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER, cases: [{ userOutput: '4\n', outputBytes: 2 }] });
    return res.body.data.submitId as number;
  };
  const firstFailure = async (submitId: number, who?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/get-submission-detail?submitId=${submitId}`,
      headers: { 'accept-language': 'en-US', ...(who ? { authorization: who } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.firstFailure;
  };
  /** What a viewer saw: `-` nothing, `o` the output and the reason, `oie` with the input and expected output too. */
  const seen = async (submitId: number, who?: string) => {
    const f = await firstFailure(submitId, who);
    if (!f) return '-';
    expect(f).toMatchObject({ seq: 1, status: S.WRONG_ANSWER, output: '4\n', reason: LINE_1 });
    if (f.input === null && f.expected === null) return 'o';
    expect(f).toMatchObject({ input: '1 2\n', expected: '3\n', inputBytes: 4, expectedBytes: 2 });
    return 'oie';
  };
  const table = async (submitId: number) => ({
    anon: await seen(submitId),
    owner: await seen(submitId, owner),
    other: await seen(submitId, other),
    admin: await seen(submitId, admin),
    root: await seen(submitId, root),
  });

  it('case results open, test data closed: the owner and admins see the output and why; admins the data too', async () => {
    const id = await wrongOn({});
    expect(await table(id)).toEqual({ anon: '-', owner: 'o', other: '-', admin: 'oie', root: 'oie' });
    // Shared code: whoever may read it is told why as its owner is.
    expect((await kit.call('PUT', '/api/submission', owner, { submitId: id, share: true })).status).toBe(200);
    expect(await table(id)).toMatchObject({ anon: 'o', other: 'o' });
  });

  it("the problem opens its first failure: the owner sees the case's input and expected output", async () => {
    expect(await table(await wrongOn({ showFirstFailure: true }))).toEqual({
      anon: '-',
      owner: 'oie',
      other: '-',
      admin: 'oie',
      root: 'oie',
    });
  });

  it('case results closed: nothing but for admins, unless the case is a sample from the statement', async () => {
    expect(await table(await wrongOn({ openCaseResult: 0 }))).toEqual({
      anon: '-',
      owner: '-',
      other: '-',
      admin: 'oie',
      root: 'oie',
    });
    const sample = await wrongOn({ openCaseResult: 0, examples: '<input>1 2</input><output>3</output>' });
    expect(await seen(sample, owner)).toBe('oie');
  });

  it('an Accepted submission has no first failure', async () => {
    const p = await createProblem(t, { showFirstFailure: true });
    const res = await kit.call('POST', '/api/submit-problem-judge', owner, {
      pid: p.problemId,
      language: 'C++',
      code: 'int main(){}',
    });
    await judge.judgeNext({ status: S.ACCEPTED });
    expect(await firstFailure(res.body.data.submitId, owner)).toBeNull();
  });

  it('a running contest: never for its participants, at once for its admins; its end opens it', async () => {
    const cid = (await kit.newContest()).id;
    await kit.addProblem(cid, 'A', { problem: { showFirstFailure: true, examples: '' } });
    const participant = await kit.userToken();
    const id = await kit.solve(participant.token, cid, 'A', {
      status: S.WRONG_ANSWER,
      cases: [{ userOutput: '4\n', outputBytes: 2 }],
    });
    expect(await seen(id, participant.token)).toBe('-');
    expect(await seen(id, root)).toBe('oie');
    t.clock.offsetMs = 5 * HOUR;
    try {
      expect(await seen(id, participant.token)).toBe('oie');
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});
