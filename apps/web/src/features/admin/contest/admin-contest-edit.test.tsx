import type { UserInfo } from '@oj/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { session } from '../../../lib/auth-store';
import { bindNotifiers } from '../../../lib/notify';
import { renderWithProviders, setupI18n, stubServer } from '../../../test-utils';
import AdminContestEditPage from './admin-contest-edit-page';

const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

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
  title: 'Weekly round',
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
  starAccount: [],
  openRank: false,
  oiRankScoreType: 'Recent',
  gid: null,
  awardType: 0,
  awardConfigList: [],
  allowEndSubmit: false,
  gmtCreate: '2026-02-01T08:00:00.000Z',
  gmtModified: '2026-02-01T08:00:00.000Z',
  ...extra,
});

const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };

beforeAll(() => {
  // antd forms and tables render slowly in jsdom on a busy machine: wait for them, never sleep.
  return setupI18n('en-US');
});
beforeEach(() => {
  for (const f of Object.values(toasts)) f.mockReset();
  bindNotifiers(toasts as unknown as MessageInstance, { error: vi.fn() } as unknown as NotificationInstance);
  session.clear();
  session.signIn('token', { uid: 'u1', username: 'alice', roleList: ['root'] } as unknown as UserInfo);
});

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
const spin = input;
const findInput = (label: string | RegExp) => screen.findByLabelText(label) as Promise<HTMLInputElement>;
const chooseOption = async (label: string, title: string) => {
  fireEvent.mouseDown(input(label));
  const option = await waitFor(() => {
    const el = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!el) throw new Error(`no option ${title}`);
    return el as HTMLElement;
  });
  fireEvent.click(option);
};
const chooseAwardType = (title: string) => chooseOption('Awards', title);

