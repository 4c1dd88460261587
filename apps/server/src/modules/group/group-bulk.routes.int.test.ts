import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { groupMembers, mineMessages } from '../../db/schema.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/** Bulk member actions and the free display id of a new group problem (decision 0041). */
describe.each(DB_KINDS)('group bulk member actions (%s)', (kind) => {
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

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    // Teachers here are ordinary users: any user may create a group.
    await t.services.site.updateSwitches({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 0,
      defaultCreateGroupLimit: 0,
    });
    owner = await userToken();
    admin = await userToken();
    admin2 = await userToken();
    member = await userToken();
    outsider = await userToken();
  }, 60_000);
  afterAll(async () => t?.close());

  /** A protected group of `owner` with `admin` and `admin2` at level 4 and `member` at 3, plus `extra` rows. */
  const newGroup = async (extra: { uid: string; auth: number }[] = []) => {
    const res = await call('POST', '/api/group', owner.token, {
      name: unique('Class '),
      shortName: unique('c'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 2,
      code: 'abc123',
      visible: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gid = res.body.data.id as number;
    await t.services.db
      .insert(groupMembers)
      .values([
        { gid, uid: admin.uid, auth: 4 },
        { gid, uid: admin2.uid, auth: 4 },
        { gid, uid: member.uid, auth: 3 },
        ...extra.map((e) => ({ gid, ...e })),
      ]);
    return { gid, shortName: res.body.data.shortName as string };
  };
  const levels = async (gid: number, uids: string[]) => {
    const rows = await t.services.db
      .select({ uid: groupMembers.uid, auth: groupMembers.auth })
      .from(groupMembers)
      .where(and(eq(groupMembers.gid, gid), inArray(groupMembers.uid, uids)));
    return Object.fromEntries(uids.map((uid) => [uid, rows.find((r) => r.uid === uid)?.auth ?? 0]));
  };
  const rowCount = async (gid: number) =>
    (await t.services.db.select().from(groupMembers).where(eq(groupMembers.gid, gid))).length;
  const told = async (uid: string) =>
    (await t.services.db.select().from(mineMessages).where(eq(mineMessages.recipientUid, uid))).map((m) => m.content);

  it('adds pasted usernames one by one: added, approved, already a member, no such user', async () => {
    const [u1, u2, applicant, refused] = [await userToken(), await userToken(), await userToken(), await userToken()];
    const { gid } = await newGroup([
      { uid: applicant.uid, auth: 1 },
      { uid: refused.uid, auth: 2 },
    ]);
    const res = await call('POST', '/api/group/add-members', admin.token, {
      gid,
      usernames: [
        `  ${u1.username} `,
        u2.username.toUpperCase(),
        '',
        '   ',
        'nobody_by_that_name',
        applicant.username,
        refused.username,
        member.username,
        admin.username,
        u1.username.toUpperCase(),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results).toEqual([
      { username: u1.username, outcome: 'added' },
      { username: u2.username.toUpperCase(), outcome: 'added' },
      { username: 'nobody_by_that_name', outcome: 'noSuchUser' },
      { username: applicant.username, outcome: 'approved' },
      { username: refused.username, outcome: 'approved' },
      { username: member.username, outcome: 'alreadyMember' },
      { username: admin.username, outcome: 'alreadyMember' },
    ]);
    expect(await levels(gid, [u1.uid, u2.uid, applicant.uid, refused.uid, member.uid, admin.uid])).toEqual({
      [u1.uid]: 3,
      [u2.uid]: 3,
      [applicant.uid]: 3,
      [refused.uid]: 3,
      [member.uid]: 3,
      [admin.uid]: 4,
    });
    // Each user who became a member is told, once; the others are not.
    expect(await told(u1.uid)).toEqual(['mineGroupAdded']);
    expect(await told(applicant.uid)).toEqual(['mineGroupAdded']);
    expect(await told(member.uid)).toEqual([]);
    // They are members at once: the member list shows them.
    const list = await call('GET', `/api/group/get-member-list?gid=${gid}&limit=50`, admin.token);
    const names = list.body.data.records.map((r: { username: string }) => r.username);
    expect(names).toEqual(expect.arrayContaining([u1.username, u2.username, applicant.username]));
    expect(list.body.data.total).toBe(8);
  });

  it('refuses members, outsiders and visitors with nothing changed, and bad input with a clear 400', async () => {
    const u = await userToken();
    const { gid } = await newGroup();
    const before = await rowCount(gid);
    for (const who of [member.token, outsider.token]) {
      const res = await call('POST', '/api/group/add-members', who, { gid, usernames: [u.username] });
      expect(res.status).toBe(403);
      const answer = await call('PUT', '/api/group/members', who, { gid, uids: [u.uid], auth: 3 });
      expect(answer.status).toBe(403);
      const removal = await call('DELETE', `/api/group/members?gid=${gid}&uids=${member.uid}`, who);
      expect(removal.status).toBe(403);
    }
    expect((await call('POST', '/api/group/add-members', undefined, { gid, usernames: [u.username] })).status).toBe(
      401,
    );
    const bad: [string, 'POST' | 'PUT' | 'DELETE', string, object | undefined, string][] = [
      [
        'too many names',
        'POST',
        '/api/group/add-members',
        { gid, usernames: [u.username, ...Array.from({ length: 500 }, (_, i) => `x${i}`)] },
        'groupBulkTooMany',
      ],
      ['only blanks', 'POST', '/api/group/add-members', { gid, usernames: ['', '  '] }, 'fieldRequired'],
      ['not a list', 'POST', '/api/group/add-members', { gid, usernames: u.username }, 'fieldInvalid'],
      ['no group', 'POST', '/api/group/add-members', { usernames: [u.username] }, 'fieldRequired'],
      ['level 4 in bulk', 'PUT', '/api/group/members', { gid, uids: [member.uid], auth: 4 }, 'groupBulkAuth'],
      ['no uids', 'PUT', '/api/group/members', { gid, uids: [], auth: 3 }, 'fieldRequired'],
      [
        'too many uids',
        'PUT',
        '/api/group/members',
        { gid, uids: Array.from({ length: 501 }, (_, i) => `u${i}`), auth: 3 },
        'groupBulkTooMany',
      ],
      ['no uids to remove', 'DELETE', `/api/group/members?gid=${gid}&uids=`, undefined, 'fieldRequired'],
    ];
    for (const [label, method, url, payload, key] of bad) {
      const res = await call(method, url, admin.token, payload);
      expect([res.status, res.body.data.key], label).toEqual([400, key]);
    }
    expect(await rowCount(gid)).toBe(before);
    expect(await levels(gid, [u.uid, member.uid])).toEqual({ [u.uid]: 0, [member.uid]: 3 });
  });

  it('approves and refuses applications in bulk; what is not an application is said so', async () => {
    const [p1, p2, p3, refused] = [await userToken(), await userToken(), await userToken(), await userToken()];
    const { gid } = await newGroup([
      { uid: p1.uid, auth: 1 },
      { uid: p2.uid, auth: 1 },
      { uid: p3.uid, auth: 1 },
      { uid: refused.uid, auth: 2 },
    ]);
    const approve = await call('PUT', '/api/group/members', admin.token, {
      gid,
      uids: [p1.uid, p2.uid, member.uid, outsider.uid, p1.uid],
      auth: 3,
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body.data.results).toEqual([
      { uid: p1.uid, outcome: 'approved' },
      { uid: p2.uid, outcome: 'approved' },
      { uid: member.uid, outcome: 'notApplying' },
      { uid: outsider.uid, outcome: 'notApplying' },
    ]);
    expect(await told(p1.uid)).toEqual(['mineGroupAccepted']);
    // Refusing: only an applicant; a refused user or a member is not applying.
    const refuse = await call('PUT', '/api/group/members', admin.token, {
      gid,
      uids: [p3.uid, refused.uid, p1.uid],
      auth: '2',
    });
    expect(refuse.body.data.results).toEqual([
      { uid: p3.uid, outcome: 'refused' },
      { uid: refused.uid, outcome: 'notApplying' },
      { uid: p1.uid, outcome: 'notApplying' },
    ]);
    expect(await levels(gid, [p1.uid, p2.uid, p3.uid, refused.uid, member.uid])).toEqual({
      [p1.uid]: 3,
      [p2.uid]: 3,
      [p3.uid]: 2,
      [refused.uid]: 2,
      [member.uid]: 3,
    });
    expect(await told(p3.uid)).toEqual(['mineGroupRefused']);
    // A refused user can be approved later, as with the single call.
    const later = await call('PUT', '/api/group/members', admin.token, { gid, uids: [refused.uid], auth: 3 });
    expect(later.body.data.results).toEqual([{ uid: refused.uid, outcome: 'approved' }]);
  });

  it("removes several members at once; the single remove's rules are each user's outcome", async () => {
    const [m1, m2, applicant] = [await userToken(), await userToken(), await userToken()];
    const { gid } = await newGroup([
      { uid: m1.uid, auth: 3 },
      { uid: m2.uid, auth: 3 },
      { uid: applicant.uid, auth: 1 },
    ]);
    // As the web client sends a DELETE: the uids in the query string, comma-separated.
    const uids = [owner.uid, admin.uid, admin2.uid, m1.uid, m2.uid, outsider.uid].join(',');
    const res = await call('DELETE', `/api/group/members?gid=${gid}&uids=${uids}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results).toEqual([
      { uid: owner.uid, outcome: 'owner' },
      { uid: admin.uid, outcome: 'self' },
      { uid: admin2.uid, outcome: 'levelTooHigh' },
      { uid: m1.uid, outcome: 'removed' },
      { uid: m2.uid, outcome: 'removed' },
      { uid: outsider.uid, outcome: 'notMember' },
    ]);
    expect(await levels(gid, [owner.uid, admin.uid, admin2.uid, m1.uid, m2.uid])).toEqual({
      [owner.uid]: 5,
      [admin.uid]: 4,
      [admin2.uid]: 4,
      [m1.uid]: 0,
      [m2.uid]: 0,
    });
    expect(await told(m1.uid)).toEqual(['mineGroupRemoved']);
    // The owner manages every row but its own; a JSON body works as well.
    const byOwner = await call('DELETE', '/api/group/members', owner.token, {
      gid,
      uids: [admin2.uid, applicant.uid, owner.uid],
    });
    expect(byOwner.body.data.results).toEqual([
      { uid: admin2.uid, outcome: 'removed' },
      { uid: applicant.uid, outcome: 'removed' },
      { uid: owner.uid, outcome: 'owner' },
    ]);
    expect(await told(applicant.uid)).toEqual(['mineGroupRefused']);
    expect(await levels(gid, [owner.uid, admin2.uid, applicant.uid])).toEqual({
      [owner.uid]: 5,
      [admin2.uid]: 0,
      [applicant.uid]: 0,
    });
  });

  it.runIf(kind === 'postgres')(
    'parallel: the same users added and approved by several calls at once are members once, each reported added once',
    async () => {
      const fresh = await Promise.all(Array.from({ length: 5 }, () => userToken()));
      const applicants = await Promise.all(Array.from({ length: 3 }, () => userToken()));
      const { gid } = await newGroup(applicants.map((a) => ({ uid: a.uid, auth: 1 })));
      const names = [...fresh, ...applicants].map((u) => u.username);
      const calls = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('POST', '/api/group/add-members', i % 2 ? admin.token : owner.token, {
            gid,
            usernames: i % 2 ? [...names].reverse() : names,
          }),
        ),
      );
      expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const outcomes = calls.flatMap((c) => c.body.data.results as { username: string; outcome: string }[]);
      for (const u of fresh) {
        const mine = outcomes.filter((o) => o.username === u.username).map((o) => o.outcome);
        expect(
          mine.filter((o) => o === 'added'),
          u.username,
        ).toHaveLength(1);
        expect(mine.filter((o) => o === 'alreadyMember')).toHaveLength(5);
      }
      for (const u of applicants) {
        const mine = outcomes.filter((o) => o.username === u.username).map((o) => o.outcome);
        expect(
          mine.filter((o) => o === 'approved'),
          u.username,
        ).toHaveLength(1);
      }
      const rows = await t.services.db
        .select({ uid: groupMembers.uid, auth: groupMembers.auth })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.gid, gid),
            inArray(
              groupMembers.uid,
              [...fresh, ...applicants].map((u) => u.uid),
            ),
          ),
        );
      expect(rows).toHaveLength(8);
      expect(rows.every((r) => r.auth === 3)).toBe(true);

      // Two admins answering the same applications at once: each is approved once.
      const more = await Promise.all(Array.from({ length: 4 }, () => userToken()));
      await t.services.db.insert(groupMembers).values(more.map((u) => ({ gid, uid: u.uid, auth: 1 })));
      const answers = await Promise.all(
        [admin.token, admin2.token, owner.token].map((who) =>
          call('PUT', '/api/group/members', who, { gid, uids: more.map((u) => u.uid), auth: 3 }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const answered = answers.flatMap((a) => a.body.data.results as { uid: string; outcome: string }[]);
      for (const u of more) {
        expect(answered.filter((a) => a.uid === u.uid && a.outcome === 'approved')).toHaveLength(1);
        expect(await told(u.uid)).toEqual(['mineGroupAccepted']);
      }
    },
  );

  it("offers a new group problem the first free display id: the short name, then -2, -3 ... (any case, the bank's too)", async () => {
    const { gid, shortName } = await newGroup();
    const free = async (who = admin.token) => call('GET', `/api/group/get-free-problem-id?gid=${gid}`, who);
    expect((await free()).body.data).toEqual({ problemId: shortName });
    const create = (problemId: string) =>
      call('POST', '/api/group/problem', admin.token, {
        problem: {
          problemId,
          title: 'Class sum',
          description: 'Add.',
          input: 'a b',
          output: 'a+b',
          auth: 1,
          type: 0,
          gid,
        },
        samples: [{ input: '1 2\n', output: '3\n' }],
        isUploadTestCase: false,
        languages: [{ name: 'C++' }],
        tags: [],
        codeTemplates: [],
      });
    expect((await create(shortName)).status).toBe(200);
    expect((await free()).body.data).toEqual({ problemId: `${shortName}-2` });
    expect((await create(`${shortName}-2`.toUpperCase())).status).toBe(200);
    expect((await create(`${shortName}-5`)).status).toBe(200);
    expect((await free(owner.token)).body.data).toEqual({ problemId: `${shortName}-3` });
    // A taken id is still refused clearly when saved.
    const taken = await create(shortName);
    expect([taken.status, taken.body.data.key]).toEqual([400, 'problemIdTaken']);
    expect((await free(member.token)).status).toBe(403);
    expect((await free(outsider.token)).status).toBe(403);
  });
});
