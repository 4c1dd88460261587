import type { SysMessage, UserMessage } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { plainExcerpt } from '../../lib/plain-excerpt';
import { userInfoFixture } from '../../test-fixtures';
import { callsTo, json, queryOf, renderWithProviders, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import { NavBar } from '../layout/nav-bar';
import MessageListPage from './message-list-page';
import { sourcePath } from './message-model';
import MessagePage from './message-page';

const USER = userInfoFixture('u-alice', 'alice');

const toasts = spyOnToasts();

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  session.clear();
});
afterEach(() => session.clear());

const COMMENT: UserMessage = {
  id: 5,
  action: 'Discuss',
  sourceId: 9,
  sourceType: 'Discussion',
  sourceTitle: 'Greedy works',
  sourceContent: null,
  quoteId: 30,
  quoteType: 'Comment',
  quoteContent: 'Nice proof!',
  url: null,
  state: false,
  senderId: 'u-bob',
  senderUsername: 'bob',
  senderAvatar: null,
  gmtCreate: '2026-01-02T08:00:00.000Z',
};

const renderNav = () => renderWithProviders([{ path: '*', element: <NavBar /> }], '/home');

describe('unread badge in the user menu', { timeout: 30_000 }, () => {
  it('never asks a visitor for unread messages', async () => {
    const fetchMock = stubServer({ '/api/msg/unread': json({ comment: 1, reply: 0, like: 0, sys: 0, mine: 0 }) });
    renderNav();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    // Give any query a chance to start.
    await waitFor(() => expect(callsTo(fetchMock, '/api/get-website-config').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, '/api/msg/unread')).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the total for a signed-in user and a Message entry to the message centre', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({ '/api/msg/unread': json({ comment: 2, reply: 1, like: 0, sys: 3, mine: 0 }) });
    const { router } = renderNav();
    expect(await screen.findByRole('status', { name: '6 unread messages' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/msg/unread')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /alice/ }));
    const entry = await screen.findByRole('menuitem', { name: /Message/ });
    expect(within(entry).getByRole('status', { name: '6 unread messages' })).toBeTruthy();
    fireEvent.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/discuss'));
  });

  it('shows no badge when nothing is unread', async () => {
    session.signIn('token', USER);
    const fetchMock = stubServer({ '/api/msg/unread': json({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 }) });
    renderNav();
    await waitFor(() => expect(callsTo(fetchMock, '/api/msg/unread')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

const renderCentre = (path: string) =>
  renderWithProviders(
    [
      {
        path: '/message',
        element: <MessagePage />,
        children: ['discuss', 'reply', 'like', 'sys', 'mine'].map((p) => ({ path: p, element: <MessageListPage /> })),
      },
      { path: '/discussion-detail/:discussionID', element: <h1>Detail screen</h1> },
    ],
    path,
  );

describe('message centre', { timeout: 60_000 }, () => {
  it('links a message to its discussion, never to another site', () => {
    expect(sourcePath(COMMENT)).toBe('/discussion-detail/9');
    expect(sourcePath({ ...COMMENT, url: '/discussion-detail/11' })).toBe('/discussion-detail/11');
    expect(sourcePath({ ...COMMENT, url: 'javascript:alert(1)' })).toBe('/discussion-detail/9');
    expect(sourcePath({ ...COMMENT, url: '//evil.example/x' })).toBe('/discussion-detail/9');
    expect(sourcePath({ ...COMMENT, sourceType: 'Contest', sourceId: 3 })).toBe('/contest/3/comment');
  });

  it('shows a comment excerpt as plain text, without markdown marks', () => {
    const source =
      '## My approach\n\n1. read\n\n```cpp\nint main(){}\n```\n\n> quoted **bold** `x` [link](/a) ![img](/b.png)';
    expect(plainExcerpt(source)).toBe('My approach · read int main(){} quoted bold x link');
    expect(plainExcerpt('plain text')).toBe('plain text');
  });

  it('opens the comments tab by default, pages by 6 and refreshes the unread counter after loading', async () => {
    session.signIn('token', USER);
    let unread = { comment: 1, reply: 0, like: 0, sys: 0, mine: 0 };
    const fetchMock = stubServer({
      '/api/msg/unread': () => json(unread)(),
      '/api/msg/comment': () => {
        unread = { ...unread, comment: 0 };
        return json({ records: [COMMENT], total: 1, size: 6, current: 1 })();
      },
    });
    const { router } = renderCentre('/message');
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/discuss'));
    expect(await screen.findByText('commented on your post')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bob' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Greedy works' }).getAttribute('href')).toBe('/discussion-detail/9');
    expect(screen.getByText('Nice proof!')).toBeTruthy();
    // Listed, then read: the row's tag follows the server.
    await waitFor(() => expect(screen.getByText('Read')).toBeTruthy());
    const [url] = callsTo(fetchMock, '/api/msg/comment')[0] ?? [];
    expect(queryOf(String(url)).get('limit')).toBe('6');
    // The counter is asked again once the list has been read.
    await waitFor(() => expect(callsTo(fetchMock, '/api/msg/unread').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Comments' })).toBeTruthy());
  });

  it('shows the rows the server marked read as read, as the unread counter drops', async () => {
    session.signIn('token', USER);
    let unread = { comment: 0, reply: 2, like: 0, sys: 0, mine: 0 };
    const second: UserMessage = { ...COMMENT, id: 6, action: 'Reply', quoteContent: 'Why?', senderUsername: 'carol' };
    const read: UserMessage = { ...COMMENT, id: 7, action: 'Reply', quoteContent: 'Old news', state: true };
    const fetchMock = stubServer({
      '/api/msg/unread': () => json(unread)(),
      '/api/msg/reply': () => {
        // The server answers the rows as they were and marks them read.
        unread = { ...unread, reply: 0 };
        return json({ records: [{ ...COMMENT, action: 'Reply' }, second, read], total: 3, size: 6, current: 1 })();
      },
    });
    renderCentre('/message/reply');
    expect(await screen.findByText('Why?')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Read')).toHaveLength(3));
    expect(screen.queryByText('Unread')).toBeNull();
    // The Replies tab's count is gone with them.
    const tab = screen.getByRole('tab', { name: /Replies/ });
    await waitFor(() => expect(tab.textContent).toBe('Replies'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/msg/unread').length).toBeGreaterThanOrEqual(2));
    // Read once: marking the rows read asks the server nothing more.
    expect(callsTo(fetchMock, '/api/msg/reply')).toHaveLength(1);
  });

  it('cleans one message and, after confirming, a whole tab; system notices page by 8', async () => {
    session.signIn('token', USER);
    const notice: SysMessage = {
      id: 4,
      title: 'Maintenance',
      content: 'The judge restarts at **noon**.',
      adminId: 'u-root',
      type: 'Sys',
      state: true,
      gmtCreate: '2026-01-02T08:00:00.000Z',
    };
    const fetchMock = stubServer({
      '/api/msg/unread': json({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 }),
      '/api/msg/sys': json({ records: [notice], total: 1, size: 8, current: 1 }),
      '/api/msg/clean': json(null),
    });
    renderCentre('/message/sys');
    expect(await screen.findByText('Maintenance')).toBeTruthy();
    expect(queryOf(String(callsTo(fetchMock, '/api/msg/sys')[0]?.[0])).get('limit')).toBe('8');

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/msg/clean')).toHaveLength(1));
    let [url, init] = callsTo(fetchMock, '/api/msg/clean')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(Object.fromEntries(queryOf(String(url)))).toEqual({ type: 'Sys', id: '4' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Delete successfully', expect.anything()));

    fireEvent.click(screen.getByRole('button', { name: 'Clean all' }));
    expect(callsTo(fetchMock, '/api/msg/clean')).toHaveLength(1);
    const tips = await screen.findAllByRole('tooltip');
    const confirm = tips.find((tip) => within(tip).queryByText('Delete every message of this tab?'));
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/msg/clean')).toHaveLength(2));
    [url, init] = callsTo(fetchMock, '/api/msg/clean')[1] ?? [];
    expect(Object.fromEntries(queryOf(String(url)))).toEqual({ type: 'Sys' });
  });
});
