import { PASSWORD_ATTEMPTS } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, HOUR } from '../../../test/contest-helpers.js';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { contestPrints, judgeTasks, submissions } from '../../db/schema.js';
import { createRateLimitRepository } from './rate-limit.repository.js';

/** Many requests of one user at once (on PostgreSQL over several pooled connections, on PGlite interleaved). */
const parallel = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** How many answers had each status and message key, e.g. {"200": 1, "429 submitTooFrequent": 19}. */
const tally = (answers: { status: number; body: { data: { key?: string } | null } }[]) => {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const name = a.status === 200 ? '200' : `${a.status} ${a.body.data?.key}`;
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
};

describe.each(DB_KINDS)(
  'submit interval, contest passwords and print cooldown under parallel requests (%s)',
  (kind) => {
    let t: TestApp;
    let judge: ReturnType<typeof createFakeJudge>;
    let root: string;
    const { call, userToken, newContest, addProblem, nowMs } = contestKit(() => ({ t, judge, root }));

    const submissionsOf = async (uid: string) =>
      (await t.services.db.select().from(submissions).where(eq(submissions.uid, uid))).length;
    const register = (who: string, cid: number, password: string) =>
      call('POST', '/api/register-contest', who, { cid, password });

    beforeAll(async () => {
      t = await createTestApp(kind);
      judge = createFakeJudge(t);
      await judge.announce();
      root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    }, 60_000);
    afterAll(async () => t?.close());
    afterEach(async () => {
      await judge.drain();
      await judge.announce();
    });

    it('one hit per window however many take it at once, and the window opens again once passed', async () => {
      const limits = createRateLimitRepository(t.services.db);
      const u = await userToken();
      const at = new Date();
      const take = () => limits.take({ uid: u.uid, scope: 'test', at, windowMs: 60_000, maxHits: 3 });
      const taken = await parallel(30, take);
      expect(taken.filter((r) => r.ok)).toHaveLength(3);
      expect(taken.find((r) => !r.ok)).toEqual({ ok: false, retryAfterMs: 60_000 });
      const later = new Date(at.getTime() + 60_000);
      const again = await parallel(10, () =>
        limits.take({ uid: u.uid, scope: 'test', at: later, windowMs: 60_000, maxHits: 3 }),
      );
      expect(again.filter((r) => r.ok)).toHaveLength(3);
    });

    it('public submits: of 20 parallel submits by one user exactly one is accepted; the next after the interval', async () => {
      await t.services.site.updateSwitches({ defaultSubmitInterval: 8 });
      const p = await createProblem(t);
      const u = await userToken();
      const send = () =>
        call('POST', '/api/submit-problem-judge', u.token, { pid: p.problemId, language: 'C++', code: 'int main(){}' });
      expect(tally(await parallel(20, send))).toEqual({ '200': 1, '429 submitTooFrequent': 19 });
      expect(await submissionsOf(u.uid)).toBe(1);
      t.clock.offsetMs += 9000;
      expect(tally(await parallel(5, send))).toEqual({ '200': 1, '429 submitTooFrequent': 4 });
      // Root is exempt.
      expect(
        tally(
          await parallel(3, () =>
            call('POST', '/api/submit-problem-judge', root, {
              pid: p.problemId,
              language: 'C++',
              code: 'int main(){}',
            }),
          ),
        ),
      ).toEqual({ '200': 3 });
    });

    it('contest submits keep the interval too, shared with public submits: one of 20 parallel is accepted', async () => {
      await t.services.site.updateSwitches({ defaultSubmitInterval: 8 });
      const c = await newContest();
      const p = await addProblem(c.id, 'A');
      const u = await userToken();
      const send = () =>
        call('POST', '/api/submit-problem-judge', u.token, {
          pid: 'A',
          cid: c.id,
          language: 'C++',
          code: 'int main(){}',
        });
      expect(tally(await parallel(20, send))).toEqual({ '200': 1, '429 submitTooFrequent': 19 });
      expect(await submissionsOf(u.uid)).toBe(1);
      const publicSubmit = await call('POST', '/api/submit-problem-judge', u.token, {
        pid: p.problemId,
        language: 'C++',
        code: 'int main(){}',
      });
      expect([publicSubmit.status, publicSubmit.body.data.key]).toEqual([429, 'submitTooFrequent']);
      t.clock.offsetMs += 9000;
      expect(tally(await parallel(5, send))).toEqual({ '200': 1, '429 submitTooFrequent': 4 });
      // A refused submit (after the end, say) does not start the interval: it is taken with the insert.
      const other = await userToken();
      const ended = await newContest({
        startTime: new Date(nowMs() - 2 * HOUR).toISOString(),
        endTime: new Date(nowMs() - HOUR).toISOString(),
      });
      await addProblem(ended.id, 'A');
      const late = await call('POST', '/api/submit-problem-judge', other.token, {
        pid: 'A',
        cid: ended.id,
        language: 'C++',
        code: 'int main(){}',
      });
      expect([late.status, late.body.data.key]).toEqual([403, 'contestEnded']);
      const first = await call('POST', '/api/submit-problem-judge', other.token, {
        pid: 'A',
        cid: c.id,
        language: 'C++',
        code: 'int main(){}',
      });
      expect(first.status).toBe(200);
    });

    it('test runs: of 20 parallel test runs by one user exactly one is queued', async () => {
      await t.services.site.updateSwitches({ defaultSubmitInterval: 8 });
      const p = await createProblem(t);
      const u = await userToken();
      const body = { pid: p.id, type: 'public', language: 'C++', code: 'int main(){}', userInput: '1 2' };
      const send = () => call('POST', '/api/submit-problem-test-judge', u.token, body);
      expect(tally(await parallel(20, send))).toEqual({ '200': 1, '429 submitTooFrequent': 19 });
      const queued = await t.services.db
        .select()
        .from(judgeTasks)
        .where(and(eq(judgeTasks.uid, u.uid), eq(judgeTasks.kind, 'testRun')));
      expect(queued).toHaveLength(1);
    });

    it('contest passwords: of 50 parallel wrong tries at most the limit are checked; then 429 until the window passes', async () => {
      const c = await newContest({ auth: 1, pwd: 'secret' });
      const u = await userToken();
      const tries = await parallel(50, (i) => register(u.token, c.id, `wrong-${i}`));
      expect(tally(tries)).toEqual({
        '400 contestPasswordWrong': PASSWORD_ATTEMPTS.maxWrong,
        '429 passwordTriesExceeded': 50 - PASSWORD_ATTEMPTS.maxWrong,
      });
      // The right password is refused while the window lasts.
      const limited = await register(u.token, c.id, 'secret');
      expect([limited.status, limited.body.data.key]).toEqual([429, 'passwordTriesExceeded']);
      expect((await call('GET', `/api/get-contest-access?cid=${c.id}`, u.token)).body.data.access).toBe(false);
      // Per user and contest: another user, and the same user on another contest, are not limited.
      const v = await userToken();
      expect((await register(v.token, c.id, 'secret')).status).toBe(200);
      const other = await newContest({ auth: 2, pwd: 'other' });
      expect((await register(u.token, other.id, 'other')).status).toBe(200);

      t.clock.offsetMs += PASSWORD_ATTEMPTS.windowMs - 60_000;
      expect((await register(u.token, c.id, 'secret')).status).toBe(429);
      t.clock.offsetMs += 61_000;
      expect((await register(u.token, c.id, 'secret')).status).toBe(200);
      expect((await call('GET', `/api/get-contest-access?cid=${c.id}`, u.token)).body.data.access).toBe(true);
    });

    it('contest passwords: only wrong tries count, the right one gives its try back', async () => {
      const c = await newContest({ auth: 1, pwd: 'secret' });
      const u = await userToken();
      for (let i = 1; i < PASSWORD_ATTEMPTS.maxWrong; i++)
        expect((await register(u.token, c.id, 'nope')).status).toBe(400);
      expect((await register(u.token, c.id, 'secret')).status).toBe(200);
      // The right try did not use the last wrong one.
      const last = await register(u.token, c.id, 'nope');
      expect([last.status, last.body.data.key]).toEqual([400, 'contestPasswordWrong']);
      const over = await register(u.token, c.id, 'nope');
      expect([over.status, over.body.data.key]).toEqual([429, 'passwordTriesExceeded']);
    });

    it('prints: of 20 parallel prints by one user exactly one is stored (the cooldown is atomic)', async () => {
      const c = await newContest({ openPrint: true });
      const u = await userToken();
      const prints = await parallel(20, (i) =>
        call('POST', '/api/submit-print-text', u.token, { cid: c.id, content: 'x'.repeat(50 + i) }),
      );
      expect(tally(prints)).toEqual({ '200': 1, '429 printCooldown': 19 });
      expect(await t.services.db.select().from(contestPrints).where(eq(contestPrints.uid, u.uid))).toHaveLength(1);
    });
  },
);
