import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { seedTagTaxonomy } from './tag-taxonomy.seed.js';

describe.each(DB_KINDS)('problem bank and ranks on %s', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let alice: { uid: string; username: string; token: string };
  let bob: { uid: string; username: string; token: string };
  let rootToken: string;
  const bodies: string[] = [];
  const get = async (url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
    bodies.push(res.body);
    return res;
  };
  const student = async () => {
    const u = await createUser(t);
    return { uid: u.uid, username: u.username, token: (await login(t, u.username, u.password)).token as string };
  };
  const solve = async (
    token: string,
    problemId: string,
    v: { status: number; score?: number; oiRankScore?: number },
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token },
      payload: { pid: problemId, language: 'C++', code: 'int main(){}' },
    });
    expect(res.statusCode).toBe(200);
    await judge.judgeNext(v);
    return res.json().data.submitId as number;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedTagTaxonomy(t.services.db);
    await seedTagTaxonomy(t.services.db); // idempotent
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    judge = createFakeJudge(t);
    await judge.announce();
    alice = await student();
    bob = await student();
    rootToken = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|scrypt\$|CHECKER-SECRET|JUDGE-FILE/);
    await t?.close();
  });

  it('seeds the Chinese taxonomy once, grouped by classification', async () => {
    const res = (await get('/api/get-problem-tags-and-classification?oj=ME')).json().data;
    expect(res.slice(0, 4).map((g: { classification: { name: string } }) => g.classification.name)).toEqual([
      '语言',
      '算法',
      '数据结构',
      '来源',
    ]);
    expect(res[1].tagList.length).toBe(10);
    const all = (await get('/api/get-all-problem-tags?oj=Mine')).json().data;
    expect(all.length).toBe(40);
  });

  it('lists public problems with keyword, difficulty, bank and AND tag filters, paging and counts', async () => {
    const a = await createProblem(t, { title: 'Zeta sums', difficulty: 1 }, { tags: ['贪心', '排序'] });
    const b = await createProblem(t, { title: 'Zeta graph', difficulty: 2 }, { tags: ['贪心'] });
    await createProblem(t, { title: 'Zeta hidden', auth: 2 }, { tags: ['贪心'] });
    const tags = (await get('/api/get-all-problem-tags')).json().data as { id: number; name: string }[];
    const greedy = tags.find((x) => x.name === '贪心')?.id;
    const sorting = tags.find((x) => x.name === '排序')?.id;

    const byKeyword = (await get('/api/get-problem-list?keyword=zeta&limit=10&currentPage=1')).json().data;
    expect(byKeyword.total).toBe(2);
    expect(byKeyword.records.map((r: { title: string }) => r.title).sort()).toEqual(['Zeta graph', 'Zeta sums']);
    const and = (await get(`/api/get-problem-list?keyword=zeta&tagId=${greedy},${sorting}`)).json().data;
    expect(and.records.map((r: { pid: number }) => r.pid)).toEqual([a.id]);
    const json = (await get(`/api/get-problem-list?keyword=zeta&tagId=${encodeURIComponent(`[${greedy}]`)}`)).json()
      .data;
    expect(json.total).toBe(2);
    const hard = (await get('/api/get-problem-list?keyword=zeta&difficulty=2&oj=Mine')).json().data;
    expect(hard.records.map((r: { pid: number }) => r.pid)).toEqual([b.id]);
    expect((await get('/api/get-problem-list?keyword=zeta&oj=CF')).json().data.total).toBe(0);
    expect((await get('/api/get-problem-list?keyword=zeta&difficulty=&tagId=&oj=')).json().data.total).toBe(2);
    const paged = (await get('/api/get-problem-list?keyword=zeta&limit=1&currentPage=2')).json().data;
    expect([paged.records.length, paged.total, paged.current, paged.size]).toEqual([1, 2, 2, 1]);
    expect((await get('/api/get-problem-list?limit=101')).statusCode).toBe(400);
    expect((await get('/api/get-problem-list?difficulty=5')).statusCode).toBe(400);
    expect((await get('/api/get-problem-list?currentPage=0')).statusCode).toBe(400);

    await solve(alice.token, a.problemId, { status: JUDGE_STATUS.ACCEPTED });
    await solve(bob.token, a.problemId, { status: JUDGE_STATUS.WRONG_ANSWER });
    const row = (await get('/api/get-problem-list?keyword=Zeta%20sums')).json().data.records[0];
    expect(row).toMatchObject({ total: 2, ac: 1, wa: 1, tle: 0 });
    expect(row.tags.map((x: { name: string }) => x.name).sort()).toEqual(['排序', '贪心'].sort());
  });

  it('shows the detail with doubled limits, templates and counts but never the checker or judge files', async () => {
    const p = await createProblem(
      t,
      {
        timeLimitMs: 1000,
        memoryLimitMb: 256,
        judgeMode: 'spj',
        spjCode: '// CHECKER-SECRET',
        spjLanguage: 'C++',
        judgeExtraFile: { 'testlib.h': '// JUDGE-FILE' },
        userExtraFile: { 'data.txt': 'annex content' },
        examples: '<input>1 2</input><output>3</output>',
      },
      { templates: { 'C++': '// template' }, languages: ['C++', 'Python3'] },
    );
    const res = await get(`/api/get-problem-detail?problemId=${p.problemId.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.problem).toMatchObject({ spjCode: null, spjLanguage: null, judgeExtraFile: null, timeLimit: 1000 });
    expect(JSON.parse(d.problem.userExtraFile)).toEqual({ 'data.txt': 'annex content' });
    expect(d.languageLimits).toEqual({
      'C++': { timeLimit: 1000, memoryLimit: 256 },
      Python3: { timeLimit: 2000, memoryLimit: 512 },
    });
    expect(d.codeTemplate).toEqual({ 'C++': '// template' });
    expect(d.problemCount).toMatchObject({ pid: p.id, total: 0 });
    const annex = await get(`/api/download-problem-annex?problemId=${p.problemId}&name=data.txt`);
    expect([annex.statusCode, annex.body, annex.headers['content-type']]).toEqual([
      200,
      'annex content',
      'application/octet-stream',
    ]);
    expect((await get(`/api/download-problem-annex?problemId=${p.problemId}&name=testlib.h`)).statusCode).toBe(404);
    const templates = (await get(`/api/get-problem-code-template?pid=${p.id}`)).json().data;
    expect(templates).toMatchObject([{ pid: p.id, language: 'C++', code: '// template' }]);
    const langs = (await get(`/api/get-problem-languages?pid=${p.id}`)).json().data;
    expect(langs.map((l: { name: string }) => l.name)).toEqual(['C++', 'Python3']);
    const all = (await get('/api/languages?all=true')).json().data;
    expect(all.length).toBeGreaterThan(10);
    expect((await get('/api/get-problem-languages')).json().data.key).toBe('fieldRequired');
    expect((await get('/api/get-problem-detail?problemId=NOPE-1')).statusCode).toBe(404);
  });

  it('picks a random public problem and lists recently updated ones', async () => {
    const random = (await get('/api/get-random-problem')).json().data;
    expect(typeof random.problemId).toBe('string');
    const recent = (await get('/api/get-recent-updated-problem')).json().data;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThanOrEqual(10);
  });

  it('ranks ACM by AC then submissions and OI by the best rank score per problem; searches users', async () => {
    const oi = await createProblem(t, { type: 1, ioScore: 100, difficulty: 2 });
    const carol = await student();
    await solve(carol.token, oi.problemId, { status: JUDGE_STATUS.PARTIAL_ACCEPTED, score: 50, oiRankScore: 7 });
    await solve(carol.token, oi.problemId, { status: JUDGE_STATUS.ACCEPTED, score: 100, oiRankScore: 14 });
    await solve(carol.token, oi.problemId, { status: JUDGE_STATUS.PARTIAL_ACCEPTED, score: 10, oiRankScore: 1 });
    const oiRank = (await get(`/api/get-rank-list?type=OI&searchUser=${carol.username}`)).json().data;
    expect(oiRank.records[0]).toMatchObject({ uid: carol.uid, score: 14, ac: 1, total: 3 });
    const oiRank1 = (await get('/api/get-rank-list?type=1&limit=1')).json().data;
    expect(oiRank1.records[0].uid).toBe(carol.uid);

    const acm = (await get('/api/get-rank-list?type=0&limit=100')).json().data;
    const order = acm.records.map((r: { uid: string }) => r.uid);
    // carol and alice both have 1 AC; alice needed fewer submissions.
    expect(order.indexOf(alice.uid)).toBeLessThan(order.indexOf(carol.uid));
    expect(acm.records[order.indexOf(alice.uid)]).toMatchObject({ ac: 1, total: 1 });
    expect((await get('/api/get-rank-list?type=ACM&searchUser=zz-nobody')).json().data.total).toBe(0);
    // 2 is the rating list (decision 0046); there is no fourth.
    expect((await get('/api/get-rank-list?type=3')).statusCode).toBe(400);
    expect((await get('/api/get-rank-list')).statusCode).toBe(400);

    // A rejudge that turns the AC into a WA takes the AC away.
    const subs = (await get(`/api/get-submission-list?username=${carol.username}&status=0`, rootToken)).json().data;
    expect(subs.total).toBe(1);
    await get(`/api/admin/judge/rejudge?submitId=${subs.records[0].submitId}`, rootToken);
    await judge.judgeNext({ status: JUDGE_STATUS.WRONG_ANSWER, score: 0, oiRankScore: 0 });
    const after = (await get(`/api/get-rank-list?type=OI&searchUser=${carol.username}`)).json().data;
    expect(after.records[0]).toMatchObject({ score: 7, ac: 0, total: 3 });

    const seven = (await get('/api/get-recent-seven-ac-rank')).json().data;
    expect(seven.some((r: { uid: string; ac: number }) => r.uid === alice.uid && r.ac === 1)).toBe(true);
    const week = (await get('/api/get-last-week-submission-statistics')).json().data;
    expect(week.dateStrList).toHaveLength(7);
    expect(week.totalCountList[6]).toBeGreaterThan(0);
  });
});
