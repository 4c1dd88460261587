import { type MessageKey, message, type Review, JUDGE_STATUS as S } from '@oj/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { groupMembers, mineMessages, submissionReviews, submissions } from '../../db/schema.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;
/** Five lines. */
const CODE = '#include <cstdio>\nint main() {\n  int a, b;\n  scanf("%d %d", &a, &b);\n  printf("%d", a + b); }';

/** Teachers' reviews of code (decision 0053): who may write, read and answer them on a bank, a group and a contest
 * submission, the line range, edits and deletes, the owner's and the reviewers' messages (a contest's owner's
 * waiting for its end, sent once by the sweep), and the group's list of reviewed submissions. */
describe.each(DB_KINDS)('submission reviews (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, nowMs, newContest, addProblem } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let groupOwner: User;
  let teacher: User;
  let teacher2: User;
  let student: User;
  let classmate: User;
  let siteAdmin: User;
  let outsider: User;
  let gid: number;
  let groupProblem: string;

  const messagesOf = async (uid: string) =>
    t.services.db.select().from(mineMessages).where(eq(mineMessages.recipientUid, uid));
  const reviewCount = async (submitId: number) =>
    (
      await t.services.db.select({ n: count() }).from(submissionReviews).where(eq(submissionReviews.submitId, submitId))
    )[0].n;
  const submit = async (who: User, body: object, code = CODE) => {
    const res = await call('POST', '/api/submit-problem-judge', who.token, { language: 'C++', code, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    return res.body.data.submitId as number;
  };
  const addReview = (who: User | string, body: object) =>
    call('POST', '/api/submission/review', typeof who === 'string' ? who : who.token, body);
  const listReviews = (who: User | string, submitId: number) =>
    call('GET', `/api/submission/reviews?submitId=${submitId}`, typeof who === 'string' ? who : who.token);
  const reply = (who: User | string, reviewId: number, content: string) =>
    call('POST', '/api/submission/review-reply', typeof who === 'string' ? who : who.token, { reviewId, content });

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 0,
      defaultCreateGroupLimit: 0,
    });
    [groupOwner, teacher, teacher2, student, classmate, outsider] = await Promise.all(
      Array.from({ length: 6 }, () => userToken()),
    );
    siteAdmin = await userToken('admin');
    const g = await call('POST', '/api/group', groupOwner.token, {
      name: unique('Class '),
      shortName: unique('r'),
      brief: 'A class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    gid = g.body.data.id;
    await t.services.db.insert(groupMembers).values(
      [
        [teacher, 4],
        [teacher2, 4],
        [student, 3],
        [classmate, 3],
      ].map(([u, auth]) => ({ gid, uid: (u as User).uid, auth: auth as number })),
    );
    const p = await call('POST', '/api/group/problem', groupOwner.token, {
      problem: { title: 'Sum', description: 'Add.', input: 'a b', output: 'a+b', auth: 1, type: 0, gid },
      samples: [{ input: '1 2\n', output: '3\n', score: 100 }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }],
      tags: [],
      codeTemplates: [],
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    groupProblem = p.body.data.problemId;
  }, 90_000);
  afterAll(async () => t?.close());

  it("a group's admins review its submissions; the owner reads them and is told; classmates, site admins and strangers see nothing", async () => {
    const submitId = await submit(student, { pid: groupProblem, gid });
    // A classmate may open the submission once its code is shared, but the reviews stay the owner's and the teachers'.
    await t.services.db.update(submissions).set({ share: 1 }).where(eq(submissions.submitId, submitId));
    const detail = await call('GET', `/api/get-submission-detail?submitId=${submitId}`, classmate.token);
    expect(detail.body.data.submission.code).toBe(CODE);

    const added = await addReview(teacher, { submitId, fromLine: 2, toLine: 3, content: '  Why **int**?  ' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const review = added.body.data as Review;
    expect(review).toMatchObject({
      submitId,
      uid: teacher.uid,
      username: teacher.username,
      fromLine: 2,
      toLine: 3,
      content: 'Why **int**?',
      mine: true,
      deletable: true,
      replies: [],
    });

    // The owner hears of it in his messages, with a link to the submission inside the group.
    const told = await messagesOf(student.uid);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'mineReviewTitle', content: 'mineReviewLines' });
    expect(told[0].vars).toMatchObject({ from: '2', to: '3', submitId: String(submitId) });
    expect(told[0].vars.url).toBe(`/group/${gid}/submission-detail/${submitId}`);
    const mine = await call('GET', '/api/msg/mine?currentPage=1&limit=10', student.token);
    expect(mine.body.data.records[0].content).toContain(`](/group/${gid}/submission-detail/${submitId})`);
    expect(mine.body.data.records[0].content).toContain(teacher.username.replaceAll('_', '\\_'));

    const owner = await listReviews(student, submitId);
    expect(owner.status).toBe(200);
    expect(owner.body.data).toMatchObject({ canReview: false, canReply: true });
    expect(owner.body.data.reviews).toMatchObject([{ id: review.id, mine: false, deletable: false }]);
    const otherTeacher = await listReviews(teacher2, submitId);
    expect(otherTeacher.body.data).toMatchObject({ canReview: true, canReply: true });
    expect(otherTeacher.body.data.reviews).toMatchObject([{ id: review.id, mine: false, deletable: false }]);
    // Root administers every group: a reviewer who may delete any review.
    const byRoot = await listReviews(root, submitId);
    expect(byRoot.body.data.reviews).toMatchObject([{ id: review.id, deletable: true }]);

    // A classmate who sees the shared code: not his to read, write or answer.
    expect((await listReviews(classmate, submitId)).body).toMatchObject({ status: 403, msg: expect.any(String) });
    expect((await addReview(classmate, { submitId, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(403);
    expect((await reply(classmate, review.id, 'me too')).status).toBe(403);
    // A site admin outside the group sees nothing of its submissions; nor does a stranger or a visitor.
    for (const who of [siteAdmin, outsider]) {
      const seen = await listReviews(who, submitId);
      expect([403, 404], JSON.stringify(seen.body)).toContain(seen.status);
      expect((await addReview(who, { submitId, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(seen.status);
      expect((await reply(who, review.id, 'x')).status).toBe(seen.status);
    }
    expect((await call('GET', `/api/submission/reviews?submitId=${submitId}`)).status).toBe(401);
    // The owner may not review his own code.
    const self = await addReview(student, { submitId, fromLine: 1, toLine: 1, content: 'x' });
    expect(self.body).toMatchObject({ status: 403 });
    expect(await reviewCount(submitId)).toBe(1);
  });

  it('a review stays within the lines of the code, with content; a bad one is 400 and changes nothing', async () => {
    const submitId = await submit(student, { pid: groupProblem, gid });
    const zh = (key: MessageKey, vars?: Record<string, string>) => message(key, 'zh-CN', vars);
    const bad: [object, string][] = [
      [{ fromLine: 0, toLine: 1, content: 'x' }, zh('reviewLineInvalid', { field: 'fromLine' })],
      [{ fromLine: 3, toLine: 2, content: 'x' }, zh('reviewLinesReversed')],
      [{ fromLine: 5, toLine: 6, content: 'x' }, zh('reviewLinesOutOfRange', { field: 'toLine', lines: '5' })],
      [{ fromLine: 6, toLine: 6, content: 'x' }, zh('reviewLinesOutOfRange', { field: 'toLine', lines: '5' })],
      [{ fromLine: 'a', toLine: 1, content: 'x' }, 'fromLine'],
      [{ toLine: 1, content: 'x' }, zh('fieldRequired', { field: 'fromLine' })],
      [{ fromLine: 1, toLine: 1, content: '   ' }, zh('contentEmpty')],
      [{ fromLine: 1, toLine: 1, content: 'x'.repeat(10001) }, zh('fieldTooLong', { field: 'content', max: '10000' })],
    ];
    for (const [body, msg] of bad) {
      const res = await addReview(teacher, { submitId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toContain(msg);
    }
    expect(await reviewCount(submitId)).toBe(0);
    expect((await addReview(teacher, { submitId: 99_999_999, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(404);
    // The last line and the whole program are fine.
    expect((await addReview(teacher, { submitId, fromLine: 5, toLine: 5, content: 'end' })).status).toBe(200);
    expect((await addReview(teacher, { submitId, fromLine: 1, toLine: 5, content: 'all' })).status).toBe(200);
    // A final line break starts an empty last line, as the code view numbers it.
    const trailing = await submit(student, { pid: groupProblem, gid }, 'a\r\nb\n');
    expect((await addReview(teacher, { submitId: trailing, fromLine: 3, toLine: 3, content: 'x' })).status).toBe(200);
    expect((await addReview(teacher, { submitId: trailing, fromLine: 4, toLine: 4, content: 'x' })).status).toBe(400);
  });

  it('only its author edits a review; its author or root deletes it, with its replies', async () => {
    const submitId = await submit(student, { pid: groupProblem, gid });
    const made = (await addReview(teacher, { submitId, fromLine: 1, toLine: 1, content: 'first' })).body.data as Review;
    const path = '/api/submission/review';
    for (const who of [teacher2.token, student.token, root]) {
      const res = await call('PUT', path, who, { id: made.id, content: 'changed' });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    expect((await call('PUT', path, teacher.token, { id: made.id, content: ' ' })).status).toBe(400);
    const edited = await call('PUT', path, teacher.token, { id: made.id, content: 'second' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: made.id, content: 'second', fromLine: 1, toLine: 1 });
    expect(Date.parse(edited.body.data.gmtModified)).toBeGreaterThanOrEqual(Date.parse(made.gmtModified));
    expect((await call('PUT', path, teacher.token, { id: 99_999_999, content: 'x' })).status).toBe(404);

    // Another teacher and the owner may not delete it; the id goes as DELETE /api/comment takes it (the body or
    // the query).
    expect((await call('DELETE', path, teacher2.token, { id: made.id })).status).toBe(403);
    expect((await call('DELETE', `${path}?id=${made.id}`, student.token)).status).toBe(403);
    expect(await reviewCount(submitId)).toBe(1);
    expect((await reply(student, made.id, 'ok')).status).toBe(200);
    expect((await call('DELETE', `${path}?id=${made.id}`, teacher.token)).status).toBe(200);
    expect(await reviewCount(submitId)).toBe(0);

    const other = (await addReview(teacher, { submitId, fromLine: 2, toLine: 2, content: 'x' })).body.data as Review;
    expect((await call('DELETE', path, root, { id: other.id })).status).toBe(200);
    expect((await listReviews(student, submitId)).body.data.reviews).toEqual([]);
    expect((await call('DELETE', path, root, { id: other.id })).status).toBe(404);
  });

  it('the owner and the reviewers answer under a review; the review’s author hears of the owner’s answer, the owner of a teacher’s', async () => {
    const submitId = await submit(student, { pid: groupProblem, gid });
    const made = (await addReview(teacher, { submitId, fromLine: 4, toLine: 4, content: 'Read with scanf?' })).body
      .data as Review;
    const teacherBefore = (await messagesOf(teacher.uid)).length;
    const ownerBefore = (await messagesOf(student.uid)).length;

    const answer = await reply(student, made.id, '  Yes, it is *faster*.  ');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      reviewId: made.id,
      uid: student.uid,
      username: student.username,
      byOwner: true,
      content: 'Yes, it is *faster*.',
    });
    const toTeacher = await messagesOf(teacher.uid);
    expect(toTeacher).toHaveLength(teacherBefore + 1);
    expect(toTeacher.at(-1)).toMatchObject({ title: 'mineReviewReplyTitle', content: 'mineReviewReply' });
    expect(toTeacher.at(-1)?.vars.url).toBe(`/group/${gid}/submission-detail/${submitId}`);

    const back = await reply(teacher2, made.id, 'Fine.');
    expect(back.body.data).toMatchObject({ byOwner: false, uid: teacher2.uid });
    expect(await messagesOf(student.uid)).toHaveLength(ownerBefore + 1);
    expect(await messagesOf(teacher.uid)).toHaveLength(teacherBefore + 2);

    expect((await reply(student, made.id, '')).status).toBe(400);
    expect((await reply(student, 99_999_999, 'x')).status).toBe(404);
    const list = await listReviews(student, submitId);
    expect(list.body.data.reviews[0].replies.map((r: { content: string }) => r.content)).toEqual([
      'Yes, it is *faster*.',
      'Fine.',
    ]);
  });

  it("the group's admins list its reviewed submissions, newest activity first, with the owner's unanswered replies", async () => {
    const a = await submit(student, { pid: groupProblem, gid });
    const b = await submit(classmate, { pid: groupProblem, gid });
    const unreviewed = await submit(classmate, { pid: groupProblem, gid });
    const ra = (await addReview(teacher, { submitId: a, fromLine: 1, toLine: 1, content: 'a' })).body.data as Review;
    await addReview(teacher2, { submitId: a, fromLine: 2, toLine: 2, content: 'a2' });
    const rb = (await addReview(teacher, { submitId: b, fromLine: 1, toLine: 1, content: 'b' })).body.data as Review;
    await reply(classmate, rb.id, 'why?');
    t.clock.offsetMs += 1000;
    await reply(student, ra.id, 'one');
    await reply(student, ra.id, 'two');

    const page = async (who: User | string, q = 'currentPage=1&limit=50') =>
      call('GET', `/api/group/reviewed-submissions?gid=${gid}&${q}`, typeof who === 'string' ? who : who.token);
    const listed = await page(teacher);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const rows = listed.body.data.records as { submitId: number }[];
    expect(rows.map((r) => r.submitId)).not.toContain(unreviewed);
    expect(rows.slice(0, 2)).toMatchObject([
      {
        submitId: a,
        username: student.username,
        displayPid: groupProblem,
        title: 'Sum',
        reviewCount: 2,
        unansweredCount: 2,
      },
      { submitId: b, username: classmate.username, reviewCount: 1, unansweredCount: 1 },
    ]);
    expect(listed.body.data.total).toBe(rows.length);
    // A teacher's answer settles the student's questions under that review.
    await reply(teacher, ra.id, 'ok');
    const after = (await page(teacher2)).body.data.records as { submitId: number; unansweredCount: number }[];
    expect(after.find((r) => r.submitId === a)?.unansweredCount).toBe(0);
    const paged = await page(teacher, 'currentPage=2&limit=1');
    expect(paged.body.data).toMatchObject({ current: 2, size: 1, total: rows.length });
    expect(paged.body.data.records).toMatchObject([{ submitId: b }]);
    expect((await page(root)).status).toBe(200);
    expect((await page(student)).status).toBe(403);
    expect([403, 404]).toContain((await page(siteAdmin)).status);
    expect((await page(teacher, 'limit=0')).status).toBe(400);
  });

  it('on a bank submission the site admins review; a user who sees the shared code does not read the reviews', async () => {
    const problem = await createProblem(t, { codeShare: 1 });
    const submitId = await submit(student, { pid: problem.problemId });
    expect((await call('PUT', '/api/submission', student.token, { submitId, share: true })).status).toBe(200);
    expect(
      (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, outsider.token)).body.data.submission.code,
    ).toBe(CODE);
    const made = await addReview(siteAdmin, { submitId, fromLine: 3, toLine: 3, content: 'ok' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await messagesOf(student.uid)).at(-1)?.vars.url).toBe(`/submission-detail/${submitId}`);
    expect((await listReviews(outsider, submitId)).status).toBe(403);
    expect((await addReview(outsider, { submitId, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(403);
    expect((await listReviews(student, submitId)).body.data.reviews).toHaveLength(1);
    // A group's admin is nobody on the bank.
    expect((await addReview(teacher, { submitId, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(403);
  });

  it("a contest's admins review while it runs; its participant reads and answers once it has ended, told then by the sweep, once", async () => {
    const contestAdmin = await userToken('admin');
    const player = await userToken();
    const { id: cid } = await newContest({}, contestAdmin.token);
    await addProblem(cid, 'A', { who: contestAdmin.token });
    const submitId = await submit(player, { pid: 'A', cid });

    const made = await addReview(contestAdmin, { submitId, fromLine: 2, toLine: 2, content: 'Mind the types.' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const reviewId = made.body.data.id as number;
    // A site admin who does not administer the contest sees no participant's code: not a reviewer.
    expect((await addReview(siteAdmin, { submitId, fromLine: 1, toLine: 1, content: 'x' })).status).toBe(403);
    expect((await listReviews(siteAdmin, submitId)).status).toBe(403);

    // While it runs the participant's list is empty, he cannot answer, and his message waits.
    const during = await listReviews(player, submitId);
    expect(during.body.data).toEqual({ reviews: [], canReview: false, canReply: false });
    expect((await reply(player, reviewId, 'hm')).status).toBe(403);
    expect(await messagesOf(player.uid)).toHaveLength(0);
    expect(await t.services.reviews.sweep()).toBe(0);
    const waiting = await t.services.db
      .select()
      .from(submissionReviews)
      .where(and(eq(submissionReviews.id, reviewId), isNull(submissionReviews.notifiedAt)));
    expect(waiting).toHaveLength(1);
    // The contest's admin answers under his review meanwhile: the waiting message will bring the owner there.
    expect((await reply(contestAdmin, reviewId, 'See line 3 too.')).status).toBe(200);
    expect(await messagesOf(player.uid)).toHaveLength(0);

    // Once it has ended: the sweep tells him once, with two instances sweeping at once.
    t.clock.offsetMs += 5 * HOUR;
    try {
      const sent = await Promise.all([t.services.reviews.sweep(), t.services.reviews.sweep()]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await t.services.reviews.sweep()).toBe(0);
      const told = await messagesOf(player.uid);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'mineReviewTitle', content: 'mineReviewLine' });
      expect(told[0].vars).toMatchObject({ url: `/submission-detail/${submitId}`, from: '2' });
      expect(told[0].vars.problem).toMatch(/^A /);

      const after = await listReviews(player, submitId);
      expect(after.body.data).toMatchObject({ canReview: false, canReply: true });
      expect(after.body.data.reviews).toMatchObject([
        { id: reviewId, content: 'Mind the types.', replies: [{ content: 'See line 3 too.', byOwner: false }] },
      ]);
      const adminBefore = (await messagesOf(contestAdmin.uid)).length;
      expect((await reply(player, reviewId, 'Thanks!')).status).toBe(200);
      expect(await messagesOf(contestAdmin.uid)).toHaveLength(adminBefore + 1);
      // A review written after the end is told at once.
      await addReview(contestAdmin, { submitId, fromLine: 1, toLine: 1, content: 'And the include.' });
      expect(await messagesOf(player.uid)).toHaveLength(2);
    } finally {
      t.clock.offsetMs -= 5 * HOUR;
    }
  });

  it('many waiting reviews are each told once when several sweeps run at once', async () => {
    const contestAdmin = await userToken('admin');
    const players = await Promise.all([userToken(), userToken(), userToken()]);
    const { id: cid } = await newContest({ endTime: new Date(nowMs() + HOUR).toISOString() }, contestAdmin.token);
    await addProblem(cid, 'A', { who: contestAdmin.token });
    for (const p of players) {
      const submitId = await submit(p, { pid: 'A', cid });
      for (const line of [1, 2]) {
        const res = await addReview(contestAdmin, { submitId, fromLine: line, toLine: line, content: `line ${line}` });
        expect(res.status).toBe(200);
      }
    }
    t.clock.offsetMs += 2 * HOUR;
    try {
      const sent = await Promise.all([1, 2, 3].map(() => t.services.reviews.sweep()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(6);
      for (const p of players) expect(await messagesOf(p.uid)).toHaveLength(2);
    } finally {
      t.clock.offsetMs -= 2 * HOUR;
    }
  });

  it('two reviewers posting at once both land, and the owner hears of both', async () => {
    const submitId = await submit(student, { pid: groupProblem, gid });
    const before = (await messagesOf(student.uid)).length;
    const [x, y] = await Promise.all([
      addReview(teacher, { submitId, fromLine: 2, toLine: 4, content: 'from teacher' }),
      addReview(teacher2, { submitId, fromLine: 3, toLine: 3, content: 'from teacher2' }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data.id).not.toBe(y.body.data.id);
    const list = (await listReviews(student, submitId)).body.data.reviews as Review[];
    expect(list.map((r) => [r.fromLine, r.username])).toEqual([
      [2, teacher.username],
      [3, teacher2.username],
    ]);
    expect(await messagesOf(student.uid)).toHaveLength(before + 2);
  });
});
