import { JUDGE_STATUS as S } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../../test/harness.js';
import { createProblem } from '../../../test/judge-helpers.js';
import { bootstrap } from '../../bootstrap.js';
import { plagiarismChecks, plagiarismFingerprints, plagiarismPairs, submissions } from '../../db/schema.js';
import { createServices } from '../../services.js';
import { createPlagiarismRepository } from './plagiarism.repository.js';
import { different, original } from './plagiarism-fixtures.js';

/** Two server instances over one database (decision 0035): a check is claimed by one of them only (FOR UPDATE SKIP
 * LOCKED), and a check whose instance stopped answering is taken over once its lease ran out. */
describe.each(DB_KINDS)('copy detection on two instances (%s)', (kind) => {
  it('a queued check is run by one instance; an expired lease is taken over', async () => {
    const { a, b } = await openInstances(kind);
    const one = createServices(a.db, { dataDir: '/tmp', bus: a.bus });
    const two = createServices(b.db, { dataDir: '/tmp', bus: b.bus });
    await bootstrap(one, { rootPassword: 'root-pass-123' });
    try {
      const p = await createProblem({ services: one });
      const [rootUser] = await one.users.findByUsername('root').then((u) => (u ? [u] : []));
      const made = await Promise.all(
        ['x1', 'x2', 'x3'].map((name) =>
          one.users.create(
            { uid: `${kind}-${name}`, username: `${kind}-${name}`, passwordHash: 'x', status: 0 },
            [1003],
          ),
        ),
      );
      for (const [i, u] of made.entries()) {
        const code = i === 2 ? different : original;
        await one.db.insert(submissions).values({
          pid: p.id,
          displayPid: p.problemId,
          uid: u.uid,
          username: u.username,
          status: S.ACCEPTED,
          code,
          length: code.length,
          language: 'C++',
        });
      }
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
      const ran = await Promise.all([one.plagiarismRunner.runOnce(), two.plagiarismRunner.runOnce()]);
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
      expect(await two.plagiarismRunner.runOnce()).toBeUndefined();
      await one.db
        .update(plagiarismChecks)
        .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(plagiarismChecks.id, second));
      expect(await two.plagiarismRunner.runOnce()).toBe(second);
      const [taken] = await one.db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, second));
      expect(taken.status).toBe('done');
      expect(
        (await one.db.select({ n: count() }).from(plagiarismPairs).where(eq(plagiarismPairs.checkId, second)))[0].n,
      ).toBe(1);
    } finally {
      await one.plagiarismRunner.close();
      await two.plagiarismRunner.close();
    }
  }, 60_000);
});
