import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { contestCells, contestProblems, contests } from '../../db/schema.js';

// The board's two writers of a cell hold to the same summary: oj_sync_contest_cell (one cell, from the submission
// triggers) and oj_rebuild_contest_cells (every cell of a contest in one grouped statement, when its window or seal
// changes: migration 0034). Mixed verdicts, scores, times before and after the seal and outside the window.
describe.each(DB_KINDS)('board cells rebuilt at once match the cells synced one by one (%s)', (kind) => {
  let ctx: { t: TestApp; judge: ReturnType<typeof createFakeJudge>; root: string };
  const kit = contestKit(() => ctx);

  beforeAll(async () => {
    ctx = await contestTestApp(kind);
  });
  afterAll(async () => {
    await ctx?.t.close();
  });

  const cellsOf = async (cid: number) =>
    (
      await ctx.t.services.db
        .select()
        .from(contestCells)
        .where(eq(contestCells.cid, cid))
        .orderBy(asc(contestCells.uid), asc(contestCells.cpid))
    ).map(({ version: _v, ...cell }) => cell);
  /** Every cell of the contest synced one by one, as the triggers do. */
  const syncEach = (cid: number) =>
    ctx.t.services.db.execute(
      sql.raw(`DO $$ DECLARE k record; BEGIN
        FOR k IN SELECT uid, cpid FROM submissions WHERE cid = ${cid}
            UNION SELECT uid, cpid FROM contest_cells WHERE cid = ${cid} AND total > 0 LOOP
          PERFORM oj_sync_contest_cell(${cid}, k.uid, k.cpid);
        END LOOP;
      END $$`),
    );
  const versionOf = async (cid: number) =>
    (await ctx.t.services.db.select({ v: contests.boardVersion }).from(contests).where(eq(contests.id, cid)))[0].v;

  it('gives every cell the same summary, and stamps one new version', async () => {
    const start = kit.nowMs() - 3 * HOUR;
    const { id: cid } = await kit.newContest({
      type: 1,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 5 * HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(start + 2 * HOUR).toISOString(),
    });
    for (const d of ['A', 'B', 'C']) await kit.addProblem(cid, d);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => kit.userToken()));
    const cps = await ctx.t.services.db.select().from(contestProblems).where(eq(contestProblems.cid, cid));
    // 0 AC, -1 WA, 1 TLE, -2 CE (not an error), 5 pending, 7 judging, 8 partial, -3 PE.
    const statuses = [0, -1, 1, -2, 5, 7, 8, -3, 0, 2, 3, -1];
    let n = 0;
    for (const [i, u] of people.entries())
      for (const [j, cp] of cps.entries())
        for (let k = 0; k < (i + j) % 5; k++) {
          n += 1;
          const status = statuses[(i * 7 + j * 3 + k) % statuses.length];
          // Spread over the contest (before and after the seal) and a few before its start.
          const at = start + ((i * 37 + j * 11 + k * 53) % 300) * 60_000 - 20 * 60_000;
          await ctx.t.services.db.execute(sql`
            INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, score, time_ms, length, code,
              language, cid, cpid)
            VALUES (${cp.pid}, ${cp.displayId}, ${u.uid}, ${u.username}, ${new Date(at).toISOString()}::timestamptz,
              ${status}, ${status === 0 ? 100 : status === 8 ? 40 + k : null}, ${10 * k + i}, 10, 'x', 'C++', ${cid},
              ${cp.id})`);
        }
    // A cell whose only try falls out of the narrower window below (the first person has none on the first problem).
    const [u0, cp0] = [people[0], cps[0]];
    await ctx.t.services.db.execute(sql`
      INSERT INTO submissions (pid, display_pid, uid, username, submit_time, status, score, length, code, language,
        cid, cpid)
      VALUES (${cp0.pid}, ${cp0.displayId}, ${u0.uid}, ${u0.username},
        ${new Date(start + 4 * HOUR).toISOString()}::timestamptz, 0, 100, 10, 'x', 'C++', ${cid}, ${cp0.id})`);
    expect(n).toBeGreaterThan(20);
    const synced = await cellsOf(cid);
    expect(synced.filter((c) => c.total > 0).length).toBeGreaterThan(8);

    // The window and the seal move: the contest's trigger rebuilds every cell at once.
    const before = await versionOf(cid);
    await ctx.t.services.db
      .update(contests)
      .set({
        startTime: new Date(start + 10 * 60_000),
        endTime: new Date(start + 3 * HOUR),
        sealRankTime: new Date(start + HOUR),
      })
      .where(eq(contests.id, cid));
    const rebuilt = await cellsOf(cid);
    const after = await versionOf(cid);
    expect(after).toBe(before + 1);
    const stamped = await ctx.t.services.db
      .select({ version: contestCells.version, total: contestCells.total })
      .from(contestCells)
      .where(eq(contestCells.cid, cid));
    for (const c of stamped) if (c.total > 0) expect(c.version).toBe(after);
    // Some cells lost every try to the narrower window: kept with total 0.
    expect(rebuilt.some((c) => c.total === 0)).toBe(true);

    // The same cells again, synced one by one.
    await syncEach(cid);
    expect(await cellsOf(cid)).toEqual(rebuilt);
    expect(rebuilt).not.toEqual(synced);
  });
});
