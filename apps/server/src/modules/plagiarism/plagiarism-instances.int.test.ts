import { JUDGE_STATUS as S } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../../test/harness.js';
import { createProblem } from '../../../test/judge-helpers.js';
import { seedRoles } from '../../bootstrap.js';
import {
  plagiarismCheckProblems,
  plagiarismChecks,
  plagiarismFingerprints,
  plagiarismPairs,
  submissions,
} from '../../db/schema.js';
import { createServices } from '../../services.js';
import { createPlagiarismRepository } from './plagiarism.repository.js';
import { different, original, sharedTestEngine, testRunner } from './plagiarism-fixtures.js';

// One engine thread for every instance of both databases: each instance's runner is its own (its own lease owner,
// its own database handle), driven by runOnce.
const shared = sharedTestEngine();
afterAll(() => shared.close());

/** Two instances over one database, each with its own runner, a problem, root and three students (`prefix` names
 * them); `accept` stores an accepted C++ submission of a student. */
const twoInstances = async (kind: (typeof DB_KINDS)[number], prefix: string) => {
  const { a, b } = await openInstances(kind);
  const one = createServices(a.db, { dataDir: '/tmp', bus: a.bus });
  const two = createServices(b.db, { dataDir: '/tmp', bus: b.bus });
  await seedRoles(a.db);
  const runnerOne = testRunner(a.db, one.plagiarism.selectionFor, shared.engine);
  const runnerTwo = testRunner(b.db, two.plagiarism.selectionFor, shared.engine);
  const p = await createProblem({ services: one });
  const user = (name: string, role: number) =>
    one.users.create({ uid: `${kind}-${name}`, username: `${kind}-${name}`, passwordHash: 'x', status: 0 }, [role]);
  const rootUser = await user(`${prefix}root`, 1000);
  const made = await Promise.all([1, 2, 3].map((i) => user(`${prefix}${i}`, 1003)));
  const accept = (i: number, code: string) =>
    one.db.insert(submissions).values({
      pid: p.id,
      displayPid: p.problemId,
      uid: made[i].uid,
      username: made[i].username,
      status: S.ACCEPTED,
      code,
      length: code.length,
      language: 'C++',
    });
  const close = async () => {
    await runnerOne.close();
    await runnerTwo.close();
  };
  return { one, runnerOne, runnerTwo, p, rootUser, accept, close };
};

/** Two server instances over one database (decision 0035): a check is claimed by one of them only (FOR UPDATE SKIP
 * LOCKED), and a check whose instance stopped answering is taken over once its lease ran out. */
describe.each(DB_KINDS)('copy detection on two instances (%s)', (kind) => {
  it('a queued check is run by one instance; an expired lease is taken over', async () => {
    const { one, runnerOne, runnerTwo, p, rootUser, accept, close } = await twoInstances(kind, 'x');
    try {
      for (const i of [0, 1, 2]) await accept(i, i === 2 ? different : original);
      const repo = createPlagiarismRepository(one.db);
      const id = await repo.insertCheck({
        scopeKind: 'problem',
        scopeId: p.id,
        allSubmissions: false,
        fromTime: null,
        toTime: null,
        threshold: 0.5,
        uid: rootUser.uid,
      });
      const ran = await Promise.all([runnerOne.runOnce(), runnerTwo.runOnce()]);
      expect(ran.filter((r) => r === id)).toHaveLength(1);
      expect(ran.filter((r) => r === undefined)).toHaveLength(1);
      const [row] = await one.db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, id));
      expect(row).toMatchObject({ status: 'done', pairCount: 1, leaseOwner: null });
      expect((await one.db.select({ n: count() }).from(plagiarismFingerprints))[0].n).toBe(3);

      // An instance that died holding a check: once its lease ran out, another takes the check over and ends it.
      const second = await repo.insertCheck({
        scopeKind: 'problem',
        scopeId: p.id,
        allSubmissions: true,
        fromTime: null,
        toTime: null,
        threshold: 0.5,
        uid: rootUser.uid,
      });
      await one.db
        .update(plagiarismChecks)
        .set({ status: 'running', leaseOwner: 'dead-instance', leaseExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(plagiarismChecks.id, second));
      expect(await runnerTwo.runOnce()).toBeUndefined();
      await one.db
        .update(plagiarismChecks)
        .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(plagiarismChecks.id, second));
      expect(await runnerTwo.runOnce()).toBe(second);
      const [taken] = await one.db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, second));
      expect(taken.status).toBe('done');
      expect(
        (await one.db.select({ n: count() }).from(plagiarismPairs).where(eq(plagiarismPairs.checkId, second)))[0].n,
      ).toBe(1);
    } finally {
      await close();
    }
  }, 60_000);

  it("a watched scope's change is compared by one instance; an expired lease is taken over", async () => {
    const { one, runnerOne, runnerTwo, p, rootUser, accept, close } = await twoInstances(kind, 'w');
    try {
      await accept(0, original);
      const repo = createPlagiarismRepository(one.db);
      const id = (await repo.insertWatchingCheck({
        scopeKind: 'problem',
        scopeId: p.id,
        threshold: 0.5,
        uid: rootUser.uid,
      })) as number;
      expect(await runnerTwo.runOnce()).toBe(id);
      await accept(1, original);
      await accept(2, different);
      const problemRow = () =>
        one.db.select().from(plagiarismCheckProblems).where(eq(plagiarismCheckProblems.checkId, id));
      expect((await problemRow())[0].pending).toBe(2);
      // Both instances look at once: one compares the change, the other finds nothing to take.
      expect((await Promise.all([runnerOne.updateOnce(), runnerTwo.updateOnce()])).sort()).toEqual([false, true]);
      expect((await problemRow())[0]).toMatchObject({ pending: 0, leaseOwner: null });
      const pairs = () => one.db.select().from(plagiarismPairs).where(eq(plagiarismPairs.checkId, id));
      expect((await pairs()).filter((r) => r.similarity >= 0.5)).toHaveLength(1);

      // An instance that died holding an update: once its lease ran out, another takes it over.
      await accept(2, original);
      await one.db
        .update(plagiarismCheckProblems)
        .set({ leaseOwner: 'dead-instance', leaseExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(plagiarismCheckProblems.checkId, id));
      expect(await runnerOne.updateOnce()).toBe(false);
      await one.db
        .update(plagiarismCheckProblems)
        .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(plagiarismCheckProblems.checkId, id));
      expect(await runnerOne.updateOnce()).toBe(true);
      expect((await problemRow())[0]).toMatchObject({ pending: 0, leaseOwner: null });
      expect((await pairs()).filter((r) => r.similarity >= 0.5)).toHaveLength(3);
    } finally {
      await close();
    }
  }, 60_000);
});
