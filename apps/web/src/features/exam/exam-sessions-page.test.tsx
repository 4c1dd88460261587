import type { ExamEvent, ExamParticipant } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contestFixture } from '../../test-fixtures';
import {
  bodyOf,
  callsTo,
  json,
  queryOf,
  renderWithProviders,
  screenWidth,
  setupI18n,
  spyOnToasts,
  stubServer,
} from '../../test-utils';
import type { ContestContext } from '../contest/contest-detail-page';
import ExamSessionsPage, { usernamesOf } from './exam-sessions-page';

const EXAM_CONTEST = contestFixture({ id: 7, title: 'Final exam', examMode: true });
const SESSIONS = '/api/contest/exam-sessions';
const END = '/api/contest/exam-session';
const ADD = '/api/contest/participants';
const REMOVE = '/api/contest/participant';

const PARTICIPANTS: ExamParticipant[] = [
  { uid: 'u-bob', username: 'bob', realname: 'Bob Stone', active: true, ip: '10.0.0.7', since: '2026-01-01T08:05:00Z' },
  { uid: 'u-eve', username: 'eve', realname: null, active: false, ip: null, since: null },
];
const EVENTS: ExamEvent[] = [
  {
    id: 2,
    username: 'bob',
    kind: 'refusedSession',
    ip: '10.0.0.8',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    gmtCreate: '2026-01-01T08:10:00Z',
  },
  { id: 1, username: 'bob', kind: 'login', ip: '10.0.0.7', userAgent: 'Chrome', gmtCreate: '2026-01-01T08:05:00Z' },
];

const renderTab = (context: Partial<ContestContext> = {}) => {
  const ctx: ContestContext = { contest: EXAM_CONTEST, status: 0, admin: true, problems: [], ...context };
  return renderWithProviders(
    [
      {
        path: '/contest/:contestID',
        element: <Outlet context={ctx} />,
        children: [{ path: 'exam-sessions', element: <ExamSessionsPage /> }],
      },
    ],
    '/contest/7/exam-sessions',
  );
};

