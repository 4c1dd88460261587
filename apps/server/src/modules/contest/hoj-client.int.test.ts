import { JUDGE_STATUS as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';

/** The calls HOJ's own Vue client makes on a contest, as it makes them (decision 0017): ids taken
 * from the page URL as strings, its parameter names and body shapes. */
describe.each(DB_KINDS)('HOJ client calls (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest, addProblem, nowMs } = contestKit(() => ({ t, judge, root }));

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());

  /** HOJ's submitCode body: the display id as pid, the cid from the URL, tid and gid absent. */
  const hojSubmit = (who: string, cid: string, displayId: string) =>
    call('POST', '/api/submit-problem-judge', who, {
      pid: displayId,
      language: 'C++',
      code: 'int main(){}',
      cid,
      tid: null,
      gid: null,
      isRemote: false,
    });

  /** HOJ's ContestRank.vue / ScoreBoard.vue body. */
  const rankBody = (cid: string) => ({
    currentPage: 1,
    limit: 30,
    cid,
    forceRefresh: false,
    removeStar: false,
    concernedList: [],
    keyword: null,
    containsEnd: false,
  });

  it('the contest pages work with "cid": "<digits>" as HOJ sends it', async () => {
    const c = await newContest({ title: 'HOJ strings' });
    const cid = String(c.id);
    const a = await addProblem(c.id, 'A');
    const b = await addProblem(c.id, 'B');
    const u = await userToken();

    const sent = await hojSubmit(u.token, cid, 'A');
    expect(sent.status).toBe(200);
    const submitId = sent.body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED });

    // ContestProblemList.vue: the problem list's statuses (pids as the list gave them, as strings too).
    const status = await call('POST', '/api/get-user-problem-status', u.token, {
      pidList: [a.id, String(b.id)],
      isContestProblemList: true,
      cid,
    });
    expect(status.status).toBe(200);
    expect(status.body.data[a.id].status).toBe(S.ACCEPTED);
    expect(status.body.data[b.id].status).toBe(S.NOT_SUBMITTED);

    // Contest.vue polls unread announcements with the ids it has read.
    const made = await call('POST', '/api/admin/contest/announcement', root, {
      cid,
      announcement: { title: 'Clarification', content: 'A is fine' },
    });
    expect(made.status).toBe(200);
    const unread = await call('POST', '/api/get-contest-not-read-announcement', u.token, {
      cid,
      readAnnouncementList: [],
    });
    expect(unread.status).toBe(200);
    expect(unread.body.data.map((x: { title: string }) => x.title)).toEqual(['Clarification']);
    const read = await call('POST', '/api/get-contest-not-read-announcement', u.token, {
      cid,
      readAnnouncementList: [String(made.body.data.id)],
    });
    expect(read.body.data).toEqual([]);

    const rank = await call('POST', '/api/get-contest-rank', u.token, rankBody(cid));
    expect(rank.status).toBe(200);
    expect(rank.body.data.records.some((r: { username: string; ac: number }) => r.username === u.username)).toBe(true);
    const outside = await call('POST', '/api/get-contest-outside-scoreboard', undefined, rankBody(cid));
    expect(outside.status).toBe(200);
    expect(outside.body.data.total).toBe(1);
    expect(outside.body.data.records[0]).toMatchObject({ username: u.username, ac: 1 });

    // Problem.vue reads problemCount.total of the contest problem.
    const details = await call('GET', `/api/get-contest-problem-details?displayId=A&cid=${cid}`, u.token);
    expect(details.status).toBe(200);
    expect(details.body.data.problemCount).toMatchObject({ pid: a.id, total: 1, ac: 1, wa: 0 });

    // The submissions tab and the submit button poll with the contest's variant.
    const polled = await call('POST', '/api/check-contest-submissions-status', u.token, {
      submitIds: [String(submitId)],
      cid,
    });
    expect(polled.status).toBe(200);
    expect(polled.body.data[submitId]).toMatchObject({ submitId, status: S.ACCEPTED, displayPid: 'A' });

    // The focus-mode page's problem switcher.
    const full = await call('GET', `/api/get-full-screen-problem-list?cid=${cid}`, u.token);
    expect(full.status).toBe(200);
    expect(full.body.data).toEqual([
      { pid: a.id, problemId: 'A', title: expect.any(String), status: S.ACCEPTED, score: status.body.data[a.id].score },
      { pid: b.id, problemId: 'B', title: expect.any(String), status: S.NOT_SUBMITTED, score: null },
    ]);
  });

  it("problemCount counts the contest's submissions without its admins, and up to the seal for who sees it sealed", async () => {
    const c = await newContest({
      title: 'Counted',
      sealRank: true,
      // Sealed since a minute ago: what is submitted now is after the seal.
      sealRankTime: new Date(nowMs() - 60_000).toISOString(),
    });
    const a = await addProblem(c.id, 'A');
    const u = await userToken();
    const other = await userToken();
    expect((await hojSubmit(u.token, String(c.id), 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    expect((await hojSubmit(u.token, String(c.id), 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    expect((await hojSubmit(root, String(c.id), 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });

    const count = async (who: string) =>
      (await call('GET', `/api/get-contest-problem-details?cid=${c.id}&displayId=A`, who)).body.data.problemCount;
    // Root (the contest's admin) sees the real-time figures, without root's own submission.
    expect(await count(root)).toMatchObject({ pid: a.id, total: 2, ac: 1, wa: 1, ce: 0, pa: 0 });
    // A participant sees the board sealed: nothing after the seal.
    expect(await count(other.token)).toMatchObject({ pid: a.id, total: 0, ac: 0, wa: 0 });
  });

  it('check-contest-submissions-status applies the contest list rule: others’ run times, the seal, other contests', async () => {
    const c = await newContest({ title: 'Polled' });
    await addProblem(c.id, 'A');
    const elsewhere = await newContest({ title: 'Elsewhere' });
    await addProblem(elsewhere.id, 'A');
    const u = await userToken();
    const other = await userToken();
    const mine = (await hojSubmit(u.token, String(c.id), 'A')).body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED });
    const theirs = (await hojSubmit(other.token, String(c.id), 'A')).body.data.submitId as number;
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    const away = (await hojSubmit(u.token, String(elsewhere.id), 'A')).body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED });

    const body = { submitIds: [mine, theirs, away], cid: String(c.id) };
    const seen = await call('POST', '/api/check-contest-submissions-status', u.token, body);
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.body.data).sort()).toEqual([String(mine), String(theirs)].sort());
    // While the contest runs, others' time and memory are withheld, as in the contest's own list.
    expect(seen.body.data[theirs]).toMatchObject({ time: null, memory: null, displayPid: 'A' });
    expect(seen.body.data[theirs].code ?? null).toBeNull();
    const list = await call('GET', `/api/contest-submissions?contestID=${c.id}&currentPage=1&limit=30`, u.token);
    const listed = list.body.data.records.find((r: { submitId: number }) => r.submitId === theirs);
    expect(seen.body.data[theirs]).toEqual(listed);

    // Root sees everything; a private contest refuses a user without registration; anonymous is 401.
    const asRoot = await call('POST', '/api/check-contest-submissions-status', root, body);
    expect(asRoot.body.data[theirs].time).not.toBeNull();
    expect((await call('POST', '/api/check-contest-submissions-status', undefined, body)).status).toBe(401);
    const priv = await newContest({ title: 'Private polled', auth: 1, pwd: 'pw' });
    const refused = await call('POST', '/api/check-contest-submissions-status', u.token, {
      submitIds: [mine],
      cid: String(priv.id),
    });
    expect([refused.status, refused.body.data.key]).toEqual([403, 'contestNoAccess']);
    const missing = await call('POST', '/api/check-contest-submissions-status', u.token, {
      submitIds: [mine],
      cid: '999999',
    });
    expect(missing.status).toBe(404);
  });

  it('a sealed board hides others’ later submissions from the polling too', async () => {
    const c = await newContest({
      title: 'Sealed polling',
      sealRank: true,
      sealRankTime: new Date(nowMs() - 60_000).toISOString(),
    });
    await addProblem(c.id, 'A');
    const u = await userToken();
    const other = await userToken();
    const theirs = (await hojSubmit(other.token, String(c.id), 'A')).body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED });
    const mine = (await hojSubmit(u.token, String(c.id), 'A')).body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED });
    const seen = await call('POST', '/api/check-contest-submissions-status', u.token, {
      submitIds: [mine, theirs],
      cid: String(c.id),
    });
    expect(Object.keys(seen.body.data)).toEqual([String(mine)]);
  });

  it('register-contest: a public contest needs no password; a protected one still does', async () => {
    const pub = await newContest({ title: 'Public join' });
    const u = await userToken();
    const joined = await call('POST', '/api/register-contest', u.token, { cid: String(pub.id), password: '' });
    expect(joined.status).toBe(200);
    expect((await call('GET', `/api/get-contest-access?cid=${pub.id}`, u.token)).body.data.access).toBe(true);
    const noField = await call('POST', '/api/register-contest', (await userToken()).token, { cid: String(pub.id) });
    expect(noField.status).toBe(200);

    const prot = await newContest({ title: 'Protected join', auth: 2, pwd: 'pw' });
    const empty = await call('POST', '/api/register-contest', u.token, { cid: String(prot.id), password: '' });
    expect([empty.status, empty.body.data.key, empty.body.data.field]).toEqual([
      400,
      'contestPasswordRequired',
      'password',
    ]);
    const missing = await call('POST', '/api/register-contest', u.token, { cid: String(prot.id) });
    expect(missing.body.data.key).toBe('contestPasswordRequired');
    const wrong = await call('POST', '/api/register-contest', u.token, { cid: String(prot.id), password: 'no' });
    expect(wrong.body.data.key).toBe('contestPasswordWrong');
    const right = await call('POST', '/api/register-contest', u.token, { cid: String(prot.id), password: 'pw' });
    expect(right.status).toBe(200);
  });

  it('get-full-screen-problem-list: one of cid and tid is required, an unknown training is 404', async () => {
    const u = await userToken();
    const training = await call('GET', '/api/get-full-screen-problem-list?tid=987654', u.token);
    expect([training.status, training.body.data.key]).toEqual([404, 'notFound']);
    const none = await call('GET', '/api/get-full-screen-problem-list', u.token);
    expect([none.status, none.body.data.key]).toEqual([400, 'fieldRequired']);
    expect((await call('GET', '/api/get-full-screen-problem-list?cid=0&tid=', u.token)).status).toBe(400);
    expect((await call('GET', '/api/get-full-screen-problem-list?cid=1', undefined)).status).toBe(401);
    // A contest that has not started is closed to a participant here as on its other pages.
    const later = await newContest({
      title: 'Later',
      startTime: new Date(nowMs() + HOUR).toISOString(),
      endTime: new Date(nowMs() + 2 * HOUR).toISOString(),
    });
    const closed = await call('GET', `/api/get-full-screen-problem-list?cid=${later.id}`, u.token);
    expect([closed.status, closed.body.data.key]).toEqual([403, 'contestNotStarted']);
  });

  it('the admin problem list takes auth=0 as all; get-problem-test-tags answers the bank tags', async () => {
    const all = await call('GET', '/api/admin/problem/get-problem-list?currentPage=1&limit=10', root);
    const zero = await call('GET', '/api/admin/problem/get-problem-list?currentPage=1&limit=10&auth=0', root);
    expect(zero.status).toBe(200);
    expect(zero.body.data.total).toBe(all.body.data.total);
    expect(zero.body.data.total).toBeGreaterThan(0);

    const tags = await call('GET', '/api/get-problem-test-tags', undefined);
    expect(tags.status).toBe(200);
    expect(tags.body.data).toEqual((await call('GET', '/api/get-all-problem-tags', undefined)).body.data);
  });
});
