import { JUDGE_STATUS, message } from '@oj/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { COMPILE_ERROR_TEXT, createFakeJudge, createProblem } from '../../../test/judge-helpers.js';

describe.each(DB_KINDS)('submitting and submissions on %s', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let alice: { uid: string; token: string };
  let bob: { uid: string; token: string };
  let rootToken: string;
  let adminToken: string;
  const bodies: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
    bodies.push(res.body);
    return res;
  };
  const student = async (role: 'user' | 'no_subimit_no_discuss_user' | 'admin' = 'user') => {
    const u = await createUser(t, role);
    return { uid: u.uid, username: u.username, token: (await login(t, u.username, u.password)).token as string };
  };
  const submit = (token: string, pid: string | number, code = 'int main(){}', language = 'C++') =>
    call('POST', '/api/submit-problem-judge', token, { pid, language, code });

  beforeAll(async () => {
    t = await createTestApp(kind);
    judge = createFakeJudge(t);
    await judge.announce();
    alice = await student();
    bob = await student();
    rootToken = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    adminToken = (await student('admin')).token;
  });
  beforeEach(async () => {
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    await judge.drain();
  });
  afterAll(async () => {
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|scrypt\$|CHECKER-SECRET/);
    await t?.close();
  });

  it('submits, judges through the protocol and shows the verdict in detail, list and status check', async () => {
    const p = await createProblem(t);
    const res = await submit(alice.token, p.problemId);
    expect(res.statusCode).toBe(200);
    const sub = res.json().data;
    expect(sub).toMatchObject({
      status: JUDGE_STATUS.PENDING,
      uid: alice.uid,
      displayPid: p.problemId,
      language: 'C++',
    });
    expect(typeof sub.submitId).toBe('number');
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });

    const detail = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, alice.token)).json().data;
    expect(detail.submission).toMatchObject({ status: 0, code: 'int main(){}', time: 10, memory: 2048 });
    expect(detail.codeShare).toBe(true);

    const list = (await call('GET', '/api/get-submission-list?currentPage=1&limit=15', alice.token)).json().data;
    expect(list.records.map((r: { submitId: number }) => r.submitId)).toContain(sub.submitId);
    expect(list.records[0].code).toBeNull();

    const check = await call('POST', '/api/check-submissions-status', alice.token, { submitIds: [sub.submitId] });
    expect(check.json().data[sub.submitId].status).toBe(0);

    const status = await call('POST', '/api/get-user-problem-status', alice.token, { pidList: [p.id, 999999] });
    expect(status.json().data).toEqual({
      [p.id]: { status: 0, score: null },
      999999: { status: JUDGE_STATUS.NOT_SUBMITTED, score: null },
    });
    const last = await call('GET', `/api/get-last-ac-code?pid=${p.id}`, alice.token);
    expect(last.json().data).toEqual({ code: 'int main(){}', language: 'C++' });
    const noAc = await call('GET', `/api/get-last-ac-code?pid=${p.id}`, bob.token);
    expect(noAc.statusCode).toBe(400);
    expect(noAc.json().data.key).toBe('noAcceptedCode');
  });

  it('validates code, language, login, permission, the judge switch and the submit interval', async () => {
    const p = await createProblem(t, {}, { languages: ['C++', 'Java'] });
    const key = async (res: Awaited<ReturnType<typeof call>>) => [res.statusCode, res.json().data?.key];
    expect(await key(await submit(alice.token, p.problemId, '   \n'))).toEqual([400, 'codeEmpty']);
    expect(await key(await submit(alice.token, p.problemId, 'x'.repeat(65536)))).toEqual([400, 'codeTooLong']);
    expect((await submit(alice.token, p.problemId, 'x'.repeat(65535))).statusCode).toBe(200);
    expect(await key(await submit(alice.token, p.problemId, 'x', 'Python3'))).toEqual([400, 'languageNotAllowed']);
    expect(await key(await submit(alice.token, p.problemId, 'x', 'Java'))).toEqual([400, 'languageNotOffered']);
    expect(await key(await submit(alice.token, 'NO-SUCH-PROBLEM'))).toEqual([404, 'notFound']);
    expect(
      (await call('POST', '/api/submit-problem-judge', undefined, { pid: p.problemId, language: 'C++', code: 'x' }))
        .statusCode,
    ).toBe(401);
    const banned = await student('no_subimit_no_discuss_user');
    expect(await key(await submit(banned.token, p.problemId))).toEqual([403, 'forbidden']);

    await t.services.site.updateSwitches({ openPublicJudge: false });
    expect(await key(await submit(alice.token, p.problemId))).toEqual([403, 'areaClosed']);
    await t.services.site.updateSwitches({ openPublicJudge: true, defaultSubmitInterval: 8 });
    const fresh = await student();
    expect((await submit(fresh.token, p.problemId)).statusCode).toBe(200);
    expect(await key(await submit(fresh.token, p.problemId))).toEqual([429, 'submitTooFrequent']);
    t.clock.offsetMs += 9000;
    expect((await submit(fresh.token, p.problemId)).statusCode).toBe(200);
  });

  it('keeps private problems and test runs of others away', async () => {
    const hidden = await createProblem(t, { auth: 2 });
    expect((await submit(alice.token, hidden.problemId)).statusCode).toBe(404);
    expect((await call('GET', `/api/get-problem-detail?problemId=${hidden.problemId}`, alice.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/get-problem-detail?problemId=${hidden.problemId}`, rootToken)).statusCode).toBe(
      200,
    );
  });

  it('test-runs with custom input and polls the result; input is limited to 1000 characters', async () => {
    // Test-run times come from the database clock: keep the services' clock on it.
    t.clock.offsetMs = 0;
    const p = await createProblem(t);
    const body = { pid: p.id, type: 'public', language: 'C++', code: 'int main(){}', userInput: '1 2' };
    const tooLong = await call('POST', '/api/submit-problem-test-judge', alice.token, {
      ...body,
      userInput: 'x'.repeat(1001),
    });
    expect([tooLong.statusCode, tooLong.json().data.key]).toEqual([400, 'testInputTooLong']);
    const empty = await call('POST', '/api/submit-problem-test-judge', alice.token, { ...body, code: ' ' });
    expect(empty.json().data.key).toBe('codeEmpty');
    const res = await call('POST', '/api/submit-problem-test-judge', alice.token, body);
    expect(res.statusCode).toBe(200);
    const testJudgeKey = res.json().data as string;
    const pending = await call('GET', `/api/get-test-judge-result?testJudgeKey=${testJudgeKey}`, alice.token);
    expect(pending.json().data).toMatchObject({
      status: JUDGE_STATUS.PENDING,
      userInput: '1 2',
      problemJudgeMode: 'default',
    });
    expect((await call('GET', `/api/get-test-judge-result?testJudgeKey=${testJudgeKey}`, bob.token)).statusCode).toBe(
      404,
    );
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
    const done = await call('GET', `/api/get-test-judge-result?testJudgeKey=${testJudgeKey}`, alice.token);
    expect(done.json().data).toMatchObject({ status: 0, userOutput: '3\n', time: 5 });
    expect(done.json().data.diagnostics).toEqual([]);
    // A compile error's messages, read from its text (decision 0053).
    const broken = await call('POST', '/api/submit-problem-test-judge', alice.token, { ...body, code: 'int main(){' });
    await judge.judgeNext({ status: JUDGE_STATUS.COMPILE_ERROR });
    const ce = await call('GET', `/api/get-test-judge-result?testJudgeKey=${broken.json().data}`, alice.token);
    expect(ce.json().data).toMatchObject({
      status: JUDGE_STATUS.COMPILE_ERROR,
      stderr: COMPILE_ERROR_TEXT,
      diagnostics: [{ file: 'main.cpp', line: 1, column: 0, severity: 'error', message: 'expected ;' }],
    });
    await t.services.site.updateSwitches({ defaultSubmitInterval: 8 });
    const again = await call('POST', '/api/submit-problem-test-judge', alice.token, body);
    expect([again.statusCode, again.json().data.key]).toEqual([429, 'submitTooFrequent']);
  });

  it('hides code, error text and case data by the visibility rules; sharing opens the code', async () => {
    const p = await createProblem(t);
    const sub = (await submit(alice.token, p.problemId, 'secret code')).json().data;
    await judge.judgeNext({ status: JUDGE_STATUS.RUNTIME_ERROR });
    const asBob = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, bob.token)).json().data;
    expect(asBob.submission.code).toBeNull();
    expect(asBob.submission.errorMessage).not.toBe('SIGSEGV');
    expect((await call('GET', `/api/get-all-case-result?submitId=${sub.submitId}`, bob.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/download-by-submit-id?submitId=${sub.submitId}`, bob.token)).statusCode).toBe(403);
    const bobList = (await call('GET', '/api/get-submission-list', bob.token)).json().data;
    expect(bobList.records.some((r: { uid: string }) => r.uid === alice.uid)).toBe(false);
    expect((await call('GET', '/api/get-submission-list')).json().data.total).toBe(0);

    const own = await call('GET', `/api/get-all-case-result?submitId=${sub.submitId}`, alice.token);
    expect(own.json().data.judgeCaseList[0]).toMatchObject({ status: 3, inputData: null, outputData: null });
    const asAdmin = await call('GET', `/api/get-all-case-result?submitId=${sub.submitId}`, adminToken);
    expect(asAdmin.json().data.judgeCaseList[0].inputData).toBe('1.in');
    const adminDetail = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, adminToken)).json()
      .data;
    expect(adminDetail.submission.code).toBe('secret code');
    const adminList = (
      await call('GET', `/api/get-submission-list?username=${encodeURIComponent(alice.uid)}`, adminToken)
    ).json().data;
    expect(adminList.total).toBe(0);

    // Share: owner only, then visible to all.
    expect((await call('PUT', '/api/submission', bob.token, { submitId: sub.submitId, share: true })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', '/api/submission', alice.token, { submitId: sub.submitId, share: true })).statusCode,
    ).toBe(200);
    const shared = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, bob.token)).json().data;
    expect(shared.submission).toMatchObject({ code: 'secret code', share: true });
    const file = await call('GET', `/api/download-by-submit-id?submitId=${sub.submitId}`, bob.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${sub.submitId}.cpp`);
    expect(file.body).toBe('secret code');

    // The hide switch replaces code for everyone but root.
    await t.services.site.updateSwitches({ hideNonContestSubmissionCode: true });
    const hiddenOwn = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, alice.token)).json()
      .data;
    expect(hiddenOwn.submission.code).not.toBe('secret code');
    const rootView = (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, rootToken)).json().data;
    expect(rootView.submission.code).toBe('secret code');
    await t.services.site.updateSwitches({ hideNonContestSubmissionCode: false });

    // Sharing is refused when the problem does not allow it; closed case results are null for students.
    const closed = await createProblem(t, { codeShare: 0, openCaseResult: 0 });
    const sub2 = (await submit(alice.token, closed.problemId)).json().data;
    await judge.judgeNext({ status: JUDGE_STATUS.COMPILE_ERROR });
    const refused = await call('PUT', '/api/submission', alice.token, { submitId: sub2.submitId, share: true });
    expect([refused.statusCode, refused.json().data.key]).toEqual([400, 'shareNotAllowed']);
    expect(
      (await call('GET', `/api/get-all-case-result?submitId=${sub2.submitId}`, alice.token)).json().data,
    ).toBeNull();
    // Compile error text quotes the source: it goes with the code, to its owner and not to others.
    const ce = (await call('GET', `/api/get-submission-detail?submitId=${sub2.submitId}`, bob.token)).json().data;
    expect(ce.submission.errorMessage).toBeNull();
    const ownCe = (await call('GET', `/api/get-submission-detail?submitId=${sub2.submitId}`, alice.token)).json().data;
    expect(ownCe.submission.errorMessage).toContain('expected ;');
    // Its messages, read into places (decision 0053), go where the text goes.
    expect(ownCe.diagnostics).toEqual([
      { file: 'main.cpp', line: 1, column: 0, severity: 'error', message: 'expected ;' },
    ]);
    expect(ce.diagnostics).toEqual([]);
    const adminCe = (await call('GET', `/api/get-submission-detail?submitId=${sub2.submitId}`, adminToken)).json();
    expect(adminCe.data.diagnostics).toHaveLength(1);
    // A verdict other than Compile Error has none, even with an error text.
    expect(
      (await call('GET', `/api/get-submission-detail?submitId=${sub.submitId}`, alice.token)).json().data.diagnostics,
    ).toEqual([]);
  });

  it('groups case results by subtask for subtask modes', async () => {
    const p = await createProblem(
      t,
      { type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 100 },
      {
        cases: [
          { score: 30, groupNum: 1 },
          { score: 30, groupNum: 1 },
          { score: 40, groupNum: 2 },
        ],
      },
    );
    const sub = (await submit(alice.token, p.problemId)).json().data;
    await judge.judgeNext({ status: 8, score: 40, oiRankScore: 4, caseStatuses: [0, -1, 0] });
    const res = (await call('GET', `/api/get-all-case-result?submitId=${sub.submitId}`, alice.token)).json().data;
    expect(res.judgeCaseMode).toBe('subtask_lowest');
    expect(res.judgeCaseList).toBeNull();
    expect(
      res.subTaskJudgeCaseVoList.map(
        (g: { groupNum: number; score: number; status: number; ac: number; total: number }) => [
          g.groupNum,
          g.score,
          g.status,
          g.ac,
          g.total,
        ],
      ),
    ).toEqual([
      [1, 0, -1, 1, 2],
      [2, 40, 0, 1, 1],
    ]);
  });

  it('rejudge is for root only; manual judge and cancel follow the admin rules and beat late reports', async () => {
    const p = await createProblem(t, { type: 1, ioScore: 100, difficulty: 1 });
    const sub = (await submit(alice.token, p.problemId)).json().data;
    const task = await judge.judgeNext({ status: 0, score: 100, oiRankScore: 12 });
    expect(task.kind).toBe('judge');
    const url = `/api/admin/judge/rejudge?submitId=${sub.submitId}`;
    expect((await call('GET', url, alice.token)).statusCode).toBe(403);
    expect((await call('GET', url, adminToken)).statusCode).toBe(403);
    const re = await call('GET', url, rootToken);
    expect(re.json().data).toMatchObject({ status: JUDGE_STATUS.PENDING, version: 1 });

    // Pending: admin may not settle it by hand; root may.
    const manual = `/api/admin/judge/manual-judge?submitId=${sub.submitId}&status=0&score=100`;
    expect((await call('GET', manual, alice.token)).statusCode).toBe(403);
    const adminTry = await call('GET', manual, adminToken);
    expect([adminTry.statusCode, adminTry.json().data.key]).toEqual([403, 'manualJudgeNotAllowed']);
    const cancelledStatus = await call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${sub.submitId}&status=-4`,
      rootToken,
    );
    expect(cancelledStatus.json().data.key).toBe('manualJudgeCancelled');
    const byRoot = await call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${sub.submitId}&status=8&score=150`,
      rootToken,
    );
    expect(byRoot.json().data).toMatchObject({
      status: 8,
      score: 100,
      oiRankScore: 12,
      isManual: true,
      judger: 'root',
      version: 2,
    });

    // The judge that claimed the rejudge can no longer report over the manual verdict.
    const claimed = await judge.claim();
    expect(claimed).toBeNull();

    // Compiling: admin may cancel; cancelling twice is refused.
    const sub2 = (await submit(bob.token, p.problemId)).json().data;
    await judge.claim();
    const cancel = await call('GET', `/api/admin/judge/cancel-judge?submitId=${sub2.submitId}`, adminToken);
    expect(cancel.json().data).toMatchObject({ status: JUDGE_STATUS.CANCELLED, isManual: true });
    const twice = await call('GET', `/api/admin/judge/cancel-judge?submitId=${sub2.submitId}`, rootToken);
    expect(twice.json().data.key).toBe('alreadyCancelled');
    expect((await call('GET', `/api/admin/judge/cancel-judge?submitId=${sub2.submitId}`, alice.token)).statusCode).toBe(
      403,
    );

    // Resubmit is only for Submitted Failed.
    const resub = await call('GET', `/api/resubmit?submitId=${sub2.submitId}`, bob.token);
    expect([resub.statusCode, resub.json().data.key]).toEqual([400, 'resubmitNotAllowed']);
    expect((await call('GET', `/api/resubmit?submitId=${sub2.submitId}`, alice.token)).statusCode).toBe(403);
  });

  it("manual judge and cancel: only the submission's admins act, and the answer shows what the caller may see", async () => {
    const CODE = 'int main(){/* contest secret */}';
    const account = async (role: 'admin' | 'problem_admin') => {
      const u = await createUser(t, role);
      return (await login(t, u.username, u.password)).token as string;
    };
    const teacher = await account('admin');
    const problemAdmin = await account('problem_admin');
    const now = Date.now() + t.clock.offsetMs;
    const contest = await call('POST', '/api/admin/contest', teacher, {
      title: 'Teacher cup',
      description: 'rules',
      type: 0,
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
      openRank: true,
    });
    expect(contest.statusCode).toBe(200);
    const cid = contest.json().data.id as number;
    const p = await createProblem(t);
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', teacher, {
      cid,
      pid: p.id,
      displayId: 'A',
    });
    expect(added.statusCode).toBe(200);
    const contestSubmit = async () => {
      const res = await call('POST', '/api/submit-problem-judge', alice.token, {
        pid: 'A',
        cid,
        language: 'C++',
        code: CODE,
      });
      expect(res.statusCode).toBe(200);
      await judge.claim();
      return res.json().data.submitId as number;
    };
    const statusOf = async (submitId: number) =>
      (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, rootToken)).json().data.submission.status;

    // A problem admin who only takes part in the contest may neither settle its submissions nor read them.
    const stuck = await contestSubmit();
    expect(await statusOf(stuck)).toBe(JUDGE_STATUS.COMPILING);
    for (const url of [
      `/api/admin/judge/manual-judge?submitId=${stuck}&status=0`,
      `/api/admin/judge/cancel-judge?submitId=${stuck}`,
    ]) {
      const refused = await call('GET', url, problemAdmin);
      expect([refused.statusCode, refused.json().data.key]).toEqual([403, 'manualJudgeNotAdmin']);
      expect(refused.body).not.toContain('contest secret');
    }
    expect(await statusOf(stuck)).toBe(JUDGE_STATUS.COMPILING);

    // The contest's creator settles it and reads it, by the contest's names, as its detail shows them.
    const byTeacher = await call('GET', `/api/admin/judge/cancel-judge?submitId=${stuck}`, teacher);
    expect(byTeacher.statusCode).toBe(200);
    expect(byTeacher.json().data).toMatchObject({ status: JUDGE_STATUS.CANCELLED, code: CODE, displayPid: 'A' });

    // Root: at any time, and the whole answer (code and IP).
    const later = await contestSubmit();
    const byRoot = await call('GET', `/api/admin/judge/manual-judge?submitId=${later}&status=-1`, rootToken);
    expect(byRoot.json().data).toMatchObject({ status: -1, code: CODE, isManual: true, judger: 'root' });
    expect(byRoot.json().data.ip).toEqual(expect.any(String));

    // A bank submission: any admin role settles it, and with the hide switch on reads what the detail shows them
    // (the code hidden), while root reads the code.
    await t.services.site.updateSwitches({ hideNonContestSubmissionCode: true });
    try {
      const bank = (await submit(alice.token, p.problemId, CODE)).json().data.submitId as number;
      await judge.claim();
      const hidden = await call('GET', `/api/admin/judge/cancel-judge?submitId=${bank}`, problemAdmin);
      expect(hidden.json().data).toMatchObject({
        status: JUDGE_STATUS.CANCELLED,
        code: message('codeHidden', 'zh-CN'),
      });
      const bank2 = (await submit(alice.token, p.problemId, CODE)).json().data.submitId as number;
      await judge.claim();
      const whole = await call('GET', `/api/admin/judge/manual-judge?submitId=${bank2}&status=-1`, rootToken);
      expect(whole.json().data).toMatchObject({ status: -1, code: CODE });
    } finally {
      await t.services.site.updateSwitches({ hideNonContestSubmissionCode: false });
    }
  });

  it("rejudge, manual judge, cancel and both status checks name a contest's submission by the contest's letter", async () => {
    const now = Date.now() + t.clock.offsetMs;
    const contest = await call('POST', '/api/admin/contest', rootToken, {
      title: 'Letter cup',
      description: 'rules',
      type: 0,
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
      openRank: true,
    });
    expect(contest.statusCode).toBe(200);
    const cid = contest.json().data.id as number;
    const p = await createProblem(t, { title: 'Bank title' });
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', rootToken, {
      cid,
      pid: p.id,
      displayId: 'A',
      displayTitle: 'Warm-up',
    });
    expect(added.statusCode).toBe(200);
    const sent = await call('POST', '/api/submit-problem-judge', alice.token, {
      pid: 'A',
      cid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(sent.statusCode).toBe(200);
    const submitId = sent.json().data.submitId as number;
    await judge.claim();
    const asContest = { displayPid: 'A', displayId: 'A', title: 'Warm-up' };
    const named = (data: { displayPid: string; displayId: string; title: string }) => ({
      displayPid: data.displayPid,
      displayId: data.displayId,
      title: data.title,
    });

    // Root's rejudge answers the whole submission (the code too), named as the contest's list names it.
    const re = await call('GET', `/api/admin/judge/rejudge?submitId=${submitId}`, rootToken);
    expect(re.statusCode).toBe(200);
    expect(re.json().data).toMatchObject({ submitId, status: JUDGE_STATUS.PENDING, code: 'int main(){}', cid });
    expect(named(re.json().data)).toEqual(asContest);
    expect(re.body).not.toContain(p.problemId);

    // The polling that follows, of the contest page and of any list, and the owner's own check.
    for (const [url, token, body] of [
      ['/api/check-contest-submissions-status', rootToken, { submitIds: [submitId], cid }],
      ['/api/check-submissions-status', rootToken, { submitIds: [submitId] }],
      ['/api/check-contest-submissions-status', alice.token, { submitIds: [submitId], cid }],
    ] as const) {
      const polled = await call('POST', url, token, body);
      expect(polled.statusCode).toBe(200);
      expect(named(polled.json().data[submitId])).toEqual(asContest);
    }

    // The manual judge and the cancel that settle it.
    const manual = await call('GET', `/api/admin/judge/manual-judge?submitId=${submitId}&status=0`, rootToken);
    expect(manual.json().data).toMatchObject({ status: JUDGE_STATUS.ACCEPTED, isManual: true });
    expect(named(manual.json().data)).toEqual(asContest);
    const cancel = await call('GET', `/api/admin/judge/cancel-judge?submitId=${submitId}`, rootToken);
    expect(cancel.json().data).toMatchObject({ status: JUDGE_STATUS.CANCELLED });
    expect(named(cancel.json().data)).toEqual(asContest);

    // A bank submission keeps the bank's names.
    const bank = (await submit(alice.token, p.problemId)).json().data.submitId as number;
    await judge.claim();
    const bankRe = await call('GET', `/api/admin/judge/rejudge?submitId=${bank}`, rootToken);
    expect(named(bankRe.json().data)).toEqual({ displayPid: p.problemId, displayId: p.problemId, title: 'Bank title' });
  });

  it('validates list parameters: empty means absent, limit capped, booleans as text', async () => {
    const ok = await call('GET', '/api/get-submission-list?onlyMine=&status=&problemID=&limit=', alice.token);
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/get-submission-list?limit=101', alice.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/get-submission-list?onlyMine=yes', alice.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/get-submission-list?onlyMine=maybe', alice.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/get-submission-detail?submitId=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/get-submission-detail')).json().data.key).toBe('fieldRequired');
    expect((await call('GET', '/api/get-submission-detail?submitId=987654')).statusCode).toBe(404);
  });
});
