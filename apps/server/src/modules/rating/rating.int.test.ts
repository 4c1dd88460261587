import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import type { DbKind, TestApp } from '../../../test/harness.js';
import { DB_KINDS } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { contests } from '../../db/schema.js';

const MINUTE = 60_000;

/** Contest ratings (decision 0046) through the API and the sweep main.ts runs: a rated contest that ends rates
 * those who submitted, in the history's order; a rejudge computes the history again; who may read and recompute. */
describe.each(DB_KINDS)('contest ratings (%s)', (kind: DbKind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const kit = contestKit(() => ({ t, judge, root }));
  const { call } = kit;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());

  const history = async (uid: string) => {
    const res = await call('GET', `/api/get-rating-history?uid=${uid}`);
    expect(res.status).toBe(200);
    return res.body.data as { cid: number; rank: number; oldRating: number; newRating: number; performance: number }[];
  };
  const homeRating = async (uid: string) =>
    (await call('GET', `/api/get-user-home-info?uid=${uid}`)).body.data.rating as number | null;
  const later = (ms: number) => {
    t.clock.offsetMs += ms;
  };

  it('rates a contest once it has ended, in the history order, and again after a rejudge that swaps two places', async () => {
    const [a, b, c] = [await kit.userToken(), await kit.userToken(), await kit.userToken()];
    const star = await kit.userToken();
    const first = await kit.newContest({ title: 'Rated round 1', rated: true, starAccount: [star.username] });
    expect((await call('GET', `/api/admin/contest?cid=${first.id}`, root)).body.data.rated).toBe(true);
    await kit.addProblem(first.id, 'A');
    await kit.addProblem(first.id, 'B');
    await kit.solve(a.token, first.id, 'A', S.ACCEPTED);
    await kit.solve(a.token, first.id, 'B', S.ACCEPTED);
    const cWrong = await kit.solve(c.token, first.id, 'A', S.WRONG_ANSWER);
    later(MINUTE);
    await kit.solve(b.token, first.id, 'A', S.ACCEPTED);
    await kit.solve(star.token, first.id, 'A', S.ACCEPTED);

    // Running: nothing is due.
    expect(await t.services.ratings.sweep()).toBe(true);
    expect(await history(a.uid)).toEqual([]);
    expect(await homeRating(a.uid)).toBeNull();

    later(5 * HOUR);
    expect(await t.services.ratings.sweep()).toBe(true);
    // Three newcomers placed 1, 2, 3: the figures of codeforces-rating.test.ts; the star user is not rated.
    const expectFirst = { a: 1605, b: 1489, c: 1405 };
    for (const [u, rating, rank] of [
      [a, expectFirst.a, 1],
      [b, expectFirst.b, 2],
      [c, expectFirst.c, 3],
    ] as const) {
      expect(await history(u.uid)).toEqual([
        expect.objectContaining({ cid: first.id, title: 'Rated round 1', rank, oldRating: 1500, newRating: rating }),
      ]);
      expect(await homeRating(u.uid)).toBe(rating);
    }
    expect(await history(star.uid)).toEqual([]);

    // The rating list and the board carry the ratings.
    const list = await call('GET', '/api/get-rank-list?type=rating&currentPage=1&limit=30');
    expect(list.status).toBe(200);
    const listed = (list.body.data.records as { uid: string; rating: number }[]).filter((r) =>
      [a.uid, b.uid, c.uid].includes(r.uid),
    );
    expect(listed.map((r) => r.rating)).toEqual([1605, 1489, 1405]);
    expect(list.body.data.records.some((r: { uid: string }) => r.uid === star.uid)).toBe(false);
    const board = await call('POST', '/api/get-contest-rank', root, { cid: first.id, forceRefresh: true });
    const ratingOf = Object.fromEntries(
      (board.body.data.records as { uid: string; rating: number | null }[]).map((r) => [r.uid, r.rating]),
    );
    expect(ratingOf[a.uid]).toBe(1605);
    expect(ratingOf[star.uid]).toBeNull();

    // A second rated contest, after the first: b wins over c; both start from the first contest's ratings.
    const second = await kit.newContest({
      title: 'Rated round 2',
      rated: true,
      startTime: new Date(kit.nowMs() - 10 * MINUTE).toISOString(),
      endTime: new Date(kit.nowMs() + HOUR).toISOString(),
    });
    await kit.addProblem(second.id, 'A');
    await kit.solve(b.token, second.id, 'A', S.ACCEPTED);
    await kit.solve(c.token, second.id, 'A', S.WRONG_ANSWER);
    later(2 * HOUR);
    expect(await t.services.ratings.sweep()).toBe(true);
    const cBefore = await history(c.uid);
    expect(cBefore.map((h) => h.cid)).toEqual([first.id, second.id]);
    expect(cBefore[1].oldRating).toBe(cBefore[0].newRating);

    // The rejudge of c's wrong answer in the first contest: accepted, a minute before b's, so c is second and b
    // third. The contest waits for the verdict, then the whole history after it is computed again.
    const rejudge = await call('GET', `/api/admin/judge/rejudge?submitId=${cWrong}`, root);
    expect(rejudge.status).toBe(200);
    expect(await t.services.ratings.sweep()).toBe(false);
    expect((await history(c.uid))[0].newRating).toBe(expectFirst.c);
    await judge.judgeNext({ status: S.ACCEPTED });
    expect(await t.services.ratings.sweep()).toBe(true);
    const cAfter = await history(c.uid);
    const bAfter = await history(b.uid);
    expect(cAfter[0]).toMatchObject({ rank: 2, newRating: expectFirst.b });
    expect(bAfter[0]).toMatchObject({ rank: 3, newRating: expectFirst.c });
    expect(cAfter[1].oldRating).toBe(expectFirst.b);
    expect(bAfter[1].oldRating).toBe(expectFirst.c);
    expect(await homeRating(c.uid)).toBe(cAfter[1].newRating);

    // Recomputing gives the same numbers (the sweep and an admin's recompute).
    const again = await call('POST', '/api/admin/contest/recompute-rating', root, { cid: first.id });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ computed: true });
    expect(await t.services.ratings.sweep()).toBe(true);
    expect(await history(c.uid)).toEqual(cAfter);
    expect(await history(b.uid)).toEqual(bAfter);

    // The second contest no longer rated: its rows go and the users' ratings fall back to the first contest's.
    const form = (await call('GET', `/api/admin/contest?cid=${second.id}`, root)).body.data;
    const off = await call('PUT', '/api/admin/contest', root, { ...form, rated: false });
    expect(off.status).toBe(200);
    expect(await t.services.ratings.sweep()).toBe(true);
    expect(await history(c.uid)).toEqual([cAfter[0]]);
    expect(await homeRating(c.uid)).toBe(cAfter[0].newRating);
  }, 60_000);

  it('keeps group contests unrated and answers bad or unauthorised calls with 4xx, changing nothing', async () => {
    const student = await kit.userToken();
    const teacher = await kit.userToken('admin');
    const g = await call('POST', '/api/group', root, {
      name: 'Rating club',
      shortName: 'rclub',
      brief: 'Rated rounds',
      description: 'Rated rounds on Fridays',
      auth: 1,
      visible: true,
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const groupForm = {
      title: 'Club round',
      description: 'x',
      type: 0,
      auth: 0,
      startTime: new Date(kit.nowMs() - HOUR).toISOString(),
      endTime: new Date(kit.nowMs() + HOUR).toISOString(),
      gid: g.body.data.id,
    };
    const refused = await call('POST', '/api/group/contest', root, { ...groupForm, rated: true });
    expect(refused.status).toBe(400);
    expect(refused.body.data.key).toBe('groupContestNotRated');
    const club = await call('POST', '/api/group/contest', root, groupForm);
    expect(club.status).toBe(200);
    expect(club.body.data.rated).toBe(false);
    const edit = await call('PUT', '/api/group/contest', root, { ...club.body.data, rated: true });
    expect(edit.status).toBe(400);
    expect((await call('GET', `/api/admin/contest?cid=${club.body.data.id}`, root)).body.data.rated).toBe(false);

    // A history is anyone's to read; a missing user has none; the uid is required.
    expect((await call('GET', `/api/get-rating-history?uid=${student.uid}`)).body.data).toEqual([]);
    expect((await call('GET', '/api/get-rating-history?uid=nobody')).status).toBe(404);
    expect((await call('GET', '/api/get-rating-history')).status).toBe(400);

    // Recompute: admins of the contest only, a rated site contest that has ended.
    const ended = await kit.newContest({
      rated: true,
      startTime: new Date(kit.nowMs() - 2 * HOUR).toISOString(),
      endTime: new Date(kit.nowMs() - HOUR).toISOString(),
    });
    const running = await kit.newContest({ rated: true });
    const unrated = await kit.newContest({
      startTime: new Date(kit.nowMs() - 2 * HOUR).toISOString(),
      endTime: new Date(kit.nowMs() - HOUR).toISOString(),
    });
    const recompute = (who: string | undefined, cid: unknown) =>
      call('POST', '/api/admin/contest/recompute-rating', who, { cid });
    expect((await recompute(undefined, ended.id)).status).toBe(401);
    expect((await recompute(student.token, ended.id)).status).toBe(403);
    expect((await recompute(teacher.token, ended.id)).status).toBe(403);
    expect((await recompute(root, 'abc')).status).toBe(400);
    expect((await recompute(root, 99_999_999)).status).toBe(404);
    expect((await recompute(root, running.id)).body.data.key).toBe('contestRatingNotEnded');
    expect((await recompute(root, unrated.id)).body.data.key).toBe('contestNotRated');
    expect((await recompute(root, club.body.data.id)).body.data.key).toBe('contestNotRated');
    const [row] = await t.services.db
      .select({ at: contests.ratingComputedAt })
      .from(contests)
      .where(eq(contests.id, running.id));
    expect(row.at).toBeNull();
    expect((await recompute(root, ended.id)).body.data).toEqual({ computed: true });
  }, 60_000);
});
