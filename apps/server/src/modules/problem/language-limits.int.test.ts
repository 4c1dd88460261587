import { type FakeCodeforces, remoteAdapters, remoteJudgeConfigFromEnv, startFakeCodeforces } from '@oj/remote-judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem, judgeCall } from '../../../test/judge-helpers.js';

// Every problem page (the bank's, a contest's, a training's, a group's) shows, per language, the limits the judge
// applies: languages other than C/C++ get twice the stated time and memory, except on CF-/GYM- problems, which are
// judged and shown as stated (`effectiveLimits`, packages/shared/src/judge.ts).
describe.each(DB_KINDS)('problem pages: the limits each language is judged with (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  let fake: FakeCodeforces;
  const { call, userToken, newContest } = contestKit(() => ({ t, judge, root }));

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    // A contest's problem offers the languages some judge declared: one that runs Java too.
    await createFakeJudge(t, 'java-judge', ['C++', 'Python3', 'Java']).announce();
    fake = await startFakeCodeforces({ accounts: [{ username: 'cf-one', password: 'pw-one' }] });
    Object.assign(t.services.remoteSites, remoteAdapters(remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: fake.url })));
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  const stated = { timeLimit: 1000, memoryLimit: 128 };
  const doubled = { timeLimit: 2000, memoryLimit: 256 };
  const local = { timeLimitMs: 1000, memoryLimitMb: 128 };

  it('a contest problem: Java and Python3 doubled, C++ as stated, as on the same problem in the bank', async () => {
    const c = await newContest();
    const p = await createProblem(t, local, { languages: ['C++', 'Python3', 'Java'] });
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', root, {
      cid: c.id,
      pid: p.id,
      displayId: 'A',
    });
    expect(added.status).toBe(200);
    const student = await userToken();
    const res = await call('GET', `/api/get-contest-problem-details?cid=${c.id}&displayId=A`, student.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The problem's stated limits stay as they are; the per-language ones are what the judge applies.
    expect(res.body.data.problem).toMatchObject({ problemId: 'A', ...stated });
    expect(res.body.data.languages).toEqual(['C++', 'Java', 'Python3']);
    expect(res.body.data.languageLimits).toEqual({ 'C++': stated, Java: doubled, Python3: doubled });

    const bank = await call('GET', `/api/get-problem-detail?problemId=${p.problemId}`, student.token);
    expect(bank.body.data.languageLimits).toEqual(res.body.data.languageLimits);
  });

  it('a Codeforces problem in a contest: every language as stated, Java and Python too', async () => {
    const imported = await call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=1000A', root);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const p = await t.services.problems.findByProblemId('CF-1000A');
    if (!p) throw new Error('CF-1000A not imported');
    // The site is on offer while a worker declares it.
    await judgeCall(t, 'claim-remote', { name: 'cf-worker', remote: ['CF'], concurrency: 1, running: 0, waitMs: 0 });
    const c = await newContest();
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', root, {
      cid: c.id,
      pid: p.id,
      displayId: 'C',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const student = await userToken();
    const res = await call('GET', `/api/get-contest-problem-details?cid=${c.id}&displayId=C`, student.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const asStated = { timeLimit: p.timeLimitMs, memoryLimit: p.memoryLimitMb };
    expect(res.body.data.languages).toEqual(expect.arrayContaining(['Java 21 64bit', 'Python 3.8.10']));
    expect(res.body.data.languageLimits).toEqual(
      Object.fromEntries(res.body.data.languages.map((l: string) => [l, asStated])),
    );
  });

  it('a training problem: Python3 doubled, C++ as stated', async () => {
    const category = await call('POST', '/api/admin/training/category', root, { name: 'Limits', color: '#2d8cf0' });
    expect(category.status).toBe(200);
    const created = await call('POST', '/api/admin/training', root, {
      training: { title: 'Limits plan', description: 'Read first', auth: 'Public', rank: 1000 },
      trainingCategory: { id: category.body.data.id },
    });
    expect(created.status).toBe(200);
    const tid = created.body.data.training.id as number;
    const p = await createProblem(t, local, { languages: ['C++', 'Python3'] });
    const added = await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid,
      pid: p.id,
      displayId: 'T1',
    });
    expect(added.status).toBe(200);
    const student = await userToken();
    const res = await call('GET', `/api/get-training-problem-details?tid=${tid}&displayId=T1`, student.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.languageLimits).toEqual({ 'C++': stated, Python3: doubled });
  });

  it("a group's problem: Java doubled, C++ as stated", async () => {
    const owner = await userToken('admin');
    const group = await call('POST', '/api/group', owner.token, {
      name: 'Limits class',
      shortName: 'limits',
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const gid = group.body.data.id as number;
    const made = await call('POST', '/api/group/problem', owner.token, {
      problem: {
        title: 'Sum of two',
        description: 'Add $a+b$.',
        input: 'two numbers',
        output: 'their sum',
        auth: 1,
        type: 0,
        gid,
        timeLimit: 1000,
        memoryLimit: 128,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }, { name: 'Java' }],
      tags: [],
      codeTemplates: [],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const problemId = made.body.data.problemId as string;
    const res = await call('GET', `/api/get-problem-detail?problemId=${problemId}&gid=${gid}`, owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.languageLimits).toEqual({ 'C++': stated, Java: doubled });
  });
});
