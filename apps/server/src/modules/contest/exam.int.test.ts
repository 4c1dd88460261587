import { JUDGE_STATUS as S } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { createUser, DB_KINDS, JUDGE_TOKEN, login, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { buildApp } from '../../app.js';
import { contestExamEvents, contestExamSessions, contestRegisters, contests } from '../../db/schema.js';

type Reply = { status: number; body: { data: unknown } & Record<string, unknown> };
const keyOf = (r: Reply) => (r.body.data as { key?: string } | null)?.key;

/** Exams (decision 0055): registration required, one login per participant, the addresses, and the rest of the site
 * closed to participants while the exam runs, open again once it ends. */
describe.each(DB_KINDS)('exams (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  /** The same services behind a proxy at 127.0.0.1 (OJ_TRUST_PROXY): the address is X-Forwarded-For's. */
  let proxied: FastifyInstance;
  const { call, userToken, newContest, addProblem, nowMs } = contestKit(() => ({ t, judge, root }));
  let replaceExam: number;
  let refuseExam: number;
  let otherContest: number;
  let problemId: number;

  const register = async (cid: number, uid: string) => {
    await t.services.db.insert(contestRegisters).values({ cid, uid });
    t.services.examPolicy.changed();
  };
  const signIn = async (username: string, password: string, app: FastifyInstance = t.app, ip?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });
    return {
      status: res.statusCode,
      key: res.json().data?.key as string | undefined,
      token: res.headers.authorization,
    };
  };
  const events = async (cid: number, uid: string) =>
    (
      await t.services.db
        .select({ kind: contestExamEvents.kind })
        .from(contestExamEvents)
        .where(and(eq(contestExamEvents.cid, cid), eq(contestExamEvents.uid, uid)))
        .orderBy(contestExamEvents.id)
    ).map((e) => e.kind);
  const problemsOf = (cid: number, who: string) => call('GET', `/api/get-contest-problem?cid=${cid}`, who);

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({ openContestComment: true });
    proxied = await buildApp({
      services: t.services,
      judgeToken: JUDGE_TOKEN,
      validateOutput: true,
      trustProxy: '127.0.0.1',
      logLevel: 'silent',
    });
    await proxied.ready();
    replaceExam = (
      await newContest({
        title: 'Exam',
        examMode: true,
        examSessionPolicy: 'replace',
        allowedAddresses: ['127.0.0.1', '10.0.0.0/8', '::1'],
      })
    ).id;
    refuseExam = (await newContest({ title: 'Exam 2', examMode: true, examSessionPolicy: 'refuse' })).id;
    otherContest = (await newContest({ title: 'Other' })).id;
    problemId = (await addProblem(replaceExam, 'A')).id;
    await addProblem(refuseExam, 'A');
    await addProblem(otherContest, 'A');
  }, 120_000);
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });

  it('saves the exam fields of the form and answers them; absent on edit keeps them, absent on create is off', async () => {
    const got = await call('GET', `/api/admin/contest?cid=${replaceExam}`, root);
    expect(got.body.data).toMatchObject({
      examMode: true,
      examSessionPolicy: 'replace',
      allowedAddresses: ['127.0.0.1/32', '10.0.0.0/8', '::1/128'],
    });
    const plain = await call('GET', `/api/admin/contest?cid=${otherContest}`, root);
    expect(plain.body.data).toMatchObject({ examMode: false, examSessionPolicy: 'replace', allowedAddresses: [] });
    // An edit without the exam fields keeps them.
    const { examMode, examSessionPolicy, allowedAddresses, gmtCreate, gmtModified, ...rest } = got.body.data as Record<
      string,
      unknown
    >;
    const edited = await call('PUT', '/api/admin/contest', root, { ...rest, awardConfigList: undefined });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ examMode, examSessionPolicy, allowedAddresses });
  });

  it('refuses a bad address range or policy with 400 and changes nothing', async () => {
    const before = await t.services.db.select({ id: contests.id }).from(contests);
    const bad = await call('POST', '/api/admin/contest', root, {
      title: 'Bad',
      description: 'rules',
      type: 0,
      auth: 0,
      startTime: new Date(nowMs()).toISOString(),
      endTime: new Date(nowMs() + HOUR).toISOString(),
      examMode: true,
      allowedAddresses: ['10.0.0.0/8', '10.0.0.0/33'],
    });
    expect(bad.status).toBe(400);
    expect(keyOf(bad)).toBe('examAddressInvalid');
    expect(String(bad.body.msg)).toContain('10.0.0.0/33');
    const badPolicy = await call('POST', '/api/admin/contest', root, {
      title: 'Bad',
      description: 'rules',
      type: 0,
      auth: 0,
      startTime: new Date(nowMs()).toISOString(),
      endTime: new Date(nowMs() + HOUR).toISOString(),
      examSessionPolicy: 'sometimes',
    });
    expect(badPolicy.status).toBe(400);
    expect(await t.services.db.select({ id: contests.id }).from(contests)).toHaveLength(before.length);
    const got = (await call('GET', `/api/admin/contest?cid=${replaceExam}`, root)).body.data as Record<string, unknown>;
    const { gmtCreate, gmtModified, ...form } = got;
    const badEdit = await call('PUT', '/api/admin/contest', root, { ...form, allowedAddresses: ['somewhere'] });
    expect(badEdit.status).toBe(400);
    expect(keyOf(badEdit)).toBe('examAddressInvalid');
    const after = (await call('GET', `/api/admin/contest?cid=${replaceExam}`, root)).body.data;
    expect(after).toMatchObject({ allowedAddresses: got.allowedAddresses, gmtModified: got.gmtModified });
  });

  it('admits only registered users to an exam, public as it is', async () => {
    const stranger = await userToken();
    const problems = await problemsOf(replaceExam, stranger.token);
    expect(problems.status).toBe(403);
    expect(keyOf(problems)).toBe('examRegistrationRequired');
    const submit = await call('POST', '/api/submit-problem-judge', stranger.token, {
      pid: 'A',
      cid: replaceExam,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(submit.status).toBe(403);
    expect(keyOf(submit)).toBe('examRegistrationRequired');
    const joined = await call('POST', '/api/register-contest', stranger.token, { cid: replaceExam });
    expect(joined.status).toBe(403);
    expect(keyOf(joined)).toBe('examRegistrationRequired');
    const access = await call('GET', `/api/get-contest-access?cid=${replaceExam}`, stranger.token);
    expect(access.body.data).toEqual({ access: false, refusal: 'examRegistrationRequired' });
    // A stranger is in no exam: the rest of the site is his.
    expect((await call('GET', '/api/get-problem-list?currentPage=1&limit=5', stranger.token)).status).toBe(200);
  });

  it('binds a login made before the exam at its first call and ends his other sessions', async () => {
    const u = await createUser(t);
    const first = await login(t, u.username, u.password);
    const second = await login(t, u.username, u.password);
    await register(replaceExam, u.uid);
    expect((await problemsOf(replaceExam, first.token as string)).status).toBe(200);
    const ended = await problemsOf(replaceExam, second.token as string);
    expect([ended.status, keyOf(ended)]).toEqual([401, 'examSessionEnded']);
    expect((await problemsOf(replaceExam, first.token as string)).status).toBe(200);
    expect(await events(replaceExam, u.uid)).toEqual(['bound']);
  });

  it('under replace, a second login ends the first', async () => {
    const u = await createUser(t);
    await register(replaceExam, u.uid);
    const a = await signIn(u.username, u.password);
    expect(a.status).toBe(200);
    const b = await signIn(u.username, u.password);
    expect(b.status).toBe(200);
    const ended = await problemsOf(replaceExam, a.token as string);
    expect([ended.status, keyOf(ended)]).toEqual([401, 'examSessionEnded']);
    expect((await problemsOf(replaceExam, b.token as string)).status).toBe(200);
    expect(await events(replaceExam, u.uid)).toEqual(['login', 'replaced', 'login']);
  });

  it('under refuse, a second login is refused until an admin ends the first session', async () => {
    const u = await createUser(t);
    await register(refuseExam, u.uid);
    const a = await signIn(u.username, u.password);
    expect(a.status).toBe(200);
    const b = await signIn(u.username, u.password);
    expect(b.status).toBe(403);
    expect(b.key).toBe('examSessionActive');
    expect((await problemsOf(refuseExam, a.token as string)).status).toBe(200);

    // The exam's admin ends it (a participant or a stranger may not; an unknown contest is 404).
    const other = await userToken();
    const path = `/api/contest/exam-session?cid=${refuseExam}&uid=${u.uid}`;
    expect((await call('DELETE', path, a.token as string)).status).toBe(403);
    expect((await call('DELETE', path, other.token)).status).toBe(403);
    expect((await call('DELETE', `/api/contest/exam-session?cid=987654&uid=${u.uid}`, root)).status).toBe(404);
    expect((await call('GET', `/api/contest/exam-sessions?cid=${refuseExam}`, a.token as string)).status).toBe(403);
    expect((await call('DELETE', path, root)).status).toBe(200);
    expect((await problemsOf(refuseExam, a.token as string)).status).toBe(401);
    const c = await signIn(u.username, u.password);
    expect(c.status).toBe(200);
    expect((await problemsOf(refuseExam, c.token as string)).status).toBe(200);

    const sessions = await call('GET', `/api/contest/exam-sessions?cid=${refuseExam}`, root);
    expect(sessions.status).toBe(200);
    const data = sessions.body.data as {
      participants: { uid: string; active: boolean; ip: string | null }[];
      events: { username: string; kind: string }[];
    };
    expect(data.participants.find((p) => p.uid === u.uid)).toMatchObject({ active: true, ip: '127.0.0.1' });
    expect(data.events.filter((e) => e.username === u.username).map((e) => e.kind)).toEqual([
      'login',
      'ended',
      'refusedSession',
      'login',
    ]);
  });

  it('under refuse, of two logins at once exactly one wins', async () => {
    const u = await createUser(t);
    await register(refuseExam, u.uid);
    const tries = await Promise.all([1, 2, 3].map(() => signIn(u.username, u.password)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.status === 403 && r.key === 'examSessionActive')).toHaveLength(2);
    const [held] = await t.services.db
      .select()
      .from(contestExamSessions)
      .where(and(eq(contestExamSessions.cid, refuseExam), eq(contestExamSessions.uid, u.uid)));
    expect(held.endedAt).toBeNull();
    const winner = tries.find((r) => r.status === 200)?.token as string;
    expect((await problemsOf(refuseExam, winner)).status).toBe(200);
  });

  it('refuses an address outside the ranges, at login and on each call, through a trusted proxy', async () => {
    const u = await createUser(t);
    await register(replaceExam, u.uid);
    const refused = await signIn(u.username, u.password, proxied, '203.0.113.9');
    expect(refused.status).toBe(403);
    expect(refused.key).toBe('examAddressRefused');
    expect(await events(replaceExam, u.uid)).toEqual(['refusedAddress']);
    const ok = await signIn(u.username, u.password, proxied, '10.1.2.3');
    expect(ok.status).toBe(200);
    const inside = await proxied.inject({
      method: 'GET',
      url: `/api/get-contest-problem?cid=${replaceExam}`,
      headers: { authorization: ok.token as string, 'x-forwarded-for': '10.1.2.3' },
    });
    expect(inside.statusCode).toBe(200);
    const outside = await proxied.inject({
      method: 'GET',
      url: `/api/get-contest-problem?cid=${replaceExam}`,
      headers: { authorization: ok.token as string, 'x-forwarded-for': '203.0.113.9', 'accept-language': 'en-US' },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().data.key).toBe('examAddressRefused');
    expect(outside.json().msg).toContain('203.0.113.9');
  });

  it('closes the rest of the site to a participant while the exam runs, never to its admins, and opens it at the end', async () => {
    const u = await createUser(t);
    const someone = await createUser(t);
    await register(replaceExam, u.uid);
    const p = await signIn(u.username, u.password);
    expect(p.status).toBe(200);
    const who = p.token as string;
    const submitted = await call('POST', '/api/submit-problem-judge', who, {
      pid: 'A',
      cid: replaceExam,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(submitted.status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    const submitId = (submitted.body.data as { submitId: number }).submitId;
    // Root is registered too, and as a contest admin no participant.
    await register(replaceExam, (await t.services.users.findByUsername('root'))?.uid as string);

    const closed: [string, 'GET' | 'POST', string, object?][] = [
      ['problem list', 'GET', '/api/get-problem-list?currentPage=1&limit=5'],
      ['another contest', 'GET', `/api/get-contest-info?cid=${otherContest}`],
      ['training list', 'GET', '/api/get-training-list?currentPage=1&limit=5'],
      ['discussion list', 'GET', '/api/get-discussion-list?currentPage=1&limit=5'],
      ['messages', 'GET', '/api/msg/sys?currentPage=1&limit=5'],
      ['another user', 'GET', `/api/get-user-home-info?username=${someone.username}`],
      ['global rank', 'GET', '/api/get-rank-list?currentPage=1&limit=5&type=0'],
      [
        'test run',
        'POST',
        '/api/submit-problem-test-judge',
        { pid: problemId, type: 'public', language: 'C++', code: 'int main(){}', userInput: '1 2' },
      ],
      ['latest accepted code', 'GET', `/api/get-last-ac-code?pid=${problemId}&cid=${replaceExam}`],
      ['the exam comments', 'GET', `/api/comments?cid=${replaceExam}&currentPage=1&limit=5`],
    ];
    for (const [area, method, url, body] of closed) {
      const res = await call(method, url, who, body);
      expect(res.status, area).toBe(403);
      expect(keyOf(res), area).toBe(area === 'the exam comments' ? 'examCommentsClosed' : 'examSiteClosed');
      // The exam's admins are never restricted (root has no accepted code of his own: 400, not the exam's 403).
      const admin = await call(method, url, root, body);
      expect(admin.status === 200 || !keyOf(admin)?.startsWith('exam'), `${area} (admin)`).toBe(true);
    }

    // What stays open: the exam itself, his account, the site's configuration, the current exam.
    expect((await problemsOf(replaceExam, who)).status).toBe(200);
    expect((await call('GET', `/api/get-submission-detail?submitId=${submitId}`, who)).status).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', who)).status).toBe(200);
    expect((await call('GET', '/api/get-website-config', who)).status).toBe(200);
    const current = await call('GET', '/api/contest/current-exam', who);
    expect(current.body.data).toMatchObject({ cid: replaceExam, title: 'Exam' });
    expect((await call('GET', '/api/contest/current-exam', root)).body.data).toBeNull();
    expect((await call('GET', '/api/contest/current-exam')).body.data).toBeNull();

    // The exam ends: everything opens again by itself.
    await t.services.db
      .update(contests)
      .set({ startTime: new Date(nowMs() - 3 * HOUR), endTime: new Date(nowMs() - HOUR) })
      .where(eq(contests.id, replaceExam));
    t.services.examPolicy.changed();
    for (const [area, method, url, body] of closed) {
      const res = await call(method, url, who, body);
      expect(res.status, `${area}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await call('GET', '/api/contest/current-exam', who)).body.data).toBeNull();
  });
});
