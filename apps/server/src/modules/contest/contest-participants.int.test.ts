import { EXAM } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { contestRegisters } from '../../db/schema.js';

/** A contest's admins register users by name and take a registration back (decision 0055). */
describe.each(DB_KINDS)('contest participants (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest, addProblem, classGroup } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let ann: User;
  let bob: User;
  let cid: number;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    [ann, bob] = [await userToken(), await userToken()];
    cid = (await newContest({ auth: 1, pwd: 'secret' })).id;
    await addProblem(cid, 'A');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const add = (who: string | undefined, body: object) => call('POST', '/api/contest/participants', who, body);
  const remove = (who: string | undefined, body: object) => call('DELETE', '/api/contest/participant', who, body);
  const added = async (who: string, body: object) => {
    const res = await add(who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { added: number; already: number; unknown: string[] };
  };
  const registered = async (of = cid) =>
    (await t.services.db.select().from(contestRegisters).where(eq(contestRegisters.cid, of))).map((r) => r.uid).sort();
  /** What the user meets on the contest's problem list. */
  const views = async (who: string, of = cid) => {
    const res = await call('GET', `/api/get-contest-problem?cid=${of}`, who);
    return [res.status, res.status === 200 ? null : res.body.data?.key];
  };

  it('registers known names once, counts the registered and answers the unknown back', async () => {
    expect(await views(ann.token)).toEqual([403, 'contestNoAccess']);
    const first = await added(root, {
      cid,
      usernames: [ann.username.toUpperCase(), ann.username, ` ${bob.username} `, 'Nobody-Here', 'nobody-here'],
    });
    expect(first).toEqual({ added: 2, already: 0, unknown: ['Nobody-Here'] });
    expect(await registered()).toEqual([ann.uid, bob.uid].sort());
    expect(await views(ann.token)).toEqual([200, null]);

    const again = await added(root, { cid, usernames: [bob.username, 'ghost'] });
    expect(again).toEqual({ added: 0, already: 1, unknown: ['ghost'] });
    expect(await added(root, { cid, usernames: ['ghost'] })).toEqual({ added: 0, already: 0, unknown: ['ghost'] });
    expect(await registered()).toEqual([ann.uid, bob.uid].sort());
  });

  it('takes a registration back: the user is refused the private contest again', async () => {
    const carl = await userToken();
    await added(root, { cid, usernames: [carl.username] });
    expect(await views(carl.token)).toEqual([200, null]);
    // As the web sends it: in the query.
    const res = await call('DELETE', `/api/contest/participant?cid=${cid}&uid=${encodeURIComponent(carl.uid)}`, root);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await registered()).not.toContain(carl.uid);
    expect(await views(carl.token)).toEqual([403, 'contestNoAccess']);
    // Not registered (any more, or ever): 404.
    expect((await remove(root, { cid, uid: carl.uid })).status).toBe(404);
    expect((await remove(root, { cid, uid: 'no-such-user' })).status).toBe(404);
  });

  it('refuses bad input, other users and unknown contests with a 4xx and changes nothing', async () => {
    const before = await registered();
    const dave = await userToken();
    const many = Array.from({ length: EXAM.maxParticipantsAdded + 1 }, (_, i) => `user${i}`);
    const refusals: [Awaited<ReturnType<typeof call>>, number][] = [
      [await add(root, { cid, usernames: [] }), 400],
      [await add(root, { cid, usernames: many }), 400],
      [await add(root, { cid, usernames: [dave.username, '   '] }), 400],
      [await add(root, { cid, usernames: [dave.username, 'x'.repeat(101)] }), 400],
      [await add(root, { cid: 'abc', usernames: [dave.username] }), 400],
      [await add(root, { usernames: [dave.username] }), 400],
      [await add(root, { cid, usernames: dave.username }), 400],
      [await add(root, { cid: 999_999, usernames: [dave.username] }), 404],
      [await add(ann.token, { cid, usernames: [dave.username] }), 403],
      [await add(dave.token, { cid, usernames: [dave.username] }), 403],
      [await add(undefined, { cid, usernames: [dave.username] }), 401],
      [await remove(root, { cid, uid: '' }), 400],
      [await remove(root, { cid: 'abc', uid: ann.uid }), 400],
      [await remove(root, { cid: 999_999, uid: ann.uid }), 404],
      [await remove(bob.token, { cid, uid: ann.uid }), 403],
      [await remove(undefined, { cid, uid: ann.uid }), 401],
    ];
    expect(refusals.map(([r, status]) => [r.status, status])).toEqual(refusals.map(([, s]) => [s, s]));
    expect(await registered()).toEqual(before);
  });

  it('works for a group contest: its group admins register, its members may not', async () => {
    const { keeper, member, contest } = await classGroup();
    const gcid = await contest({ auth: 1, pwd: 'secret' });
    expect((await add(member.token, { cid: gcid, usernames: [member.username] })).status).toBe(403);
    expect(await added(keeper.token, { cid: gcid, usernames: [member.username] })).toEqual({
      added: 1,
      already: 0,
      unknown: [],
    });
    expect((await remove(member.token, { cid: gcid, uid: member.uid })).status).toBe(403);
    expect((await remove(keeper.token, { cid: gcid, uid: member.uid })).status).toBe(200);
    expect(await registered(gcid)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('parallel adds of the same names neither fail nor count twice', async () => {
    const c = (await newContest({ auth: 1, pwd: 'secret' })).id;
    const people = await Promise.all(Array.from({ length: 8 }, () => userToken()));
    const usernames = people.map((p) => p.username);
    const results = await Promise.all(Array.from({ length: 6 }, () => added(root, { cid: c, usernames })));
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(people.length);
    for (const r of results) {
      expect(r.added + r.already).toBe(people.length);
      expect(r.unknown).toEqual([]);
    }
    expect(await registered(c)).toEqual(people.map((p) => p.uid).sort());
  });
});
