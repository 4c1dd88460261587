import type { Comment, Reply } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideGuard } from '../../app/route-guard';
import { findRoute } from '../../app/route-table';
import { session } from '../../lib/auth-store';
import { loginDialog, loginDialogStore } from '../../lib/ui-store';
import { userInfoFixture } from '../../test-fixtures';
import { renderElement, renderWithProviders, setupI18n, spyOnToasts, WEBSITE_CONFIG } from '../../test-utils';
import ContestCommentPage from '../contest/contest-comment-page';
import type { ContestContext } from '../contest/contest-detail-page';
import {
  addReplyTo,
  applySnippet,
  type CommentItem,
  type CommentPlace,
  canDelete,
  canLoadMore,
  canReply,
  collapseReplies,
  contentError,
  EMOJI,
  expandReplies,
  hasHiddenReplies,
  insertAt,
  removeReplyFrom,
  sliceReplies,
  toggleLike,
  toItems,
} from './comment-model';
import { CommentSection } from './comment-section';

const USER = userInfoFixture('u-alice', 'alice');

const reply = (id: number, commentId = 1, from = 'bob'): Reply => ({
  id,
  commentId,
  fromUid: `u-${from}`,
  fromName: from,
  fromAvatar: null,
  fromRole: 'user',
  fromTitleName: null,
  fromTitleColor: null,
  toUid: 'u-carol',
  toName: 'carol',
  toAvatar: null,
  content: `reply number ${id}`,
  gmtCreate: `2026-01-02T08:0${id % 10}:00.000Z`,
});

const replies = (n: number, commentId = 1) => Array.from({ length: n }, (_, i) => reply(i + 1, commentId));

const makeComment = (id: number, over: Partial<Comment> = {}): Comment => {
  const all = replies(over.totalReplyNum ?? 0, id);
  return {
    id,
    did: 9,
    cid: null,
    fromUid: 'u-carol',
    fromName: 'carol',
    fromAvatar: null,
    fromRole: 'user',
    fromTitleName: null,
    fromTitleColor: null,
    content: `comment number ${id}`,
    likeNum: 2,
    totalReplyNum: all.length,
    replyList: all.slice(-3),
    gmtCreate: '2026-01-02T08:00:00.000Z',
    ...over,
  };
};

const item = (c: Comment): CommentItem => toItems([c], {})[0] as CommentItem;

const DISCUSSION: CommentPlace = { did: 9 };
const CONTEST: CommentPlace = { cid: 2, contestAdmin: false, contestAuthor: 'boss' };