describe('contest form: awards and account limit', { timeout: 60_000 }, () => {
  it('posts the packed account rule and the edited award tiers', async () => {
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest()) });
    const { router } = render('/admin/contest/create');
    type(await findInput(/Contest title/), 'Weekly round');
    type(input('Contest description'), 'Solve them all.');

    // No tiers and no rule editor until they are asked for.
    expect(screen.queryByLabelText('Award name 1')).toBeNull();
    expect(screen.queryByLabelText('Prefix')).toBeNull();

    await chooseAwardType('By proportion');
    // The default tiers: gold, silver, bronze at 10, 20, 30 %.
    expect((await findInput('Award name 1')).value).toBe('Gold Medal');
    expect(input('Award name 3').value).toBe('Bronze Medal');
    expect([1, 2, 3].map((i) => spin(`Share (%) ${i}`).value)).toEqual(['10', '20', '30']);
    type(input('Award name 1'), 'Champion');
    type(spin('Share (%) 1'), '5');
    fireEvent.click(input('Remove tier 3'));
    await waitFor(() => expect(screen.queryByLabelText('Award name 3')).toBeNull());
    fireEvent.click(screen.getByText('Add a tier'));
    type(await findInput('Award name 3'), 'Honourable mention');
    type(spin('Share (%) 3'), '15');
    type(spin('Priority 3'), '0');

    fireEvent.click(input('Account limit'));
    type(await findInput('Prefix'), 'team');
    type(input('Suffix'), '_x');
    type(spin('Start number'), '1');
    type(spin('End number'), '50');
    type(input('Extra accounts'), 'guest\njudge  coach\n');
    expect(await screen.findByText('Allowed: team1_x to team50_x, plus 3 extra account(s)')).toBeTruthy();

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchMock, CONTEST_PATH, 'POST')[0]);
    expect(body).toMatchObject({
      title: 'Weekly round',
      awardType: 1,
      openAccountLimit: true,
      accountLimitRule:
        '<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>50</end><extra>guest judge coach</extra>',
    });
    // Sent by priority: the new tier was given priority 0.
    expect(body.awardConfigList).toEqual([
      { priority: 0, name: 'Honourable mention', background: '#409eff', color: '#ffffff', num: 15 },
      { priority: 1, name: 'Champion', background: '#e6bf25', color: '#ffffff', num: 5 },
      { priority: 2, name: 'Silver Medal', background: '#b4b4b4', color: '#ffffff', num: 20 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contest/9/problems'));
  });

  it('unpacks the stored rule and tiers when editing and sends them back unchanged', async () => {
    const rule = '<prefix>acm</prefix><suffix></suffix><start>3</start><end>12</end><extra>root guest</extra>';
    const tiers = [
      { priority: 1, name: 'First', background: '#000000', color: '#ffffff', num: 1 },
      { priority: 2, name: 'Second', background: '#222222', color: '#eeeeee', num: 3 },
    ];
    const fetchMock = stubServer({
      [CONTEST_PATH]: json(
        adminContest({ openAccountLimit: true, accountLimitRule: rule, awardType: 2, awardConfigList: tiers }),
      ),
    });
    render('/admin/contest/9/edit');
    expect((await findInput('Prefix')).value).toBe('acm');
    expect(spin('Start number').value).toBe('3');
    expect(spin('End number').value).toBe('12');
    expect(input('Extra accounts').value).toBe('root\nguest');
    expect(input('Account limit').getAttribute('aria-checked')).toBe('true');
    // By number: the column counts people.
    expect(spin('People 2').value).toBe('3');
    expect(input('Award name 2').value).toBe('Second');

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, CONTEST_PATH, 'PUT')[0])).toMatchObject({
      id: 9,
      openAccountLimit: true,
      accountLimitRule: rule,
      awardType: 2,
      awardConfigList: tiers,
    });
  });

  it('keeps the stored rule and tiers when the limit and the awards are off', async () => {
    const rule = '<prefix>p</prefix><suffix></suffix><start>0</start><end>10</end><extra></extra>';
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest({ accountLimitRule: rule })) });
    render('/admin/contest/9/edit');
    await waitFor(() => expect(input('Contest description').value).toBe('Solve them all.'));
    expect(screen.queryByLabelText('Prefix')).toBeNull();
    fireEvent.click(screen.getByText('Save'));
    // The form's checks (the exam fields among them) run before the save: under npm test on a slow 2-core machine
    // (the Vitest run niced below the browser journeys) they took over 25 s; alone, under a second.
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'PUT')).toHaveLength(1), { timeout: 75_000 });
    const body = bodyOf(callsTo(fetchMock, CONTEST_PATH, 'PUT')[0]);
    expect(body).toMatchObject({ openAccountLimit: false, accountLimitRule: rule, awardType: 0 });
    // No tiers sent: the server keeps the stored ones.
    expect('awardConfigList' in body).toBe(false);
  }, 120_000);

  it('refuses an end number below the start and shares above 100 %', async () => {
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest()) });
    render('/admin/contest/create');
    type(await findInput(/Contest title/), 'Weekly round');
    type(input('Contest description'), 'Solve them all.');
    fireEvent.click(input('Account limit'));
    type(await findInput('Start number'), '20');
    type(spin('End number'), '5');
    await chooseAwardType('By proportion');
    type(await findInput('Share (%) 3'), '80');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('The end number must not be less than the start number')).toBeTruthy();
    expect(await screen.findByText('The shares must add up to at most 100%')).toBeTruthy();

    type(spin('End number'), '30');
    type(spin('Share (%) 3'), '30');
    await waitFor(() => expect(screen.queryByText('The end number must not be less than the start number')).toBeNull());
    expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, CONTEST_PATH, 'POST')[0]).accountLimitRule).toBe(
      '<prefix></prefix><suffix></suffix><start>20</start><end>30</end><extra></extra>',
    );
  });
});

/** Enter in an input as a browser handles it: the keydown goes to the page, and unless a handler prevented its default
 * the browser submits the input's form (implicit submission, which jsdom does not do). */
const pressEnter = (el: HTMLInputElement) => {
  if (fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 })) el.form?.requestSubmit();
};

