import { JUDGE_STATUS as S } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { comments, discussions, groupMembers, groups, replies, submissions } from '../../db/schema.js';
import { DEFAULT_SWITCHES } from '../site/site.service.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/** Decision 0042: the site's thresholds of accepted problems for posting (new sites: 1), a group's own
 * (`minAcToPost`), the one rule every posting call and the post-permission answer share. */
describe.each(DB_KINDS)('posting thresholds (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let categoryId: number;
  let owner: User;
  let groupAdmin: User;
  let gid: number;
  const bank: number[] = [];

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    categoryId = (await call('GET', '/api/discussion-category')).body.data[0].id;
    owner = await userToken('admin');
    groupAdmin = await userToken();
    const made = await call('POST', '/api/group', owner.token, {
      name: unique('Class '),
      shortName: unique('g'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    gid = made.body.data.id;
    await t.services.db.insert(groupMembers).values({ gid, uid: groupAdmin.uid, auth: 4 });
    for (let i = 0; i < 3; i++) bank.push((await createProblem(t)).id);
  }, 90_000);
  afterAll(async () => t?.close());

  /** A member of the group with `ac` problems accepted in the public bank. */
  const student = async (ac: number, role: 'user' | 'mute_user' | 'no_discuss_user' = 'user') => {
    const u = await userToken(role);
    await t.services.db.insert(groupMembers).values({ gid, uid: u.uid, auth: 3 });
    for (const pid of bank.slice(0, ac)) {
      await t.services.db.insert(submissions).values({
        pid,
        displayPid: 'A',
        uid: u.uid,
        username: u.username,
        status: S.ACCEPTED,
        length: 1,
        code: 'x',
        language: 'C++',
      });
    }
    return u;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'How to start?',
    description: 'A question',
    content: 'Where does the loop begin?',
    categoryId,
    ...over,
  });
  const sitePost = (who: string) => call('POST', '/api/discussion', who, body());
  const groupPost = (who: string) => call('POST', '/api/group/discussion', who, body({ gid }));
  const written = async () => {
    const n = async (table: typeof discussions | typeof comments | typeof replies) =>
      (await t.services.db.select({ n: count() }).from(table))[0].n;
    return [await n(discussions), await n(comments), await n(replies)];
  };
  const setGroupThreshold = (who: string, minAcToPost: unknown) =>
    call('PUT', '/api/group', who, {
      id: gid,
      name: 'Class of thresholds',
      shortName: `t${gid}`.padEnd(5, '0'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
      ...(minAcToPost === undefined ? {} : { minAcToPost }),
    });
  const storedThreshold = async () =>
    (await t.services.db.select({ v: groups.minAcToPost }).from(groups).where(eq(groups.id, gid)))[0].v;
  const permission = async (who: string | undefined, query = '') =>
    (await call('GET', `/api/discussion-post-permission${query}`, who)).body;

  it('a new site needs 1 accepted problem to post and to comment; a site that stored 10 keeps 10', async () => {
    // The test app's database was seeded by its first start.
    const stored = await t.services.siteRepository.getConfig<Record<string, unknown>>('switch');
    expect(stored).toMatchObject({ defaultCreateDiscussionACInitValue: 1, defaultCreateCommentACInitValue: 1 });
    const shown = await call('GET', '/api/admin/switch/info', root);
    expect(shown.body.data).toMatchObject({
      defaultCreateDiscussionACInitValue: 1,
      defaultCreateCommentACInitValue: 1,
    });

    // A site from before: its first start stored 10; the next start (the seed again) keeps it.
    await t.services.siteRepository.setConfig('switch', {
      ...DEFAULT_SWITCHES,
      defaultCreateDiscussionACInitValue: 10,
      defaultCreateCommentACInitValue: 10,
    });
    await t.services.site.seed();
    expect(await t.services.site.switches()).toMatchObject({
      defaultCreateDiscussionACInitValue: 10,
      defaultCreateCommentACInitValue: 10,
    });
    const old = await call('GET', '/api/admin/switch/info', root);
    expect(old.body.data).toMatchObject({
      defaultCreateDiscussionACInitValue: 10,
      defaultCreateCommentACInitValue: 10,
    });
    const nine = await student(3);
    expect(await permission(nine.token)).toMatchObject({
      data: { allowed: false, reason: 'acRequired', needAc: 10, haveAc: 3 },
    });
  });

  it('only the group’s root sets its threshold; bad values are 400 and change nothing', async () => {
    const member = await student(0);
    expect(await storedThreshold()).toBeNull();
    const detail = await call('GET', `/api/get-group-detail?gid=${gid}`, member.token);
    expect(detail.body.data.minAcToPost).toBeNull();

    for (const bad of [-1, 1_000_001, 2 ** 40, 1.5, 'abc', '2.5', true, [3]]) {
      const res = await setGroupThreshold(owner.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.data.field, JSON.stringify(bad)).toBe('minAcToPost');
      expect(await storedThreshold()).toBeNull();
    }
    expect((await setGroupThreshold(owner.token, -1)).body.msg).toContain('1000000');

    // A member and a group admin do not reach the settings; a visitor is 401.
    expect((await setGroupThreshold(member.token, 2)).status).toBe(403);
    expect((await setGroupThreshold(groupAdmin.token, 2)).status).toBe(403);
    expect((await setGroupThreshold('', 2)).status).toBe(401);
    expect(await storedThreshold()).toBeNull();

    const set = await setGroupThreshold(owner.token, 2);
    expect([set.status, set.body.data.minAcToPost]).toEqual([200, 2]);
    expect((await call('GET', `/api/get-group-detail?gid=${gid}`, member.token)).body.data.minAcToPost).toBe(2);
    // Absent keeps it (a client that does not know the field); a digit string is taken; null or empty: the site's.
    expect((await setGroupThreshold(owner.token, undefined)).body.data.minAcToPost).toBe(2);
    expect((await setGroupThreshold(owner.token, '3')).body.data.minAcToPost).toBe(3);
    expect((await setGroupThreshold(root, 0)).body.data.minAcToPost).toBe(0);
    expect((await setGroupThreshold(owner.token, '')).body.data.minAcToPost).toBe(0);
    expect((await setGroupThreshold(owner.token, null)).body.data.minAcToPost).toBeNull();
    expect(await storedThreshold()).toBeNull();
  });

  it('a group’s discussions use its threshold when set, else the site’s; refusals write nothing', async () => {
    await t.services.site.updateSwitches({
      defaultCreateDiscussionACInitValue: 2,
      defaultCreateCommentACInitValue: 3,
      defaultCreateDiscussionDailyLimit: 0,
    });
    const none = await student(0);
    const one = await student(1);
    const two = await student(2);

    // The site's own area: the site's thresholds.
    const before = await written();
    const refused = await sitePost(one.token);
    expect([refused.status, refused.body.data.key]).toEqual([403, 'discussionAcRequired']);
    expect(refused.body.msg).toContain('2');
    expect((await sitePost(two.token)).status).toBe(200);

    // The group without its own threshold: the site's (2 to post, 3 to comment).
    expect(await storedThreshold()).toBeNull();
    const inGroup = await groupPost(one.token);
    expect([inGroup.status, inGroup.body.data.key]).toEqual([403, 'discussionAcRequired']);
    expect(inGroup.body.msg).toContain('2');
    const did = (await groupPost(two.token)).body.data.id as number;
    const siteComment = await call('POST', '/api/comment', two.token, { did, content: 'Me too' });
    expect([siteComment.status, siteComment.body.data.key]).toEqual([403, 'commentAcRequired']);
    expect(siteComment.body.msg).toContain('3');
    expect(await written()).toEqual([before[0] + 2, before[1], before[2]]);

    // Its own threshold of 1: one solved problem is enough here, not on the site.
    await setGroupThreshold(owner.token, 1);
    const made = await groupPost(one.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const c = await call('POST', '/api/comment', one.token, { did, content: 'Start at zero.' });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const r = await call('POST', '/api/reply', two.token, { did, reply: { commentId: c.body.data.id, content: 'Ok' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mid = await written();
    const zero = await groupPost(none.token);
    expect([zero.status, zero.body.data.key]).toEqual([403, 'discussionAcRequired']);
    expect(zero.body.msg).toContain('1');
    const zeroComment = await call('POST', '/api/comment', none.token, { did, content: 'Hi' });
    expect([zeroComment.status, zeroComment.body.data.key]).toEqual([403, 'commentAcRequired']);
    const zeroReply = await call('POST', '/api/reply', none.token, {
      did,
      reply: { commentId: c.body.data.id, content: 'Hi' },
    });
    expect([zeroReply.status, zeroReply.body.data.key]).toEqual([403, 'commentAcRequired']);
    expect(await written()).toEqual(mid);
    const siteDid = (await sitePost(two.token)).body.data.id as number;
    expect((await call('POST', '/api/comment', one.token, { did: siteDid, content: 'Hi' })).status).toBe(403);

    // A threshold above the site's holds in the group; the group's admins and the site's admins are exempt.
    await setGroupThreshold(owner.token, 5);
    expect((await groupPost(two.token)).status).toBe(403);
    expect((await groupPost(groupAdmin.token)).status).toBe(200);
    expect((await call('POST', '/api/comment', groupAdmin.token, { did, content: 'Read the notes' })).status).toBe(200);
    expect((await groupPost(owner.token)).status).toBe(200);
    // A group admin is nobody special in the site's area.
    expect((await sitePost(groupAdmin.token)).status).toBe(403);
    await setGroupThreshold(owner.token, null);
  });

  it('the post-permission answer is the rule the posting calls apply', async () => {
    await t.services.site.updateSwitches({
      defaultCreateDiscussionACInitValue: 2,
      defaultCreateCommentACInitValue: 1,
      defaultCreateDiscussionDailyLimit: 0,
    });
    const none = await student(0);
    const two = await student(2);
    const siteDid = (await sitePost(two.token)).body.data.id as number;
    const groupDid = (await groupPost(two.token)).body.data.id as number;
    const answer = (over: object) => ({ status: 200, data: { dailyLimit: 0, ...over } });

    expect(await permission(undefined)).toMatchObject(
      answer({ allowed: false, reason: 'login', needAc: 2, haveAc: 0 }),
    );
    expect(await permission(none.token)).toMatchObject(
      answer({ allowed: false, reason: 'acRequired', needAc: 2, haveAc: 0 }),
    );
    expect(await permission(two.token)).toMatchObject(answer({ allowed: true, reason: null, needAc: 2, haveAc: 2 }));
    expect(await permission(none.token, `?did=${siteDid}`)).toMatchObject(
      answer({ allowed: false, reason: 'acRequired', needAc: 1, haveAc: 0 }),
    );
    expect(await permission(undefined, `?did=${siteDid}`)).toMatchObject(answer({ allowed: false, reason: 'login' }));

    // The group's threshold for its new posts and its comments.
    await setGroupThreshold(owner.token, 0);
    expect(await permission(none.token, `?gid=${gid}`)).toMatchObject(answer({ allowed: true, needAc: 0 }));
    expect(await permission(none.token, `?did=${groupDid}`)).toMatchObject(answer({ allowed: true, needAc: 0 }));
    expect((await groupPost(none.token)).status).toBe(200);
    await setGroupThreshold(owner.token, 4);
    expect(await permission(two.token, `?gid=${gid}`)).toMatchObject(
      answer({ allowed: false, reason: 'acRequired', needAc: 4, haveAc: 2 }),
    );
    expect(await permission(groupAdmin.token, `?gid=${gid}`)).toMatchObject(answer({ allowed: true, needAc: 4 }));
    await setGroupThreshold(owner.token, null);

    // A contest's comments need no accepted problems; its view rule still decides who is there.
    const contest = await call('POST', '/api/admin/contest', root, {
      title: 'Weekly',
      description: 'rules',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() + t.clock.offsetMs - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + t.clock.offsetMs + 3_600_000).toISOString(),
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(200);
    expect(await permission(none.token, `?cid=${contest.body.data.id}`)).toMatchObject(
      answer({ allowed: true, needAc: 0 }),
    );

    // The role's right comes before the count; a muted user may neither post nor comment.
    const muted = await student(3, 'mute_user');
    expect(await permission(muted.token)).toMatchObject(answer({ allowed: false, reason: 'noPermission' }));
    expect(await permission(muted.token, `?did=${siteDid}`)).toMatchObject(
      answer({ allowed: false, reason: 'noPermission' }),
    );
    const noDiscuss = await student(3, 'no_discuss_user');
    expect(await permission(noDiscuss.token)).toMatchObject(answer({ allowed: false, reason: 'noPermission' }));
    expect(await permission(noDiscuss.token, `?did=${siteDid}`)).toMatchObject(answer({ allowed: true }));

    // The day's posts on the site.
    await t.services.site.updateSwitches({ defaultCreateDiscussionDailyLimit: 1 });
    const daily = await student(2);
    expect(await permission(daily.token)).toMatchObject({ data: { allowed: true, dailyLimit: 1 } });
    expect((await sitePost(daily.token)).status).toBe(200);
    expect(await permission(daily.token)).toMatchObject({ data: { allowed: false, reason: 'dailyLimit' } });
    expect((await sitePost(daily.token)).status).toBe(429);
    await t.services.site.updateSwitches({ defaultCreateDiscussionDailyLimit: 0 });

    // One place at a time; places the caller may not read answer as their calls do.
    const both = await call('GET', `/api/discussion-post-permission?gid=${gid}&did=${siteDid}`, two.token);
    expect([both.status, both.body.data.key]).toEqual([400, 'fieldInvalid']);
    expect((await call('GET', '/api/discussion-post-permission?gid=abc', two.token)).status).toBe(400);
    const stranger = await userToken();
    expect((await call('GET', `/api/discussion-post-permission?gid=${gid}`, stranger.token)).status).toBe(403);
    expect((await call('GET', `/api/discussion-post-permission?did=${groupDid}`, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/discussion-post-permission?did=999999', two.token)).status).toBe(404);
    await t.services.site.updateSwitches({ openPublicDiscussion: false });
    try {
      expect((await call('GET', '/api/discussion-post-permission', two.token)).status).toBe(403);
    } finally {
      await t.services.site.updateSwitches({ openPublicDiscussion: true });
    }
  });
});
