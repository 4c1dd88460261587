import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, JUDGE_TOKEN, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { contestPrints, submissions } from '../../db/schema.js';

const text = (n: number, ch = 'x') => ch.repeat(n);

describe.each(DB_KINDS)('contest staff tools (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, nowMs, newContest, addProblem, solve } = contestKit(() => ({ t, judge, root }));

  const print = (who: string | undefined, cid: number, content: string) =>
    call('POST', '/api/submit-print-text', who, { cid, content });
  const prints = async (who: string, cid: number, query = '') => {
    const res = await call('GET', `/api/get-contest-print?cid=${cid}${query}`, who);
    expect(res.status).toBe(200);
    return res.body.data as {
      records: { id: number; username: string; status: number; length: number; content?: string }[];
      total: number;
    };
  };
  const storedPrints = async (cid: number) =>
    t.services.db.select().from(contestPrints).where(eq(contestPrints.cid, cid));

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());
  afterEach(async () => {
    // Every test starts at the real time with a live judge and an empty queue.
    t.clock.offsetMs = 0;
    await judge.drain();
    await judge.announce();
  });

  it('print: a participant sends a text; too short, blank, closed, ended, no access and the cooldown store nothing', async () => {
    const c = await newContest({ openPrint: true });
    const u = await userToken();
    const short = await print(u.token, c.id, text(49));
    expect([short.status, short.body.data.key]).toEqual([400, 'printTooShort']);
    const blank = await print(u.token, c.id, text(60, ' '));
    expect([blank.status, blank.body.data.key]).toEqual([400, 'contentEmpty']);
    expect((await print(undefined, c.id, text(50))).status).toBe(401);
    expect(await storedPrints(c.id)).toEqual([]);

    expect((await print(u.token, c.id, text(50))).body).toMatchObject({ status: 200 });
    const again = await print(u.token, c.id, text(80));
    expect([again.status, again.body.data.key]).toEqual([429, 'printCooldown']);
    expect((await prints(u.token, c.id)).records.map((p) => p.length)).toEqual([50]);
    t.clock.offsetMs += 31_000;
    expect((await print(u.token, c.id, text(80))).status).toBe(200);
    expect((await prints(u.token, c.id)).records.map((p) => p.length)).toEqual([80, 50]);

    const v = await userToken();
    const closed = await newContest({ openPrint: false });
    const refused = await print(v.token, closed.id, text(50));
    expect([refused.status, refused.body.data.key]).toEqual([403, 'printClosed']);
    const ended = await newContest({
      openPrint: true,
      startTime: new Date(nowMs() - 2 * HOUR).toISOString(),
      endTime: new Date(nowMs() - HOUR).toISOString(),
    });
    const late = await print(v.token, ended.id, text(50));
    expect([late.status, late.body.data.key]).toEqual([403, 'contestEnded']);
    const priv = await newContest({ openPrint: true, auth: 1, pwd: 'secret' });
    const outsider = await print(v.token, priv.id, text(50));
    expect([outsider.status, outsider.body.data.key]).toEqual([403, 'contestNoAccess']);
    expect((await call('GET', `/api/get-contest-print?cid=${priv.id}`, v.token)).status).toBe(403);
    for (const cid of [closed.id, ended.id, priv.id]) expect(await storedPrints(cid)).toEqual([]);
    // None of the refusals started v's cooldown.
    expect((await print(v.token, c.id, text(50))).status).toBe(200);
    // Two prints at once (two connections on PostgreSQL): the cooldown still lets only one through.
    const w = await userToken();
    const both = await Promise.all([print(w.token, c.id, text(50)), print(w.token, c.id, text(51))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
  });

  it('print admin: waiting first then newest, own prints only for others, marked printed, downloaded as UTF-8', async () => {
    const owner = await userToken('admin');
    const c = await newContest({ openPrint: true }, owner.token);
    const ann = await userToken();
    const bob = await userToken();
    const annText = `#include <cstdio>\n// 中文注释 ${text(60)}`;
    await print(ann.token, c.id, annText);
    await print(bob.token, c.id, text(55));
    t.clock.offsetMs += 31_000;
    await print(ann.token, c.id, text(70));

    const all = await prints(owner.token, c.id);
    expect(all.total).toBe(3);
    expect(all.records.map((p) => [p.username, p.status])).toEqual([
      [ann.username, 0],
      [bob.username, 0],
      [ann.username, 0],
    ]);
    // The list never carries the text; length counts characters, not bytes.
    expect(all.records[0].content).toBeUndefined();
    expect(all.records[2].length).toBe([...annText].length);
    const [annLater, bobs, annFirst] = all.records;

    // HOJ's client sends id and cid as query parameters of a PUT.
    const mark = (who: string, id: number, cid: number) =>
      call('PUT', `/api/check-contest-print-status?id=${id}&cid=${cid}`, who);
    expect((await mark(ann.token, bobs.id, c.id)).status).toBe(403);
    const otherTeacher = await userToken('admin');
    expect((await mark(otherTeacher.token, bobs.id, c.id)).status).toBe(403);
    const other = await newContest({ openPrint: true });
    expect((await mark(root, bobs.id, other.id)).status).toBe(404);
    expect((await mark(owner.token, 999_999, c.id)).status).toBe(404);
    expect((await prints(owner.token, c.id)).records.every((p) => p.status === 0)).toBe(true);
    expect((await mark(owner.token, bobs.id, c.id)).body).toMatchObject({ status: 200 });
    expect((await prints(root, c.id)).records.map((p) => [p.id, p.status])).toEqual([
      [annLater.id, 0],
      [annFirst.id, 0],
      [bobs.id, 1],
    ]);
    // A participant, or a site admin who does not manage the contest, sees only their own prints.
    const annView = await prints(ann.token, c.id);
    expect([annView.total, annView.records.map((p) => p.id)]).toEqual([2, [annLater.id, annFirst.id]]);
    expect((await prints(otherTeacher.token, c.id)).total).toBe(0);
    const paged = await prints(owner.token, c.id, '&limit=2&currentPage=2');
    expect([paged.total, paged.records.map((p) => p.id)]).toEqual([3, [bobs.id]]);

    const download = (who: string, id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/file/download-contest-print-text?id=${id}`,
        headers: { authorization: who },
      });
    const res = await download(owner.token, annFirst.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`print-${annFirst.id}-${ann.username}.txt`);
    expect(res.rawPayload.toString('utf8')).toBe(annText);
    expect((await download(ann.token, annFirst.id)).body).toBe(annText);
    expect((await download(bob.token, annFirst.id)).statusCode).toBe(403);
    expect((await download(otherTeacher.token, annFirst.id)).statusCode).toBe(403);
    expect((await download(root, 999_999)).statusCode).toBe(404);
  });

  it('AC info: first AC per user and problem in the window, first blood skips star users, balloons per cell', async () => {
    const owner = await userToken('admin');
    const star = await userToken();
    const ann = await userToken();
    const bob = await userToken();
    const c = await newContest({ starAccount: [star.username], allowEndSubmit: true }, owner.token);
    await addProblem(c.id, 'A', { who: owner.token, color: '#ff0000' });
    await addProblem(c.id, 'B', { who: owner.token });
    const starA = await solve(star.token, c.id, 'A', S.ACCEPTED);
    await solve(ann.token, c.id, 'A', S.WRONG_ANSWER);
    const annA = await solve(ann.token, c.id, 'A', S.ACCEPTED);
    const bobA = await solve(bob.token, c.id, 'A', S.ACCEPTED);
    const annA2 = await solve(ann.token, c.id, 'A', S.ACCEPTED);
    const bobB = await solve(bob.token, c.id, 'B', S.ACCEPTED);
    // Contest admins (the creator, root) never appear.
    await solve(owner.token, c.id, 'B', S.ACCEPTED);
    await solve(root, c.id, 'A', S.ACCEPTED);
    // After the end (allowed by allowEndSubmit) an AC is outside the board's window.
    t.clock.offsetMs += 5 * HOUR;
    await judge.announce();
    await solve(ann.token, c.id, 'B', S.ACCEPTED);
    t.clock.offsetMs = 0;

    type Info = { id: number; username: string; displayId: string; color: string | null; time: number };
    const info = async (who: string, query = '') => {
      const res = await call('GET', `/api/get-contest-ac-info?cid=${c.id}${query}`, who);
      expect(res.status).toBe(200);
      return res.body.data as { records: (Info & { firstBlood: boolean; checked: boolean })[]; total: number };
    };
    const first = await info(owner.token);
    expect(first.total).toBe(4);
    expect(first.records.map((r) => [r.id, r.displayId, r.username, r.firstBlood, r.checked])).toEqual([
      [bobB, 'B', bob.username, true, false],
      [bobA, 'A', bob.username, false, false],
      [annA, 'A', ann.username, true, false],
      [starA, 'A', star.username, false, false],
    ]);
    const annRow = first.records[2];
    expect(annRow.color).toBe('#ff0000');
    // About an hour after the start, in seconds.
    expect(annRow.time).toBeGreaterThanOrEqual(3600);
    expect(annRow.time).toBeLessThan(3600 + 120);
    const paged = await info(root, '&limit=2&currentPage=2');
    expect([paged.total, paged.records.map((r) => r.id)]).toEqual([4, [annA, starA]]);

    const check = (who: string, payload: object) => call('PUT', '/api/check-contest-ac-info', who, payload);
    expect((await check(owner.token, { id: annA, cid: c.id, checked: true })).body).toMatchObject({ status: 200 });
    expect((await check(owner.token, { id: annA, cid: c.id, checked: true })).status).toBe(200);
    expect((await info(owner.token)).records.map((r) => [r.id, r.checked])).toEqual([
      [bobB, false],
      [bobA, false],
      [starA, false],
      [annA, true],
    ]);
    // The balloon belongs to the cell: ann's later AC of A names the same balloon (query form, as HOJ may send).
    const uncheck = await call('PUT', `/api/check-contest-ac-info?id=${annA2}&cid=${c.id}&checked=false`, root);
    expect(uncheck.status).toBe(200);
    expect((await info(owner.token)).records.find((r) => r.id === annA)?.checked).toBe(false);

    const bad = await check(owner.token, { id: annA, cid: c.id, checked: 'maybe' });
    expect(bad.status).toBe(400);
    const other = await newContest();
    expect((await check(root, { id: annA, cid: other.id, checked: true })).status).toBe(404);
    expect((await check(root, { id: 999_999, cid: c.id, checked: true })).status).toBe(404);
    expect((await info(owner.token)).records.every((r) => !r.checked)).toBe(true);

    // Participants and site admins who do not manage the contest are refused.
    const teacher = await userToken('admin');
    for (const who of [ann.token, teacher.token]) {
      expect((await call('GET', `/api/get-contest-ac-info?cid=${c.id}`, who)).status).toBe(403);
      expect((await check(who, { id: bobB, cid: c.id, checked: true })).status).toBe(403);
    }
    expect((await call('GET', `/api/get-contest-ac-info?cid=${c.id}`)).status).toBe(401);
    expect((await info(owner.token)).records.every((r) => !r.checked)).toBe(true);
    const oi = await newContest({ type: 1 });
    const refused = await call('GET', `/api/get-contest-ac-info?cid=${oi.id}`, root);
    expect([refused.status, refused.body.data.key]).toEqual([400, 'contestAcmOnly']);
  });

  it('rejudge a contest problem: new versions, a late old report is ignored, the board follows; root only', async () => {
    const c = await newContest();
    const pa = await addProblem(c.id, 'A');
    const pb = await addProblem(c.id, 'B');
    const ann = await userToken();
    const bob = await userToken();
    await solve(bob.token, c.id, 'A', S.ACCEPTED);
    await solve(ann.token, c.id, 'A', S.WRONG_ANSWER);
    await solve(ann.token, c.id, 'B', S.ACCEPTED);
    // ann's last try of A is being judged when the rejudge comes.
    const inFlight = await call('POST', '/api/submit-problem-judge', ann.token, {
      pid: 'A',
      cid: c.id,
      language: 'C++',
      code: 'int main(){}',
    });
    const oldTask = await judge.claim();
    expect(oldTask.submitId).toBe(inFlight.body.data.submitId);

    const rejudge = (who: string | undefined, pid: number, cid = c.id) =>
      call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pid}`, who);
    const teacher = await userToken('admin');
    expect((await rejudge(teacher.token, pa.id)).status).toBe(403);
    expect((await rejudge(ann.token, pa.id)).status).toBe(403);
    expect((await rejudge(undefined, pa.id)).status).toBe(401);
    const stranger = await createProblem(t);
    expect((await rejudge(root, stranger.id)).status).toBe(404);
    expect((await rejudge(root, pa.id, 999_999)).status).toBe(404);
    const statusesOf = async () =>
      (
        await t.services.db
          .select({ id: submissions.submitId, status: submissions.status, cpid: submissions.cpid })
          .from(submissions)
          .where(eq(submissions.cid, c.id))
          .orderBy(submissions.submitId)
      ).map((r) => r.status);
    // Refusals changed nothing.
    expect(await statusesOf()).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.ACCEPTED, S.COMPILING]);

    const done = await rejudge(root, pa.id);
    expect(done.body).toMatchObject({ status: 200, data: { count: 3 } });
    expect(await statusesOf()).toEqual([S.PENDING, S.PENDING, S.ACCEPTED, S.PENDING]);

    // The old attempt reports an AC late: ignored.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/judge/report',
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      payload: {
        name: 'fake-judge',
        taskId: oldTask.taskId,
        attempt: oldTask.attempt,
        judge: { status: S.ACCEPTED, score: 0, time: 1, memory: 1, errorMessage: '', oiRankScore: null, cases: [] },
      },
    });
    expect(late.json().data.accepted).toBe(false);
    expect((await statusesOf())[3]).toBe(S.PENDING);

    // The new judgements: every A is wrong now.
    for (let i = 0; i < 3; i++) await judge.judgeNext({ status: S.WRONG_ANSWER });
    expect(await statusesOf()).toEqual([S.WRONG_ANSWER, S.WRONG_ANSWER, S.ACCEPTED, S.WRONG_ANSWER]);
    const rank = await call('POST', '/api/get-contest-rank', root, { cid: c.id, forceRefresh: true, limit: 50 });
    const rows = rank.body.data.records as { username: string; ac: number; submissionInfo: Record<string, object> }[];
    expect(rows.find((r) => r.username === bob.username)).toMatchObject({
      ac: 0,
      submissionInfo: { A: { errorNum: 1 } },
    });
    expect(rows.find((r) => r.username === ann.username)).toMatchObject({
      ac: 1,
      submissionInfo: { A: { errorNum: 2 }, B: { isAC: true } },
    });

    const audit = await call('GET', '/api/admin/audit-log?action=rejudge', root);
    expect(audit.body.data.records[0]).toMatchObject({
      action: 'rejudge',
      targetType: 'contestProblem',
      targetId: `${c.id}:${pa.id}`,
      detail: { count: 3 },
    });
    // B holds ann's one submission: only that goes back to the queue.
    expect((await rejudge(root, pb.id)).body.data).toEqual({ count: 1 });
    await judge.judgeNext({ status: S.ACCEPTED });
  });

  it('scroll board: ACM only; contest admins any time, others once ended with a real-time open board', async () => {
    const owner = await userToken('admin');
    const star = await userToken();
    const ann = await userToken();
    const bob = await userToken();
    const sealAt = new Date(nowMs() + HOUR / 2).toISOString();
    const c = await newContest(
      {
        startTime: new Date(nowMs() - 2 * HOUR).toISOString(),
        endTime: new Date(nowMs() + HOUR).toISOString(),
        sealRank: true,
        sealRankTime: sealAt,
        autoRealRank: true,
        starAccount: [star.username],
        rankShowName: 'nickname',
      },
      owner.token,
    );
    await addProblem(c.id, 'B', { who: owner.token });
    await addProblem(c.id, 'A', { who: owner.token, color: '#00ff00' });
    const annA = await solve(ann.token, c.id, 'A', S.ACCEPTED);
    const starA = await solve(star.token, c.id, 'A', S.WRONG_ANSWER);
    await solve(owner.token, c.id, 'A', S.ACCEPTED);
    const bobB = await solve(bob.token, c.id, 'B', S.WRONG_ANSWER);

    const info = (who: string | undefined, cid = c.id) =>
      call('GET', `/api/get-contest-scroll-board-info?cid=${cid}`, who);
    const subs = (who: string | undefined, removeStar?: boolean) =>
      call(
        'GET',
        `/api/get-contest-scroll-board-submission?cid=${c.id}${removeStar === undefined ? '' : `&removeStar=${removeStar}`}`,
        who,
      );
    // Running: only the contest's admins.
    for (const who of [undefined, ann.token]) {
      const closed = await info(who);
      expect([closed.status, closed.body.data.key]).toEqual([403, 'scrollBoardClosed']);
      expect((await subs(who)).status).toBe(403);
    }
    const seen = (await info(owner.token)).body.data;
    expect(seen).toMatchObject({
      id: c.id,
      title: 'Weekly',
      rankShowName: 'nickname',
      problemCount: 2,
      balloonColor: { A: '#00ff00' },
      problemList: [
        { displayId: 'A', color: '#00ff00' },
        { displayId: 'B', color: null },
      ],
      starUserList: [star.username],
    });
    expect(seen.sealRankTime).toBe(sealAt);
    const all = (await subs(root)).body.data as {
      submitId: number;
      username: string;
      displayId: string;
      status: number;
    }[];
    expect(all.map((s) => [s.submitId, s.username, s.displayId, s.status])).toEqual([
      [annA, ann.username, 'A', S.ACCEPTED],
      [starA, star.username, 'A', S.WRONG_ANSWER],
      [bobB, bob.username, 'B', S.WRONG_ANSWER],
    ]);
    expect(((await subs(owner.token, true)).body.data as { submitId: number }[]).map((s) => s.submitId)).toEqual([
      annA,
      bobB,
    ]);

    // Ended with autoRealRank: everyone, anonymous included.
    t.clock.offsetMs += 2 * HOUR;
    expect((await info(undefined)).status).toBe(200);
    expect(((await subs(undefined, false)).body.data as unknown[]).length).toBe(3);

    // Ended but still sealed (no autoRealRank), or no open scoreboard: admins only.
    const start = new Date(nowMs() - 3 * HOUR).toISOString();
    const end = new Date(nowMs() - HOUR).toISOString();
    const sealed = await newContest({
      startTime: start,
      endTime: end,
      sealRank: true,
      sealRankTime: new Date(nowMs() - 2 * HOUR).toISOString(),
      autoRealRank: false,
    });
    const hiddenBoard = await newContest({ startTime: start, endTime: end, openRank: false });
    for (const cid of [sealed.id, hiddenBoard.id]) {
      expect((await info(ann.token, cid)).body.data.key).toBe('scrollBoardClosed');
      expect((await info(root, cid)).status).toBe(200);
    }
    const open = await newContest({ startTime: start, endTime: end });
    expect((await info(undefined, open.id)).body.data).toMatchObject({ sealRankTime: null, problemCount: 0 });

    const oi = await newContest({ type: 1, startTime: start, endTime: end });
    const notAcm = await info(root, oi.id);
    expect([notAcm.status, notAcm.body.data.key]).toEqual([400, 'contestAcmOnly']);
    const invisible = await newContest({ startTime: start, endTime: end, visible: false });
    expect((await info(undefined, invisible.id)).status).toBe(404);
    expect((await info(undefined, 999_999)).status).toBe(404);
  });
});
