import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { contests, submissions } from '../../db/schema.js';
import { createContestRepository } from './contest.repository.js';
import { boardTiming } from './contest-board-cache.js';
import { type ContestTry, summarizeCell } from './contest-ranking.js';

describe.each(DB_KINDS)('contests (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest, addProblem, submit } = contestKit(() => ({ t, judge, root }));

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());

  it('a private contest refuses views and submits without registration; the password registers', async () => {
    const c = await newContest({ auth: 1, pwd: 'secret' });
    await addProblem(c.id, 'A');
    const u = await userToken();
    expect((await call('GET', `/api/get-contest-problem?cid=${c.id}`, u.token)).body.data.key).toBe('contestNoAccess');
    expect((await submit(u.token, c.id, 'A')).status).toBe(403);
    const wrong = await call('POST', '/api/register-contest', u.token, { cid: c.id, password: 'nope' });
    expect([wrong.status, wrong.body.data.key]).toEqual([400, 'contestPasswordWrong']);
    const empty = await call('POST', '/api/register-contest', u.token, { cid: c.id, password: '' });
    expect(empty.status).toBe(400);
    expect((await call('GET', `/api/get-contest-access?cid=${c.id}`, u.token)).body.data.access).toBe(false);
    expect((await call('POST', '/api/register-contest', u.token, { cid: c.id, password: 'secret' })).status).toBe(200);
    expect((await call('GET', `/api/get-contest-access?cid=${c.id}`, u.token)).body.data.access).toBe(true);
    const again = await call('POST', '/api/register-contest', u.token, { cid: c.id, password: 'secret' });
    expect(again.body.data.key).toBe('contestAlreadyRegistered');
    const list = await call('GET', `/api/get-contest-problem?cid=${c.id}`, u.token);
    expect(list.body.data.map((p: { displayId: string }) => p.displayId)).toEqual(['A']);
    expect((await submit(u.token, c.id, 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
  });

  it('a scheduled contest is closed to non-admins (tabs, submit, outside board) but open to its admin', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const c = await newContest({
      startTime: new Date(now + HOUR).toISOString(),
      endTime: new Date(now + 3 * HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    const u = await userToken();
    expect((await call('GET', `/api/get-contest-info?cid=${c.id}`, u.token)).body.data.status).toBe(-1);
    expect((await call('GET', `/api/get-contest-problem?cid=${c.id}`, u.token)).body.data.key).toBe(
      'contestNotStarted',
    );
    expect((await call('POST', '/api/get-contest-rank', u.token, { cid: c.id })).status).toBe(403);
    expect((await call('GET', `/api/get-contest-announcement?cid=${c.id}`, u.token)).status).toBe(403);
    expect((await submit(u.token, c.id, 'A')).body.data.key).toBe('contestNotStarted');
    expect((await call('GET', `/api/get-contest-outsize-info?cid=${c.id}`)).status).toBe(403);
    expect((await call('GET', `/api/get-contest-problem?cid=${c.id}`, root)).status).toBe(200);
  });

  it('admin-only routes: a user gets 403, an admin may not touch a contest of another, delete is root only', async () => {
    const c = await newContest();
    const u = await userToken();
    expect((await call('GET', '/api/admin/contest/get-contest-list', u.token)).status).toBe(403);
    const teacher = await userToken('admin');
    expect((await call('GET', `/api/admin/contest?cid=${c.id}`, teacher.token)).body.data.key).toBe('contestNotOwned');
    expect((await call('DELETE', `/api/admin/contest?cid=${c.id}`, teacher.token)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/contest?cid=${c.id}`, root)).status).toBe(200);
    expect((await call('GET', `/api/get-contest-info?cid=${c.id}`, u.token)).status).toBe(404);
  });

  it('admin form rules: times, password, star duplicates, fixed type, hidden contests', async () => {
    const now = Date.now();
    const base = { title: 'x', description: 'y', type: 0, auth: 0 };
    const bad = await call('POST', '/api/admin/contest', root, {
      ...base,
      startTime: new Date(now).toISOString(),
      endTime: new Date(now - 1000).toISOString(),
    });
    expect(bad.body.data.key).toBe('contestTimeInvalid');
    const times = { startTime: new Date(now).toISOString(), endTime: new Date(now + HOUR).toISOString() };
    const noPwd = await call('POST', '/api/admin/contest', root, { ...base, ...times, auth: 2 });
    expect(noPwd.body.data.key).toBe('contestPasswordMissing');
    const dup = await call('POST', '/api/admin/contest', root, { ...base, ...times, starAccount: ['a', ' a'] });
    expect(dup.body.data.key).toBe('Add_Star_User_Error');
    const c = await newContest();
    const admin = (await call('GET', `/api/admin/contest?cid=${c.id}`, root)).body.data;
    const edit = await call('PUT', '/api/admin/contest', root, { ...admin, type: 1 });
    expect(edit.body.data.key).toBe('contestTypeFixed');
    const hide = await call('PUT', '/api/admin/contest/change-contest-visible', root, { cid: c.id, visible: false });
    expect(hide.body).toMatchObject({ status: 200 });
    const u = await userToken();
    expect((await call('GET', `/api/get-contest-info?cid=${c.id}`, u.token)).status).toBe(404);
    // HOJ's client sends the same call with query parameters and no body.
    const url = `/api/admin/contest/change-contest-visible?cid=${c.id}&visible=true&uid=x`;
    expect((await call('PUT', url, root)).body).toMatchObject({ status: 200 });
    expect((await call('GET', `/api/get-contest-info?cid=${c.id}`, u.token)).status).toBe(200);
    const clone = await call('GET', `/api/admin/contest/clone?cid=${c.id}`, root);
    expect(clone.body.data.title).toBe('Weekly [Cloned]');
  });

  it('ACM board: WA then AC costs 20 minutes; the seal hides later results from contestants, not the admin', async () => {
    const now = Date.now() + t.clock.offsetMs;
    // Started 2 h ago, ends in 2 h, sealed from 1 h before the end.
    const c = await newContest({
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now + 2 * HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(now + HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    await addProblem(c.id, 'B');
    const ann = await userToken();
    const bob = await userToken();
    expect((await submit(ann.token, c.id, 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    const second = await submit(ann.token, c.id, 'A');
    expect(second.body).toMatchObject({ status: 200 });
    await judge.judgeNext({ status: S.ACCEPTED });
    await submit(bob.token, c.id, 'A');
    await judge.judgeNext({ status: S.COMPILE_ERROR });
    await submit(bob.token, c.id, 'A');
    await judge.judgeNext({ status: S.ACCEPTED });

    const board = async (who: string) =>
      (await call('POST', '/api/get-contest-rank', who, { cid: c.id, limit: 50 })).body.data as {
        records: {
          username: string;
          rank: number;
          ac: number;
          totalTime: number;
          submissionInfo: Record<string, { isAC: boolean; tryNum: number; errorNum: number; isFirstAC: boolean }>;
        }[];
        total: number;
      };
    const seen = await board(ann.token);
    expect(seen.total).toBe(2);
    // ann's own row is pinned on top, then the ranking.
    const ranked = seen.records.slice(1);
    const annRow = ranked.find((r) => r.username === ann.username);
    const bobRow = ranked.find((r) => r.username === bob.username);
    expect(annRow?.ac).toBe(1);
    // About 2 h after the start, plus 1200 s for the WA; bob's CE is free.
    expect(annRow && annRow.totalTime - 2 * 3600).toBeGreaterThanOrEqual(1200);
    expect(annRow && annRow.totalTime - 2 * 3600).toBeLessThan(1200 + 60);
    expect(bobRow && bobRow.totalTime - 2 * 3600).toBeLessThan(60);
    expect(bobRow?.rank).toBe(1);
    expect(annRow?.submissionInfo.A.errorNum).toBe(1);

    // After the seal bob solves B: ann sees a pending try, root sees the AC.
    t.clock.offsetMs += 90 * 60_000;
    // The judge's liveness follows the shifted clock: it says hello again before the submit.
    await judge.announce();
    await submit(bob.token, c.id, 'B');
    await judge.judgeNext({ status: S.ACCEPTED });
    const sealed = (await board(ann.token)).records.find((r) => r.username === bob.username);
    expect(sealed?.ac).toBe(1);
    expect(sealed?.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 1 });
    // The admin's view is real-time; force skips the board cache's one-second grace.
    const real = (
      await call('POST', '/api/get-contest-rank', root, { cid: c.id, forceRefresh: true })
    ).body.data.records.find((r: { username: string; ac: number }) => r.username === bob.username);
    expect(real?.ac).toBe(2);
    // The contestant's submission list hides bob's post-seal submission; the admin's does not.
    const list = async (who: string) =>
      (await call('GET', `/api/contest-submissions?contestID=${c.id}`, who)).body.data.total as number;
    expect(await list(ann.token)).toBe(4);
    expect(await list(root)).toBe(5);
    // The outside board is sealed too, and keeps no viewer row.
    const outside = await call('POST', '/api/get-contest-outside-scoreboard', undefined, { cid: c.id });
    expect(outside.body.data.records.find((r: { username: string }) => r.username === bob.username).ac).toBe(1);
    t.clock.offsetMs -= 90 * 60_000;
  });

  it('a sealed OI result reads "Submitted successfully" everywhere for its owner; the contest admin sees it all', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const owner = await userToken('admin');
    // An ordinary admin creates the contest: a contest admin by authorship, not by site role.
    const res = await call('POST', '/api/admin/contest', owner.token, {
      title: 'OI sealed',
      description: 'rules',
      type: 1,
      auth: 0,
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(now - HOUR).toISOString(),
    });
    const c = res.body.data as { id: number };
    const p = await createProblem(t, { type: 1, ioScore: 100 });
    await call('POST', '/api/admin/contest/add-problem-from-public', owner.token, {
      cid: c.id,
      pid: p.id,
      displayId: 'A',
    });
    const u = await userToken();
    const sent = await submit(u.token, c.id, 'A');
    const submitId = sent.body.data.submitId as number;
    await judge.judgeNext({ status: S.ACCEPTED, score: 100 });

    const detail = async (who: string) =>
      (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, who)).body.data.submission;
    expect(await detail(u.token)).toMatchObject({ status: S.SUBMITTED_UNKNOWN_RESULT, score: null, time: null });
    expect((await call('GET', `/api/get-all-case-result?submitId=${submitId}`, u.token)).body.data).toBeNull();
    const polled = await call('POST', '/api/check-submissions-status', u.token, { submitIds: [submitId] });
    expect(polled.body.data[submitId].status).toBe(S.SUBMITTED_UNKNOWN_RESULT);
    const mine = async () =>
      (
        await call('POST', '/api/get-user-problem-status', u.token, {
          pidList: [p.id],
          isContestProblemList: true,
          cid: c.id,
        })
      ).body.data[p.id];
    expect(await mine()).toEqual({ status: S.SUBMITTED_UNKNOWN_RESULT, score: null });
    // Outside the contest the problem is untouched by contest submissions.
    const bank = await call('POST', '/api/get-user-problem-status', u.token, { pidList: [p.id] });
    expect(bank.body.data[p.id].status).toBe(S.NOT_SUBMITTED);
    // The contest's creator sees the verdict and the code; another site admin is a participant like any other:
    // someone else's submission after the seal does not exist for them (decision 0016).
    expect(await detail(owner.token)).toMatchObject({ status: S.ACCEPTED, score: 100, code: 'int main(){}' });
    const other = await userToken('admin');
    expect((await call('GET', `/api/get-submission-detail?submitId=${submitId}`, other.token)).status).toBe(403);
    // After the end (autoRealRank) the owner sees the result.
    t.clock.offsetMs += 2 * HOUR;
    expect(await detail(u.token)).toMatchObject({ status: S.ACCEPTED, score: 100 });
    expect(await mine()).toEqual({ status: S.ACCEPTED, score: 100 });
    t.clock.offsetMs -= 2 * HOUR;
  });

  it('an ACM-type problem in an OI contest scores its full score on Accepted, 0 otherwise; judging by hand or again recounts', async () => {
    // Every board request that sees a new version brings the board up to date (not at most once a second).
    const saved = boardTiming.recomputeMs;
    boardTiming.recomputeMs = 0;
    onTestFinished(() => {
      boardTiming.recomputeMs = saved;
    });
    const c = await newContest({ type: 1 });
    await addProblem(c.id, 'A'); // ACM-type, full score 100
    await addProblem(c.id, 'B', { problem: { type: 1, ioScore: 100 } });
    const { solve } = contestKit(() => ({ t, judge, root }));
    const [u, v] = [await userToken(), await userToken()];
    const uA = await solve(u.token, c.id, 'A', S.ACCEPTED);
    await solve(u.token, c.id, 'B', { status: S.PARTIAL_ACCEPTED, score: 40 });
    const vA = await solve(v.token, c.id, 'A', S.WRONG_ANSWER);
    const score = async (submitId: number) =>
      (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, root)).body.data.submission.score;
    const board = async () => {
      const res = await call('POST', '/api/get-contest-rank', root, { cid: c.id, currentPage: 1, limit: 30 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data.records as { uid: string; totalScore: number; submissionInfo: object }[];
      const of = (uid: string) => rows.find((r) => r.uid === uid);
      return [u, v].map((x) => [of(x.uid)?.totalScore, of(x.uid)?.submissionInfo]);
    };
    expect([await score(uA), await score(vA)]).toEqual([100, 0]);
    expect(await board()).toEqual([
      [140, { A: 100, B: 40 }],
      [0, { A: 0 }],
    ]);
    // A manual Accepted gives the full score; a rejudge that ends Wrong Answer takes it away.
    const manual = await call('GET', `/api/admin/judge/manual-judge?submitId=${vA}&status=${S.ACCEPTED}`, root);
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.data.score).toBe(100);
    expect((await call('GET', `/api/admin/judge/rejudge?submitId=${uA}`, root)).status).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    expect([await score(uA), await score(vA)]).toEqual([0, 100]);
    expect(await board()).toEqual([
      [40, { A: 0, B: 40 }],
      [100, { A: 100 }],
    ]);
    // In an ACM contest the same verdict carries no score, as outside contests.
    const acm = await newContest();
    await addProblem(acm.id, 'A');
    expect(await score(await solve(u.token, acm.id, 'A', S.ACCEPTED))).toBeNull();
  });

  it("the board reads its contest as its admin saved it, at once; a change made elsewhere within the board's own delay, or at once on an admin's forced refresh", async () => {
    // Boards may be a minute old here: only the contest's own saves and a forced refresh read the contest again.
    const saved = boardTiming.recomputeMs;
    boardTiming.recomputeMs = 60_000;
    onTestFinished(() => {
      boardTiming.recomputeMs = saved;
    });
    const c = await newContest();
    await addProblem(c.id, 'A');
    const { solve } = contestKit(() => ({ t, judge, root }));
    const [u, v] = [await userToken(), await userToken()];
    await solve(u.token, c.id, 'A', S.ACCEPTED);
    await solve(v.token, c.id, 'A', S.WRONG_ANSWER);
    const ranks = async (forceRefresh = false) => {
      const res = await call('POST', '/api/get-contest-rank', root, { cid: c.id, limit: 30, forceRefresh });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data.records as { uid: string; rank: number }[];
      return [u, v].map((x) => rows.find((r) => r.uid === x.uid)?.rank);
    };
    expect(await ranks()).toEqual([1, 2]);
    // The admin makes u a star through the contest's form: the next look shows it.
    const form = (await call('GET', `/api/admin/contest?cid=${c.id}`, root)).body.data;
    expect((await call('PUT', '/api/admin/contest', root, { ...form, starAccount: [u.username] })).status).toBe(200);
    expect(await ranks()).toEqual([-1, 1]);
    // Changed elsewhere (another server instance saving it): the board as it was until its delay is over...
    await t.services.db.update(contests).set({ starAccount: [] }).where(eq(contests.id, c.id));
    expect(await ranks()).toEqual([-1, 1]);
    // ...or an admin forces a refresh, which reads the contest as it is now.
    expect(await ranks(true)).toEqual([1, 2]);
  });

  it('keeps a contest read for the boards as long as asked, and reads it again after a save of its own', async () => {
    const c = await newContest();
    const repo = createContestRepository(t.services.db);
    const title = async (maxAgeMs: number) => (await repo.recentById(c.id, maxAgeMs))?.title;
    const first = await title(60_000);
    await t.services.db.update(contests).set({ title: 'Saved elsewhere' }).where(eq(contests.id, c.id));
    expect(await title(60_000)).toBe(first);
    expect(await title(0)).toBe('Saved elsewhere');
    await repo.update(c.id, { title: 'Saved here' }, false);
    expect(await title(60_000)).toBe('Saved here');
    await repo.remove(c.id);
    expect(await title(60_000)).toBeUndefined();
  });

  it('contest-only problems: created into the contest, hidden from the bank, linked the HOJ way too', async () => {
    const owner = await userToken('admin');
    const now = Date.now() + t.clock.offsetMs;
    const created = await call('POST', '/api/admin/contest', owner.token, {
      title: 'Own',
      description: 'd',
      type: 0,
      auth: 0,
      startTime: new Date(now - HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
    });
    const cid = created.body.data.id as number;
    const dto = (title: string) => ({
      problem: { title, description: 'd', input: 'i', output: 'o', auth: 3, type: 0 },
      samples: [{ input: '1 2\n', output: '3\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }],
    });
    const first = await call('POST', '/api/admin/contest/problem', owner.token, { ...dto('Secret'), cid });
    expect(first.body.data).toMatchObject({ displayId: 'A' });
    const list = async () =>
      (await call('GET', `/api/admin/contest/get-problem-list?cid=${cid}`, owner.token)).body.data.problemList.records;
    expect(await list()).toMatchObject([{ displayId: 'A', displayTitle: 'Secret', auth: 3 }]);
    // HOJ's shape: the records are problems (`id` the problem's, with author, creation time and last editor) and
    // contestProblemMap gives each problem's ContestProblem, as its ProblemList.vue reads them.
    const hoj = (
      await call('GET', `/api/admin/contest/get-problem-list?cid=${cid}&currentPage=1&limit=10&keyword=`, owner.token)
    ).body.data;
    const [row] = hoj.problemList.records;
    expect(row).toMatchObject({ id: first.body.data.pid, author: expect.any(String), gmtCreate: expect.any(String) });
    expect('modifiedUser' in row).toBe(true);
    expect(hoj.contestProblemMap[row.id]).toMatchObject({ displayId: 'A', displayTitle: 'Secret', cid });
    // A taken display id is refused and nothing is created.
    const dup = await call('POST', '/api/admin/contest/problem', owner.token, { ...dto('Dup'), cid, displayId: 'a' });
    expect([dup.status, dup.body.data.key]).toEqual([400, 'contestDisplayIdTaken']);
    // Contest-only problems stay out of the public bank.
    const u = await userToken();
    const bank = await call('GET', `/api/get-problem-list?keyword=Secret&limit=50`, u.token);
    expect(bank.body.data.records).toEqual([]);
    // HOJ's client: create without cid, then link with set-contest-problem-info.
    const bare = await call('POST', '/api/admin/contest/problem', owner.token, dto('Second'));
    expect(bare.body.data.displayId).toBeNull();
    const pid = bare.body.data.pid as number;
    const link = { cid, pid, displayId: 'B', displayTitle: 'Second' };
    expect((await call('PUT', '/api/admin/contest/contest-problem', owner.token, link)).status).toBe(200);
    expect((await list()).map((r: { displayId: string }) => r.displayId)).toEqual(['A', 'B']);
    // Edit through the contest path; another admin may neither read nor edit it.
    const read = await call('GET', `/api/admin/contest/problem?pid=${pid}`, owner.token);
    expect(read.body.data.title).toBe('Second');
    const edit = { ...dto('Second, edited'), problem: { ...dto('Second, edited').problem, id: pid } };
    expect((await call('PUT', '/api/admin/contest/problem', owner.token, edit)).status).toBe(200);
    expect((await call('GET', `/api/admin/contest/problem?pid=${pid}`, owner.token)).body.data.title).toBe(
      'Second, edited',
    );
    const other = await userToken('admin');
    expect((await call('GET', `/api/admin/contest/problem?pid=${pid}`, other.token)).status).toBe(403);
    expect((await call('PUT', '/api/admin/contest/problem', other.token, edit)).status).toBe(403);
    expect((await call('POST', '/api/admin/contest/problem', other.token, { ...dto('X'), cid })).status).toBe(403);
    expect((await call('POST', '/api/admin/contest/problem', u.token, { ...dto('X'), cid })).status).toBe(403);
  });

  it('other contests: admins curate them, the home page lists those not yet ended', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const form = {
      title: 'Codeforces Round',
      url: 'https://codeforces.com/contests',
      source: 'Codeforces',
      startTime: new Date(now + HOUR).toISOString(),
      endTime: new Date(now + 3 * HOUR).toISOString(),
    };
    const u = await userToken();
    expect((await call('POST', '/api/admin/contest/other-contest', u.token, form)).status).toBe(403);
    const bad = await call('POST', '/api/admin/contest/other-contest', root, { ...form, url: 'javascript:alert(1)' });
    expect([bad.status, bad.body.data.key]).toEqual([400, 'urlInvalid']);
    const teacher = await userToken('admin');
    const made = (await call('POST', '/api/admin/contest/other-contest', teacher.token, form)).body.data;
    const ended = { ...form, title: 'Old', startTime: new Date(now - 3 * HOUR).toISOString() };
    await call('POST', '/api/admin/contest/other-contest', root, {
      ...ended,
      endTime: new Date(now - HOUR).toISOString(),
    });
    const home = async () =>
      ((await call('GET', '/api/get-recent-other-contest')).body.data as { title: string }[]).map((o) => o.title);
    expect(await home()).toContain('Codeforces Round');
    expect(await home()).not.toContain('Old');
    const renamed = { ...form, id: made.id, title: 'Codeforces Round 2' };
    expect((await call('PUT', '/api/admin/contest/other-contest', root, renamed)).body.data.title).toBe(
      'Codeforces Round 2',
    );
    const listed = (await call('GET', '/api/admin/contest/other-contest?limit=100', root)).body.data;
    expect(listed.records.map((o: { title: string }) => o.title)).toContain('Old');
    expect((await call('DELETE', `/api/admin/contest/other-contest?id=${made.id}`, root)).status).toBe(200);
    expect(await home()).not.toContain('Codeforces Round 2');
    expect((await call('DELETE', `/api/admin/contest/other-contest?id=${made.id}`, root)).status).toBe(404);
  });

  it('no submissions after the end', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const c = await newContest({
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now - HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    const u = await userToken();
    const res = await submit(u.token, c.id, 'A');
    expect([res.status, res.body.data.key]).toEqual([403, 'contestEnded']);
  });

  it('contest submits follow openContestJudge, not openPublicJudge', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const c = await newContest({
      startTime: new Date(now - HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    const u = await userToken();
    await t.services.site.updateSwitches({ openPublicJudge: false, openContestJudge: true });
    expect((await submit(u.token, c.id, 'A')).status).toBe(200);
    await t.services.site.updateSwitches({ openPublicJudge: true, openContestJudge: false });
    const res = await submit(u.token, c.id, 'A');
    expect([res.status, res.body.data.key]).toEqual([403, 'areaClosed']);
    await t.services.site.updateSwitches({ openContestJudge: true });
  });

  it('announcements: list and not-read', async () => {
    const c = await newContest();
    const a1 = await call('POST', '/api/admin/contest/announcement', root, {
      cid: c.id,
      announcement: { title: 'One', content: 'first' },
    });
    await call('POST', '/api/admin/contest/announcement', root, {
      cid: c.id,
      announcement: { title: 'Two', content: 'second' },
    });
    const u = await userToken();
    const page = await call('GET', `/api/get-contest-announcement?cid=${c.id}`, u.token);
    expect(page.body.data.total).toBe(2);
    const unread = await call('POST', '/api/get-contest-not-read-announcement', u.token, {
      cid: c.id,
      readAnnouncementList: [a1.body.data.id],
    });
    expect(unread.body.data.map((a: { title: string }) => a.title)).toEqual(['Two']);
  });

  it('the board trigger agrees with summarizeCell on a random history', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const c = await newContest({
      startTime: new Date(now - 3 * HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(now - HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    const u = await userToken();
    const statuses = [S.WRONG_ANSWER, S.COMPILE_ERROR, S.TIME_LIMIT_EXCEEDED, S.ACCEPTED, S.WRONG_ANSWER];
    const history: ContestTry[] = [];
    for (const [i, status] of statuses.entries()) {
      // Two tries before the seal, the rest after it.
      t.clock.offsetMs = (i < 2 ? -90 : -30) * 60_000 + i * 1000;
      await judge.announce();
      const res = await submit(u.token, c.id, 'A');
      await judge.judgeNext({ status, score: status === S.ACCEPTED ? 100 : 0 });
      const startMs = now - 3 * HOUR;
      history.push({
        submitId: res.body.data.submitId,
        timeS: Math.floor((Date.parse(res.body.data.submitTime) - startMs) / 1000),
        status,
        score: status === S.ACCEPTED ? 100 : 0,
        runMs: 10,
      });
    }
    t.clock.offsetMs = 0;
    // Scores and run times as the queue stored them from the judge's report.
    const stored = await t.services.db
      .select({ submitId: submissions.submitId, score: submissions.score, runMs: submissions.timeMs })
      .from(submissions)
      .where(eq(submissions.cid, c.id));
    for (const h of history) {
      const row = stored.find((x) => x.submitId === h.submitId);
      h.score = row?.score ?? null;
      h.runMs = row?.runMs ?? null;
    }
    const [cell] = await t.services.contests.rawCells(c.id);
    const expected = summarizeCell(history, { durationS: 4 * 3600, sealS: 2 * 3600 });
    expect(cell).toMatchObject(expected);
  });
  it('counts participants (registered or on the board, each once, staff left out) on the list, info and outside board', async () => {
    // The judge says hello again (an earlier test moved the clock past its last heartbeat).
    await judge.announce();
    const c = await newContest({ title: 'Participant count check' });
    await addProblem(c.id, 'A');
    const count = async () => {
      const viewer = (await userToken()).token;
      const list = await call('GET', '/api/get-contest-list?keyword=Participant%20count%20check', viewer);
      const info = await call('GET', `/api/get-contest-info?cid=${c.id}`, viewer);
      const outside = await call('GET', `/api/get-contest-outsize-info?cid=${c.id}`);
      const counts = [list.body.data.records[0].count, info.body.data.count, outside.body.data.contest.count];
      expect(new Set(counts).size).toBe(1);
      return counts[0];
    };
    expect(await count()).toBe(0);
    // A public contest needs no registration: submitting makes a participant.
    const submitter = await userToken();
    expect((await submit(submitter.token, c.id, 'A')).status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    const board = await call('POST', '/api/get-contest-outside-scoreboard', undefined, { cid: c.id });
    expect(board.body.data.total).toBe(1);
    expect(await count()).toBe(1);
    // Registered without submitting yet, and registered then submitting twice: one participant each.
    const registered = await userToken();
    expect((await call('POST', '/api/register-contest', registered.token, { cid: c.id })).status).toBe(200);
    const both = await userToken();
    expect((await call('POST', '/api/register-contest', both.token, { cid: c.id })).status).toBe(200);
    for (const status of [S.WRONG_ANSWER, S.ACCEPTED]) {
      await submit(both.token, c.id, 'A');
      await judge.judgeNext({ status });
    }
    // Root (the creator here) is staff: never ranked, never counted.
    await submit(root, c.id, 'A');
    await judge.judgeNext({ status: S.ACCEPTED });
    expect(await count()).toBe(3);
  });
});
