import { type GroupRole, PASSWORD_ATTEMPTS, JUDGE_STATUS as S } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { multipartBody } from '../../../test/zip-fixtures.js';
import { announcements, files, groupMembers, mineMessages, submissions } from '../../db/schema.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const CODE = 'abc123';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Req {
  method: Method;
  url: string;
  payload?: object;
  upload?: Buffer;
}
/** One group with a user in every role, an announcement by its group admin and a spare user at each of level 1 and 3
 * (the targets of member changes). */
interface Fixture {
  gid: number;
  aid: number;
  spareApplicant: string;
  spareMember: string;
  stranger: string;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`;

describe.each(DB_KINDS)('groups (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  const people = {} as Record<Exclude<GroupRole, 'guest' | 'super'>, User>;
  /** Users every fixture puts at level 1, at level 3, and nowhere: the targets of member changes. */
  let spares: Omit<Fixture, 'gid' | 'aid'>;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    for (const role of ['outsider', 'applicant', 'refused', 'member', 'admin'] as const)
      people[role] = await userToken();
    people.root = await userToken('admin');
    spares = {
      spareApplicant: (await userToken()).uid,
      spareMember: (await userToken()).uid,
      stranger: (await userToken()).uid,
    };
  }, 60_000);
  afterAll(async () => t?.close());

  const tokenOf = (role: GroupRole) => (role === 'guest' ? undefined : role === 'super' ? root : people[role].token);
  const form = (fields: Record<string, unknown> = {}) => ({
    name: unique('Class '),
    shortName: unique('c'),
    brief: 'Grade 8, C++ basics',
    description: 'We meet on **Mondays**.',
    auth: 2,
    code: CODE,
    visible: true,
    ...fields,
  });
  const newGroup = async (fields: Record<string, unknown> = {}, who = people.root.token) => {
    const res = await call('POST', '/api/group', who, form(fields));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; name: string; shortName: string };
  };
  const setLevel = (gid: number, uid: string, auth: number) =>
    t.services.db.insert(groupMembers).values({ gid, uid, auth });
  const levelOf = async (gid: number, uid: string) =>
    (
      await t.services.db
        .select({ auth: groupMembers.auth })
        .from(groupMembers)
        .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)))
    )[0]?.auth ?? 0;

  const fixture = async (fields: Record<string, unknown> = {}): Promise<Fixture> => {
    const g = await newGroup(fields);
    await setLevel(g.id, people.admin.uid, 4);
    await setLevel(g.id, people.member.uid, 3);
    await setLevel(g.id, people.applicant.uid, 1);
    await setLevel(g.id, people.refused.uid, 2);
    const { spareApplicant, spareMember, stranger } = spares;
    await setLevel(g.id, spareApplicant, 1);
    await setLevel(g.id, spareMember, 3);
    const [a] = await t.services.db
      .insert(announcements)
      .values({ gid: g.id, title: 'Homework', content: 'Read chapter 2', uid: people.admin.uid })
      .returning({ id: announcements.id });
    return { gid: g.id, aid: a.id, spareApplicant, spareMember, stranger };
  };

  const send = async (r: Req, who?: string) => {
    const auth = who ? { authorization: who } : {};
    if (r.upload) {
      const body = multipartBody('image', 'a.png', r.upload, r.payload as Record<string, string>);
      const res = await t.app.inject({ method: r.method, url: r.url, ...body, headers: { ...body.headers, ...auth } });
      return { status: res.statusCode, body: res.json() };
    }
    const res = await t.app.inject({ method: r.method, url: r.url, payload: r.payload, headers: auth });
    // A download answers a file, not the JSON envelope.
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    return { status: res.statusCode, body: json ? res.json() : null };
  };

  /** The lowest role each group endpoint lets in (decision 0022), and a call it should accept from that role up.
   * `fresh`: the call changes the group, so every role gets a group of its own. */
  const TABLE: { name: string; need: GroupRole; fresh?: boolean; ok?: number[]; req: (f: Fixture) => Req }[] = [
    { name: 'detail', need: 'outsider', req: (f) => ({ method: 'GET', url: `/api/get-group-detail?gid=${f.gid}` }) },
    { name: 'access', need: 'outsider', req: (f) => ({ method: 'GET', url: `/api/get-group-access?gid=${f.gid}` }) },
    { name: 'auth', need: 'outsider', req: (f) => ({ method: 'GET', url: `/api/get-group-auth?gid=${f.gid}` }) },
    {
      name: 'apply',
      need: 'outsider',
      fresh: true,
      ok: [200, 400],
      req: (f) => ({ method: 'POST', url: `/api/group/member?gid=${f.gid}&code=${CODE}&reason=` }),
    },
    {
      name: 'exit',
      need: 'outsider',
      fresh: true,
      ok: [200, 400],
      req: (f) => ({ method: 'DELETE', url: `/api/group/member/exit?gid=${f.gid}` }),
    },
    {
      name: 'announcements',
      need: 'member',
      req: (f) => ({ method: 'GET', url: `/api/group/get-announcement-list?gid=${f.gid}` }),
    },
    {
      name: 'rank',
      need: 'member',
      req: (f) => ({ method: 'GET', url: `/api/get-group-rank-list?gid=${f.gid}&type=0` }),
    },
    {
      name: 'admin announcements',
      need: 'admin',
      req: (f) => ({ method: 'GET', url: `/api/group/get-admin-announcement-list?gid=${f.gid}` }),
    },
    {
      name: 'create announcement',
      need: 'admin',
      req: (f) => ({
        method: 'POST',
        url: '/api/group/announcement',
        payload: { gid: f.gid, title: 'T', content: 'C' },
      }),
    },
    // The fixture's announcement is the group admin's own.
    {
      name: 'update announcement',
      need: 'admin',
      req: (f) => ({
        method: 'PUT',
        url: '/api/group/announcement',
        payload: { id: f.aid, title: 'Homework 2', content: 'Read chapter 3', status: 0 },
      }),
    },
    {
      name: 'delete announcement',
      need: 'admin',
      fresh: true,
      req: (f) => ({ method: 'DELETE', url: `/api/group/announcement?aid=${f.aid}` }),
    },
    { name: 'members', need: 'admin', req: (f) => ({ method: 'GET', url: `/api/group/get-member-list?gid=${f.gid}` }) },
    {
      name: 'applications',
      need: 'admin',
      req: (f) => ({ method: 'GET', url: `/api/group/get-apply-list?gid=${f.gid}` }),
    },
    {
      name: 'search user',
      need: 'admin',
      req: (f) => ({ method: 'GET', url: `/api/group/search-user?gid=${f.gid}&keyword=u` }),
    },
    {
      name: 'accept',
      need: 'admin',
      fresh: true,
      req: (f) => ({
        method: 'PUT',
        url: '/api/group/member',
        payload: { gid: f.gid, uid: f.spareApplicant, auth: 3 },
      }),
    },
    {
      name: 'remove member',
      need: 'admin',
      fresh: true,
      req: (f) => ({ method: 'DELETE', url: `/api/group/member?gid=${f.gid}&uid=${f.spareMember}` }),
    },
    {
      name: 'add member',
      need: 'admin',
      fresh: true,
      req: (f) => ({ method: 'POST', url: '/api/group/add-member', payload: { gid: f.gid, uid: f.stranger } }),
    },
    {
      name: 'rank download',
      need: 'member',
      req: (f) => ({ method: 'GET', url: `/api/file/download-group-rank?gid=${f.gid}&type=ACM` }),
    },
    {
      name: 'add members',
      need: 'admin',
      fresh: true,
      req: (f) => ({ method: 'POST', url: '/api/group/add-members', payload: { gid: f.gid, usernames: ['x'] } }),
    },
    {
      name: 'answer applications',
      need: 'admin',
      fresh: true,
      req: (f) => ({
        method: 'PUT',
        url: '/api/group/members',
        payload: { gid: f.gid, uids: [f.spareApplicant], auth: 3 },
      }),
    },
    {
      name: 'remove members',
      need: 'admin',
      fresh: true,
      req: (f) => ({ method: 'DELETE', url: `/api/group/members?gid=${f.gid}&uids=${f.spareMember}` }),
    },
    {
      name: 'free problem id',
      need: 'admin',
      req: (f) => ({ method: 'GET', url: `/api/group/get-free-problem-id?gid=${f.gid}` }),
    },
    {
      name: 'update group',
      need: 'root',
      fresh: true,
      req: (f) => ({ method: 'PUT', url: '/api/group', payload: { id: f.gid, ...form({ brief: 'Updated brief' }) } }),
    },
    {
      name: 'avatar',
      need: 'root',
      req: (f) => ({
        method: 'POST',
        url: '/api/file/upload-group-avatar',
        payload: { gid: String(f.gid) },
        upload: PNG,
      }),
    },
    { name: 'disband', need: 'root', fresh: true, req: (f) => ({ method: 'DELETE', url: `/api/group?gid=${f.gid}` }) },
  ];
  const ROLES: GroupRole[] = ['guest', 'outsider', 'applicant', 'refused', 'member', 'admin', 'root', 'super'];
  const rankOf = (r: GroupRole) => ROLES.indexOf(r);

  it('enforces the group permission table on every group endpoint', async () => {
    const shared = await fixture();
    for (const row of TABLE) {
      for (const role of ROLES) {
        const f = row.fresh ? await fixture() : shared;
        const res = await send(row.req(f), tokenOf(role));
        const label = `${row.name} as ${role}: ${JSON.stringify(res.body)}`;
        if (role === 'guest') expect(res.status, label).toBe(401);
        else if (rankOf(role) < rankOf(row.need)) {
          expect(res.status, label).toBe(403);
          expect(JSON.stringify(res.body), label).not.toContain('Homework');
        } else expect(row.ok ?? [200], label).toContain(res.status);
      }
    }
  }, 240_000);

  it('an invisible group is 404 to outsiders and missing from their list; a banned one to all but the super admin', async () => {
    const f = await fixture({ visible: false, name: unique('Hidden ') });
    const outsider = people.outsider.token;
    // The newest group: first on the lists that show it (the list as it opens, without a filter).
    const first = async (who: string | undefined, query = '') =>
      (await call('GET', `/api/get-group-list?limit=5${query}`, who)).body.data.records[0]?.id;
    expect(await first(people.member.token)).toBe(f.gid);
    expect(await first(people.member.token, '&onlyMine=true')).toBe(f.gid);
    expect(await first(root)).toBe(f.gid);
    expect(await first(outsider)).not.toBe(f.gid);
    expect(await first(undefined)).not.toBe(f.gid);
    expect(await first(people.applicant.token, '&onlyMine=true')).not.toBe(f.gid);
    for (const url of [`/api/get-group-detail?gid=${f.gid}`, `/api/group/get-announcement-list?gid=${f.gid}`]) {
      expect((await call('GET', url, outsider)).status).toBe(404);
    }
    expect((await call('POST', `/api/group/member?gid=${f.gid}&code=${CODE}`, outsider)).status).toBe(404);
    const listed = async (who: string | undefined, name: string) =>
      (
        (await call('GET', `/api/get-group-list?keyword=${encodeURIComponent(name)}`, who)).body.data.records as {
          id: number;
        }[]
      ).some((g) => g.id === f.gid);
    const { name } = (await call('GET', `/api/get-group-detail?gid=${f.gid}`, people.member.token)).body.data;
    expect(await listed(outsider, name)).toBe(false);
    expect(await listed(undefined, name)).toBe(false);
    expect(await listed(people.member.token, name)).toBe(true);
    expect(await listed(people.applicant.token, name)).toBe(false);
    expect(await listed(root, name)).toBe(true);
    // The applicant has a row: the card, nothing more.
    expect((await call('GET', `/api/get-group-detail?gid=${f.gid}`, people.applicant.token)).status).toBe(200);

    const ban = await call('PUT', '/api/group', root, { id: f.gid, ...form({ name, status: 1 }) });
    expect(ban.status).toBe(200);
    expect((await call('GET', `/api/get-group-detail?gid=${f.gid}`, people.root.token)).status).toBe(404);
    expect((await call('GET', `/api/get-group-detail?gid=${f.gid}`, root)).body.data.status).toBe(1);
    expect(await listed(people.member.token, name)).toBe(false);
    expect(await listed(root, name)).toBe(true);
    // Only the super admin bans: the owner's status is ignored.
    const owner = await newGroup();
    await call('PUT', '/api/group', people.root.token, { id: owner.id, ...form({ name: owner.name, status: 1 }) });
    expect((await call('GET', `/api/get-group-detail?gid=${owner.id}`, people.outsider.token)).body.data.status).toBe(
      0,
    );
  });

  it('creates groups with validated fields, unique names, and the code only for the group root', async () => {
    const bad = async (fields: Record<string, unknown>, key: string) => {
      const res = await call('POST', '/api/group', people.root.token, form(fields));
      expect([res.status, res.body.data?.key], JSON.stringify(fields)).toEqual([400, key]);
    };
    await bad({ name: 'abcd' }, 'groupNameLength');
    await bad({ name: 'x'.repeat(26) }, 'groupNameLength');
    await bad({ shortName: 'abcd' }, 'groupShortNameLength');
    await bad({ brief: 'abc' }, 'groupBriefLength');
    await bad({ description: 'abc' }, 'groupDescriptionLength');
    await bad({ code: '12345' }, 'groupCodeLength');
    await bad({ code: '' }, 'groupCodeLength');
    await bad({ auth: 4 }, 'groupAuthInvalid');
    const g = await newGroup({ auth: 1, code: '' });
    await bad({ name: g.name.toUpperCase() }, 'groupNameTaken');
    const taken = await call('POST', '/api/group', people.root.token, form({ shortName: g.shortName }));
    expect([taken.status, taken.body.data.key, taken.body.data.field]).toEqual([
      400,
      'groupShortNameTaken',
      'shortName',
    ]);

    const p = await newGroup({ auth: 3 });
    const seen = async (who: string) => (await call('GET', `/api/get-group-detail?gid=${p.id}`, who)).body.data;
    expect((await seen(people.root.token)).code).toBe(CODE);
    expect((await seen(root)).code).toBe(CODE);
    expect((await seen(people.outsider.token)).code).toBeNull();
    const list = await call('GET', `/api/get-group-list?keyword=${encodeURIComponent(p.name)}`, people.root.token);
    expect(list.body.data.records[0]).toMatchObject({
      id: p.id,
      code: null,
      memberCount: 1,
      owner: people.root.username,
    });
    expect(await call('GET', `/api/get-group-auth?gid=${p.id}`, people.root.token)).toMatchObject({
      body: { data: 5 },
    });
  });

  it('ordinary users create groups only as the switches allow', async () => {
    const u = await userToken();
    const res = await call('POST', '/api/group', u.token, form());
    expect([res.status, res.body.data.key]).toEqual([403, 'groupCreateAcRequired']);
    await t.services.site.updateSwitches({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 1,
      defaultCreateGroupLimit: 5,
    });
    try {
      expect((await call('POST', '/api/group', u.token, form())).status).toBe(200);
      const second = await call('POST', '/api/group', u.token, form());
      expect([second.status, second.body.data.key]).toEqual([429, 'groupCreateDailyLimit']);
      // 0 is no limit.
      await t.services.site.updateSwitches({ defaultCreateGroupDailyLimit: 0 });
      expect((await call('POST', '/api/group', u.token, form())).status).toBe(200);
    } finally {
      await t.services.site.updateSwitches({
        defaultCreateGroupACInitValue: 20,
        defaultCreateGroupDailyLimit: 2,
        defaultCreateGroupLimit: 5,
      });
    }
  });

  const mine = async (uid: string) =>
    (await t.services.db.select().from(mineMessages).where(eq(mineMessages.recipientUid, uid))).map((m) => m.content);

  it('joins a public group at once and applies to a private one with its code and a reason', async () => {
    const pub = await newGroup({ auth: 1, code: '' });
    const u = await userToken();
    const join = await call('POST', `/api/group/member?gid=${pub.id}&code=&reason=`, u.token);
    expect([join.status, join.body.data]).toEqual([200, { auth: 3 }]);
    expect(await mine(u.uid)).toContain('mineGroupJoined');
    const again = await call('POST', `/api/group/member?gid=${pub.id}`, u.token);
    expect([again.status, again.body.data.key]).toEqual([400, 'groupAlreadyMember']);

    const priv = await newGroup({ auth: 3 });
    const s = await userToken();
    const missing = await call('POST', `/api/group/member?gid=${priv.id}`, s.token);
    expect([missing.status, missing.body.data.key]).toEqual([400, 'fieldRequired']);
    const wrong = await call('POST', `/api/group/member?gid=${priv.id}&code=zzzzzz`, s.token);
    expect([wrong.status, wrong.body.data.key]).toEqual([400, 'groupCodeWrong']);
    const short = await call('POST', `/api/group/member?gid=${priv.id}&code=${CODE}&reason=hi`, s.token);
    expect([short.status, short.body.data.key]).toEqual([400, 'groupReasonLength']);
    expect(await levelOf(priv.id, s.uid)).toBe(0);
    const ok = await call('POST', `/api/group/member?gid=${priv.id}&code=${CODE}&reason=I am in class 8B`, s.token);
    expect([ok.status, ok.body.data]).toEqual([200, { auth: 1 }]);
    expect(await mine(people.root.uid)).toContain('mineGroupApplied');
    const dup = await call('POST', `/api/group/member?gid=${priv.id}&code=${CODE}`, s.token);
    expect([dup.status, dup.body.data.key]).toEqual([400, 'groupAlreadyApplied']);
    // Still an applicant: the card, not the content.
    expect((await call('GET', `/api/get-group-access?gid=${priv.id}`, s.token)).body.data.access).toBe(false);
    const apps = await call('GET', `/api/group/get-apply-list?gid=${priv.id}`, people.root.token);
    expect(apps.body.data.records).toMatchObject([{ uid: s.uid, auth: 1, reason: 'I am in class 8B' }]);

    const accept = await call('PUT', '/api/group/member', people.root.token, { gid: priv.id, uid: s.uid, auth: '3' });
    expect(accept.status).toBe(200);
    expect((await call('GET', `/api/get-group-access?gid=${priv.id}`, s.token)).body.data.access).toBe(true);
    const msgs = await t.app.inject({
      method: 'GET',
      url: '/api/msg/mine',
      headers: { authorization: s.token, 'accept-language': 'en-US' },
    });
    expect(msgs.json().data.records[0]).toMatchObject({
      title: 'Your group application was accepted',
      content: `Your application to the group "${priv.name}" was accepted.`,
    });
  });

  it('wrong codes are limited per user and group', async () => {
    const priv = await newGroup({ auth: 2 });
    const s = await userToken();
    for (let i = 0; i < PASSWORD_ATTEMPTS.maxWrong; i++) {
      expect((await call('POST', `/api/group/member?gid=${priv.id}&code=wrong${i}`, s.token)).status).toBe(400);
    }
    const locked = await call('POST', `/api/group/member?gid=${priv.id}&code=${CODE}`, s.token);
    expect([locked.status, locked.body.data.key]).toEqual([429, 'passwordTriesExceeded']);
    expect(await levelOf(priv.id, s.uid)).toBe(0);
  });

  it('keeps member levels below the acting admin, the owner untouchable and members out of 1 and 2', async () => {
    const f = await fixture();
    const admin = people.admin.token;
    const owner = people.root.token;
    const put = (who: string, uid: string, auth: number) =>
      call('PUT', '/api/group/member', who, { gid: f.gid, uid, auth });
    const key = async (p: Promise<{ status: number; body: { data: { key?: string } } }>) => {
      const r = await p;
      return [r.status, r.body.data?.key];
    };
    expect(await key(put(admin, f.spareMember, 4))).toEqual([403, 'groupLevelTooHigh']);
    expect(await key(put(admin, people.root.uid, 3))).toEqual([403, 'groupOwnerUntouchable']);
    expect(await key(put(admin, f.spareMember, 1))).toEqual([400, 'groupNoDemoteToApplicant']);
    expect(await key(put(owner, f.spareMember, 5))).toEqual([400, 'groupRootLevel']);
    expect(await key(put(admin, f.spareApplicant, 2))).toEqual([200, undefined]);
    expect(await mine(f.spareApplicant)).toContain('mineGroupRefused');
    expect(await key(put(owner, f.spareMember, 4))).toEqual([200, undefined]);
    expect(await mine(f.spareMember)).toContain('mineGroupLevel');
    // Now an admin too: the other admin cannot touch them.
    expect(await key(put(admin, f.spareMember, 3))).toEqual([403, 'groupLevelTooHigh']);
    const del = (who: string, uid: string) => call('DELETE', `/api/group/member?gid=${f.gid}&uid=${uid}`, who);
    expect(await key(del(admin, f.spareMember))).toEqual([403, 'groupLevelTooHigh']);
    expect(await key(del(admin, people.root.uid))).toEqual([403, 'groupOwnerUntouchable']);
    expect(await key(del(root, people.root.uid))).toEqual([403, 'groupOwnerUntouchable']);
    expect(await key(del(admin, people.admin.uid))).toEqual([400, 'groupCannotRemoveSelf']);
    expect(await key(del(admin, people.member.uid))).toEqual([200, undefined]);
    expect(await mine(people.member.uid)).toContain('mineGroupRemoved');
    const exit = await call('DELETE', `/api/group/member/exit?gid=${f.gid}`, owner);
    expect([exit.status, exit.body.data.key]).toEqual([400, 'groupOwnerCannotExit']);

    const add = await call('POST', '/api/group/add-member', admin, { gid: f.gid, username: people.outsider.username });
    expect(add.status).toBe(200);
    expect(await levelOf(f.gid, people.outsider.uid)).toBe(3);
    expect(await mine(people.outsider.uid)).toContain('mineGroupAdded');
    const twice = await call('POST', '/api/group/add-member', admin, { gid: f.gid, uid: people.outsider.uid });
    expect([twice.status, twice.body.data.key]).toEqual([400, 'groupUserAlreadyMember']);
    const nobody = await call('POST', '/api/group/add-member', admin, { gid: f.gid, username: 'no-such-user-x' });
    expect(nobody.status).toBe(404);
    const found = await call(
      'GET',
      `/api/group/search-user?gid=${f.gid}&keyword=${encodeURIComponent(people.outsider.username)}`,
      admin,
    );
    expect(found.body.data).toEqual([
      { uid: people.outsider.uid, username: people.outsider.username, realname: null, auth: 3 },
    ]);
    const members = await call('GET', `/api/group/get-member-list?gid=${f.gid}&limit=50`, admin);
    expect(members.body.data.records.map((m: { auth: number }) => m.auth)).toEqual([5, 4, 4, 3]);
    expect(members.body.data.total).toBe(4);
    const past = await call('GET', `/api/group/get-member-list?gid=${f.gid}&limit=2&currentPage=3`, admin);
    expect([past.body.data.records, past.body.data.total]).toEqual([[], 4]);
    const second = await call('GET', `/api/group/get-member-list?gid=${f.gid}&limit=3&currentPage=2`, admin);
    expect([second.body.data.records.length, second.body.data.total]).toEqual([1, 4]);
    const named = await call(
      'GET',
      `/api/group/get-member-list?gid=${f.gid}&keyword=${encodeURIComponent(people.outsider.username)}`,
      admin,
    );
    expect([named.body.data.records.map((m: { uid: string }) => m.uid), named.body.data.total]).toEqual([
      [people.outsider.uid],
      1,
    ]);
  });

  it('announcements: members read the visible ones; the author or the owner changes them', async () => {
    const f = await fixture();
    const other = await userToken();
    await setLevel(f.gid, other.uid, 4);
    await call('POST', '/api/group/announcement', people.admin.token, {
      gid: String(f.gid),
      title: 'Draft',
      content: 'x',
      status: 1,
    });
    const read = await call('GET', `/api/group/get-announcement-list?gid=${f.gid}`, people.member.token);
    expect(read.body.data.records.map((a: { title: string }) => a.title)).toEqual(['Homework']);
    const all = await call('GET', `/api/group/get-admin-announcement-list?gid=${f.gid}`, people.admin.token);
    expect(all.body.data.records.map((a: { title: string }) => a.title).sort()).toEqual(['Draft', 'Homework']);
    const res = await call('PUT', '/api/group/announcement', other.token, { id: f.aid, title: 'Mine', content: 'x' });
    expect(res.status).toBe(403);
    expect(
      (await call('PUT', '/api/group/announcement', people.root.token, { id: f.aid, title: 'Edited', content: 'y' }))
        .status,
    ).toBe(200);
    // A site announcement is not a group one: not through these calls, and group ones not through the site's.
    expect((await call('DELETE', '/api/group/announcement?aid=999999', people.root.token)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/announcement?aid=${f.aid}`, root)).status).toBe(404);
    const empty = await call('POST', '/api/group/announcement', people.admin.token, {
      gid: f.gid,
      title: '',
      content: 'x',
    });
    expect([empty.status, empty.body.data.key]).toEqual([400, 'fieldRequired']);
  });

  it("ranks the members over the group's own submissions, ACM and OI", async () => {
    const f = await fixture();
    const p1 = await createProblem(t);
    const p2 = await createProblem(t);
    const sub = (uid: string, username: string, pid: number, status: number, oiRankScore: number, gid = f.gid) =>
      t.services.db.insert(submissions).values({
        pid,
        displayPid: String(pid),
        uid,
        username,
        status,
        oiRankScore,
        score: oiRankScore,
        length: 10,
        code: 'int main(){}',
        language: 'C++',
        gid,
      });
    const m = people.member;
    const a = people.admin;
    await sub(m.uid, m.username, p1.id, S.ACCEPTED, 100);
    await sub(m.uid, m.username, p1.id, S.WRONG_ANSWER, 20);
    await sub(m.uid, m.username, p2.id, S.WRONG_ANSWER, 40);
    await sub(a.uid, a.username, p1.id, S.ACCEPTED, 100);
    await sub(a.uid, a.username, p2.id, S.ACCEPTED, 100);
    // Not the group's: ignored.
    await sub(m.uid, m.username, p2.id, S.ACCEPTED, 100, f.gid + 100000);
    const rank = async (type: string, extra = '') =>
      (await call('GET', `/api/get-group-rank-list?gid=${f.gid}&type=${type}${extra}`, people.member.token)).body.data;
    const acm = await rank('ACM');
    // The owner, who solved nothing in the group, is left out (decision 0041); the admin who solved is in.
    expect(acm.total).toBe(3);
    expect(acm.records.slice(0, 2)).toMatchObject([
      { username: a.username, ac: 2, total: 2 },
      { username: m.username, ac: 1, total: 3 },
    ]);
    expect(acm.records[2]).toMatchObject({ ac: 0, total: 0, score: 0 });
    const oi = await rank('1');
    expect(oi.records.slice(0, 2)).toMatchObject([
      { username: a.username, score: 200 },
      { username: m.username, score: 140 },
    ]);
    expect((await rank('0', `&searchUser=${m.username}`)).records).toMatchObject([{ username: m.username }]);
  });

  it('a group avatar is an image by its bytes and replaces the previous one', async () => {
    const g = await newGroup();
    const up = (bytes: Buffer) =>
      send(
        { method: 'POST', url: '/api/file/upload-group-avatar', payload: { gid: String(g.id) }, upload: bytes },
        people.root.token,
      );
    const first = await up(PNG);
    expect(first.status).toBe(200);
    const url = first.body.data.avatar as string;
    expect(url).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const svg = await up(Buffer.from('<svg onload="alert(1)"/>'));
    expect([svg.status, svg.body.data.key]).toEqual([400, 'avatarType']);
    const big = await up(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect([big.status, big.body.data.key]).toEqual([400, 'avatarTooLarge']);
    expect((await up(PNG)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // With the gid in the query, a caller who is not the group's root is refused before the body is read: a broken
    // multipart body (400 once read) is never looked at.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload-group-avatar?gid=${g.id}`,
      payload: 'not a multipart body',
      headers: { authorization: people.member.token, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(early.statusCode).toBe(403);
    const own = await send(
      { method: 'POST', url: `/api/file/upload-group-avatar?gid=${g.id}`, payload: { gid: '999999' }, upload: PNG },
      people.root.token,
    );
    expect([own.status, own.body.data?.id]).toEqual([200, g.id]);
    const oldName = url.split('/').pop() as string;
    expect((await t.services.db.select().from(files).where(eq(files.name, oldName)))[0].deleted).toBe(1);
  });

  it('disbanding removes the group, its memberships and announcements, and tells the members', async () => {
    const f = await fixture();
    expect((await call('DELETE', `/api/group?gid=${f.gid}`, people.root.token)).status).toBe(200);
    expect((await call('GET', `/api/get-group-detail?gid=${f.gid}`, people.root.token)).status).toBe(404);
    expect(await mine(people.member.uid)).toContain('mineGroupDisbanded');
    expect(await t.services.db.select().from(groupMembers).where(eq(groupMembers.gid, f.gid))).toEqual([]);
    expect(await t.services.db.select().from(announcements).where(eq(announcements.gid, f.gid))).toEqual([]);
  });

  it('bad input: unknown group 404, malformed ids 400, nothing changed', async () => {
    expect((await call('GET', '/api/get-group-detail?gid=99999999', people.member.token)).status).toBe(404);
    expect((await call('GET', '/api/get-group-detail?gid=0x10', people.member.token)).status).toBe(400);
    expect((await call('PUT', '/api/group/member', people.root.token, { gid: 1, uid: 'x', auth: 9 })).status).toBe(400);
    const f = await fixture();
    const res = await call('PUT', '/api/group/member', people.root.token, { gid: f.gid, uid: 'nobody', auth: 3 });
    expect([res.status, res.body.data.key]).toEqual([404, 'groupMemberNotFound']);
  });

  it.runIf(kind === 'postgres')('parallel duplicate applications create one', async () => {
    const priv = await newGroup({ auth: 2 });
    const pub = await newGroup({ auth: 1, code: '' });
    const s = await userToken();
    for (const g of [priv, pub]) {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call('POST', `/api/group/member?gid=${g.id}&code=${CODE}&reason=`, s.token)),
      );
      expect(results.filter((r) => r.status === 200).length).toBe(1);
      expect(results.filter((r) => r.status === 400).length).toBe(11);
      const rows = await t.services.db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.gid, g.id), eq(groupMembers.uid, s.uid)));
      expect(rows.length).toBe(1);
    }
    expect((await mine(s.uid)).filter((c) => c === 'mineGroupJoined').length).toBe(1);
  });
});