describe('comment model', () => {
  it('shows three replies, expands to all on "view more" and collapses back to three', () => {
    const all = replies(5);
    const start = item(makeComment(1, { totalReplyNum: 5 }));
    expect(start.comment.replyList.map((r) => r.id)).toEqual([3, 4, 5]);
    expect(sliceReplies(all).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(hasHiddenReplies(start)).toBe(true);
    const open = expandReplies(start, all);
    expect(open.expanded).toBe(true);
    expect(open.comment.replyList).toHaveLength(5);
    expect(hasHiddenReplies(open)).toBe(false);
    const closed = collapseReplies(open);
    expect(closed.expanded).toBe(false);
    expect(closed.comment.replyList.map((r) => r.id)).toEqual([3, 4, 5]);
    expect(hasHiddenReplies(closed)).toBe(true);
    expect(hasHiddenReplies(item(makeComment(2, { totalReplyNum: 3 })))).toBe(false);
  });

  it('adding a reply expands a comment with more than three replies (fetching them when not cached)', () => {
    const small = addReplyTo(item(makeComment(1, { totalReplyNum: 2 })), reply(9));
    expect(small.fetchAll).toBe(false);
    expect(small.item.comment.totalReplyNum).toBe(3);
    expect(small.item.comment.replyList.map((r) => r.id)).toEqual([1, 2, 9]);

    const uncached = addReplyTo(item(makeComment(1, { totalReplyNum: 3 })), reply(9));
    expect(uncached.fetchAll).toBe(true);
    expect(uncached.item.comment.totalReplyNum).toBe(4);

    const cached = collapseReplies(expandReplies(item(makeComment(1, { totalReplyNum: 5 })), replies(5)));
    const added = addReplyTo(cached, reply(9));
    expect(added.fetchAll).toBe(false);
    expect(added.item.expanded).toBe(true);
    expect(added.item.comment.replyList.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 9]);
  });

  it('deleting a reply re-slices to three, or asks for a refetch when nothing is cached', () => {
    const open = expandReplies(item(makeComment(1, { totalReplyNum: 5 })), replies(5));
    const cached = removeReplyFrom(open, 5);
    expect(cached.fetchAll).toBe(false);
    expect(cached.item.expanded).toBe(false);
    expect(cached.item.comment.totalReplyNum).toBe(4);
    expect(cached.item.comment.replyList.map((r) => r.id)).toEqual([2, 3, 4]);

    const uncached = removeReplyFrom(item(makeComment(1, { totalReplyNum: 5 })), 4);
    expect(uncached.fetchAll).toBe(true);
    expect(uncached.item.comment.replyList.map((r) => r.id)).toEqual([3, 5]);
    // Nothing hidden behind the slice: no refetch.
    expect(removeReplyFrom(item(makeComment(1, { totalReplyNum: 3 })), 2).fetchAll).toBe(false);
  });

  it('toggles a like by one and loads more while currentPage × limit < total', () => {
    const liked = toggleLike(item(makeComment(1)), true);
    expect(liked.liked).toBe(true);
    expect(liked.comment.likeNum).toBe(3);
    expect(toggleLike(liked, false).comment.likeNum).toBe(2);
    expect(toItems([makeComment(4)], { '4': true })[0]?.liked).toBe(true);
    expect(canLoadMore(1, 11)).toBe(true);
    expect(canLoadMore(1, 10)).toBe(false);
    expect(canLoadMore(2, 25)).toBe(true);
    expect(canLoadMore(3, 25)).toBe(false);
    // A short page: the server has no more.
    expect(canLoadMore(1, 30, 4)).toBe(false);
  });

  it('refuses content empty after trimming and over 10000 characters', () => {
    expect(contentError('')).toEqual({ key: 'Content_cannot_be_empty' });
    expect(contentError(' \n\t ')).toEqual({ key: 'Content_cannot_be_empty' });
    expect(contentError('x'.repeat(10000))).toBeNull();
    expect(contentError(`  ${'x'.repeat(10000)}  `)).toBeNull();
    expect(contentError('x'.repeat(10001))).toEqual({ key: 'Content_Can_not_exceed', max: 10000 });
  });

  it('lets the author, a site admin outside contests and a contest admin inside them delete', () => {
    const mine = { fromUid: 'u-alice' };
    const other = { fromUid: 'u-bob' };
    const user = { uid: 'u-alice', siteAdmin: false };
    const siteAdmin = { uid: 'u-admin', siteAdmin: true };
    expect(canDelete(mine, user, DISCUSSION)).toBe(true);
    expect(canDelete(other, user, DISCUSSION)).toBe(false);
    expect(canDelete(other, siteAdmin, DISCUSSION)).toBe(true);
    expect(canDelete(other, siteAdmin, CONTEST)).toBe(false);
    expect(canDelete(other, user, { ...CONTEST, contestAdmin: true })).toBe(true);
    expect(canDelete(mine, user, CONTEST)).toBe(true);
    expect(canDelete(other, { uid: null, siteAdmin: false }, DISCUSSION)).toBe(false);
  });

  it("hides reply on root's and the contest creator's comments in a contest, unless the viewer wrote it or runs it", () => {
    const participant = { uid: 'u-alice', siteAdmin: false };
    const root = { fromUid: 'u-root', fromName: 'root', fromRole: 'root' };
    const creator = { fromUid: 'u-boss', fromName: 'boss', fromRole: 'admin' };
    const peer = { fromUid: 'u-bob', fromName: 'bob', fromRole: 'user' };
    expect(canReply(root, participant, CONTEST)).toBe(false);
    expect(canReply(creator, participant, CONTEST)).toBe(false);
    expect(canReply(peer, participant, CONTEST)).toBe(true);
    expect(canReply(creator, { uid: 'u-boss', siteAdmin: false }, CONTEST)).toBe(true);
    expect(canReply(root, participant, { ...CONTEST, contestAdmin: true })).toBe(true);
    expect(canReply(root, participant, DISCUSSION)).toBe(true);
  });

  it('wraps the selection in a markdown snippet, inserts emoji at the cursor, offers about 200 emoji', () => {
    expect(applySnippet('see foo here', 4, 7, 'inlineCode')).toEqual({
      text: 'see `foo` here',
      selStart: 5,
      selEnd: 8,
    });
    expect(applySnippet('', 0, 0, 'link').text).toBe('[link](https://)');
    expect(applySnippet('a', 1, 1, 'codeBlock').text).toBe('a\n```\ncode\n```\n');
    expect(applySnippet('', 0, 0, 'bulletList').text).toBe('\n- item\n');
    expect(applySnippet('', 0, 0, 'numberedList').text).toBe('\n1. item\n');
    expect(insertAt('ab', 1, 1, '😀')).toEqual({ text: 'a😀b', cursor: 3 });
    expect(EMOJI.length).toBeGreaterThanOrEqual(180);
    expect(EMOJI.length).toBeLessThanOrEqual(220);
    expect(new Set(EMOJI).size).toBe(EMOJI.length);
  });
});

