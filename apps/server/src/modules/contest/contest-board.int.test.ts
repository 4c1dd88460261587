import { JUDGE_STATUS as S } from '@oj/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createProblem } from '../../../test/judge-helpers.js';
import { contestProblems, submissions } from '../../db/schema.js';
import { boardCounts, boardTiming } from './contest-board-cache.js';

const HOUR = 3600_000;
const STATUSES = [
  S.ACCEPTED,
  S.WRONG_ANSWER,
  S.COMPILE_ERROR,
  S.PENDING,
  S.JUDGING,
  S.TIME_LIMIT_EXCEEDED,
  S.PARTIAL_ACCEPTED,
  S.CANCELLED,
];

/** A small deterministic PRNG (mulberry32), so that a failure can be replayed. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

/** The incrementally kept board (decision 0010) against a full recomputation, after every change of a random
 * verdict sequence written to submissions (so through the real board trigger): new tries, verdicts, rejudges,
 * tries deleted, several at once in one transaction; several users (one a star) and problems, seal on, awards. */
describe.each(DB_KINDS)('incremental contest board (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const saved = { ...boardTiming };

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    // Every request that sees a new version updates the board; no periodic full recomputation.
    boardTiming.recomputeMs = 0;
    boardTiming.fullMs = Number.POSITIVE_INFINITY;
  }, 60_000);
  afterAll(async () => {
    Object.assign(boardTiming, saved);
    await t?.close();
  });

  for (const [type, seed] of [
    [0, 11],
    [1, 12],
  ] as const) {
    it(`${type === 0 ? 'ACM' : 'OI'}: after every verdict the kept board equals a full recomputation, sealed and real-time`, async () => {
      const random = rng(seed);
      const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
      const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
      const start = Date.now() - 3 * HOUR;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/contest',
        headers: { authorization: root },
        payload: {
          title: 'Incremental',
          description: 'rules',
          type,
          auth: 0,
          visible: true,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 5 * HOUR).toISOString(),
          sealRank: true,
          sealRankTime: new Date(start + 2 * HOUR).toISOString(),
          openRank: true,
          starAccount: [people[0].username],
          oiRankScoreType: seed === 12 ? 'Highest' : 'Recent',
          awardType: 2,
          awardConfigList: [
            { priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: 1 },
            { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 2 },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const cid = (res.json().data as { id: number }).id;
      for (const displayId of ['A', 'B', 'C']) {
        const p = await createProblem(t);
        const added = await t.app.inject({
          method: 'POST',
          url: '/api/admin/contest/add-problem-from-public',
          headers: { authorization: root },
          payload: { cid, pid: p.id, displayId },
        });
        expect(added.statusCode).toBe(200);
      }
      const problems = await t.services.db.select().from(contestProblems).where(eq(contestProblems.cid, cid));
      const db = t.services.db;
      const ids: number[] = [];

      const newTry = () => {
        const u = pick(people);
        const cp = pick(problems);
        const status = pick(STATUSES);
        return {
          pid: cp.pid,
          displayPid: cp.displayId,
          uid: u.uid,
          username: u.username,
          // Mostly inside the contest, before and after the seal; a few before the start (not counted).
          submitTime: new Date(start + Math.floor(random() * 5.2 * HOUR) - 0.2 * HOUR),
          status,
          score: status === S.ACCEPTED ? 100 : Math.floor(random() * 100),
          timeMs: Math.floor(random() * 100),
          length: 12,
          code: 'int main(){}',
          language: 'C++',
          cid,
          cpid: cp.id,
        };
      };

      const check = async (step: number) => {
        const c = await t.services.contests.load(cid, undefined);
        for (const sealed of [false, true]) {
          const kept = await t.services.contests.cachedBoardRows(c, sealed);
          const full = await t.services.contests.fullBoardRows(c, sealed);
          expect(kept, `step ${step}, ${sealed ? 'sealed' : 'real-time'}`).toEqual(full);
        }
        // The pre-serialised rows on the wire too (visitors see the sealed board; rows copied for a new rank or
        // award reuse the JSON of their other fields).
        const page = await t.app.inject({
          method: 'POST',
          url: '/api/get-contest-outside-scoreboard',
          payload: { cid, currentPage: 1, limit: 50 },
        });
        expect(page.json().data.records, `step ${step}, outside`).toEqual(
          await t.services.contests.fullBoardRows(c, true),
        );
      };

      const incremental = boardCounts.incremental;
      await check(-1);
      for (let step = 0; step < 60; step++) {
        const r = random();
        if (r < 0.45 || ids.length < 3) {
          const [row] = await db.insert(submissions).values(newTry()).returning({ id: submissions.submitId });
          ids.push(row.id);
        } else if (r < 0.75) {
          // A verdict or a rejudge.
          const status = pick(STATUSES);
          await db
            .update(submissions)
            .set({ status, score: status === S.ACCEPTED ? 100 : Math.floor(random() * 100) })
            .where(eq(submissions.submitId, pick(ids)));
        } else if (r < 0.85) {
          // Tries vanish (a cell may lose all of them).
          const gone = ids.splice(Math.floor(random() * ids.length), 1);
          await db.delete(submissions).where(inArray(submissions.submitId, gone));
        } else {
          // Several changes in one transaction (a rejudge of a problem): one new version step each.
          await db.transaction(async (tx) => {
            const [row] = await tx.insert(submissions).values(newTry()).returning({ id: submissions.submitId });
            ids.push(row.id);
            await tx
              .update(submissions)
              .set({ status: S.WRONG_ANSWER })
              .where(inArray(submissions.submitId, [pick(ids), pick(ids)]));
          });
        }
        await check(step);
      }
      // The kept boards were updated from the changed cells, not recomputed (two views, ~60 steps).
      expect(boardCounts.incremental - incremental).toBeGreaterThan(100);
    }, 120_000);
  }
});
