import type { ContestAcInfo, ContestPrint, ContestProblem } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { bindNotifiers } from '../../lib/notify';
import { contestFixture } from '../../test-fixtures';
import { renderElement, renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import { AdminContestAcCodeDialog } from '../admin/contest/admin-contest-ac-code-dialog';
import ContestAcInfoPage from './contest-ac-info-page';
import ContestAdminPrintPage from './contest-admin-print-page';
import type { ContestContext } from './contest-detail-page';
import ContestPrintPage, { checkPrintContent } from './contest-print-page';
import ContestRejudgePage from './contest-rejudge-page';

const CONTEST = contestFixture({ id: 7, title: 'Spring Cup', openPrint: true });

const PROBLEMS: ContestProblem[] = [
  { id: 1, displayId: 'A', cid: 7, pid: 101, displayTitle: 'A + B', color: '#ff0000', ac: 1, total: 2, ioScore: 100 },
  { id: 2, displayId: 'B', cid: 7, pid: 102, displayTitle: 'Paths', color: null, ac: 0, total: 0, ioScore: 100 },
];

const json =
  (data: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify({ status, msg: status === 200 ? 'success' : 'refused', data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

const page = <T,>(records: T[]) => ({ records, total: records.length, size: 20, current: 1 });

/** A contest tab as the shell renders it: under /contest/:contestID with the shell's outlet context. */
const renderTab = (tab: string, element: ReactNode, context: Partial<ContestContext> = {}) => {
  const ctx: ContestContext = { contest: CONTEST, status: 0, admin: true, problems: PROBLEMS, ...context };
  return renderWithProviders(
    [{ path: '/contest/:contestID', element: <Outlet context={ctx} />, children: [{ path: tab, element }] }],
    `/contest/${CONTEST.id}/${tab}`,
  );
};

const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];

describe('print content rules', () => {
  it('refuses empty text, then fewer than 50 characters', () => {
    expect(checkPrintContent(undefined)).toBe('Content_cannot_be_empty');
    expect(checkPrintContent(' \n\t ')).toBe('Content_cannot_be_empty');
    expect(checkPrintContent('x'.repeat(49))).toBe('Content_less_than_50');
    expect(checkPrintContent('x'.repeat(50))).toBeNull();
  });
});

describe('contest print tab', () => {
  beforeAll(() => setupI18n('en-US'));
  // What the user is told: toasts and error notifications, caught where antd would show them.
  const toasts = { success: vi.fn() };
  const notifications = { error: vi.fn() };
  beforeEach(() => {
    toasts.success.mockReset();
    notifications.error.mockReset();
    bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
  });

  it('says the content cannot be empty and sends nothing', async () => {
    const fetchMock = stubServer({ '/api/get-contest-print': json(page([])) });
    renderTab('print', <ContestPrintPage />);
    fireEvent.change(screen.getByLabelText('Text to print'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit to print' }));
    expect(await screen.findByText('Content cannot be empty')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/submit-print-text')).toHaveLength(0);
  });

  it('refuses 49 characters with the "cannot be less than 50" message', async () => {
    const fetchMock = stubServer({ '/api/get-contest-print': json(page([])) });
    renderTab('print', <ContestPrintPage />);
    fireEvent.change(screen.getByLabelText('Text to print'), { target: { value: 'x'.repeat(49) } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit to print' }));
    expect(await screen.findByText('The number of content cannot be less than 50')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/submit-print-text')).toHaveLength(0);
  });

  it('sends 50 characters with the contest id, clears the form and lists the own prints', async () => {
    const mine: ContestPrint[] = [
      { id: 3, cid: 7, username: 'alice', realname: null, status: 1, length: 120, gmtCreate: '2026-01-01T09:10:00Z' },
    ];
    const fetchMock = stubServer({ '/api/get-contest-print': json(page(mine)), '/api/submit-print-text': json(null) });
    renderTab('print', <ContestPrintPage />);
    expect(await screen.findByText('Printed')).toBeTruthy();
    expect(screen.getByText('120 characters')).toBeTruthy();
    const text = 'int main() { return 0; } // '.padEnd(50, '.');
    fireEvent.change(screen.getByLabelText('Text to print'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit to print' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/submit-print-text')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/submit-print-text')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ cid: 7, content: text });
    await waitFor(() => expect((screen.getByLabelText('Text to print') as HTMLTextAreaElement).value).toBe(''));
    expect(toasts.success).toHaveBeenCalledWith('Submit code successfully', expect.anything());
  });

  it("shows the server's message when it refuses (one print per 30 s) and keeps the text", async () => {
    stubServer({
      '/api/get-contest-print': json(page([])),
      '/api/submit-print-text': () =>
        new Response(JSON.stringify({ status: 429, msg: 'Print again in 30 seconds', data: null }), {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderTab('print', <ContestPrintPage />);
    const text = 'y'.repeat(60);
    fireEvent.change(screen.getByLabelText('Text to print'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit to print' }));
    await waitFor(() =>
      expect(notifications.error).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Print again in 30 seconds' }),
      ),
    );
    expect((screen.getByLabelText('Text to print') as HTMLTextAreaElement).value).toBe(text);
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('AC info tab', () => {
  beforeAll(() => setupI18n('en-US'));

  const rows: ContestAcInfo[] = [
    {
      id: 41,
      cid: 7,
      uid: 'u1',
      username: 'alice',
      realname: 'Alice A.',
      pid: 101,
      displayId: 'A',
      color: '#ff0000',
      submitId: 41,
      submitTime: '2026-01-01T08:12:00Z',
      time: 720,
      firstBlood: true,
      checked: false,
    },
    {
      id: 45,
      cid: 7,
      uid: 'u2',
      username: 'bob',
      realname: null,
      pid: 101,
      displayId: 'A',
      color: '#ff0000',
      submitId: 45,
      submitTime: '2026-01-01T08:30:00Z',
      time: 1800,
      firstBlood: false,
      checked: true,
    },
  ];

  it('shows the first blood, the balloon and the time since the start', async () => {
    stubServer({ '/api/get-contest-ac-info': json(page(rows)) });
    renderTab('ac-info', <ContestAcInfoPage />);
    const alice = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    const bob = screen.getByText('bob').closest('tr') as HTMLElement;
    expect(within(alice).getByText('First blood')).toBeTruthy();
    expect(within(bob).queryByText('First blood')).toBeNull();
    expect(within(alice).getByText('00:12:00')).toBeTruthy();
    expect(within(alice).getByRole('img', { name: 'Balloon colour of A' })).toBeTruthy();
  });

  it('marks a balloon delivered through check-contest-ac-info', async () => {
    const fetchMock = stubServer({
      '/api/get-contest-ac-info': json(page(rows)),
      '/api/check-contest-ac-info': json(null),
    });
    renderTab('ac-info', <ContestAcInfoPage />);
    const toggle = await screen.findByRole('switch', { name: 'Checked alice A' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Checked bob A' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(callsTo(fetchMock, '/api/check-contest-ac-info')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/check-contest-ac-info')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 41, cid: 7, checked: true });
    // The list is read again after the change.
    await waitFor(() => expect(callsTo(fetchMock, '/api/get-contest-ac-info').length).toBeGreaterThan(1));
  });

  it('is not shown to a participant', async () => {
    const fetchMock = stubServer();
    renderTab('ac-info', <ContestAcInfoPage />, { admin: false });
    expect(await screen.findByText('You have no access to this page')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/get-contest-ac-info')).toHaveLength(0);
  });
});

describe('print admin tab', () => {
  beforeAll(() => setupI18n('en-US'));

  it('marks a waiting print printed; a printed one has no such action', async () => {
    const prints: ContestPrint[] = [
      { id: 9, cid: 7, username: 'carol', realname: 'Carol', status: 0, length: 80, gmtCreate: '2026-01-01T09:00:00Z' },
      { id: 8, cid: 7, username: 'dave', realname: null, status: 1, length: 64, gmtCreate: '2026-01-01T08:50:00Z' },
    ];
    const fetchMock = stubServer({
      '/api/get-contest-print': json(page(prints)),
      '/api/check-contest-print-status': json(null),
    });
    renderTab('admin-print', <ContestAdminPrintPage />);
    expect(await screen.findByRole('button', { name: 'Download 9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark printed 8' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark printed 9' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/check-contest-print-status')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/check-contest-print-status')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 9, cid: 7 });
  });
});

describe('contest rejudge tab', () => {
  beforeAll(() => setupI18n('en-US'));

  it('rejudges a problem only after the confirmation', async () => {
    const fetchMock = stubServer({ '/api/admin/judge/rejudge-contest-problem': json({ count: 4 }) });
    renderTab('rejudge', <ContestRejudgePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Rejudge A' }));
    expect(await screen.findByText('Rejudge every submission of problem A in this contest?')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/judge/rejudge-contest-problem')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/judge/rejudge-contest-problem')).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, '/api/admin/judge/rejudge-contest-problem')[0] ?? [];
    expect(init?.method).toBe('GET');
    expect(new URLSearchParams(String(url).split('?')[1]).toString()).toBe('cid=7&pid=101');
  });
});

describe('download AC code dialog (admin contest list)', () => {
  beforeAll(() => setupI18n('en-US'));

  it('downloads the zip split by problem with the chosen options', async () => {
    const fetchMock = stubServer({
      '/api/file/download-contest-ac-submission': () =>
        new Response(new Blob(['PK']), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="ac.zip"' },
        }),
    });
    // jsdom has no object URLs; the file is handed to the browser through one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const onClose = vi.fn();
    renderElement(<AdminContestAcCodeDialog contest={{ id: 7, title: 'Spring Cup' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Exclude admins' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By problem' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = callsTo(fetchMock, '/api/file/download-contest-ac-submission')[0] ?? [];
    expect(init?.method).toBe('GET');
    expect(new URLSearchParams(String(url).split('?')[1]).toString()).toBe('cid=7&excludeAdmin=true&splitType=problem');
  });
});