describe('contest form: date fields, real names for visitors, default award names', { timeout: 60_000 }, () => {
  it('Enter in the start-time field does not save the contest (Enter in the title still does)', async () => {
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest()) });
    render('/admin/contest/create');
    const title = await findInput(/Contest title/);
    type(title, 'Weekly round');
    type(input('Contest description'), 'Solve them all.');
    const start = input('Start time / End time');
    expect(start.closest('.ant-picker-range')).toBeTruthy();
    const form = start.form as HTMLFormElement;
    const submitted = vi.fn();
    form.addEventListener('submit', submitted);

    pressEnter(start);
    expect(submitted).not.toHaveBeenCalled();
    // The end-time field too.
    const end = form.querySelectorAll<HTMLInputElement>('.ant-picker-range input')[1];
    pressEnter(end);
    expect(submitted).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(0);

    // The same key in a plain field submits, so the check above would have seen a submit.
    pressEnter(title);
    expect(submitted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
  });

  it('hides real names from visitors by default; warns when real names, an open rank and the switch off meet', async () => {
    const warning = "Visitors who are not signed in will see students' real names";
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest()) });
    render('/admin/contest/create');
    type(await findInput(/Contest title/), 'Weekly round');
    type(input('Contest description'), 'Solve them all.');
    const hide = input('Hide real names from visitors');
    expect(hide.getAttribute('aria-checked')).toBe('true');
    await chooseOption('Name on the board', 'Real name');
    fireEvent.click(input('Open outside scoreboard'));
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.click(hide);
    expect(await screen.findByText(warning)).toBeTruthy();
    // Closing the rank again: nobody outside sees the board, no warning.
    fireEvent.click(input('Open outside scoreboard'));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    fireEvent.click(input('Open outside scoreboard'));
    expect(await screen.findByText(warning)).toBeTruthy();

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, CONTEST_PATH, 'POST')[0])).toMatchObject({
      rankShowName: 'realname',
      openRank: true,
      hideRealNameFromVisitors: false,
    });
  });

  it('shows the stored switch of a contest being edited', async () => {
    stubServer({
      [CONTEST_PATH]: json(adminContest({ rankShowName: 'realname', openRank: true, hideRealNameFromVisitors: false })),
    });
    render('/admin/contest/9/edit');
    expect(
      await screen.findByText("Visitors who are not signed in will see students' real names", {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(input('Hide real names from visitors').getAttribute('aria-checked')).toBe('false');
  });

  it('names the default award tiers in the interface language, also after a switch of language', async () => {
    const fetchMock = stubServer({ [CONTEST_PATH]: json(adminContest()) });
    try {
      await setupI18n('zh-CN');
      render('/admin/contest/create');
      type(await findInput(/比赛标题/), '周赛');
      type(input('比赛描述'), '全部做出来');
      await chooseOption('奖项设置', '按比例');
      await findInput('奖项名称 1');
      expect([1, 2, 3].map((i) => input(`奖项名称 ${i}`).value)).toEqual(['金牌', '银牌', '铜牌']);
      // Untouched default tiers follow the language.
      await act(() => setupI18n('en-US'));
      await waitFor(() => expect(input('Award name 1').value).toBe('Gold Medal'));
      expect(input('Award name 3').value).toBe('Bronze Medal');
      await act(() => setupI18n('zh-CN'));
      await waitFor(() => expect(input('奖项名称 1').value).toBe('金牌'));
      fireEvent.click(screen.getByText(/^保\s?存$/));
      await waitFor(() => expect(callsTo(fetchMock, CONTEST_PATH, 'POST')).toHaveLength(1));
      expect(
        bodyOf(callsTo(fetchMock, CONTEST_PATH, 'POST')[0]).awardConfigList.map((a: { name: string }) => a.name),
      ).toEqual(['金牌', '银牌', '铜牌']);
    } finally {
      await setupI18n('en-US');
    }
  });
});
