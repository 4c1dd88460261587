import type { UserInfo } from '@oj/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { bindNotifiers } from '../../lib/notify';
import { json, renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import AdminContestEditPage from '../admin/contest/admin-contest-edit-page';
import { addressesError, addressesOf, examFieldsOf, examFieldsToSend } from './exam-fields';

const CONTEST_PATH = '/api/admin/contest';
const callsTo = (fetchMock: Mock, path: string, method: string) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method,
  );
const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

const adminContest = (extra: Record<string, unknown> = {}) => ({
  id: 9,
  uid: 'u1',
  author: 'alice',
  title: 'Final exam',
  type: 0,
  description: 'Solve them all.',
  source: 0,
  auth: 0,
  pwd: null,
  startTime: '2026-03-01T08:00:00.000Z',
  endTime: '2026-03-01T13:00:00.000Z',
  duration: 18000,
  sealRank: false,
  sealRankTime: null,
  autoRealRank: true,
  status: -1,
  visible: true,
  openPrint: false,
  openAccountLimit: false,
  accountLimitRule: null,
  rankShowName: 'username',
  hideRealNameFromVisitors: true,
  starAccount: [],
  openRank: false,
  oiRankScoreType: 'Recent',
  gid: null,
  awardType: 0,
  awardConfigList: [],
  allowEndSubmit: false,
  rated: false,
  allowVirtual: true,
  examMode: false,
  examSessionPolicy: 'replace',
  allowedAddresses: [],
  gmtCreate: '2026-02-01T08:00:00.000Z',
  gmtModified: '2026-02-01T08:00:00.000Z',
  ...extra,
});

describe('the exam fields as the form holds and sends them', () => {
  it('reads the addresses one a line, without blanks or repeats', () => {
    expect(addressesOf(' 10.0.0.0/24\n\n192.168.1.7 \n10.0.0.0/24\r\n2001:db8::/32')).toEqual([
      '10.0.0.0/24',
      '192.168.1.7',
      '2001:db8::/32',
    ]);
    expect(addressesOf(undefined)).toEqual([]);
  });

  it('refuses more ranges than a contest may list, and a range longer than the contract takes', () => {
    expect(addressesError(Array.from({ length: 100 }, (_, i) => `10.0.${i}.0/24`).join('\n'))).toBeNull();
    expect(addressesError(Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`).join('\n'))?.key).toBe(
      'Exam_Addresses_Too_Many',
    );
    expect(addressesError('1'.repeat(65))?.key).toBe('Exam_Addresses_Too_Long');
  });

  it('round-trips a stored contest, and a contest from before exams is not one', () => {
    const fields = examFieldsOf({
      examMode: true,
      examSessionPolicy: 'refuse',
      allowedAddresses: ['10.0.0.0/8', '::1'],
    });
    expect(fields).toEqual({ examMode: true, examSessionPolicy: 'refuse', allowedAddresses: '10.0.0.0/8\n::1' });
    expect(examFieldsToSend(fields)).toEqual({
      examMode: true,
      examSessionPolicy: 'refuse',
      allowedAddresses: ['10.0.0.0/8', '::1'],
    });
    expect(examFieldsOf({})).toEqual({ examMode: false, examSessionPolicy: 'replace', allowedAddresses: '' });
  });
});

const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
const render = (path: string) =>
  renderWithProviders(
    [
      { path: '/admin/contest/create', element: <AdminContestEditPage /> },
      { path: '/admin/contest/:contestId/edit', element: <AdminContestEditPage /> },
      { path: '/admin/contest/:contestId/problems', element: <p>problems of the contest</p> },
    ],
    path,
  );
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
// Label queries: role queries compute every accessible name of this large form and take seconds each in jsdom.
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('contest form: exam mode', { timeout: 60_000 }, () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    for (const f of Object.values(toasts)) f.mockReset();
    bindNotifiers(toasts as unknown as MessageInstance, { error: vi.fn() } as unknown as NotificationInstance);
    session.clear();
    session.signIn('token', { uid: 'u1', username: 'alice', roleList: ['root'] } as unknown as UserInfo);
  });

  it('says what exam mode does, and shows the policy and addresses only once it is on; a new exam is sent', async () => {
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest({ examMode: true })) });
    render('/admin/contest/create');
    type((await screen.findByLabelText(/Contest title/)) as HTMLElement, 'Final exam');
    type(input('Contest description'), 'Solve them all.');
    expect(screen.getByText(/Only registered users take part/)).toBeTruthy();
    expect(screen.queryByLabelText('Allowed addresses')).toBeNull();

    fireEvent.click(input('Exam mode'));
    const addresses = (await screen.findByLabelText('Allowed addresses')) as HTMLTextAreaElement;
    expect(screen.getByText(/One CIDR range per line/)).toBeTruthy();
    // The policy: a new login ends the old one unless the admin says otherwise.
    expect((screen.getByLabelText('A new login ends the old one') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('A second login is refused until a proctor ends the first'));
    type(addresses, '10.0.0.0/24\n\n192.168.1.7\n');

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, CONTEST_PATH, 'POST')[0])).toMatchObject({
      title: 'Final exam',
      examMode: true,
      examSessionPolicy: 'refuse',
      allowedAddresses: ['10.0.0.0/24', '192.168.1.7'],
    });
  });

  it("loads a stored exam's fields, and the server's refusal of an address is shown", async () => {
    const notifications = { error: vi.fn() };
    bindNotifiers(toasts as unknown as MessageInstance, notifications as unknown as NotificationInstance);
    const stored = adminContest({ examMode: true, examSessionPolicy: 'refuse', allowedAddresses: ['10.1.0.0/16'] });
    // The contest's read (GET) first, then the save (PUT), which the server refuses.
    let calls = 0;
    const fetchMock = stubServer({
      [CONTEST_PATH]: () => (calls++ === 0 ? json(stored)() : json(null, 400, 'Not an address range: 10.1.0.0/99')()),
    });
    render('/admin/contest/9/edit');
    const addresses = (await screen.findByLabelText('Allowed addresses')) as HTMLTextAreaElement;
    expect(addresses.value).toBe('10.1.0.0/16');
    expect(screen.getByLabelText('Exam mode').getAttribute('aria-checked')).toBe('true');
    expect(
      (screen.getByLabelText('A second login is refused until a proctor ends the first') as HTMLInputElement).checked,
    ).toBe(true);
    type(addresses, '10.1.0.0/99');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, CONTEST_PATH, 'PUT')[0])).toMatchObject({
      id: 9,
      examMode: true,
      allowedAddresses: ['10.1.0.0/99'],
    });
    await waitFor(() =>
      expect(notifications.error).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Not an address range: 10.1.0.0/99' }),
      ),
    );
  });
});
