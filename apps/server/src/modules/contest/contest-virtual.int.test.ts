import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import {
  contestAnnouncements,
  contestCells,
  contestVirtualRuns,
  problemCounts,
  userAcProblems,
  userRecords,
} from '../../db/schema.js';

const MINUTE = 60_000;

/** Virtual participation (decision 0051): a past contest taken under one's own clock. */
describe.each(DB_KINDS)('virtual participation (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest, addProblem, solve, nowMs } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let ann: User;
  let bob: User;
  let vic: User;
  let cid: number;
  let startMs: number;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    [ann, bob, vic] = [await userToken(), await userToken(), await userToken()];
    // A two-hour contest that started an hour ago: ann solves A at 60 min; bob fails A at 60 and solves it at 70.
    startMs = nowMs() - HOUR;
    cid = (
      await newContest({
        startTime: new Date(startMs).toISOString(),
        endTime: new Date(startMs + 2 * HOUR).toISOString(),
      })
    ).id;
    await addProblem(cid, 'A');
    await addProblem(cid, 'B');
    // Each try is placed at its minute of the contest (a slow machine's seconds between them do not move it).
    const at = (ms: number) => {
      t.clock.offsetMs = ms - Date.now();
    };
    at(startMs + HOUR);
    await solve(ann.token, cid, 'A', S.ACCEPTED);
    at(startMs + HOUR);
    await solve(bob.token, cid, 'A', S.WRONG_ANSWER);
    at(startMs + 70 * MINUTE);
    await solve(bob.token, cid, 'A', S.ACCEPTED);
    // Announcements at 62 and 100 minutes.
    await t.services.db.insert(contestAnnouncements).values([
      {
        cid,
        title: 'Clarification',
        content: 'B: n is positive',
        uid: ann.uid,
        gmtCreate: new Date(startMs + 62 * MINUTE),
      },
      {
        cid,
        title: 'Later',
        content: 'A: mind the overflow',
        uid: ann.uid,
        gmtCreate: new Date(startMs + 100 * MINUTE),
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const rank = async (who: string, extra: object = {}) => {
    const res = await call('POST', '/api/get-contest-rank', who, { cid, currentPage: 1, limit: 50, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { records, total } = res.body.data as {
      records: { username: string; ac: number; totalTime: number; virtual?: boolean }[];
      total: number;
    };
    // The viewer's own row, pinned on top, is not counted in the total: the board itself follows.
    return records.slice(records.length - total);
  };
  const standing = (rows: Awaited<ReturnType<typeof rank>>) =>
    rows.map((r) => ({ username: r.username, ac: r.ac, totalTime: r.totalTime, virtual: r.virtual ?? false }));

  it('is refused before the end, where its admins close it, and to strangers; nothing is stored', async () => {
    const early = await call('POST', '/api/contest/virtual', vic.token, { cid });
    expect(early.status).toBe(400);
    expect(early.body.data.key).toBe('contestNotEnded');
    expect((await call('POST', '/api/contest/virtual', undefined, { cid })).status).toBe(401);
    expect((await call('POST', '/api/contest/virtual', vic.token, { cid: 99_999 })).status).toBe(404);
    expect((await call('GET', `/api/contest/virtual?cid=${cid}`, vic.token)).body.data).toBeNull();
    expect(await t.services.db.select().from(contestVirtualRuns)).toHaveLength(0);
  });

  it('starts one run for two calls at once, replays the real board at its minute, and changes no real figure', async () => {
    // The contest ends; a closed one is refused.
    t.clock.offsetMs += 2 * HOUR;
    const closed = (
      await newContest({
        startTime: new Date(nowMs() - 3 * HOUR).toISOString(),
        endTime: new Date(nowMs() - 2 * HOUR).toISOString(),
        allowVirtual: false,
      })
    ).id;
    const refused = await call('POST', '/api/contest/virtual', vic.token, { cid: closed });
    expect(refused.status).toBe(403);
    expect(refused.body.data.key).toBe('contestVirtualClosed');

    // What the real contest shows, before any virtual submission.
    const realBoard = standing(await rank(ann.token));
    expect(realBoard).toEqual([
      { username: ann.username, ac: 1, totalTime: 3600, virtual: false },
      { username: bob.username, ac: 1, totalTime: 4200 + 1200, virtual: false },
    ]);
    const figures = async () => ({
      cells: (await t.services.db.select().from(contestCells).where(eq(contestCells.cid, cid))).map(
        ({ version: _, ...c }) => c,
      ),
      problems: (await call('GET', `/api/get-contest-problem?cid=${cid}`, ann.token)).body.data,
      bank: await t.services.db.select().from(problemCounts),
      solved: await t.services.db.select().from(userAcProblems),
      records: await t.services.db.select().from(userRecords).where(eq(userRecords.uid, vic.uid)),
    });
    const before = await figures();

    const [one, two] = await Promise.all([
      call('POST', '/api/contest/virtual', vic.token, { cid }),
      call('POST', '/api/contest/virtual', vic.token, { cid }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.data).toEqual(one.body.data);
    expect(one.body.data).toMatchObject({ cid, live: false, running: true });
    expect(new Date(one.body.data.endTime).getTime() - new Date(one.body.data.startTime).getTime()).toBe(2 * HOUR);
    expect(await t.services.db.select().from(contestVirtualRuns)).toHaveLength(1);

    // 65 minutes into his run: ann solved A at 60; bob failed it at 60, his accepted try (70) has not happened yet.
    // Vic solves B.
    t.clock.offsetMs = new Date(one.body.data.startTime).getTime() + 65 * MINUTE - Date.now();
    await solve(vic.token, cid, 'B', S.ACCEPTED);
    expect(standing(await rank(vic.token))).toEqual([
      { username: ann.username, ac: 1, totalTime: 3600, virtual: false },
      { username: vic.username, ac: 1, totalTime: 3900, virtual: true },
      { username: bob.username, ac: 0, totalTime: 0, virtual: false },
    ]);
    // The problem list counts as it did at 65 minutes; the submissions are those made by then, and his own.
    const listed = (await call('GET', `/api/get-contest-problem?cid=${cid}`, vic.token)).body.data as {
      displayId: string;
      ac: number;
      total: number;
    }[];
    expect(listed.map((p) => [p.displayId, p.ac, p.total])).toEqual([
      ['A', 1, 2],
      ['B', 1, 1],
    ]);
    const seen = await call('GET', `/api/contest-submissions?contestID=${cid}&currentPage=1&limit=20`, vic.token);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(
      (seen.body.data.records as { username: string; status: number }[]).map((r) => [r.username, r.status]),
    ).toEqual([
      [vic.username, S.ACCEPTED],
      [bob.username, S.WRONG_ANSWER],
      [ann.username, S.ACCEPTED],
    ]);
    // The announcement of 62 minutes is there, the one of 100 not yet.
    const notes = await call('GET', `/api/get-contest-announcement?cid=${cid}&currentPage=1&limit=10`, vic.token);
    expect(notes.body.data.records.map((r: { title: string }) => r.title)).toEqual(['Clarification']);
    // At 75 minutes bob's accepted try counts, with the 20 minutes of his wrong one.
    t.clock.offsetMs += 10 * MINUTE;
    expect(standing(await rank(vic.token))).toEqual([
      { username: ann.username, ac: 1, totalTime: 3600, virtual: false },
      { username: vic.username, ac: 1, totalTime: 3900, virtual: true },
      { username: bob.username, ac: 1, totalTime: 5400, virtual: false },
    ]);

    // Everybody else's view, the contest's problem counts, the bank and his own records: unchanged.
    expect(standing(await rank(ann.token))).toEqual(realBoard);
    expect(await figures()).toEqual(before);

    // After his run: no more submissions; his final board has him in it, and others see him on asking.
    t.clock.offsetMs += 2 * HOUR;
    const late = await call('POST', '/api/submit-problem-judge', vic.token, {
      pid: 'A',
      cid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(late.status).toBe(403);
    expect(late.body.data.key).toBe('contestEnded');
    const final = [
      { username: ann.username, ac: 1, totalTime: 3600, virtual: false },
      { username: vic.username, ac: 1, totalTime: 3900, virtual: true },
      { username: bob.username, ac: 1, totalTime: 5400, virtual: false },
    ];
    expect(standing(await rank(vic.token))).toEqual(final);
    expect(standing(await rank(ann.token))).toEqual(realBoard);
    expect(standing(await rank(ann.token, { showVirtual: true }))).toEqual(final);
    expect((await call('GET', `/api/contest/virtual?cid=${cid}`, vic.token)).body.data).toMatchObject({
      running: false,
      startTime: one.body.data.startTime,
    });
  });
});