describe('the exam sessions tab', { timeout: 30_000 }, () => {
  beforeAll(() => setupI18n('en-US'));
  afterEach(() => vi.restoreAllMocks());
  const toasts = spyOnToasts();

  it('lists the participants and the events in words, and ends a session once confirmed', async () => {
    const fetchMock = stubServer({
      [SESSIONS]: json({ participants: PARTICIPANTS, events: EVENTS }),
      [END]: json(null),
    });
    renderTab();
    const participants = await screen.findByRole('table', { name: 'Participants' });
    const bob = (await within(participants).findByText('bob')).closest('tr') as HTMLElement;
    expect(within(bob).getByText('Bob Stone')).toBeTruthy();
    expect(within(bob).getByText('Active')).toBeTruthy();
    expect(within(bob).getByText('10.0.0.7')).toBeTruthy();
    const eve = within(participants).getByText('eve').closest('tr') as HTMLElement;
    expect(within(eve).getByText('Not active')).toBeTruthy();
    const log = screen.getByRole('table', { name: 'Event log' });
    expect(within(log).getByText('Second login refused')).toBeTruthy();
    expect(within(log).getByText('Signed in')).toBeTruthy();
    expect(within(log).getByText('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0')).toBeTruthy();
    expect(queryOf(callsTo(fetchMock, SESSIONS)[0]).get('cid')).toBe('7');

    fireEvent.click(within(bob).getByRole('button', { name: 'End session' }));
    // Nothing is ended before the confirmation.
    expect(await screen.findByText(/End bob's session\?/)).toBeTruthy();
    expect(callsTo(fetchMock, END)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, END)).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, END)[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(queryOf(url).get('cid')).toBe('7');
    expect(queryOf(url).get('uid')).toBe('u-bob');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Session ended', expect.anything()));
    await waitFor(() => expect(callsTo(fetchMock, SESSIONS).length).toBeGreaterThan(1));
  });

  it('reads a pasted list one name a line, or separated by spaces or commas', () => {
    expect(usernamesOf(' alice, Bob\n\ncarol\tdave，erin、frank;  ')).toEqual([
      'alice',
      'Bob',
      'carol',
      'dave',
      'erin',
      'frank',
    ]);
    expect(usernamesOf(' \n , ')).toEqual([]);
  });

  it('registers the pasted names, tells what came of them and leaves the unknown ones in the box', async () => {
    const fetchMock = stubServer({
      [SESSIONS]: json({ participants: PARTICIPANTS, events: EVENTS }),
      [ADD]: json({ added: 2, already: 1, unknown: ['ghost'] }),
    });
    renderTab();
    const box = await screen.findByRole('textbox', { name: 'Add participants' });
    expect(box.getAttribute('placeholder')).toBe('One username per line (or separated by spaces/commas)');
    const add = screen.getByRole('button', { name: 'Add' });
    // Nothing to add yet.
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'alice, Bob\ncarol ghost\n' } });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const before = callsTo(fetchMock, SESSIONS).length;
    fireEvent.click(add);
    await waitFor(() => expect(callsTo(fetchMock, ADD)).toHaveLength(1));
    const call = callsTo(fetchMock, ADD)[0];
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({ cid: 7, usernames: ['alice', 'Bob', 'carol', 'ghost'] });
    const result = await screen.findByRole('status');
    expect(within(result).getByText('2 added, 1 already registered')).toBeTruthy();
    expect(within(result).getByText('No such users (left in the box): ghost')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('ghost'));
    // The participants are read again.
    await waitFor(() => expect(callsTo(fetchMock, SESSIONS).length).toBeGreaterThan(before));
  });

  it('refuses more names than one call may add, before calling the server', async () => {
    const fetchMock = stubServer({ [SESSIONS]: json({ participants: [], events: [] }) });
    renderTab();
    const box = await screen.findByRole('textbox', { name: 'Add participants' });
    const names = Array.from({ length: 1001 }, (_, i) => `user${i}`).join('\n');
    fireEvent.change(box, { target: { value: names } });
    expect(await screen.findByText('At most 1000 usernames at once')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(callsTo(fetchMock, ADD)).toHaveLength(0);
  });

  it("takes a participant's registration back once confirmed", async () => {
    const fetchMock = stubServer({
      [SESSIONS]: json({ participants: PARTICIPANTS, events: EVENTS }),
      [REMOVE]: json(null),
    });
    renderTab();
    const participants = await screen.findByRole('table', { name: 'Participants' });
    const eve = (await within(participants).findByText('eve')).closest('tr') as HTMLElement;
    fireEvent.click(within(eve).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Take back eve's registration\?/)).toBeTruthy();
    expect(callsTo(fetchMock, REMOVE)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, REMOVE)).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, REMOVE)[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(queryOf(url).get('cid')).toBe('7');
    expect(queryOf(url).get('uid')).toBe('u-eve');
    expect(callsTo(fetchMock, END)).toHaveLength(0);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Registration taken back', expect.anything()));
  });

  it('keeps the user, whether active and the action in the row on a phone, the rest in its details', async () => {
    screenWidth(390);
    stubServer({ [SESSIONS]: json({ participants: PARTICIPANTS, events: EVENTS }) });
    renderTab();
    const participants = await screen.findByRole('table', { name: 'Participants' });
    const headers = within(participants)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Username', 'Active', 'Action']));
    expect(headers).not.toContain('Real name');
    expect(headers).not.toContain('Address');
    // Both actions stay in the row.
    const bob = (await within(participants).findByText('bob')).closest('tr') as HTMLElement;
    expect(within(bob).getByRole('button', { name: 'End session' })).toBeTruthy();
    expect(within(bob).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Add participants' })).toBeTruthy();
  });

  it('says so for a contest that is not an exam, and shows nothing to a participant', async () => {
    const fetchMock = stubServer({ [SESSIONS]: json({ participants: [], events: [] }) });
    const { unmount } = renderTab({ contest: { ...EXAM_CONTEST, examMode: false } });
    expect(await screen.findByText('This contest is not an exam')).toBeTruthy();
    unmount();
    renderTab({ admin: false });
    expect(await screen.findByText('You have no access to this contest yet')).toBeTruthy();
    expect(callsTo(fetchMock, SESSIONS)).toHaveLength(0);
  });
});
