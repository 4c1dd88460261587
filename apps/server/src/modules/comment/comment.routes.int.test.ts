import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { discussions } from '../../db/schema.js';

describe.each(DB_KINDS)('comments and replies (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest } = contestKit(() => ({ t, judge, root }));
  let categoryId: number;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 0,
      defaultCreateCommentACInitValue: 0,
      openContestComment: true,
    });
    categoryId = (await call('GET', '/api/discussion-category')).body.data[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  const discussion = async (who: string) =>
    (
      await call('POST', '/api/discussion', who, {
        title: 'Why WA?',
        description: 'Sample passes',
        content: 'My code',
        categoryId,
      })
    ).body.data as { id: number; title: string };
  const commentNum = async (did: number) =>
    (await t.services.db.select().from(discussions).where(eq(discussions.id, did)))[0].commentNum;
  const comment = (who: string, place: object, content = 'Check overflow') =>
    call('POST', '/api/comment', who, { ...place, content });
  const reply = (who: string, place: object, commentId: number, quote?: { quoteId: number; quoteType: string }) =>
    call('POST', '/api/reply', who, { reply: { commentId, content: 'Thanks!' }, ...place, ...quote });

  it('comments under a discussion: rules, the counter, and the author hears of it', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = await discussion(a.token);
    expect((await comment('', { did: d.id })).status).toBe(401);
    const muted = await userToken('mute_user');
    expect((await comment(muted.token, { did: d.id })).status).toBe(403);
    const empty = await comment(b.token, { did: d.id }, '   ');
    expect([empty.status, empty.body.data.key]).toEqual([400, 'contentEmpty']);
    const long = await comment(b.token, { did: d.id }, 'x'.repeat(10001));
    expect([long.status, long.body.data.key]).toEqual([400, 'fieldTooLong']);
    expect((await comment(b.token, {}, 'hi')).status).toBe(400);
    expect((await comment(b.token, { did: 999999 })).status).toBe(404);
    await t.services.site.updateSwitches({ defaultCreateCommentACInitValue: 5 });
    expect((await comment(b.token, { did: d.id })).body.data.key).toBe('commentAcRequired');
    await t.services.site.updateSwitches({ defaultCreateCommentACInitValue: 0 });
    expect(await commentNum(d.id)).toBe(0);

    const made = await comment(b.token, { did: d.id }, 'Use **long long**');
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      did: d.id,
      fromName: b.username,
      fromRole: 'user',
      content: 'Use **long long**',
    });
    await comment(a.token, { did: d.id }, 'Thanks, trying');
    expect(await commentNum(d.id)).toBe(2);
    const msgs = await call('GET', '/api/msg/comment', a.token);
    expect(msgs.body.data.total).toBe(1);
    expect(msgs.body.data.records[0]).toMatchObject({
      action: 'Discuss',
      sourceType: 'Discussion',
      sourceId: d.id,
      sourceTitle: d.title,
      sourceContent: 'Use **long long**',
      senderUsername: b.username,
      quoteContent: null,
    });
    const anon = await call('GET', `/api/comments?did=${d.id}`);
    expect(anon.body.data.commentList.records.map((c: { content: string }) => c.content).sort()).toEqual([
      'Thanks, trying',
      'Use **long long**',
    ]);
    expect(anon.body.data.commentLikeMap).toEqual({});
  });

  it('replies: three shown of five, all on request, quotes checked, totals count them, Reply messages', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = await discussion(a.token);
    const c = (await comment(b.token, { did: d.id })).body.data;
    const first = await reply(a.token, { did: d.id }, c.id);
    expect(first.body.data).toMatchObject({ commentId: c.id, fromName: a.username, toUid: b.uid, toName: b.username });
    const second = await reply(b.token, { did: d.id }, c.id, { quoteId: first.body.data.id, quoteType: 'Reply' });
    expect(second.body.data).toMatchObject({ toUid: a.uid, toName: a.username });
    for (let i = 0; i < 3; i++) await reply(a.token, { did: d.id }, c.id);
    const list = await call('GET', `/api/comments?did=${d.id}`, b.token);
    const shown = list.body.data.commentList.records[0];
    expect(shown.totalReplyNum).toBe(5);
    expect(shown.replyList).toHaveLength(3);
    expect(list.body.data.commentList.total).toBe(6);
    expect(await commentNum(d.id)).toBe(6);
    const all = await call('GET', `/api/reply?commentId=${c.id}`);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.data[0].id).toBe(first.body.data.id);
    expect(shown.replyList.map((r: { id: number }) => r.id)).toEqual(
      all.body.data.slice(2).map((r: { id: number }) => r.id),
    );
    // b heard of a's replies, a of b's reply to theirs; nobody of their own.
    expect((await call('GET', '/api/msg/reply', b.token)).body.data.total).toBe(4);
    const toA = await call('GET', '/api/msg/reply', a.token);
    expect(toA.body.data.records).toHaveLength(1);
    // The reply's text, and what it answers (a's own reply).
    expect(toA.body.data.records[0]).toMatchObject({
      action: 'Reply',
      sourceTitle: d.title,
      sourceContent: 'Thanks!',
      quoteType: 'Reply',
      quoteContent: 'Thanks!',
    });

    // Quotes of another comment's reply, or a discussion the comment is not under: 400, nothing stored.
    const other = await discussion(a.token);
    const c2 = (await comment(a.token, { did: other.id })).body.data;
    const r2 = (await reply(b.token, { did: other.id }, c2.id)).body.data;
    const crossed = await reply(b.token, { did: d.id }, c.id, { quoteId: r2.id, quoteType: 'Reply' });
    expect([crossed.status, crossed.body.data.key]).toEqual([400, 'replyQuoteMismatch']);
    const wrongPlace = await reply(b.token, { did: other.id }, c.id);
    expect([wrongPlace.status, wrongPlace.body.data.key]).toEqual([400, 'commentPlaceMismatch']);
    expect((await call('GET', `/api/reply?commentId=${c.id}`)).body.data).toHaveLength(5);
    expect((await reply(b.token, { did: d.id }, c.id, { quoteId: 999999, quoteType: 'Reply' })).status).toBe(400);
  });

  it('deletes: the author, a site admin; a student may not delete another’s; replies go with their comment', async () => {
    const a = await userToken();
    const b = await userToken();
    const teacher = await userToken('admin');
    const d = await discussion(a.token);
    const c = (await comment(b.token, { did: d.id })).body.data;
    const r = (await reply(a.token, { did: d.id }, c.id)).body.data;
    await reply(b.token, { did: d.id }, c.id);
    expect(await commentNum(d.id)).toBe(3);
    const refused = await call('DELETE', '/api/reply', b.token, { reply: { id: r.id }, did: d.id });
    expect([refused.status, refused.body.data.key]).toEqual([403, 'commentNotOwned']);
    expect((await call('DELETE', '/api/comment', a.token, { id: c.id, did: d.id })).status).toBe(403);
    expect((await call('DELETE', '/api/reply', a.token, { reply: { id: r.id }, did: d.id })).status).toBe(200);
    expect(await commentNum(d.id)).toBe(2);
    expect((await call('DELETE', '/api/comment', teacher.token, { id: c.id, did: d.id })).status).toBe(200);
    expect(await commentNum(d.id)).toBe(0);
    expect((await call('GET', `/api/reply?commentId=${c.id}`)).status).toBe(404);
    const own = (await comment(b.token, { did: d.id })).body.data;
    expect((await call('DELETE', `/api/comment?id=${own.id}&did=${d.id}`, b.token)).status).toBe(200);
  });

  it('comment likes are idempotent, marked for the liker, and tell the author once', async () => {
    const a = await userToken();
    const b = await userToken();
    const d = await discussion(a.token);
    const c = (await comment(a.token, { did: d.id })).body.data;
    const like = (toLike: boolean) =>
      call('GET', `/api/comment-like?cid=${c.id}&toLike=${toLike}&sourceId=${d.id}&sourceType=Discussion`, b.token);
    await like(true);
    await like(true);
    const list = await call('GET', `/api/comments?did=${d.id}`, b.token);
    expect(list.body.data.commentList.records[0].likeNum).toBe(1);
    expect(list.body.data.commentLikeMap).toEqual({ [c.id]: true });
    const likes = await call('GET', '/api/msg/like', a.token);
    expect(likes.body.data.records).toHaveLength(1);
    expect(likes.body.data.records[0]).toMatchObject({ action: 'Like_Discuss', sourceContent: 'Check overflow' });
    await like(false);
    await like(false);
    expect((await call('GET', `/api/comments?did=${d.id}`, b.token)).body.data.commentList.records[0].likeNum).toBe(0);
    expect((await call('GET', '/api/comment-like?cid=999999&toLike=true', b.token)).status).toBe(404);
  });

  it('contests: a running contest shows participants their own and its admins’ comments; admins’ are not answered by others; the end opens all', async () => {
    const teacher = await userToken('admin');
    const c = await newContest({ title: 'Q&A' }, teacher.token);
    const [p1, p2] = [await userToken(), await userToken()];
    const place = { cid: c.id };
    const question = (await comment(p1.token, place, 'Is n up to 1e9?')).body.data;
    const answer = (await comment(teacher.token, place, 'Yes, read the statement')).body.data;
    const seen = async (who: string) =>
      ((await call('GET', `/api/comments?cid=${c.id}`, who)).body.data.commentList.records as { id: number }[]).map(
        (x) => x.id,
      );
    expect((await seen(teacher.token)).sort()).toEqual([question.id, answer.id].sort());
    expect((await seen(p1.token)).sort()).toEqual([question.id, answer.id].sort());
    expect(await seen(p2.token)).toEqual([answer.id]);
    expect((await seen(root)).length).toBe(2);
    expect((await call('GET', `/api/reply?commentId=${question.id}`, p2.token)).status).toBe(404);
    expect((await call('GET', `/api/comments?cid=${c.id}`)).status).toBe(401);

    const refused = await reply(p2.token, place, answer.id);
    expect([refused.status, refused.body.data.key]).toEqual([403, 'commentReplyRefused']);
    expect((await reply(p1.token, place, answer.id)).status).toBe(403);
    expect((await reply(teacher.token, place, question.id)).status).toBe(200);
    expect((await reply(p1.token, place, question.id)).status).toBe(200);
    expect((await reply(p2.token, place, question.id)).status).toBe(404);
    // A site admin who is not the contest's admin does not see others' questions while it runs.
    const other = await userToken('admin');
    expect((await call('DELETE', '/api/comment', other.token, { id: question.id, cid: c.id })).status).toBe(404);
    // No messages for contest comments to anyone but who is replied to.
    expect((await call('GET', '/api/msg/reply', p1.token)).body.data.total).toBe(1);

    t.clock.offsetMs += 5 * HOUR;
    try {
      expect((await seen(p2.token)).sort()).toEqual([question.id, answer.id].sort());
      expect((await reply(p2.token, place, question.id)).status).toBe(200);
      expect((await reply(p2.token, place, answer.id)).status).toBe(403);
      // Nor may they delete them afterwards: in a contest only its admins delete others' comments.
      const refused = await call('DELETE', '/api/comment', other.token, { id: question.id, cid: c.id });
      expect([refused.status, refused.body.data.key]).toEqual([403, 'commentNotOwned']);
    } finally {
      t.clock.offsetMs -= 5 * HOUR;
    }
    expect((await call('DELETE', '/api/comment', teacher.token, { id: question.id, cid: c.id })).status).toBe(200);

    await t.services.site.updateSwitches({ openContestComment: false });
    try {
      const closed = await call('GET', `/api/comments?cid=${c.id}`, p1.token);
      expect([closed.status, closed.body.data.key]).toEqual([403, 'areaClosed']);
      expect((await comment(p1.token, place)).status).toBe(403);
    } finally {
      await t.services.site.updateSwitches({ openContestComment: true });
    }
    // A private contest's comments need its registration.
    const priv = await newContest({ title: 'Private Q&A', auth: 1, pwd: 'pw' }, teacher.token);
    expect((await call('GET', `/api/comments?cid=${priv.id}`, p1.token)).status).toBe(403);
    expect((await comment(p1.token, { cid: priv.id })).status).toBe(403);
  });
});
