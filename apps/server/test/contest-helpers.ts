import type { RoleName } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema.js';
import type { NewProblem } from '../src/modules/problem/problem.repository.js';
import { createTestApp, createUser, type DbKind, login, ROOT_PASSWORD, type TestApp } from './harness.js';
import { createFakeJudge, createProblem } from './judge-helpers.js';

export const HOUR = 3600_000;

/** The app the contest tests share: a fake judge that has said hello, root's token, and no submit interval (contest
 * submits keep the site's interval, decision 0015, and these tests submit in quick succession). */
export const contestTestApp = async (kind: DbKind) => {
  const t = await createTestApp(kind);
  const judge = createFakeJudge(t);
  await judge.announce();
  const root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
  return { t, judge, root };
};

/** The calls the contest integration tests share. The app, the fake judge and root's token are made in a
 * `beforeAll`, so the kit reads them when a call runs. */
export const contestKit = (ctx: () => { t: TestApp; judge: ReturnType<typeof createFakeJudge>; root: string }) => {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) => {
    const res = await ctx().t.app.inject({ method, url, payload, headers: who ? { authorization: who } : {} });
    return { status: res.statusCode, body: res.json() };
  };
  /** Now on the test app's (shiftable) clock. */
  const nowMs = () => Date.now() + ctx().t.clock.offsetMs;
  return {
    call,
    nowMs,
    /** A new signed-in user, with a realname or school when given. */
    async userToken(role: RoleName = 'user', profile: { realname?: string; school?: string } = {}) {
      const { t } = ctx();
      const u = await createUser(t, role);
      if (profile.realname || profile.school)
        await t.services.db.update(users).set(profile).where(eq(users.uid, u.uid));
      const { token } = await login(t, u.username, u.password);
      return { ...u, token: token as string };
    },
    /** A public ACM contest that started an hour ago and runs four more, made by `who` (root by default). */
    async newContest(fields: object = {}, who?: string) {
      const res = await call('POST', '/api/admin/contest', who ?? ctx().root, {
        title: 'Weekly',
        description: 'rules',
        type: 0,
        auth: 0,
        startTime: new Date(nowMs() - HOUR).toISOString(),
        endTime: new Date(nowMs() + 4 * HOUR).toISOString(),
        openRank: true,
        ...fields,
      });
      expect(res.status).toBe(200);
      return res.body.data as { id: number };
    },
    /** A new public problem added to the contest under `displayId`. */
    async addProblem(
      cid: number,
      displayId: string,
      opts: { who?: string; color?: string; problem?: Partial<NewProblem> } = {},
    ) {
      const p = await createProblem(ctx().t, opts.problem);
      const res = await call('POST', '/api/admin/contest/add-problem-from-public', opts.who ?? ctx().root, {
        cid,
        pid: p.id,
        displayId,
        ...(opts.color ? { color: opts.color } : {}),
      });
      expect(res.status).toBe(200);
      return p;
    },
    /** Submits to a contest problem without judging it. */
    submit: (who: string, cid: number, displayId: string, code = 'int main(){}', language = 'C++') =>
      call('POST', '/api/submit-problem-judge', who, { pid: displayId, cid, language, code }),
    /** Submits and judges at once; the submit id. */
    async solve(
      who: string,
      cid: number,
      displayId: string,
      verdict: number | Parameters<ReturnType<typeof createFakeJudge>['judgeNext']>[0],
      code = 'int main(){}',
      language = 'C++',
    ) {
      const res = await call('POST', '/api/submit-problem-judge', who, { pid: displayId, cid, language, code });
      expect(res.status).toBe(200);
      await ctx().judge.judgeNext(typeof verdict === 'number' ? { status: verdict } : verdict);
      return res.body.data.submitId as number;
    },
  };
};
