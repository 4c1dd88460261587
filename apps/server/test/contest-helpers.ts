import type { RoleName } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { groupMembers, users } from '../src/db/schema.js';
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
  /** A new signed-in user, with a realname or school when given. */
  const userToken = async (role: RoleName = 'user', profile: { realname?: string; school?: string } = {}) => {
    const { t } = ctx();
    const u = await createUser(t, role);
    if (profile.realname || profile.school) await t.services.db.update(users).set(profile).where(eq(users.uid, u.uid));
    const { token } = await login(t, u.username, u.password);
    return { ...u, token: token as string };
  };
  return {
    call,
    nowMs,
    userToken,
    /** A class: a group whose content only its members see, made by `owner`, with a second owner (`keeper`, level 5)
     * and a `member` (level 3); and `contest(fields)`, a contest of the group made by the owner (public, ACM,
     * running for an hour more). */
    async classGroup() {
      const { t } = ctx();
      await t.services.site.updateSwitches({
        defaultCreateGroupACInitValue: 0,
        defaultCreateGroupDailyLimit: 0,
        defaultCreateGroupLimit: 0,
      });
      const [owner, keeper, member] = [await userToken(), await userToken(), await userToken()];
      const tag = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
      const g = await call('POST', '/api/group', owner.token, {
        name: `Class ${tag}`,
        shortName: `c${tag}`,
        brief: 'A class',
        description: 'Our class.',
        auth: 1,
        visible: true,
      });
      expect(g.status, JSON.stringify(g.body)).toBe(200);
      const gid = g.body.data.id as number;
      await t.services.db.insert(groupMembers).values([
        { gid, uid: keeper.uid, auth: 5 },
        { gid, uid: member.uid, auth: 3 },
      ]);
      const contest = async (fields: object = {}) => {
        const created = await call('POST', '/api/group/contest', owner.token, {
          title: 'Class test',
          description: 'ACM rules',
          type: 0,
          auth: 0,
          startTime: new Date(nowMs() - HOUR).toISOString(),
          endTime: new Date(nowMs() + HOUR).toISOString(),
          gid,
          ...fields,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        return created.body.data.id as number;
      };
      return { owner, keeper, member, gid, contest };
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