// --- The section against a fake server --------------------------------------------------------------------------

type Call = { path: string; method: string; query: URLSearchParams; body: unknown };
type Handler = (call: Call) => unknown;

const serve = (handler: Handler) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const [path = '', qs = ''] = String(input).split('?');
      const call: Call = {
        path,
        method: init?.method ?? 'GET',
        query: new URLSearchParams(qs),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const data = path === '/api/get-website-config' ? WEBSITE_CONFIG : (handler(call) ?? null);
      return new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
};

const page = (records: Comment[], total = records.length, likeMap: Record<string, boolean> = {}) => ({
  commentList: { records, total, size: 10, current: 1 },
  commentLikeMap: likeMap,
});

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  loginDialog.close();
  session.clear();
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

const commentBox = () => screen.getByRole('textbox', { name: 'Comment content' });
const submitComment = () => fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
const articleOf = (text: string) => screen.getByText(text).closest('article') as HTMLElement;
const shownReplies = (article: HTMLElement) =>
  within(within(article).getByRole('list', { name: 'Replies' })).getAllByRole('listitem');
const replyButtons = (root: HTMLElement = document.body) => within(root).queryAllByRole('button', { name: /Reply$/ });

describe('comment section', { timeout: 60_000 }, () => {
  it('asks a visitor to log in before commenting, and sends nothing', async () => {
    const calls = serve((c) => (c.path === '/api/comments' ? page([makeComment(1)]) : null));
    renderElement(<CommentSection did={9} />);
    expect(await screen.findByText('comment number 1')).toBeTruthy();
    expect(screen.getByText('1 comment')).toBeTruthy();
    fireEvent.change(commentBox(), { target: { value: 'hello' } });
    submitComment();
    expect(toasts.warning).toHaveBeenCalledWith('Please login first', expect.anything());
    expect(loginDialogStore.get().open).toBe(true);
    expect(calls.some((c) => c.path === '/api/comment')).toBe(false);
    const load = calls.find((c) => c.path === '/api/comments');
    expect(load?.query.get('did')).toBe('9');
    expect(load?.query.get('limit')).toBe('10');
  });

  it('refuses empty and over-long content, then posts the trimmed comment on top', async () => {
    session.signIn('token', USER);
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([makeComment(1)]);
      if (c.path === '/api/comment' && c.method === 'POST') {
        return makeComment(7, {
          fromUid: 'u-alice',
          fromName: 'alice',
          content: (c.body as { content: string }).content,
        });
      }
      return null;
    });
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 1');

    fireEvent.change(commentBox(), { target: { value: '   \n ' } });
    submitComment();
    expect(toasts.warning).toHaveBeenLastCalledWith('Content cannot be empty', expect.anything());
    fireEvent.change(commentBox(), { target: { value: 'x'.repeat(10001) } });
    submitComment();
    expect(toasts.warning).toHaveBeenLastCalledWith('Comment Content Can not exceed 10000', expect.anything());
    expect(calls.some((c) => c.path === '/api/comment')).toBe(false);

    fireEvent.change(commentBox(), { target: { value: '  First!  ' } });
    submitComment();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Comment Successfully', expect.anything()));
    expect(calls.find((c) => c.path === '/api/comment')?.body).toEqual({ did: 9, content: 'First!' });
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('article')[0]?.textContent).toContain('First!');
    expect(screen.getByText('2 comments')).toBeTruthy();
    expect((commentBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('says before any typing why commenting is refused, in the comment and the reply box, and sends nothing', async () => {
    session.signIn('token', USER);
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([makeComment(1)]);
      if (c.path === '/api/discussion-post-permission') {
        return { allowed: false, reason: 'acRequired', needAc: 3, haveAc: 1, dailyLimit: 0 };
      }
      return null;
    });
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 1');
    expect(await screen.findByText('You need 3 accepted problems to post here (you have 1)')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/discussion-post-permission')?.query.get('did')).toBe('9');
    const send = screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(commentBox(), { target: { value: 'hello' } });
    submitComment();

    fireEvent.click(replyButtons(articleOf('comment number 1'))[0] as HTMLElement);
    const article = articleOf('comment number 1');
    expect(within(article).getByText('You need 3 accepted problems to post here (you have 1)')).toBeTruthy();
    expect((within(article).getByRole('button', { name: 'Reply' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("asks about the contest's comments in a contest, and names a muted account's refusal", async () => {
    session.signIn('token', USER);
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([]);
      if (c.path === '/api/discussion-post-permission') {
        return { allowed: false, reason: 'noPermission', needAc: 0, haveAc: 5, dailyLimit: 0 };
      }
      return null;
    });
    renderElement(<CommentSection {...CONTEST} />);
    expect(await screen.findByText('Your account may not post here at the moment')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/api/discussion-post-permission');
    expect([asked?.query.get('cid'), asked?.query.get('did')]).toEqual(['2', null]);
    expect((screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows 3 of 5 replies, loads all 5 on "view more" and collapses back to 3', async () => {
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([makeComment(1, { totalReplyNum: 5 })], 6);
      if (c.path === '/api/reply' && c.method === 'GET') return replies(5);
      return null;
    });
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 1');
    const article = articleOf('comment number 1');
    expect(shownReplies(article)).toHaveLength(3);
    expect(screen.queryByText('reply number 1')).toBeNull();

    fireEvent.click(within(article).getByRole('button', { name: 'View all 5 replies' }));
    await waitFor(() => expect(shownReplies(article)).toHaveLength(5));
    expect(screen.getByText('reply number 1')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/reply')?.query.get('commentId')).toBe('1');
    expect(within(article).queryByRole('button', { name: /View all/ })).toBeNull();

    fireEvent.click(within(article).getByRole('button', { name: 'Collapse replies' }));
    expect(shownReplies(article)).toHaveLength(3);
    expect(screen.queryByText('reply number 1')).toBeNull();
    expect(within(article).getByRole('button', { name: 'View all 5 replies' })).toBeTruthy();
  });

  it('keeps one reply box open at a time and quotes the reply answered', async () => {
    session.signIn('token', USER);
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([makeComment(1, { totalReplyNum: 1 }), makeComment(2)]);
      if (c.path === '/api/reply' && c.method === 'POST') {
        return { ...reply(50, 1, 'alice'), toUid: 'u-bob', toName: 'bob', content: 'thanks bob' };
      }
      return null;
    });
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 2');
    const first = articleOf('comment number 1');
    const second = articleOf('comment number 2');

    fireEvent.click(replyButtons(first)[0] as HTMLElement);
    expect(screen.getAllByRole('textbox', { name: 'Reply content' })).toHaveLength(1);
    fireEvent.click(replyButtons(second)[0] as HTMLElement);
    expect(screen.getAllByRole('textbox', { name: 'Reply content' })).toHaveLength(1);
    expect(within(second).getByRole('textbox', { name: 'Reply content' })).toBeTruthy();
    expect(within(first).queryByRole('textbox', { name: 'Reply content' })).toBeNull();

    // Answering the reply of bob under the first comment quotes it; the box moves there.
    const bobsReply = within(first).getByText('reply number 1').closest('li') as HTMLElement;
    fireEvent.click(replyButtons(bobsReply)[0] as HTMLElement);
    expect(screen.getAllByRole('textbox', { name: 'Reply content' })).toHaveLength(1);
    const box = within(first).getByRole('textbox', { name: 'Reply content' });
    expect(box.getAttribute('placeholder')).toBe('Reply to @bob');
    fireEvent.change(box, { target: { value: ' thanks bob ' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reply Successfully', expect.anything()));
    expect(calls.find((c) => c.path === '/api/reply' && c.method === 'POST')?.body).toEqual({
      reply: { commentId: 1, content: 'thanks bob', toUid: 'u-bob', toName: 'bob' },
      did: 9,
      quoteId: 1,
      quoteType: 'Reply',
    });
    await waitFor(() => expect(shownReplies(first)).toHaveLength(2));
    expect(screen.queryByRole('textbox', { name: 'Reply content' })).toBeNull();
  });

  it('deletes a reply through a JSON body after confirming, and refetches the replies hidden behind the three', async () => {
    session.signIn('token', { ...USER, uid: 'u-bob', username: 'bob' });
    let remaining = replies(5);
    const calls = serve((c) => {
      if (c.path === '/api/comments') return page([makeComment(1, { totalReplyNum: 5 })], 6);
      if (c.path === '/api/reply' && c.method === 'DELETE') {
        const id = (c.body as { reply: { id: number } }).reply.id;
        remaining = remaining.filter((r) => r.id !== id);
        return null;
      }
      if (c.path === '/api/reply' && c.method === 'GET') return remaining;
      return null;
    });
    renderElement(<CommentSection did={9} />);
    await screen.findByText('reply number 5');
    const article = articleOf('comment number 1');
    const last = within(article).getByText('reply number 5').closest('li') as HTMLElement;
    fireEvent.click(within(last).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: false }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Delete successfully', expect.anything()));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reply: { id: 5 }, did: 9 });
    await waitFor(() => expect(within(article).getByText('reply number 2')).toBeTruthy());
    expect(shownReplies(article)).toHaveLength(3);
    expect(screen.queryByText('reply number 5')).toBeNull();
    expect(within(article).getByRole('button', { name: 'View all 4 replies' })).toBeTruthy();
  });

  it("toggles a comment's like with its count", async () => {
    session.signIn('token', USER);
    const calls = serve((c) => (c.path === '/api/comments' ? page([makeComment(3)], 1, { '3': true }) : null));
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 3');
    const likeButton = screen.getByRole('button', { name: 'Unlike (2 likes)' });
    expect(likeButton.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(likeButton);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Cancel Like Successfully', expect.anything()));
    expect(screen.getByRole('button', { name: 'Like (1 like)' })).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/comment-like');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      cid: '3',
      toLike: 'false',
      sourceId: '9',
      sourceType: 'Discussion',
    });
  });

  it("hides the reply button on the contest admin's and root's comments from a participant", async () => {
    session.signIn('token', USER);
    const calls = serve((c) =>
      c.path === '/api/comments'
        ? page([
            makeComment(1, {
              cid: 2,
              did: null,
              fromUid: 'u-boss',
              fromName: 'boss',
              fromRole: 'admin',
              content: 'from the setter',
            }),
            makeComment(2, {
              cid: 2,
              did: null,
              fromUid: 'u-root',
              fromName: 'root',
              fromRole: 'root',
              content: 'from root',
            }),
            makeComment(3, { cid: 2, did: null, content: 'from a peer' }),
          ])
        : null,
    );
    renderElement(<CommentSection cid={2} contestAdmin={false} contestAuthor="boss" />);
    await screen.findByText('from a peer');
    expect(replyButtons(articleOf('from the setter'))).toHaveLength(0);
    expect(replyButtons(articleOf('from root'))).toHaveLength(0);
    expect(replyButtons(articleOf('from a peer'))).toHaveLength(1);
    expect(within(articleOf('from the setter')).getByText('ADM')).toBeTruthy();
    expect(within(articleOf('from root')).getByText('SPA')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/comments')?.query.get('cid')).toBe('2');
  });

  it('shows the reply button on those comments to a contest admin, and reloads when the user changes', async () => {
    session.signIn('token', USER);
    const calls = serve((c) =>
      c.path === '/api/comments'
        ? page([makeComment(1, { cid: 2, did: null, fromUid: 'u-root', fromName: 'root', fromRole: 'root' })])
        : null,
    );
    renderElement(<CommentSection cid={2} contestAdmin contestAuthor="boss" />);
    await screen.findByText('comment number 1');
    expect(replyButtons(articleOf('comment number 1'))).toHaveLength(1);
    const loads = () => calls.filter((c) => c.path === '/api/comments').length;
    expect(loads()).toBe(1);
    session.clear();
    await waitFor(() => expect(loads()).toBe(2));
  });
});

describe('contest comment tab', { timeout: 60_000 }, () => {
  it("shows the contest's comments with its creator's reply rule, and is closed while the site switches it off", async () => {
    session.signIn('token', USER);
    const calls = serve((c) =>
      c.path === '/api/comments'
        ? page([
            makeComment(1, { cid: 7, did: null, fromUid: 'u-boss', fromName: 'boss', content: 'setter note' }),
            makeComment(2, { cid: 7, did: null, content: 'peer question' }),
          ])
        : null,
    );
    const ctx = {
      contest: { id: 7, author: 'boss' },
      status: 0,
      admin: false,
      problems: [],
    } as unknown as ContestContext;
    renderWithProviders(
      [
        {
          path: '/contest/:contestID',
          element: <Outlet context={ctx} />,
          children: [{ path: 'comment', element: <ContestCommentPage /> }],
        },
      ],
      '/contest/7/comment',
    );
    await screen.findByText('peer question');
    expect(calls.find((c) => c.path === '/api/comments')?.query.get('cid')).toBe('7');
    expect(replyButtons(articleOf('setter note'))).toHaveLength(0);
    expect(replyButtons(articleOf('peer question'))).toHaveLength(1);

    const guard = findRoute('/contest/7/comment')?.route.guard;
    const base = { pathname: '/contest/7/comment', token: 'token', isAdmin: false, isSuperAdmin: false };
    expect(decideGuard(guard, { ...base, config: { openContestComment: false } })).toMatchObject({
      ok: false,
      to: '/home',
      message: 'No_Access',
    });
    expect(decideGuard(guard, { ...base, config: { openContestComment: true } })).toEqual({ ok: true });
  });
});

describe('comment texts', { timeout: 60_000 }, () => {
  afterEach(() => setupI18n('en-US'));

  it('shows every text in Chinese too, never a raw key', async () => {
    await setupI18n('zh-CN');
    session.signIn('token', USER);
    serve((c) =>
      c.path === '/api/comments'
        ? page([makeComment(1, { totalReplyNum: 5 })], 6)
        : c.path === '/api/discussion-post-permission'
          ? { allowed: false, reason: 'acRequired', needAc: 1, haveAc: 0, dailyLimit: 0 }
          : null,
    );
    renderElement(<CommentSection did={9} />);
    await screen.findByText('comment number 1');
    fireEvent.click(within(articleOf('comment number 1')).getAllByRole('button', { name: /回复$/ })[0] as HTMLElement);
    expect(screen.getByText('共 6 条评论')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看全部 5 条回复' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '回复内容' }).getAttribute('placeholder')).toBe('回复 @carol');
    expect(await screen.findAllByText('在这里发言需要至少通过 1 道题目（你已通过 0 道）')).toHaveLength(2);
    expect(document.body.innerHTML).not.toMatch(/\b(Comment|Content|Please|Post)_[A-Za-z]/);
  });
});
