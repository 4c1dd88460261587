import { PASSWORD_ATTEMPTS, JUDGE_STATUS as S } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { submissions, users } from '../../db/schema.js';

describe.each(DB_KINDS)('trainings (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken } = contestKit(() => ({ t, judge, root }));

  let category: { id: number; name: string; color: string };
  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    const res = await call('POST', '/api/admin/training/category', root, { name: 'Basics', color: '#2d8cf0' });
    expect(res.status).toBe(200);
    category = res.body.data;
  }, 60_000);
  afterAll(async () => t?.close());

  const form = (fields: Record<string, unknown> = {}, categoryId?: number) => ({
    training: {
      title: 'Week 3: prefix sums',
      description: 'Read **this** first',
      auth: 'Public',
      rank: 1000,
      ...fields,
    },
    trainingCategory: { id: categoryId ?? category.id },
  });
  const newTraining = async (fields: Record<string, unknown> = {}, who = root) => {
    const res = await call('POST', '/api/admin/training', who, form(fields));
    expect(res.status).toBe(200);
    return res.body.data.training as { id: number; title: string };
  };
  const addProblem = async (tid: number, displayId: string, who = root, problem = {}) => {
    const p = await createProblem(t, problem);
    const res = await call('POST', '/api/admin/training/add-problem-from-public', who, { tid, pid: p.id, displayId });
    expect(res.status).toBe(200);
    return p;
  };
  const submit = (who: string, tid: number, displayId: string) =>
    call('POST', '/api/submit-problem-judge', who, { pid: displayId, tid, language: 'C++', code: 'int main(){}' });

  it('a private training: card without content, 403 without a password, then registration opens it', async () => {
    const tr = await newTraining({ auth: 'Private', privatePwd: 'open sesame', title: 'Private plan' });
    const p = await addProblem(tr.id, 'T1', root, { title: 'Secret title one' });
    await addProblem(tr.id, 'T2');
    const u = await userToken();

    const detail = await call('GET', `/api/get-training-detail?tid=${tr.id}`, u.token);
    expect(detail.body.data).toMatchObject({
      title: 'Private plan',
      auth: 'Private',
      description: null,
      problemCount: 2,
    });
    expect(detail.body.data.categoryName).toBe('Basics');
    for (const url of [
      `/api/get-training-problem-list?tid=${tr.id}`,
      `/api/get-training-rank?tid=${tr.id}`,
      `/api/get-full-screen-problem-list?tid=${tr.id}`,
      `/api/get-training-problem-details?tid=${tr.id}&displayId=T1`,
    ]) {
      const res = await call('GET', url, u.token);
      expect([url, res.status, res.body.data?.key]).toEqual([url, 403, 'trainingNoAccess']);
      expect(JSON.stringify(res.body)).not.toContain('Secret title one');
    }
    const refused = await submit(u.token, tr.id, 'T1');
    expect([refused.status, refused.body.data.key]).toEqual([403, 'trainingNoAccess']);
    expect((await t.services.db.select().from(submissions).where(eq(submissions.uid, u.uid))).length).toBe(0);

    const empty = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: '' });
    expect([empty.status, empty.body.data.key]).toEqual([400, 'trainingPasswordRequired']);
    const wrong = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'nope' });
    expect([wrong.status, wrong.body.data.key]).toEqual([400, 'trainingPasswordWrong']);
    expect((await call('GET', `/api/get-training-access?tid=${tr.id}`, u.token)).body.data.access).toBe(false);
    expect((await call('GET', `/api/get-training-rank?tid=${tr.id}`, root)).body.data.total).toBe(0);

    const ok = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'open sesame' });
    expect(ok.status).toBe(200);
    const again = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'open sesame' });
    expect(again.body.data.key).toBe('trainingAlreadyRegistered');
    expect((await call('GET', `/api/get-training-access?tid=${tr.id}`, u.token)).body.data.access).toBe(true);
    const full = await call('GET', `/api/get-training-detail?tid=${tr.id}`, u.token);
    expect(full.body.data.description).toBe('Read **this** first');

    const list = await call('GET', `/api/get-training-problem-list?tid=${tr.id}`, u.token);
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.data.map((x: { problemId: string; myStatus: number }) => [x.problemId, x.myStatus])).toEqual([
      ['T1', S.NOT_SUBMITTED],
      ['T2', S.NOT_SUBMITTED],
    ]);
    const details = await call('GET', `/api/get-training-problem-details?cid=${tr.id}&displayId=t1`, u.token);
    expect([details.status, details.body.data.problem.problemId, details.body.data.problem.title]).toEqual([
      200,
      'T1',
      'Secret title one',
    ]);

    const sent = await submit(u.token, tr.id, 'T1');
    expect([sent.status, sent.body.data.displayId]).toEqual([200, 'T1']);
    const [row] = await t.services.db
      .select()
      .from(submissions)
      .where(eq(submissions.submitId, sent.body.data.submitId));
    expect([row.tid, row.cid, row.pid]).toEqual([tr.id, 0, p.id]);
    await judge.judgeNext({ status: S.ACCEPTED });

    const rank = await call('GET', `/api/get-training-rank?tid=${tr.id}`, u.token);
    expect(rank.body.data.total).toBe(1);
    expect(rank.body.data.records[0]).toMatchObject({ username: u.username, ac: 1, totalRunTime: 10, realname: null });
    expect(rank.body.data.records[0].submissionInfo).toEqual({
      T1: { status: S.ACCEPTED, score: null, isAC: true, runTime: 10 },
    });
    const progress = await call('GET', `/api/get-training-list?keyword=Private%20plan`, u.token);
    expect(progress.body.data.records[0]).toMatchObject({ acCount: 1, problemCount: 2 });
    const screen = await call('GET', `/api/get-full-screen-problem-list?tid=${tr.id}`, u.token);
    expect(screen.body.data.map((x: { problemId: string; status: number }) => [x.problemId, x.status])).toEqual([
      ['T1', S.ACCEPTED],
      ['T2', S.NOT_SUBMITTED],
    ]);
  });

  it('visitors see the list only; hidden trainings exist for their admins alone; unknown ids are 404', async () => {
    const shown = await newTraining({ title: 'Visible plan' });
    const hidden = await newTraining({ title: 'Hidden plan', status: false });
    const anon = await call('GET', '/api/get-training-list?limit=100');
    const titles = anon.body.data.records.map((x: { title: string }) => x.title);
    expect(titles).toContain('Visible plan');
    expect(titles).not.toContain('Hidden plan');
    expect(anon.body.data.records.find((x: { id: number }) => x.id === shown.id).acCount).toBe(0);
    expect((await call('GET', `/api/get-training-detail?tid=${shown.id}`)).status).toBe(401);
    expect((await call('GET', `/api/get-training-category`)).body.data.map((c: { id: number }) => c.id)).toContain(
      category.id,
    );
    const u = await userToken();
    expect((await call('GET', `/api/get-training-detail?tid=${hidden.id}`, u.token)).status).toBe(404);
    expect((await call('GET', `/api/get-training-detail?tid=${hidden.id}`, root)).status).toBe(200);
    expect((await call('GET', '/api/get-training-detail?tid=999999', u.token)).status).toBe(404);
    expect((await call('GET', '/api/get-training-detail?tid=abc', u.token)).status).toBe(400);
    expect((await call('GET', '/api/get-training-problem-details?displayId=A', u.token)).status).toBe(400);
    // Filters: category and auth.
    const other = await call('POST', '/api/admin/training/category', root, { name: 'Graphs', color: '#19be6b' });
    await newTraining({ title: 'Graph plan' }).then((x) =>
      call('PUT', '/api/admin/training', root, { ...form({ id: x.id, title: 'Graph plan' }, other.body.data.id) }),
    );
    const byCategory = await call('GET', `/api/get-training-list?categoryId=${other.body.data.id}`);
    expect(byCategory.body.data.records.map((x: { title: string }) => x.title)).toEqual(['Graph plan']);
    const byAuth = await call('GET', '/api/get-training-list?auth=Private&limit=100');
    expect(byAuth.body.data.records.every((x: { auth: string }) => x.auth === 'Private')).toBe(true);
    expect((await call('GET', '/api/get-training-list?auth=Secret')).status).toBe(400);
  });

  it('a public training: open to every signed-in user, no registration, no rank', async () => {
    const tr = await newTraining({ title: 'Open plan' });
    await addProblem(tr.id, 'A');
    const u = await userToken();
    expect((await call('GET', `/api/get-training-access?tid=${tr.id}`, u.token)).body.data.access).toBe(true);
    expect((await call('GET', `/api/get-training-problem-list?tid=${tr.id}`, u.token)).body.data.length).toBe(1);
    const reg = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'x' });
    expect(reg.body.data.key).toBe('trainingPublicNoRegister');
    const rank = await call('GET', `/api/get-training-rank?tid=${tr.id}`, u.token);
    expect([rank.status, rank.body.data.key]).toEqual([400, 'trainingRankPrivateOnly']);
    expect((await submit(u.token, tr.id, 'A')).status).toBe(200);
    expect((await submit(u.token, tr.id, 'ZZ')).status).toBe(404);
    await judge.drain();
  });

  it('wrong training passwords count against the attempt limit shared with contests', async () => {
    const tr = await newTraining({ auth: 'Private', privatePwd: 'right' });
    const u = await userToken();
    for (let i = 0; i < PASSWORD_ATTEMPTS.maxWrong; i++) {
      expect((await call('POST', '/api/register-training', u.token, { tid: tr.id, password: `w${i}` })).status).toBe(
        400,
      );
    }
    const locked = await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'right' });
    expect([locked.status, locked.body.data.key]).toEqual([429, 'passwordTriesExceeded']);
    expect((await call('GET', `/api/get-training-access?tid=${tr.id}`, u.token)).body.data.access).toBe(false);
  });

  it('admin rules: teachers manage their own trainings, problem_admin and root all, delete is root only', async () => {
    const teacher = await userToken('admin');
    const other = await userToken('admin');
    const problemAdmin = await userToken('problem_admin');
    const student = await userToken();
    const own = await newTraining({ title: 'Teacher plan' }, teacher.token);
    expect((await call('GET', '/api/admin/training/get-training-list', student.token)).status).toBe(403);
    const mine = await call('GET', '/api/admin/training/get-training-list?limit=100', teacher.token);
    expect(mine.body.data.records.map((x: { id: number }) => x.id)).toEqual([own.id]);
    const all = await call('GET', '/api/admin/training/get-training-list?limit=100', problemAdmin.token);
    expect(all.body.data.total).toBeGreaterThan(1);

    for (const [method, url, body] of [
      ['GET', `/api/admin/training?tid=${own.id}`, undefined],
      ['PUT', '/api/admin/training', form({ id: own.id })],
      ['PUT', `/api/admin/training/change-training-status?tid=${own.id}&status=false`, undefined],
      ['GET', `/api/admin/training/get-problem-list?tid=${own.id}&queryExisted=true`, undefined],
    ] as const) {
      const res = await call(method, url, other.token, body);
      expect([url, res.status, res.body.data?.key]).toEqual([url, 403, 'trainingNotOwned']);
    }
    const p = await addProblem(own.id, 'A', teacher.token);
    const refused = await call('DELETE', `/api/admin/training/problem?tid=${own.id}&pid=${p.id}`, other.token);
    expect(refused.status).toBe(403);
    // The teacher reorders and removes the problems of their own training.
    const q = await addProblem(own.id, 'B', teacher.token);
    const map = (
      await call('GET', `/api/admin/training/get-problem-list?tid=${own.id}&queryExisted=true`, teacher.token)
    ).body.data.trainingProblemMap;
    const moved = await call('PUT', '/api/admin/training/problem', teacher.token, { id: map[q.id].id, rank: 0 });
    expect([moved.status, moved.body.data.rank]).toEqual([200, 0]);
    const ordered = await call('GET', `/api/get-training-problem-list?tid=${own.id}`, student.token);
    expect(ordered.body.data.map((x: { problemId: string }) => x.problemId)).toEqual(['B', 'A']);
    expect(
      (await call('PUT', '/api/admin/training', problemAdmin.token, form({ id: own.id, title: 'Renamed' }))).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/training/problem?tid=${own.id}&pid=${p.id}`, teacher.token)).status).toBe(
      200,
    );
    expect((await call('DELETE', `/api/admin/training?tid=${own.id}`, teacher.token)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/training?tid=${own.id}`, problemAdmin.token)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/training?tid=${own.id}`, root)).status).toBe(200);
    expect((await call('GET', `/api/admin/training?tid=${own.id}`, root)).status).toBe(404);
    // Categories are root's and problem_admin's.
    const cat = await call('POST', '/api/admin/training/category', teacher.token, { name: 'Mine', color: '#000' });
    expect(cat.status).toBe(403);
    expect(
      (await call('POST', '/api/admin/training/category', problemAdmin.token, { name: 'PA', color: '#abc' })).status,
    ).toBe(200);
  });

  it('the form and the problem list refuse bad input with the field named, and change nothing', async () => {
    const cases: [Record<string, unknown>, number | undefined, string, string | undefined][] = [
      [{ title: '  ' }, undefined, 'fieldRequired', 'training.title'],
      [{ description: '' }, undefined, 'fieldRequired', 'training.description'],
      [{ rank: -1 }, undefined, 'numberOutOfRange', 'training.rank'],
      [{ rank: 2 ** 31 }, undefined, 'numberOutOfRange', 'training.rank'],
      [{ auth: 'Private' }, undefined, 'trainingPasswordMissing', 'training.privatePwd'],
      [{ auth: 'Protected' }, undefined, 'fieldInvalid', 'training.auth'],
      [{}, 987654, 'trainingCategoryUnknown', 'trainingCategory.id'],
    ];
    const before = (await call('GET', '/api/admin/training/get-training-list?limit=1', root)).body.data.total;
    for (const [fields, cid, key, field] of cases) {
      const res = await call('POST', '/api/admin/training', root, form(fields, cid));
      expect([JSON.stringify(fields), res.status, res.body.data.key]).toEqual([JSON.stringify(fields), 400, key]);
      if (field) expect(res.body.data.field).toBe(field);
    }
    expect((await call('GET', '/api/admin/training/get-training-list?limit=1', root)).body.data.total).toBe(before);
    const zero = await newTraining({ rank: 0 });
    expect((await call('GET', `/api/admin/training?tid=${zero.id}`, root)).body.data.training.rank).toBe(0);

    const tr = await newTraining();
    const p = await addProblem(tr.id, 'A');
    const twice = await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid: tr.id,
      pid: p.id,
      displayId: 'B',
    });
    expect([twice.status, twice.body.data.key]).toEqual([400, 'trainingProblemExists']);
    const q = await createProblem(t);
    const taken = await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid: tr.id,
      pid: q.id,
      displayId: 'a',
    });
    expect([taken.status, taken.body.data.key]).toEqual([400, 'trainingDisplayIdTaken']);
    const hidden = await createProblem(t, { auth: 2 });
    const priv = await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid: tr.id,
      pid: hidden.id,
      displayId: 'H',
    });
    expect([priv.status, priv.body.data.key]).toEqual([400, 'trainingProblemNotPublic']);
    const missing = await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid: tr.id,
      pid: 999999,
      displayId: 'M',
    });
    expect(missing.status).toBe(404);
    const existing = await call('GET', `/api/admin/training/get-problem-list?tid=${tr.id}&queryExisted=true`, root);
    expect(existing.body.data.problemList.records.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const outside = await call('GET', `/api/admin/training/get-problem-list?tid=${tr.id}&keyword=${q.problemId}`, root);
    expect(outside.body.data.problemList.records.map((x: { id: number }) => x.id)).toEqual([q.id]);
    const bankOnly = await call(
      'GET',
      `/api/admin/training/get-problem-list?tid=${tr.id}&keyword=${hidden.problemId}`,
      root,
    );
    expect(bankOnly.body.data.problemList.total).toBe(0);
  });

  it('categories: a colour is a hex colour, one in use is not deleted (the trainings are named), an unused one is', async () => {
    expect((await call('POST', '/api/admin/training/category', root, { name: 'X', color: 'red;}' })).status).toBe(400);
    expect((await call('POST', '/api/admin/training/category', root, { name: '', color: '#fff' })).status).toBe(400);
    const used = await call('DELETE', `/api/admin/training/category?cid=${category.id}`, root);
    expect([used.status, used.body.data.key]).toEqual([400, 'trainingCategoryInUse']);
    expect(used.body.msg).toContain('Week 3: prefix sums');
    const spare = await call('POST', '/api/admin/training/category', root, { name: 'Spare', color: '#123456' });
    const renamed = await call('PUT', '/api/admin/training/category', root, {
      id: spare.body.data.id,
      name: 'Spare 2',
      color: '#654321',
    });
    expect(renamed.body.data).toMatchObject({ name: 'Spare 2', color: '#654321' });
    expect((await call('DELETE', `/api/admin/training/category?cid=${spare.body.data.id}`, root)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/training/category?cid=${spare.body.data.id}`, root)).status).toBe(404);
  });

  it('the rank from built histories: ties by run time, a later AC after a WA, the fastest AC, a removed problem', async () => {
    const tr = await newTraining({ auth: 'Private', privatePwd: 'pw' });
    const [pa, pb] = [await addProblem(tr.id, 'A'), await addProblem(tr.id, 'B')];
    const [u1, u2, u3] = [await userToken('user', { realname: 'Ann' }), await userToken(), await userToken()];
    for (const u of [u1, u2, u3]) await call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'pw' });
    const put = (uid: string, username: string, pid: number, status: number, timeMs: number) =>
      t.services.db.insert(submissions).values({
        pid,
        displayPid: 'x',
        uid,
        username,
        status,
        timeMs,
        length: 1,
        code: 'x',
        language: 'C++',
        tid: tr.id,
      });
    // u1: A WA then AC (300 ms), B AC twice (500, then a faster 200): 2 solved, 300 + 200.
    await put(u1.uid, u1.username, pa.id, S.WRONG_ANSWER, 50);
    await put(u1.uid, u1.username, pa.id, S.ACCEPTED, 300);
    await put(u1.uid, u1.username, pb.id, S.ACCEPTED, 500);
    await put(u1.uid, u1.username, pb.id, S.ACCEPTED, 200);
    // u2: both solved, 100 + 100: ahead of u1 on run time.
    await put(u2.uid, u2.username, pa.id, S.ACCEPTED, 100);
    await put(u2.uid, u2.username, pb.id, S.ACCEPTED, 100);
    // u3: only a WA.
    await put(u3.uid, u3.username, pa.id, S.WRONG_ANSWER, 20);
    const rank = async (who = root) => (await call('GET', `/api/get-training-rank?tid=${tr.id}`, who)).body.data;
    let r = await rank();
    expect(
      r.records.map((x: { username: string; ac: number; totalRunTime: number }) => [x.username, x.ac, x.totalRunTime]),
    ).toEqual([
      [u2.username, 2, 200],
      [u1.username, 2, 500],
      [u3.username, 0, 0],
    ]);
    expect(r.records[1].submissionInfo.A).toEqual({ status: S.ACCEPTED, score: null, isAC: true, runTime: 300 });
    expect(r.records[2].submissionInfo.A).toMatchObject({ status: S.WRONG_ANSWER, isAC: false });
    expect(r.records[1].realname).toBe('Ann');
    expect((await rank(u3.token)).records[1].realname).toBeNull();
    // A rejudge turns u2's B into a WA: u1 leads.
    await t.services.db
      .update(submissions)
      .set({ status: S.WRONG_ANSWER })
      .where(and(eq(submissions.uid, u2.uid), eq(submissions.pid, pb.id)));
    r = await rank();
    expect(r.records.map((x: { username: string; ac: number }) => [x.username, x.ac])).toEqual([
      [u1.username, 2],
      [u2.username, 1],
      [u3.username, 0],
    ]);
    // B leaves the training: its cells and their run time go; back in, they return.
    await call('DELETE', `/api/admin/training/problem?tid=${tr.id}&pid=${pb.id}`, root);
    r = await rank();
    expect(
      r.records.map((x: { username: string; ac: number; totalRunTime: number }) => [x.username, x.ac, x.totalRunTime]),
    ).toEqual([
      [u2.username, 1, 100],
      [u1.username, 1, 300],
      [u3.username, 0, 0],
    ]);
    expect(r.records[1].submissionInfo.B).toBeUndefined();
    await call('POST', '/api/admin/training/add-problem-from-public', root, {
      tid: tr.id,
      pid: pb.id,
      displayId: 'B2',
    });
    r = await rank();
    expect(r.records[0]).toMatchObject({ username: u1.username, ac: 2, totalRunTime: 500 });
    expect(r.records[0].submissionInfo.B2).toMatchObject({ isAC: true, runTime: 200 });
    // Keyword and paging.
    const found = await call('GET', `/api/get-training-rank?tid=${tr.id}&keyword=${u3.username}`, root);
    expect(found.body.data.records.map((x: { username: string }) => x.username)).toEqual([u3.username]);
    const second = await call('GET', `/api/get-training-rank?tid=${tr.id}&limit=2&currentPage=2`, root);
    expect([second.body.data.total, second.body.data.records.length]).toEqual([3, 1]);
    // A deleted user leaves the rank.
    await t.services.db.delete(users).where(eq(users.uid, u3.uid));
    expect((await rank()).total).toBe(2);
  });

  it.runIf(kind === 'postgres')(
    'parallel registrations register once; parallel verdicts of one user all count',
    async () => {
      const tr = await newTraining({ auth: 'Private', privatePwd: 'pw' });
      const problems = [];
      for (const id of ['A', 'B', 'C', 'D']) problems.push(await addProblem(tr.id, id));
      const u = await userToken();
      const regs = await Promise.all(
        Array.from({ length: 6 }, () =>
          call('POST', '/api/register-training', u.token, { tid: tr.id, password: 'pw' }),
        ),
      );
      expect(regs.filter((r) => r.status === 200).length).toBe(1);
      expect(regs.filter((r) => r.body.data?.key === 'trainingAlreadyRegistered').length).toBe(5);
      const ids = [];
      for (const p of problems) {
        const [row] = await t.services.db
          .insert(submissions)
          .values({
            pid: p.id,
            displayPid: 'x',
            uid: u.uid,
            username: u.username,
            status: S.PENDING,
            length: 1,
            code: 'x',
            language: 'C++',
            tid: tr.id,
          })
          .returning();
        ids.push(row.submitId);
      }
      await Promise.all(
        ids.map((id) =>
          t.services.db.transaction(async (tx) => {
            await tx.update(submissions).set({ status: S.ACCEPTED, timeMs: 7 }).where(eq(submissions.submitId, id));
          }),
        ),
      );
      const rank = await call('GET', `/api/get-training-rank?tid=${tr.id}`, root);
      expect(rank.body.data.records[0]).toMatchObject({ ac: 4, totalRunTime: 28 });
    },
  );
});
