import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { discussions } from '../../db/schema.js';

describe.each(DB_KINDS)('discussions and the message centre (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken } = contestKit(() => ({ t, judge, root }));
  let categoryId: number;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 0,
    });
    categoryId = (await call('GET', '/api/discussion-category')).body.data[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (who: string, fields: Record<string, unknown> = {}) =>
    call('POST', '/api/discussion', who, {
      title: 'How to start?',
      description: 'A question about reading input',
      content: 'I read **input** like this',
      categoryId,
      ...fields,
    });
  const stored = async () => (await t.services.db.select({ id: discussions.id }).from(discussions)).length;

  it('posting: login, roles, the problem prefix once, lengths and categories, nothing stored on refusal', async () => {
    expect((await post('')).status).toBe(401);
    const muted = await userToken('mute_user');
    const noDiscuss = await userToken('no_discuss_user');
    const before = await stored();
    expect((await post(muted.token)).status).toBe(403);
    expect((await post(noDiscuss.token)).status).toBe(403);
    const a = await userToken();
    const long = await post(a.token, { title: 'x'.repeat(256) });
    expect([long.status, long.body.data.key, long.body.data.field]).toEqual([400, 'fieldTooLong', 'title']);
    expect(long.body.msg).toContain('255');
    expect((await post(a.token, { content: 'y'.repeat(65536) })).body.data.field).toBe('content');
    expect((await post(a.token, { description: '   ' })).body.data.key).toBe('fieldRequired');
    expect((await post(a.token, { categoryId: 999999 })).body.data.key).toBe('discussionCategoryUnknown');
    expect((await post(a.token, { pid: 'NO-SUCH' })).body.data.key).toBe('discussionProblemUnknown');
    const hidden = await createProblem(t, { auth: 2 });
    expect((await post(a.token, { pid: hidden.problemId })).body.data.key).toBe('discussionProblemUnknown');
    expect(await stored()).toBe(before);

    const p = await createProblem(t);
    const made = await post(a.token, { pid: p.problemId, title: 'Edge case', topPriority: true });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      title: `[${p.problemId}] Edge case`,
      pid: p.problemId,
      author: a.username,
      role: 'user',
      topPriority: false,
      likeNum: 0,
    });
    const prefixed = await post(a.token, { pid: p.problemId, title: `[${p.problemId}] Already` });
    expect(prefixed.body.data.title).toBe(`[${p.problemId}] Already`);
    const byProblem = await call('GET', `/api/get-discussion-list?pid=${p.problemId}`);
    expect(byProblem.body.data.total).toBe(2);
    expect(byProblem.body.data.records[0].content).toBeNull();
    const adminPost = await post(root, { title: 'Pinned rules', topPriority: true });
    expect(adminPost.body.data).toMatchObject({ role: 'root', topPriority: true });
    const list = await call('GET', '/api/get-discussion-list');
    expect(list.body.data.records[0].title).toBe('Pinned rules');
  });

  it('thresholds from the switches: accepted problems and posts a day', async () => {
    const u = await userToken();
    await t.services.site.updateSwitches({ defaultCreateDiscussionACInitValue: 3 });
    const few = await post(u.token);
    expect([few.status, few.body.data.key]).toEqual([403, 'discussionAcRequired']);
    await t.services.site.updateSwitches({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 2,
    });
    expect((await post(u.token)).status).toBe(200);
    expect((await post(u.token)).status).toBe(200);
    const third = await post(u.token);
    expect([third.status, third.body.data.key]).toEqual([429, 'discussionDailyLimit']);
    expect((await post(root)).status).toBe(200);
    await t.services.site.updateSwitches({ defaultCreateDiscussionDailyLimit: 0 });
  });

  it('reading: views once per viewer an hour, the switch closes reading too, disabled posts are admins’', async () => {
    const a = await userToken();
    const d = (await post(a.token)).body.data;
    const viewNum = async (who?: string) =>
      (await call('GET', `/api/get-discussion-detail?did=${d.id}`, who)).body.data.viewNum as number;
    await viewNum(a.token);
    await viewNum(a.token);
    await viewNum();
    expect(await viewNum()).toBe(2);
    t.clock.offsetMs += 2 * HOUR;
    expect(await viewNum(a.token)).toBe(3);
    const detail = await call('GET', `/api/get-discussion-detail?did=${d.id}`, a.token);
    expect(detail.body.data.content).toBe('I read **input** like this');

    await call('PUT', '/api/admin/discussion', root, { id: d.id, status: 1 });
    expect((await call('GET', `/api/get-discussion-detail?did=${d.id}`, a.token)).status).toBe(404);
    const mine = await call('GET', '/api/get-discussion-list?onlyMine=true', a.token);
    expect(mine.body.data.records.map((x: { id: number }) => x.id)).not.toContain(d.id);
    const adminList = await call('GET', '/api/get-discussion-list?admin=true&limit=100', root);
    expect(adminList.body.data.records.map((x: { id: number }) => x.id)).toContain(d.id);
    const asUser = await call('GET', '/api/get-discussion-list?admin=true&limit=100', a.token);
    expect(asUser.body.data.records.map((x: { id: number }) => x.id)).not.toContain(d.id);

    await t.services.site.updateSwitches({ openPublicDiscussion: false });
    try {
      expect((await call('GET', '/api/get-discussion-list')).body.data.key).toBe('areaClosed');
      expect((await call('GET', `/api/get-discussion-detail?did=${d.id}`, a.token)).status).toBe(403);
      expect((await post(a.token)).status).toBe(403);
      expect((await call('GET', '/api/get-discussion-list', root)).status).toBe(200);
    } finally {
      await t.services.site.updateSwitches({ openPublicDiscussion: true });
    }
  });

  it('edit is the author’s, delete the author’s or an admin’s; admins pin', async () => {
    const a = await userToken();
    const b = await userToken();
    const teacher = await userToken('admin');
    const d = (await post(a.token)).body.data;
    const form = { id: d.id, title: 'Edited', description: 'd', content: 'c', categoryId };
    expect((await call('PUT', '/api/discussion', b.token, form)).body.data.key).toBe('discussionNotOwned');
    expect((await call('PUT', '/api/discussion', teacher.token, form)).status).toBe(403);
    const edited = await call('PUT', '/api/discussion', a.token, { ...form, topPriority: true });
    expect(edited.body.data).toMatchObject({ title: 'Edited', topPriority: false });
    expect((await call('DELETE', `/api/discussion?did=${d.id}`, b.token)).status).toBe(403);
    expect((await call('PUT', '/api/admin/discussion', a.token, { id: d.id, topPriority: true })).status).toBe(403);
    expect((await call('PUT', '/api/admin/discussion', teacher.token, { id: d.id, topPriority: true })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/get-discussion-detail?did=${d.id}`)).body.data.topPriority).toBe(true);
    expect((await call('DELETE', `/api/discussion?id=${d.id}`, teacher.token)).status).toBe(200);
    expect((await call('GET', `/api/get-discussion-detail?did=${d.id}`)).status).toBe(404);
    const own = (await post(a.token)).body.data;
    expect((await call('DELETE', `/api/discussion?did=${own.id}`, a.token)).status).toBe(200);
    const x = (await post(a.token)).body.data;
    const y = (await post(b.token)).body.data;
    expect((await call('DELETE', '/api/admin/discussion', root, [x.id, y.id])).status).toBe(200);
    expect((await call('DELETE', '/api/admin/discussion', root, [x.id])).status).toBe(404);
  });

  it('likes are idempotent and tell the author once; the like list marks them read; clean removes them', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = (await post(a.token)).body.data;
    const like = (who: string, toLike: boolean) =>
      call('GET', `/api/discussion-like?did=${d.id}&toLike=${toLike}`, who);
    const likeNum = async () => (await call('GET', `/api/get-discussion-detail?did=${d.id}`, b.token)).body.data;
    expect((await like(b.token, false)).status).toBe(200);
    expect((await likeNum()).likeNum).toBe(0);
    await like(b.token, true);
    await like(b.token, true);
    expect(await likeNum()).toMatchObject({ likeNum: 1, hasLike: true });
    await like(a.token, true);
    expect((await likeNum()).likeNum).toBe(2);

    const unread = await call('GET', '/api/msg/unread', a.token);
    expect(unread.body.data).toEqual({ comment: 0, reply: 0, like: 1, sys: expect.any(Number), mine: 0 });
    const likes = await call('GET', '/api/msg/like', a.token);
    expect(likes.body.data.records).toHaveLength(1);
    expect(likes.body.data.records[0]).toMatchObject({
      action: 'Like_Post',
      sourceId: d.id,
      sourceType: 'Discussion',
      sourceTitle: d.title,
      senderUsername: b.username,
      state: false,
    });
    expect((await call('GET', '/api/msg/unread', a.token)).body.data.like).toBe(0);
    expect((await call('GET', '/api/msg/like', a.token)).body.data.records[0].state).toBe(true);
    // Unlike and like again: the counter follows, the author hears of it again.
    await like(b.token, false);
    await like(b.token, false);
    expect(await likeNum()).toMatchObject({ likeNum: 1, hasLike: false });
    await like(b.token, true);
    const id = (await call('GET', '/api/msg/like', a.token)).body.data.records[0].id;
    expect((await call('DELETE', `/api/msg/clean?type=Like&id=${id}`, a.token)).status).toBe(200);
    expect((await call('GET', '/api/msg/like', a.token)).body.data.total).toBe(1);
    await call('DELETE', '/api/msg/clean?type=Like', a.token);
    expect((await call('GET', '/api/msg/like', a.token)).body.data.total).toBe(0);
    expect((await call('DELETE', '/api/msg/clean?type=Other', a.token)).status).toBe(400);
    // A deleted discussion cannot be liked.
    await call('DELETE', `/api/discussion?did=${d.id}`, a.token);
    expect((await like(b.token, true)).status).toBe(404);
    expect((await call('GET', '/api/msg/unread')).status).toBe(401);
  });

  it('reports: tags or a reason, listed for admins, marked handled', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = (await post(a.token)).body.data;
    const empty = await call('POST', '/api/discussion-report', b.token, { did: d.id, content: '  ' });
    expect([empty.status, empty.body.data.key]).toEqual([400, 'reportEmpty']);
    const long = await call('POST', '/api/discussion-report', b.token, { did: d.id, content: 'z'.repeat(400) });
    expect(long.status).toBe(400);
    expect((await call('POST', '/api/discussion-report', b.token, { did: 999999, content: '#垃圾广告#' })).status).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/discussion-report', b.token, { did: d.id, content: '#垃圾广告# spam link' })).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/discussion-report', b.token)).status).toBe(403);
    const reports = await call('GET', '/api/admin/discussion-report?limit=100', root);
    const r = reports.body.data.records.find((x: { did: number }) => x.did === d.id);
    expect(r).toMatchObject({
      reporter: b.username,
      discussionAuthor: a.username,
      content: '#垃圾广告# spam link',
      status: false,
    });
    expect((await call('PUT', '/api/admin/discussion-report', root, { id: r.id, status: true })).status).toBe(200);
    const after = await call('GET', '/api/admin/discussion-report?limit=100', root);
    expect(after.body.data.records.find((x: { id: number }) => x.id === r.id).status).toBe(true);
  });

  it('categories: root replaces the list; a category in use stays', async () => {
    const u = await userToken();
    expect((await call('POST', '/api/discussion-category', u.token, [{ name: 'x' }])).status).toBe(403);
    const before = (await call('GET', '/api/discussion-category')).body.data as { id: number; name: string }[];
    const res = await call('POST', '/api/discussion-category', root, [
      { id: before[0].id, name: 'Renamed' },
      { name: 'Brand new' },
    ]);
    expect(res.status).toBe(200);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toContain('Renamed');
    expect(names).toContain('Brand new');
    // Categories used by posts (every test posts in the first one) stay; unused ones left out are gone.
    const unused = before.slice(1).filter((c) => !names.includes(c.name));
    expect(unused.length).toBeGreaterThan(0);
    expect((await call('POST', '/api/discussion-category', root, [{ name: '' }])).status).toBe(400);
  });

  it('system notices: to all (later users too), to one user, to admins; read when listed, cleaned per user', async () => {
    const early = await userToken();
    const notice = async (body: object) =>
      expect((await call('POST', '/api/admin/msg/notice', root, body)).status).toBe(200);
    await notice({ title: 'Welcome all', content: 'hello', type: 'All' });
    await notice({ title: 'Just you', content: 'hi', type: 'Single', recipients: [early.username] });
    await notice({ title: 'Staff only', content: 'admins', type: 'Admin' });
    const late = await userToken();
    const teacher = await userToken('admin');
    const titles = async (who: string) =>
      ((await call('GET', '/api/msg/sys?limit=100', who)).body.data.records as { title: string }[]).map((x) => x.title);
    const sysUnread = async (who: string) => (await call('GET', '/api/msg/unread', who)).body.data.sys as number;
    expect(await sysUnread(late.token)).toBeGreaterThan(0);
    const lateTitles = await titles(late.token);
    expect(lateTitles).toContain('Welcome all');
    expect(lateTitles).not.toContain('Just you');
    expect(lateTitles).not.toContain('Staff only');
    expect(await sysUnread(late.token)).toBe(0);
    expect(await titles(early.token)).toContain('Just you');
    expect(await titles(teacher.token)).toContain('Staff only');
    const records = (await call('GET', '/api/msg/sys?limit=100', early.token)).body.data.records as {
      id: number;
      title: string;
      state: boolean;
    }[];
    expect(records.every((r) => r.state)).toBe(true);
    const all = records.find((r) => r.title === 'Welcome all');
    await call('DELETE', `/api/msg/clean?type=Sys&id=${all?.id}`, early.token);
    expect(await titles(early.token)).not.toContain('Welcome all');
    expect(await titles(early.token)).toContain('Just you');
    expect(await titles(late.token)).toContain('Welcome all');
    await call('DELETE', '/api/msg/clean?type=Sys', early.token);
    expect(await titles(early.token)).toEqual([]);
    expect((await call('GET', '/api/msg/mine', early.token)).body.data.total).toBe(0);
  });

  it('Mine: a role change is told to the user, in the language they read it in', async () => {
    const u = await userToken();
    expect((await call('PUT', '/api/admin/user/edit-user', root, { uid: u.uid, type: 1004 })).status).toBe(200);
    expect((await call('GET', '/api/msg/unread', u.token)).body.data.mine).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/msg/mine',
      headers: { authorization: u.token, 'accept-language': 'en-US' },
    });
    expect(res.json().data.records[0]).toMatchObject({
      type: 'Mine',
      title: 'Your role has changed',
      content: 'An administrator set your role to: User who cannot post discussions',
      state: false,
    });
    const zh = await call('GET', '/api/msg/mine', u.token);
    expect(zh.body.data.records[0]).toMatchObject({ title: '您的角色已变更', state: true });
    expect((await call('GET', '/api/msg/unread', u.token)).body.data.mine).toBe(0);
    await call('DELETE', '/api/msg/clean?type=Mine', u.token);
    expect((await call('GET', '/api/msg/mine', u.token)).body.data.total).toBe(0);
  });

  it.runIf(kind === 'postgres')('20 parallel likes by one user count once', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = (await post(a.token)).body.data;
    const res = await Promise.all(
      Array.from({ length: 20 }, () => call('GET', `/api/discussion-like?did=${d.id}&toLike=true`, b.token)),
    );
    expect(res.every((r) => r.status === 200)).toBe(true);
    const [row] = await t.services.db.select().from(discussions).where(eq(discussions.id, d.id));
    expect(row.likeNum).toBe(1);
    expect((await call('GET', '/api/msg/like?limit=100', a.token)).body.data.total).toBe(1);
  });
});
