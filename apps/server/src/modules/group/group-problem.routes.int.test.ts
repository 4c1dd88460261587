import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { multipartBody, rawZip } from '../../../test/zip-fixtures.js';
import { groupMembers, mineMessages, problems, submissions, userRecords } from '../../db/schema.js';

const dto = (gid: number | undefined, problem: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  problem: {
    title: 'Sum of two',
    description: 'Add $a+b$.',
    input: 'two numbers',
    output: 'their sum',
    auth: 1,
    type: 0,
    ...(gid ? { gid } : {}),
    ...problem,
  },
  samples: [
    { input: '1 2\n', output: '3\n' },
    { input: '5 5\n', output: '10\n' },
  ],
  isUploadTestCase: false,
  languages: [{ name: 'C++' }],
  tags: [{ name: 'class-only' }],
  codeTemplates: [],
  ...over,
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

describe.each(DB_KINDS)('group problems (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let owner: User;
  let admin: User;
  let admin2: User;
  let member: User;
  let outsider: User;
  let teacher: User;
  let problemAdmin: User;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    owner = await userToken('admin');
    admin = await userToken();
    admin2 = await userToken();
    member = await userToken();
    outsider = await userToken();
    teacher = await userToken('admin');
    problemAdmin = await userToken('problem_admin');
  }, 60_000);
  afterAll(async () => t?.close());

  const newGroup = async () => {
    const res = await call('POST', '/api/group', owner.token, {
      name: unique('Class '),
      shortName: unique('g'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(res.status).toBe(200);
    const g = res.body.data as { id: number; shortName: string };
    await t.services.db.insert(groupMembers).values([
      { gid: g.id, uid: admin.uid, auth: 4 },
      { gid: g.id, uid: admin2.uid, auth: 4 },
      { gid: g.id, uid: member.uid, auth: 3 },
    ]);
    return g;
  };
  const create = async (who: string, gid: number, problem: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/group/problem', who, dto(gid, problem));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { pid: number; problemId: string };
  };

  it('group admins write problems through the admin problem code, prefixed with the short name; members cannot', async () => {
    const g = await newGroup();
    const made = await create(admin.token, g.id, { problemId: '1001' });
    expect(made.problemId).toBe(`${g.shortName}1001`);
    const auto = await create(admin.token, g.id);
    // The short name and the id, with a suffix when a chosen id took that already (here: 1001 may be both).
    expect(auto.problemId).toMatch(new RegExp(`^${g.shortName}${auto.pid}(-\\d+)?$`));
    expect(auto.problemId).not.toBe(made.problemId);
    const [row] = await t.services.db.select().from(problems).where(eq(problems.id, made.pid));
    expect(row).toMatchObject({ isGroup: 1, gid: g.id, author: admin.username });

    for (const who of [member, outsider]) {
      const res = await call('POST', '/api/group/problem', who.token, dto(g.id));
      expect(res.status).toBe(403);
    }
    const taken = await call('POST', '/api/group/problem', admin.token, dto(g.id, { problemId: '1001' }));
    expect([taken.status, taken.body.data.key]).toEqual([400, 'problemIdTaken']);
    const noGroup = await call('POST', '/api/group/problem', admin.token, dto(undefined));
    expect(noGroup.status).toBe(400);

    // Another admin of the group may not edit it; the group's root may; a problem of another group is not edited
    // from this one, nor is its id moved out of the group's prefix.
    const edit = (who: string, problem: Record<string, unknown>) =>
      call('PUT', '/api/group/problem', who, dto(g.id, { id: made.pid, problemId: made.problemId, ...problem }));
    expect((await edit(admin2.token, { title: 'Mine now' })).status).toBe(403);
    expect((await edit(owner.token, { title: 'Sum of two, revised' })).status).toBe(200);
    expect((await edit(root, { title: 'Sum of two, by root' })).status).toBe(200);
    const other = await newGroup();
    expect((await edit(admin.token, { gid: other.id })).status).toBe(403);
    const renamed = await edit(admin.token, { problemId: 'X1001' });
    expect([renamed.status, renamed.body.data.key]).toEqual([400, 'groupProblemIdPrefix']);

    // The admin area's calls follow the same rule: a teacher outside the group gets nothing.
    expect((await call('GET', `/api/admin/problem?pid=${made.pid}`, teacher.token)).status).toBe(403);
    expect((await call('GET', `/api/group/problem?pid=${made.pid}`, admin.token)).body.data.title).toBe(
      'Sum of two, by root',
    );
    expect((await call('GET', `/api/group/problem?pid=${made.pid}`, member.token)).status).toBe(403);
    expect((await call('GET', `/api/group/get-problem-cases?pid=${made.pid}`, admin2.token)).status).toBe(403);
    expect((await call('GET', `/api/group/get-problem-cases?pid=${made.pid}`, admin.token)).body.data).toHaveLength(2);
    // The form's settings by the same rule, from the admin area's call.
    const settings = (who: string) => call('GET', `/api/admin/problem/get-problem-settings?pid=${made.pid}`, who);
    expect((await settings(admin.token)).body.data).toMatchObject({
      languages: ['C++'],
      tags: [{ name: 'class-only' }],
    });
    for (const who of [member, admin2, teacher]) expect((await settings(who.token)).status).toBe(403);

    expect((await call('DELETE', `/api/group/problem?pid=${made.pid}`, admin2.token)).status).toBe(403);
    expect((await call('DELETE', `/api/group/problem?pid=${made.pid}`, admin.token)).status).toBe(200);
    expect((await call('GET', `/api/group/problem?pid=${made.pid}`, admin.token)).status).toBe(404);
  });

  it('members list the open problems with the group counts and their status; the bank never shows them', async () => {
    const g = await newGroup();
    const open = await create(admin.token, g.id, { title: 'Open to the class' });
    const hidden = await create(admin.token, g.id, { title: 'Admins only', auth: 2 });
    const sub = (uid: string, username: string, pid: number, status: number) =>
      t.services.db.insert(submissions).values({
        pid,
        displayPid: String(pid),
        uid,
        username,
        status,
        length: 10,
        code: 'int main(){}',
        language: 'C++',
        gid: g.id,
      });
    await sub(member.uid, member.username, open.pid, S.WRONG_ANSWER);
    await sub(member.uid, member.username, open.pid, S.ACCEPTED);
    await sub(admin.uid, admin.username, open.pid, S.WRONG_ANSWER);

    const list = async (who: string) =>
      (await call('GET', `/api/group/get-problem-list?gid=${g.id}`, who)).body.data as {
        records: { pid: number; ac: number; total: number; myStatus: number; tags: { name: string }[] }[];
        total: number;
      };
    const seen = await list(member.token);
    expect(seen.records.map((r) => r.pid)).toEqual([open.pid]);
    expect(seen.records[0]).toMatchObject({ ac: 1, total: 3, myStatus: S.ACCEPTED, tags: [{ name: 'class-only' }] });
    expect((await list(admin.token)).records.map((r) => r.pid).sort()).toEqual([open.pid, hidden.pid].sort());
    expect((await list(admin.token)).records.find((r) => r.pid === open.pid)?.myStatus).toBe(S.WRONG_ANSWER);
    expect((await call('GET', `/api/group/get-problem-list?gid=${g.id}`, outsider.token)).status).toBe(403);
    const adminList = await call('GET', `/api/group/get-admin-problem-list?gid=${g.id}`, member.token);
    expect(adminList.status).toBe(403);
    expect((await call('GET', `/api/group/get-admin-problem-list?gid=${g.id}`, admin.token)).body.data.total).toBe(2);

    const bank = await call('GET', '/api/get-problem-list?limit=100&keyword=Open%20to%20the%20class', member.token);
    expect(bank.body.data.total).toBe(0);
    // Read by the group's rule only: a stranger to the group is refused, a site teacher too.
    const detail = await call('GET', `/api/get-problem-detail?problemId=${open.problemId}`, outsider.token);
    expect(detail.status).toBe(403);
    expect((await call('GET', `/api/get-problem-detail?problemId=${open.problemId}`, teacher.token)).status).toBe(403);
    const tags = await call('GET', `/api/group/get-all-problem-tags?gid=${g.id}`, member.token);
    expect(tags.body.data.map((x: { name: string }) => x.name)).toEqual(['class-only']);
    const bankTags = (await call('GET', '/api/get-all-problem-tags', member.token)).body.data as { name: string }[];
    expect(bankTags.some((x) => x.name === 'class-only')).toBe(false);
    // The group's auth 1 is its own: a group admin sets it, not the bank's rule for teachers.
    expect((await call('PUT', `/api/group/change-problem-auth?pid=${hidden.pid}&auth=1`, admin.token)).status).toBe(
      200,
    );
    expect((await list(member.token)).total).toBe(2);
  });

  it('a problem goes public by an application a problem admin approves; the author is told', async () => {
    const g = await newGroup();
    const p = await create(admin.token, g.id, { title: 'Worth sharing' });
    const apply = (who: string, isApplied: boolean) =>
      call('PUT', `/api/group/apply-public?pid=${p.pid}&isApplied=${isApplied}`, who);
    expect((await apply(member.token, true)).status).toBe(403);
    expect((await apply(admin.token, true)).status).toBe(200);
    expect((await apply(admin.token, true)).body.data.key).toBe('groupProblemApplyState');
    expect((await apply(admin.token, false)).status).toBe(200);
    expect((await apply(admin.token, true)).status).toBe(200);

    const pending = await call('GET', `/api/admin/group-problem/list?gid=${g.id}`, problemAdmin.token);
    expect(pending.body.data.records).toMatchObject([{ id: p.pid, applyPublicProgress: 1 }]);
    expect((await call('GET', '/api/admin/group-problem/list', teacher.token)).status).toBe(403);
    const approve = await call('PUT', '/api/admin/group-problem/change-progress', problemAdmin.token, {
      pid: p.pid,
      progress: 2,
    });
    expect(approve.status).toBe(200);
    const [row] = await t.services.db.select().from(problems).where(eq(problems.id, p.pid));
    expect(row).toMatchObject({ isGroup: 0, gid: null, auth: 1, applyPublicProgress: 2, problemId: p.problemId });
    expect((await call('GET', `/api/get-problem-detail?problemId=${p.problemId}`, outsider.token)).status).toBe(200);
    const told = await t.services.db.select().from(mineMessages).where(eq(mineMessages.recipientUid, admin.uid));
    expect(told.map((m) => m.content)).toContain('mineGroupProblemPublic');

    const q = await create(admin.token, g.id, { title: 'Not ready' });
    await call('PUT', `/api/group/apply-public?pid=${q.pid}&isApplied=true`, admin.token);
    const refuse = await call('PUT', '/api/admin/group-problem/change-progress', root, { pid: q.pid, progress: 3 });
    expect(refuse.status).toBe(200);
    const [refused] = await t.services.db.select().from(problems).where(eq(problems.id, q.pid));
    expect(refused).toMatchObject({ isGroup: 1, gid: g.id, applyPublicProgress: 3 });
    const again = await call('PUT', '/api/admin/group-problem/change-progress', root, { pid: q.pid, progress: 2 });
    expect([again.status, again.body.data.key]).toEqual([400, 'groupProblemApplyState']);
  });

  it("group admins upload test data with the group's id, checked before the body, and download it; nobody else", async () => {
    const g = await newGroup();
    const zip = rawZip([
      { name: '1.in', data: '1 2\n' },
      { name: '1.out', data: '3\n' },
    ]);
    const upload = async (who: string, query: string, body: Buffer | string = zip) => {
      const mp = typeof body === 'string' ? undefined : multipartBody('file', 'data.zip', body);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/file/upload-testcase-zip${query}`,
        payload: mp ? mp.payload : body,
        headers: {
          authorization: who,
          'content-type': mp ? mp.headers['content-type'] : 'multipart/form-data; boundary=x',
        },
      });
      return { status: res.statusCode, body: res.json() };
    };
    // A member, and a group admin without the group's id, are refused; with a query gid before the (broken) body
    // is read.
    expect((await upload(member.token, `?gid=${g.id}`, 'not a multipart body')).status).toBe(403);
    expect((await upload(admin.token, '')).status).toBe(403);
    const up = await upload(admin.token, `?gid=${g.id}`);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const made = await call(
      'POST',
      '/api/group/problem',
      admin.token,
      dto(g.id, {}, { isUploadTestCase: true, uploadTestcaseDir: up.body.data.fileListDir, samples: [] }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const download = (who: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/file/download-testcase?pid=${made.body.data.pid}`,
        headers: { authorization: who },
      });
    const mine = await download(admin.token);
    expect([mine.statusCode, mine.headers['content-type']]).toEqual([200, 'application/zip']);
    for (const who of [member.token, admin2.token, teacher.token]) expect((await download(who)).statusCode).toBe(403);
    expect((await download(owner.token)).statusCode).toBe(200);
  });

  it("members read and solve the group's problems; the submissions are the group's, never the bank's", async () => {
    const g = await newGroup();
    const p = await create(admin.token, g.id, { title: 'Class exercise' });
    const hidden = await create(admin.token, g.id, { title: 'Draft', auth: 2 });
    const detail = (who: string | undefined, problemId = p.problemId) =>
      call('GET', `/api/get-problem-detail?problemId=${problemId}&gid=${g.id}`, who);
    expect((await detail(member.token)).body.data.problem.title).toBe('Class exercise');
    expect((await detail(outsider.token)).status).toBe(403);
    expect((await detail(teacher.token)).status).toBe(403);
    expect((await detail(undefined)).status).toBe(404);
    expect((await detail(member.token, hidden.problemId)).status).toBe(404);
    expect((await detail(admin2.token, hidden.problemId)).status).toBe(200);

    const submit = (who: string, body: Record<string, unknown> = {}) =>
      call('POST', '/api/submit-problem-judge', who, {
        pid: p.problemId,
        gid: g.id,
        language: 'C++',
        code: 'int main(){}',
        ...body,
      });
    expect((await submit(outsider.token)).status).toBe(403);
    const other = await newGroup();
    expect((await submit(member.token, { gid: other.id })).status).toBe(404);
    const before = await t.services.db.select().from(userRecords).where(eq(userRecords.uid, member.uid));
    const mine = await submit(member.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    await judge.judgeNext({ status: S.ACCEPTED });
    const theirs = await submit(admin.token);
    expect(theirs.status).toBe(200);
    await judge.judgeNext({ status: S.WRONG_ANSWER });
    const [row] = await t.services.db
      .select()
      .from(submissions)
      .where(eq(submissions.submitId, mine.body.data.submitId));
    expect(row).toMatchObject({ gid: g.id, cid: 0, status: S.ACCEPTED });
    const after = await t.services.db.select().from(userRecords).where(eq(userRecords.uid, member.uid));
    expect(after[0]?.ac ?? 0).toBe(before[0]?.ac ?? 0);

    const rank = await call('GET', `/api/get-group-rank-list?gid=${g.id}&type=0`, member.token);
    expect(rank.body.data.records[0]).toMatchObject({ uid: member.uid, ac: 1, total: 1 });

    const list = async (who: string, query = '') =>
      (await call('GET', `/api/get-submission-list?gid=${g.id}&limit=50${query}`, who)).body.data as {
        records: { submitId: number; uid: string }[];
      };
    expect((await list(member.token)).records.map((r) => r.uid)).toEqual([member.uid]);
    expect((await list(owner.token)).records.map((r) => r.uid).sort()).toEqual([admin.uid, member.uid].sort());
    expect((await call('GET', `/api/get-submission-list?gid=${g.id}`, outsider.token)).status).toBe(403);
    const bank = await call('GET', '/api/get-submission-list?limit=100', root);
    const bankIds = (bank.body.data.records as { submitId: number }[]).map((r) => r.submitId);
    expect(bankIds).not.toContain(mine.body.data.submitId);

    const open = (who: string, id: number) => call('GET', `/api/get-submission-detail?submitId=${id}`, who);
    expect((await open(member.token, mine.body.data.submitId)).body.data.submission.code).toBe('int main(){}');
    const peek = await open(member.token, theirs.body.data.submitId);
    expect([peek.status, peek.body.data.submission.code]).toEqual([200, null]);
    expect((await open(owner.token, mine.body.data.submitId)).body.data.submission.code).toBe('int main(){}');
    expect((await open(outsider.token, mine.body.data.submitId)).status).toBe(403);
    expect((await open(teacher.token, mine.body.data.submitId)).status).toBe(403);

    // Disbanding takes the group's problems and their submissions with it.
    expect((await call('DELETE', `/api/group?gid=${g.id}`, owner.token)).status).toBe(200);
    expect(await t.services.db.select().from(problems).where(eq(problems.id, p.pid))).toEqual([]);
    expect(await t.services.db.select().from(submissions).where(eq(submissions.pid, p.pid))).toEqual([]);
  });
});
