import { type Gradebook, JUDGE_STATUS as S } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { openSse } from '../../../test/sse-client.js';
import { readXlsx } from '../../../test/xlsx-reader.js';
import { groupMembers, mineMessages, trainingExtensions } from '../../db/schema.js';

const DAY = 24 * HOUR;
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/** Homework and the gradebook (decision 0052): what counts for an assignment at its boundaries, extensions, rejudges,
 * who may read the gradebook, and its export. */
describe.each(DB_KINDS)('homework and the gradebook (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, nowMs, solve } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let owner: User;
  let teacher: User;
  let ann: User;
  let bob: User;
  let cat: User;
  let dan: User;
  let outsider: User;
  let otherAdmin: User;
  let gid: number;
  let categoryId: number;
  let acmProblem: string;
  let oiProblem: string;

  const newGroup = async (who: User) => {
    const g = await call('POST', '/api/group', who.token, {
      name: unique('Class '),
      shortName: unique('h'),
      brief: 'A class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    return g.body.data.id as number;
  };
  const groupProblem = async (title: string, type: 0 | 1) => {
    const res = await call('POST', '/api/group/problem', owner.token, {
      problem: { title, description: 'Add.', input: 'a b', output: 'a+b', auth: 1, type, gid },
      samples: [{ input: '1 2\n', output: '3\n', score: 100 }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }],
      tags: [],
      codeTemplates: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.problemId as string;
  };
  type Rule = {
    openTime?: string | null;
    dueTime?: string | null;
    lateUntil?: string | null;
    latePenalty?: number;
    latePenaltyUnit?: 'day' | 'hour';
    latePenaltyFloor?: number;
  };
  const trainingForm = (title: string, rule: Rule, id?: number) => ({
    training: {
      ...(id ? { id } : {}),
      title,
      description: 'Homework',
      auth: 'Public',
      rank: 1000,
      status: true,
      gid,
      ...rule,
    },
    trainingCategory: { id: categoryId },
  });
  /** A group training with the ACM and the OI problem (A1, B1), made by the teacher. */
  const newTraining = async (rule: Rule = {}) => {
    const title = unique('Homework ');
    const res = await call('POST', '/api/group/training', teacher.token, trainingForm(title, rule));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tid = res.body.data.training.id as number;
    for (const problemId of [acmProblem, oiProblem]) {
      const added = await call('POST', '/api/group/add-training-problem-from-group', teacher.token, { tid, problemId });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    return { tid, title };
  };
  const setRule = async (tr: { tid: number; title: string }, rule: Rule) => {
    const res = await call('PUT', '/api/group/training', teacher.token, trainingForm(tr.title, rule, tr.tid));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.training;
  };
  /** Submits to the training and judges it; the submission's time. */
  const hand = async (who: User, tid: number, pid: string, status: number, score?: number) => {
    const res = await call('POST', '/api/submit-problem-judge', who.token, {
      pid,
      tid,
      gid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await judge.judgeNext({ status, score, oiRankScore: score });
    return { submitId: res.body.data.submitId as number, at: new Date(res.body.data.submitTime).getTime() };
  };
  const book = async (who = teacher.token) => {
    const res = await call('GET', `/api/group/gradebook?gid=${gid}`, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Gradebook;
  };
  const cellOf = async (tid: number, who: User) => {
    const b = await book();
    const i = b.assignments.findIndex((a) => a.kind === 'training' && a.id === tid);
    expect(i).toBeGreaterThanOrEqual(0);
    const row = b.students.find((s) => s.uid === who.uid);
    return row?.cells[i];
  };
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 0,
      defaultCreateGroupLimit: 0,
    });
    owner = await userToken('user', { realname: 'Owner Real' });
    teacher = await userToken('user', { realname: 'Teacher Real' });
    ann = await userToken('user', { realname: 'Ann Real' });
    bob = await userToken('user', { realname: 'Bob Real' });
    cat = await userToken('user', { realname: 'Cat Real' });
    dan = await userToken('user', { realname: 'Dan Real' });
    outsider = await userToken();
    otherAdmin = await userToken();
    gid = await newGroup(owner);
    await t.services.db.insert(groupMembers).values(
      [
        [teacher, 4],
        [ann, 3],
        [bob, 3],
        [cat, 3],
        [dan, 3],
      ].map(([u, auth]) => ({ gid, uid: (u as User).uid, auth: auth as number })),
    );
    const other = await newGroup(otherAdmin);
    expect(other).not.toBe(gid);
    const cat0 = await call('POST', '/api/group/training-category', teacher.token, {
      gid,
      name: 'Homework',
      color: '#2d8cf0',
    });
    expect(cat0.status, JSON.stringify(cat0.body)).toBe(200);
    categoryId = cat0.body.data.id;
    acmProblem = await groupProblem('Sum', 0);
    oiProblem = await groupProblem('Partial sums', 1);
  }, 90_000);
  afterAll(async () => t?.close());

  it('counts a submission in full exactly at the due time and with the penalty one second after; past late-until it does not count', async () => {
    const tr = await newTraining();
    const a = await hand(ann, tr.tid, acmProblem, S.ACCEPTED);
    const rule = { latePenalty: 20, latePenaltyUnit: 'day' as const, latePenaltyFloor: 50 };

    // Exactly at the due time: on time, full marks on one of the two problems.
    await setRule(tr, { ...rule, dueTime: iso(a.at), lateUntil: iso(a.at + 3 * DAY) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 50, solved: 1, total: 2, late: false, started: true });

    // One second after: one started day late, 80 % kept.
    await setRule(tr, { ...rule, dueTime: iso(a.at - 1000), lateUntil: iso(a.at + 3 * DAY) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 40, solved: 1, late: true });

    // Four started days late: 100 - 4 x 20 = 20, but never below the floor of 50.
    await setRule(tr, { ...rule, dueTime: iso(a.at - 3 * DAY - 1000), lateUntil: iso(a.at + DAY) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 25, late: true });

    // Per hour: 90 minutes late is two started hours, 10 % each.
    await setRule(tr, {
      dueTime: iso(a.at - 90 * 60_000),
      lateUntil: iso(a.at + DAY),
      latePenalty: 10,
      latePenaltyUnit: 'hour',
      latePenaltyFloor: 0,
    });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 40, late: true });

    // Exactly at late-until still counts; one millisecond after it does not (judged, not counted).
    await setRule(tr, { ...rule, dueTime: iso(a.at - DAY), lateUntil: iso(a.at) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 40, late: true });
    await setRule(tr, { ...rule, dueTime: iso(a.at - DAY), lateUntil: iso(a.at - 1) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 0, solved: 0, late: false, started: true });
    // Without a late-until, nothing after the due time counts.
    await setRule(tr, { dueTime: iso(a.at - 1000), lateUntil: null, latePenalty: 0 });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 0, started: true });

    // The student sees his own state and score on the training.
    await setRule(tr, { ...rule, dueTime: iso(a.at - 1000), lateUntil: iso(nowMs() + DAY) });
    const seen = await call('GET', `/api/get-training-detail?tid=${tr.tid}`, ann.token);
    expect(seen.body.data).toMatchObject({ homeworkState: 'late', homeworkScore: 40, latePenalty: 20 });
    expect(seen.body.data.dueTime).toBe(iso(a.at - 1000));
  });

  it('an OI problem counts its score over the full score; the best counted try wins; a problem solved elsewhere does not count', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + DAY) });
    await hand(cat, tr.tid, oiProblem, S.PARTIAL_ACCEPTED, 60);
    await hand(cat, tr.tid, oiProblem, S.PARTIAL_ACCEPTED, 30);
    expect(await cellOf(tr.tid, cat)).toMatchObject({ score: 30, solved: 0, started: true });
    // Dan solved the problem in the group's problem set, outside the training: nothing for the homework.
    const practice = await call('POST', '/api/submit-problem-judge', dan.token, {
      pid: acmProblem,
      gid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(practice.status).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    expect(await cellOf(tr.tid, dan)).toMatchObject({ score: 0, solved: 0, started: false });
  });

  it('a rejudge and a manual judge recompute the homework score', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + DAY) });
    const b = await hand(bob, tr.tid, acmProblem, S.ACCEPTED);
    expect(await cellOf(tr.tid, bob)).toMatchObject({ score: 50, solved: 1 });
    const manual = await call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${b.submitId}&status=${S.WRONG_ANSWER}`,
      root,
    );
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(await cellOf(tr.tid, bob)).toMatchObject({ score: 0, solved: 0, started: true });
    const rejudge = await call('GET', `/api/admin/judge/rejudge?submitId=${b.submitId}`, root);
    expect(rejudge.status, JSON.stringify(rejudge.body)).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    expect(await cellOf(tr.tid, bob)).toMatchObject({ score: 50, solved: 1 });
  });

  it('a problem leaving the assignment takes its score out, and the rest is over the problems left', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + DAY) });
    await hand(dan, tr.tid, oiProblem, S.PARTIAL_ACCEPTED, 40);
    expect(await cellOf(tr.tid, dan)).toMatchObject({ score: 20, total: 2, started: true });
    const problems = await call(
      'GET',
      `/api/group/get-training-problem-list?tid=${tr.tid}&queryExisted=true`,
      teacher.token,
    );
    expect(problems.status, JSON.stringify(problems.body)).toBe(200);
    const ids = Object.values(
      problems.body.data.trainingProblemMap as Record<string, { pid: number; displayId: string }>,
    );
    const remove = async (displayId: string) => {
      const pid = ids.find((p) => p.displayId === displayId)?.pid;
      const res = await call('DELETE', `/api/group/training-problem?tid=${tr.tid}&pid=${pid}`, teacher.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await remove(acmProblem);
    expect(await cellOf(tr.tid, dan)).toMatchObject({ score: 40, total: 1, started: true });
    await remove(oiProblem);
    expect(await cellOf(tr.tid, dan)).toMatchObject({ score: 0, total: 0, started: false });
  });

  it("an extension moves one student's due time and late-until; removing it restores the rule", async () => {
    const tr = await newTraining();
    const a = await hand(ann, tr.tid, acmProblem, S.ACCEPTED);
    const b = await hand(bob, tr.tid, acmProblem, S.ACCEPTED);
    // Both late by a second or more; late-until a day after the due time.
    await setRule(tr, { dueTime: iso(a.at - 1000), lateUntil: iso(a.at - 1000 + DAY), latePenalty: 50 });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 25, late: true, extended: false });

    const put = (who: string, body: object) => call('PUT', '/api/group/training-extension', who, body);
    const ext = await put(teacher.token, { tid: tr.tid, uid: ann.uid, dueTime: iso(a.at) });
    expect(ext.status, JSON.stringify(ext.body)).toBe(200);
    expect(ext.body.data).toEqual({ tid: tr.tid, uid: ann.uid, dueTime: iso(a.at), lateUntil: iso(a.at + DAY) });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 50, late: false, extended: true, dueTime: iso(a.at) });
    // Bob keeps the rule.
    expect(await cellOf(tr.tid, bob)).toMatchObject({ late: true, extended: false });
    // Ann sees her own due time.
    const mine = await call('GET', `/api/get-training-detail?tid=${tr.tid}`, ann.token);
    expect(mine.body.data).toMatchObject({ myDueTime: iso(a.at), myLateUntil: iso(a.at + DAY) });

    // Refused: a time not after the due time, an admin of the group, a training without a due time, a student.
    const early = await put(teacher.token, { tid: tr.tid, uid: bob.uid, dueTime: iso(a.at - 2000) });
    expect([early.status, early.body.data.key]).toEqual([400, 'homeworkExtensionTooEarly']);
    const toAdmin = await put(teacher.token, { tid: tr.tid, uid: teacher.uid, dueTime: iso(b.at) });
    expect([toAdmin.status, toAdmin.body.data.key]).toEqual([400, 'homeworkExtensionNotStudent']);
    const plain = await newTraining();
    const noDue = await put(teacher.token, { tid: plain.tid, uid: bob.uid, dueTime: iso(b.at) });
    expect([noDue.status, noDue.body.data.key]).toEqual([400, 'homeworkNoDueTime']);
    expect((await put(ann.token, { tid: tr.tid, uid: bob.uid, dueTime: iso(b.at) })).status).toBe(403);
    expect((await put(otherAdmin.token, { tid: tr.tid, uid: bob.uid, dueTime: iso(b.at) })).status).toBe(403);
    expect((await put(teacher.token, { tid: tr.tid, uid: bob.uid, dueTime: 'tomorrow' })).status).toBe(400);
    expect(await t.services.db.select().from(trainingExtensions).where(eq(trainingExtensions.uid, bob.uid))).toEqual(
      [],
    );

    const removed = await put(teacher.token, { tid: tr.tid, uid: ann.uid, dueTime: null });
    expect(removed.body.data).toMatchObject({ dueTime: null, lateUntil: null });
    expect(await cellOf(tr.tid, ann)).toMatchObject({ score: 25, late: true, extended: false });
  });

  it('two admins extending one student at once leave one extension, and the cells follow it', async () => {
    const tr = await newTraining();
    const a = await hand(ann, tr.tid, acmProblem, S.ACCEPTED);
    await setRule(tr, { dueTime: iso(a.at - 2000), lateUntil: iso(a.at + DAY), latePenalty: 50 });
    const times = [iso(a.at - 1000), iso(a.at + 1000)];
    const res = await Promise.all(
      [teacher.token, owner.token].map((who, i) =>
        call('PUT', '/api/group/training-extension', who, { tid: tr.tid, uid: ann.uid, dueTime: times[i] }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.services.db
      .select()
      .from(trainingExtensions)
      .where(and(eq(trainingExtensions.tid, tr.tid), eq(trainingExtensions.uid, ann.uid)));
    expect(rows).toHaveLength(1);
    const kept = rows[0].dueTime.getTime();
    // a.at - 1000 leaves her late; a.at + 1000 on time.
    expect(await cellOf(tr.tid, ann)).toMatchObject(
      kept < a.at ? { late: true, score: 25 } : { late: false, score: 50 },
    );
  });

  it('before its open time students see the title and dates only; its admins see everything', async () => {
    const opens = nowMs() + DAY;
    const tr = await newTraining({ openTime: iso(opens), dueTime: iso(opens + DAY) });
    const detail = await call('GET', `/api/get-training-detail?tid=${tr.tid}`, ann.token);
    expect(detail.body.data).toMatchObject({
      title: tr.title,
      description: null,
      homeworkState: 'upcoming',
      openTime: iso(opens),
    });
    for (const url of [
      `/api/get-training-problem-list?tid=${tr.tid}`,
      `/api/get-training-problem-details?tid=${tr.tid}&displayId=${acmProblem}`,
    ]) {
      const res = await call('GET', url, ann.token);
      expect([url, res.status, res.body.data.key]).toEqual([url, 403, 'homeworkNotOpen']);
    }
    const early = await call('POST', '/api/submit-problem-judge', ann.token, {
      pid: acmProblem,
      tid: tr.tid,
      gid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect([early.status, early.body.data.key]).toEqual([403, 'homeworkNotOpen']);
    const list = await call('GET', `/api/group/get-training-list?gid=${gid}&limit=50`, ann.token);
    expect(list.body.data.records.find((r: { id: number }) => r.id === tr.tid)).toMatchObject({ description: null });
    expect((await call('GET', `/api/get-training-problem-list?tid=${tr.tid}`, teacher.token)).status).toBe(200);
    expect((await call('GET', `/api/get-training-detail?tid=${tr.tid}`, teacher.token)).body.data.description).toBe(
      'Homework',
    );
  });

  it('refuses rules out of order, and keeps the rule of a form that leaves it out', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + DAY) });
    const put = (rule: Rule) => call('PUT', '/api/group/training', teacher.token, trainingForm(tr.title, rule, tr.tid));
    const bad = [
      [{ dueTime: null, lateUntil: iso(nowMs() + DAY) }, 'homeworkLateNeedsDue'],
      [{ dueTime: null, latePenalty: 10 }, 'homeworkLateNeedsDue'],
      [{ openTime: iso(nowMs() + 2 * DAY), dueTime: iso(nowMs() + DAY) }, 'homeworkTimesInvalid'],
      [{ dueTime: iso(nowMs() + 2 * DAY), lateUntil: iso(nowMs() + DAY) }, 'homeworkTimesInvalid'],
    ] as const;
    for (const [rule, key] of bad) {
      const res = await put(rule);
      expect([res.status, res.body.data.key]).toEqual([400, key]);
    }
    for (const rule of [{ latePenalty: 101 }, { latePenaltyUnit: 'week' }, { dueTime: 'soon' }]) {
      expect((await put(rule as Rule)).status).toBe(400);
    }
    // A client that does not know the rule (HOJ's) keeps it.
    const kept = await put({});
    expect(kept.body.data.training.dueTime).not.toBeNull();
    const cleared = await put({ dueTime: null });
    expect(cleared.body.data.training.dueTime).toBeNull();
  });

  it('the gradebook: students only, assignments in date order with contests, averages; refused to students, other admins and visitors', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + 2 * DAY) });
    await hand(ann, tr.tid, acmProblem, S.ACCEPTED);
    await hand(ann, tr.tid, oiProblem, S.PARTIAL_ACCEPTED, 50);
    const contest = await call('POST', '/api/group/contest', teacher.token, {
      title: unique('Quiz '),
      description: 'ACM rules',
      type: 0,
      auth: 0,
      startTime: new Date(nowMs() - HOUR).toISOString(),
      endTime: new Date(nowMs() + 3 * DAY).toISOString(),
      gid,
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(200);
    const cid = contest.body.data.id as number;
    const added = await call('POST', '/api/group/add-contest-problem-from-group', teacher.token, {
      cid,
      problemId: acmProblem,
      displayId: 'A',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await solve(bob.token, cid, 'A', S.WRONG_ANSWER);
    await solve(bob.token, cid, 'A', S.ACCEPTED);

    const b = await book();
    expect(b.students.map((s) => s.username).sort()).toEqual([ann, bob, cat, dan].map((u) => u.username).sort());
    expect(b.students.find((s) => s.uid === ann.uid)?.realname).toBe('Ann Real');
    const ti = b.assignments.findIndex((a) => a.kind === 'training' && a.id === tr.tid);
    const ci = b.assignments.findIndex((a) => a.kind === 'contest' && a.id === cid);
    expect(ti).toBeLessThan(ci);
    const dues = b.assignments.map((a) => a.dueTime);
    expect(dues).toEqual([...dues].sort());
    expect(b.assignments[ci]).toMatchObject({ contestType: 'ACM', problemCount: 1 });
    const annRow = b.students.find((s) => s.uid === ann.uid);
    expect(annRow?.cells[ti]).toMatchObject({ score: 75, solved: 1, total: 2 });
    const bobRow = b.students.find((s) => s.uid === bob.uid);
    expect(bobRow?.cells[ci]).toMatchObject({ score: 100, solved: 1, total: 1, started: true });
    expect(bobRow?.cells[ci].totalTime).toBeGreaterThanOrEqual(HOUR / 1000 + 1200);
    // The column average is the mean over the four students.
    const column = b.students.map((s) => s.cells[ti].score);
    expect(b.assignments[ti].average).toBeCloseTo(column.reduce((x, y) => x + y, 0) / 4, 2);
    const annTotal = annRow?.cells.map((c) => c.score) ?? [];
    expect(annRow?.total).toBeCloseTo(annTotal.reduce((x, y) => x + y, 0) / annTotal.length, 2);

    // One assignment's matrix: verdicts, tries, scores.
    const m = await call('GET', `/api/group/gradebook-assignment?gid=${gid}&kind=training&id=${tr.tid}`, teacher.token);
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const annM = m.body.data.students.find((s: { uid: string }) => s.uid === ann.uid);
    expect(annM.problems).toEqual([
      expect.objectContaining({ status: S.ACCEPTED, score: 100, attempts: 1, late: false }),
      expect.objectContaining({ status: S.PARTIAL_ACCEPTED, score: 50, attempts: 1 }),
    ]);
    const cm = await call('GET', `/api/group/gradebook-assignment?gid=${gid}&kind=contest&id=${cid}`, teacher.token);
    const bobM = cm.body.data.students.find((s: { uid: string }) => s.uid === bob.uid);
    expect(bobM.problems).toEqual([expect.objectContaining({ status: S.ACCEPTED, score: 100, attempts: 2 })]);
    expect(
      (await call('GET', `/api/group/gradebook-assignment?gid=${gid}&kind=contest&id=9999999`, teacher.token)).status,
    ).toBe(404);

    // The owner and the super admin read it too.
    expect((await call('GET', `/api/group/gradebook?gid=${gid}`, owner.token)).status).toBe(200);
    expect((await call('GET', `/api/group/gradebook?gid=${gid}`, root)).status).toBe(200);
    for (const [who, status] of [
      [ann.token, 403],
      [otherAdmin.token, 403],
      [outsider.token, 403],
      [undefined, 401],
    ] as const) {
      for (const url of [
        `/api/group/gradebook?gid=${gid}`,
        `/api/group/gradebook-assignment?gid=${gid}&kind=training&id=${tr.tid}`,
        `/api/group/gradebook-stuck?gid=${gid}`,
        `/api/file/download-group-gradebook?gid=${gid}&format=csv`,
      ]) {
        expect([url, (await call('GET', url, who)).status]).toEqual([url, status]);
      }
    }
    expect((await call('GET', '/api/group/gradebook?gid=abc', teacher.token)).status).toBe(400);
    expect((await call('GET', `/api/group/gradebook-stuck?gid=${gid}&attempts=0`, teacher.token)).status).toBe(400);
  });

  it('exports the same figures as CSV and as a workbook with a sheet per assignment', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + 2 * DAY) });
    await hand(dan, tr.tid, acmProblem, S.ACCEPTED);
    const b = await book();
    const get = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/file/download-group-gradebook?gid=${gid}&format=${format}`,
        headers: { authorization: teacher.token, 'accept-language': 'en-US' },
      });
    const csv = await get('csv');
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['Username', 'Real name', 'Nickname', 'Total (%)']);
    for (const s of b.students) {
      const line = lines.find((l) => l.startsWith(`${s.username},`));
      const cells = line?.split(',') ?? [];
      expect(cells[1]).toBe(s.realname ?? '');
      expect(cells.slice(4).map(Number)).toEqual(s.cells.map((c) => c.score));
      expect(Number(cells[3])).toBe(s.total);
    }
    const xlsx = await get('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const wb = await readXlsx(xlsx.rawPayload);
    expect(wb.sheets).toHaveLength(1 + b.assignments.length);
    const grid = wb.sheets[0].rows.map((r) => r.map((c) => c.value));
    const danRow = grid.find((r) => r[0] === dan.username);
    const danBook = b.students.find((s) => s.uid === dan.uid);
    expect(danRow?.slice(4)).toEqual(danBook?.cells.map((c) => c.score));
    expect(danRow?.[1]).toBe('Dan Real');
    const ti = b.assignments.findIndex((a) => a.kind === 'training' && a.id === tr.tid);
    const sheet = wb.sheets[1 + ti].rows.map((r) => r.map((c) => c.value));
    expect(sheet.find((r) => r[0] === dan.username)?.slice(2)).toEqual([50, 100]);
    expect((await get('pdf')).statusCode).toBe(400);
  });

  it('lists who is stuck: several failed tries and no Accepted for longer than the set minutes', async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + 2 * DAY) });
    const offset = t.clock.offsetMs;
    t.clock.offsetMs = offset - 15 * 60_000;
    try {
      for (const status of [S.WRONG_ANSWER, S.COMPILE_ERROR, S.TIME_LIMIT_EXCEEDED]) {
        await hand(cat, tr.tid, acmProblem, status);
      }
      // Bob failed as often but then solved it.
      for (const status of [S.WRONG_ANSWER, S.WRONG_ANSWER, S.WRONG_ANSWER, S.ACCEPTED]) {
        await hand(bob, tr.tid, acmProblem, status);
      }
    } finally {
      t.clock.offsetMs = offset;
    }
    const stuck = async (q: string) => {
      const res = await call('GET', `/api/group/gradebook-stuck?gid=${gid}&${q}`, teacher.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (
        res.body.data as { uid: string; id: number; attempts: number; lastStatus: number; displayId: string }[]
      ).filter((r) => r.id === tr.tid);
    };
    expect(await stuck('attempts=3&minutes=10')).toEqual([
      expect.objectContaining({ uid: cat.uid, attempts: 3, lastStatus: S.TIME_LIMIT_EXCEEDED, displayId: acmProblem }),
    ]);
    expect(await stuck('attempts=3&minutes=30')).toEqual([]);
    expect(await stuck('attempts=4&minutes=10')).toEqual([]);
  });

  it("tells the group's admins, on their event stream, that a verdict in an assignment changed", async () => {
    const tr = await newTraining({ dueTime: iso(nowMs() + DAY) });
    t.services.live.timing.boardDebounceMs = 100;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await openSse(base, `/api/events?gid=${gid}`, { authorization: ann.token });
    expect(refused.status).toBe(403);
    const stranger = await openSse(base, `/api/events?gid=${gid}`, { authorization: otherAdmin.token });
    expect(stranger.status).toBe(403);
    const stream = await openSse(base, `/api/events?gid=${gid}`, { authorization: teacher.token });
    expect(stream.status).toBe(200);
    const other = await openSse(base, `/api/events?gid=${await newGroup(otherAdmin)}`, {
      authorization: otherAdmin.token,
    });
    expect(other.status).toBe(200);
    try {
      await hand(cat, tr.tid, acmProblem, S.ACCEPTED);
      const event = await stream.next((e) => e.event === 'gradebook', 5000);
      expect(event.data).toEqual({ gid });
      // Another group's gradebook hears nothing of it.
      expect(other.events.filter((e) => e.event === 'gradebook')).toEqual([]);
    } finally {
      stream.close();
      other.close();
    }
  });

  it('tells students once when an assignment opens and a day before it is due, whoever sweeps', async () => {
    const tr = await newTraining({ openTime: iso(nowMs() + HOUR), dueTime: iso(nowMs() + 30 * HOUR) });
    const count = async (title: string, who: User) =>
      (
        await t.services.db
          .select()
          .from(mineMessages)
          .where(and(eq(mineMessages.recipientUid, who.uid), eq(mineMessages.title, title)))
      ).filter((m) => m.vars.title === tr.title).length;
    await t.services.homework.sweep();
    expect(await count('mineHomeworkOpenTitle', ann)).toBe(0);
    const offset = t.clock.offsetMs;
    try {
      t.clock.offsetMs = offset + 2 * HOUR;
      await Promise.all([t.services.homework.sweep(), t.services.homework.sweep()]);
      expect(await count('mineHomeworkOpenTitle', ann)).toBe(1);
      expect(await count('mineHomeworkOpenTitle', teacher)).toBe(0);
      expect(await count('mineHomeworkDueTitle', ann)).toBe(0);
      // Ann finishes it; a day before the due time only the others are reminded.
      await hand(ann, tr.tid, acmProblem, S.ACCEPTED);
      await hand(ann, tr.tid, oiProblem, S.ACCEPTED, 100);
      t.clock.offsetMs = offset + 7 * HOUR;
      await Promise.all([t.services.homework.sweep(), t.services.homework.sweep()]);
      await t.services.homework.sweep();
      expect(await count('mineHomeworkDueTitle', bob)).toBe(1);
      expect(await count('mineHomeworkDueTitle', ann)).toBe(0);
      expect(await count('mineHomeworkOpenTitle', bob)).toBe(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });
});
