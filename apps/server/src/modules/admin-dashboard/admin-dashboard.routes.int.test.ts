import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  login,
  ROOT_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';

describe.each(DB_KINDS)('admin dashboard on %s', (kind) => {
  let t: TestApp;
  let rootToken: string;
  let teacherToken: string;
  let studentToken: string;
  let student: { uid: string; username: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    rootToken = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    const teacher = await createUser(t, 'admin');
    teacherToken = (await login(t, teacher.username, teacher.password)).token as string;
    const s = await createUser(t, 'user');
    student = s;
    studentToken = (await login(t, s.username, s.password)).token as string;
  });
  afterAll(() => t?.close());

  const info = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/get-dashboard-info',
      headers: token ? { authorization: token } : {},
    });
  const judgeClaim = (name: string, languages: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/judge/claim',
      payload: { name, languages, concurrency: 2, running: 0, waitMs: 0 },
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });
  /** A worker's remote judging loop declaring the sites it judges on. */
  const remoteClaim = (name: string, remote: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/judge/claim-remote',
      payload: { name, remote, concurrency: 1, running: 0, waitMs: 0 },
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });

  it('answers admins only; the judge token goes to root alone', async () => {
    expect((await info()).statusCode).toBe(401);
    expect((await info(studentToken)).statusCode).toBe(403);
    const forTeacher = (await info(teacherToken)).json().data;
    expect(forTeacher.judgeToken).toBeNull();
    const forRoot = (await info(rootToken)).json().data;
    expect(forRoot.judgeToken).toBe(JUDGE_TOKEN);
    expect(forRoot.userNum).toBeGreaterThanOrEqual(3);
    expect(typeof forRoot.recentContestNum).toBe('number');
  });

  it('lists the contests running now or starting within 14 days, hidden ones too, soonest first', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const DAY = 86_400_000;
    const create = async (title: string, startInDays: number, endInDays: number, visible = true) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/contest',
        headers: { authorization: rootToken },
        payload: {
          title,
          description: 'd',
          type: 0,
          auth: 0,
          visible,
          startTime: new Date(now + startInDays * DAY).toISOString(),
          endTime: new Date(now + endInDays * DAY).toISOString(),
        },
      });
      expect(res.statusCode).toBe(200);
    };
    await create('Next week', 7, 7.1);
    await create('Running hidden', -0.1, 0.1, false);
    await create('Ended', -2, -1);
    await create('Far away', 20, 21);
    const data = (await info(teacherToken)).json().data;
    expect(data.recentContestNum).toBe(2);
    expect(data.recentContests.map((c: { title: string }) => c.title)).toEqual(['Running hidden', 'Next week']);
    expect(data.recentContests[0]).toMatchObject({ status: 0, visible: false, type: 0 });
  });

  it('counts today’s judgements, lists judges, and says why a submission still waits', async () => {
    const problem = await t.services.problems.create({
      problem: { problemId: 'DASH-1', title: 'Waiting', caseVersion: '1' },
      cases: [],
      languages: ['Java'],
      codeTemplates: {},
      tagNames: [],
    });
    const pending = await t.services.submissions.submit({
      user: student,
      problem,
      language: 'Java',
      code: 'class Main {}',
      ip: '127.0.0.1',
    });
    let data = (await info(rootToken)).json().data;
    expect(data.todayJudgeNum).toBeGreaterThanOrEqual(1);
    const row = () => data.queue.find((q: { submitId: number }) => q.submitId === pending.submitId);
    expect(row()).toMatchObject({ reason: 'noJudge', language: 'Java', username: student.username, position: 0 });

    // A judge without Java: the submission waits for a judge that offers its language.
    expect((await judgeClaim('cpp-only', ['C++'])).json().data).toBeNull();
    data = (await info(rootToken)).json().data;
    expect(row()?.reason).toBe('noLanguage');
    expect(data.judges).toEqual([
      expect.objectContaining({ name: 'cpp-only', languages: ['C++'], concurrency: 2, alive: true }),
    ]);

    // A Java judge takes it: now it is running on that judge.
    const task = (await judgeClaim('java-judge', ['Java'])).json().data;
    expect(task.submitId).toBe(pending.submitId);
    data = (await info(rootToken)).json().data;
    expect(row()).toMatchObject({ reason: 'running', judge: 'java-judge', position: null });

    // A judge silent for minutes is shown as not alive.
    t.clock.offsetMs = 10 * 60 * 1000;
    data = (await info(rootToken)).json().data;
    expect(data.judges.every((j: { alive: boolean }) => !j.alive)).toBe(true);
    t.clock.offsetMs = 0;
  });
  it("shows a busy judge's running count within a second and an idle judge as idle at once; its languages stay on offer", async () => {
    const claim = (running: number, languages = ['C++', 'Java']) =>
      t.app.inject({
        method: 'POST',
        url: '/api/judge/claim',
        payload: { name: 'busy-judge', languages, concurrency: 2, running, waitMs: 0 },
        headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      });
    const shown = async () =>
      ((await info(rootToken)).json().data.judges as { name: string; running: number; languages: string[] }[]).find(
        (j) => j.name === 'busy-judge',
      );
    const declared = async () =>
      (await t.services.db.execute(sql`SELECT language, last_declared_at AS at FROM judge_languages`)) as unknown as {
        rows: { language: string; at: string | Date }[];
      };
    const lastDeclared = async (language: string) =>
      new Date((await declared()).rows.find((r) => r.language === language)?.at ?? 0).getTime();
    const base = t.clock.offsetMs;
    try {
      expect((await claim(1)).statusCode).toBe(200);
      expect(await shown()).toMatchObject({ running: 1, languages: ['C++', 'Java'] });
      // Claims many times a second: the row is written at most once a second, and an idle judge at once.
      t.clock.offsetMs = base + 200;
      await claim(2);
      t.clock.offsetMs = base + 400;
      await claim(0);
      expect(await shown()).toMatchObject({ running: 0 });
      t.clock.offsetMs = base + 600;
      await claim(1);
      expect((await shown())?.running).toBe(0);
      t.clock.offsetMs = base + 1700;
      await claim(2);
      expect((await shown())?.running).toBe(2);
      // A change of what it offers is written at once.
      t.clock.offsetMs = base + 1800;
      await claim(2, ['C++']);
      expect((await shown())?.languages).toEqual(['C++']);
      // The catalogue's "last declared" (kept for days) moves at most once a minute for the same offer.
      const cpp = await lastDeclared('C++');
      expect(cpp).toBeGreaterThan(0);
      t.clock.offsetMs = base + 30_000;
      await claim(2, ['C++']);
      expect(await lastDeclared('C++')).toBe(cpp);
      t.clock.offsetMs = base + 62_000;
      await claim(2, ['C++']);
      expect(await lastDeclared('C++')).toBeGreaterThan(cpp);
    } finally {
      t.clock.offsetMs = base;
    }
  });

  it('shows the remote judges each worker judges on, none for a local-only one', async () => {
    // One worker with both loops under one name (local languages and HDU, AtCoder), one that judges locally only.
    expect((await judgeClaim('both-ways', ['C++'])).statusCode).toBe(200);
    expect((await remoteClaim('both-ways', ['HDU', 'AC'])).statusCode).toBe(200);
    expect((await judgeClaim('local-only', ['Java'])).statusCode).toBe(200);
    const judges = (await info(teacherToken)).json().data.judges as { name: string }[];
    expect(judges.find((j) => j.name === 'both-ways')).toMatchObject({
      languages: ['C++'],
      remote: ['HDU', 'AC'],
      alive: true,
    });
    expect(judges.find((j) => j.name === 'local-only')).toMatchObject({ languages: ['Java'], remote: [] });
    // HOJ's judge server list carries the same worker entry.
    const servers = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/config/get-judge-service-info',
        headers: { authorization: teacherToken },
      })
    ).json().data as { judge: { name: string; remote: string[] } }[];
    expect(servers.find((s) => s.judge.name === 'both-ways')?.judge.remote).toEqual(['HDU', 'AC']);
  });

  it("answers HOJ's dashboard calls: last session, service info and judge servers", async () => {
    // HOJ's client posts the uid as a bare string body (axios sends it form-encoded).
    const sess = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      payload: student.uid,
      headers: { authorization: teacherToken, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sess.statusCode, sess.body).toBe(200);
    expect(sess.json().data).toMatchObject({ uid: expect.any(String), gmtCreate: expect.any(String) });
    expect(sess.json().data.uid).not.toBe(student.uid);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      headers: { authorization: rootToken },
    });
    expect(empty.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/dashboard/get-sessions',
          headers: { authorization: studentToken },
        })
      ).statusCode,
    ).toBe(403);

    const general = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/config/get-service-info',
        headers: { authorization: teacherToken },
      })
    ).json().data;
    // HOJ's Dashboard.vue copies these onto backupService[0] and reads nacos.status.
    expect(general.backupService.length).toBeGreaterThan(0);
    expect(general.backupService[0].metadata['nacos.healthy']).toBe('true');
    expect(general.backupPercentCpuLoad).toMatch(/^\d+\.\d\d%$/);
    expect(general.nacos.status).toBe('UP');

    expect((await judgeClaim('hoj-shape', ['C++'])).statusCode).toBe(200);
    const judges = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/config/get-judge-service-info',
        headers: { authorization: teacherToken },
      })
    ).json().data as { cpuCores: number; percentCpuLoad: string; service: Record<string, unknown> }[];
    const mine = judges.find((j) => j.service.host === 'hoj-shape');
    expect(mine).toMatchObject({ cpuCores: 2, percentCpuLoad: '0.00%' });
    expect(mine?.service).toMatchObject({ serviceId: 'oj-judge', metadata: { 'nacos.healthy': 'true' } });
  });
});
