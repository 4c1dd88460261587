import {
  adminAnnouncement,
  adminContest,
  adminDashboard,
  adminProblem,
  adminTraining,
  adminUser,
  audit,
  discussion,
  groupProblem,
  registration,
  training,
  type UserInfo,
} from '@oj/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/auth-store';
import { json, page, renderElement, setupI18n, stubServer } from '../../test-utils';
import AdminContestListPage from './contest/admin-contest-list-page';
import AdminDiscussionPage from './discussion/admin-discussion-page';
import AdminGroupProblemApplyPage from './group/admin-group-problem-apply-page';
import AdminDashboardPage from './judge/admin-dashboard-page';
import AdminProblemListPage from './problem/admin-problem-list-page';
import AdminAnnouncementPage from './site/admin-announcement-page';
import AdminAuditPage from './site/admin-audit-page';
import AdminTrainingCategoryPage from './training/admin-training-category-page';
import AdminTrainingListPage from './training/admin-training-list-page';
import AdminUserPage from './user/admin-user-page';

/** A phone's screen, 390 px wide: the max-width queries of components/responsive-table.tsx match, antd's min-width
 * breakpoints do not. */
const phone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: 390 < Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );

const T0 = '2026-03-01T08:00:00.000Z';

/** The column titles of a table. */
const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);

/** The table holding a text. */
const tableWith = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 20000 })).closest('table') as HTMLElement;

/** Opens the details of the row holding a text: the titles listed there, and the details themselves. */
const openDetails = (text: string) => {
  const row = screen.getByText(text).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
  const details = (row.nextElementSibling as HTMLElement).querySelector('dl') as HTMLElement;
  return {
    terms: within(details)
      .getAllByRole('term')
      .map((t) => t.textContent),
    details,
  };
};

const show = async (element: ReactNode, answers: Record<string, () => Response>) => {
  stubServer(answers);
  renderElement(element);
};

/** Each admin list on a phone: the columns an admin decides by in the row, the rest (actions too, unless the list is
 * for them) in the row's details. */
describe('admin lists on a phone', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.clear();
    session.signIn('token', { uid: 'r', username: 'root', roleList: ['root'] } as unknown as UserInfo);
    phone();
  });
  afterEach(() => vi.restoreAllMocks());

  it('announcements (the shared CRUD table): title and visibility; edit and delete in the details', {
    timeout: 60000,
  }, async () => {
    await show(<AdminAnnouncementPage />, {
      [adminAnnouncement.getAnnouncementList.path]: page([
        {
          id: 3,
          title: 'Maintenance',
          content: 'x',
          uid: 'r',
          username: 'root',
          status: 0,
          gmtCreate: T0,
          gmtModified: T0,
        },
      ]),
    });
    expect(headersOf(await tableWith('Maintenance'))).toEqual(['Title', 'Visible']);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const { terms, details } = openDetails('Maintenance');
    expect(terms).toEqual(['Author', 'Modified', 'Actions']);
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('users: username and status; real name, e-mail, roles and the buttons in the details', {
    timeout: 60000,
  }, async () => {
    await show(<AdminUserPage />, {
      [registration.getRegistrations.path]: page([]),
      [adminUser.getUserList.path]: page([
        {
          uid: 'u1',
          username: 'alice',
          nickname: null,
          realname: 'Alice Liddell',
          email: 'alice@example.com',
          school: null,
          number: null,
          gender: null,
          titleName: null,
          titleColor: null,
          status: 1,
          regState: null,
          gmtCreate: T0,
          gmtModified: T0,
          roles: [{ id: 1003, role: 'user', description: '' }],
        },
      ]),
    });
    const table = await tableWith('alice');
    expect(headersOf(table)).toEqual(['Username', 'Status']);
    expect(within(table).getByText('Banned')).toBeTruthy();
    expect(screen.queryByText('alice@example.com')).toBeNull();
    const { terms, details } = openDetails('alice');
    expect(terms).toEqual(['Real name', 'E-mail', 'Role', 'Title', 'Created', 'Actions']);
    expect(within(details).getByText('alice@example.com')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Edit alice' })).toBeTruthy();
  });

  it('problems: title and visibility; the display id and the buttons in the details', { timeout: 60000 }, async () => {
    await show(<AdminProblemListPage />, {
      [adminProblem.getProblemList.path]: page([
        {
          id: 1201,
          problemId: 'P1201',
          title: 'Sum of two',
          author: 'teacher',
          type: 0,
          ioScore: 100,
          auth: 1,
          gmtCreate: T0,
          checkerState: null,
          checkerError: null,
        },
      ]),
    });
    const table = await tableWith('Sum of two');
    expect(headersOf(table)).toEqual(['Title', 'Visibility']);
    expect(within(table).getByRole('combobox', { name: 'Visibility P1201' })).toBeTruthy();
    const { terms, details } = openDetails('Sum of two');
    expect(terms).toEqual(['ID', 'Display ID', 'Author', 'Full score', 'Created', 'Checker', 'Actions']);
    expect(within(details).getByRole('button', { name: 'Download test data' })).toBeTruthy();
  });

  it('trainings: title, public or private, and the visibility switch; the rest in the details', {
    timeout: 60000,
  }, async () => {
    await show(<AdminTrainingListPage />, {
      [adminTraining.getAdminTrainingList.path]: page([
        {
          id: 5,
          title: 'Greedy week',
          auth: 'Public',
          categoryName: 'Basics',
          categoryColor: '#2d8cf0',
          problemCount: 4,
          author: 'teacher',
          gmtModified: T0,
          status: true,
        },
      ]),
    });
    const table = await tableWith('Greedy week');
    expect(headersOf(table)).toEqual(['Title', 'Auth', 'Visible']);
    expect(within(table).getByRole('switch', { name: 'Visible Greedy week' })).toBeTruthy();
    const { terms, details } = openDetails('Greedy week');
    expect(terms).toEqual(['ID', 'Category', 'Problems', 'Author', 'Recent update', 'Actions']);
    expect(within(details).getByRole('link', { name: 'Problems' })).toBeTruthy();
  });

  it('training categories: name and actions; Edit opens the row’s details with the colour to change', {
    timeout: 60000,
  }, async () => {
    await show(<AdminTrainingCategoryPage />, {
      [training.getTrainingCategory.path]: json([{ id: 2, name: 'Basics', color: '#2d8cf0' }]),
    });
    const table = await tableWith('Basics');
    expect(headersOf(table)).toEqual(['Name', 'Actions']);
    expect(screen.queryByLabelText('Colour')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Basics' }));
    const details = table.querySelector('dl') as HTMLElement;
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Colour', 'Preview']);
    expect(within(table).getByRole('textbox', { name: 'Name' })).toBeTruthy();
    // The colour picker itself, not the colour's code shown when not editing.
    expect(within(details).getByLabelText('Colour').textContent).toBe('#2D8CF0');
  });

  it('contests: title and state; the switch and the actions in the details; contests elsewhere too', {
    timeout: 60000,
  }, async () => {
    await show(<AdminContestListPage />, {
      [adminContest.getAdminContestList.path]: page([
        {
          id: 9,
          uid: 'r',
          author: 'root',
          title: 'Spring cup',
          type: 0,
          status: 0,
          startTime: T0,
          endTime: T0,
          visible: true,
        },
      ]),
      [adminContest.getOtherContestList.path]: page([
        { id: 2, title: 'Round 900', url: 'https://example.com', source: 'CF', startTime: T0, endTime: T0 },
      ]),
    });
    expect(headersOf(await tableWith('Spring cup'))).toEqual(['Contest title', 'Contest status']);
    const { terms, details } = openDetails('Spring cup');
    expect(terms).toEqual(['ID', 'Creator', 'Rule', 'Start time', 'Visible', 'Actions']);
    expect(within(details).getByRole('switch', { name: 'Visible Spring cup' })).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(headersOf(await tableWith('Round 900'))).toEqual(['Contest title', 'Start time']);
    expect(openDetails('Round 900').terms).toEqual(['Source', 'End time', 'Actions']);
  });

  it('discussions: title and author; pin, disable and open in the details', { timeout: 60000 }, async () => {
    await show(<AdminDiscussionPage />, {
      [discussion.getDiscussionList.path]: page([
        {
          id: 4,
          title: 'How to start',
          author: 'bob',
          categoryName: 'General',
          pid: null,
          topPriority: false,
          status: 0,
          gmtCreate: T0,
        },
      ]),
    });
    const table = await tableWith('How to start');
    expect(headersOf(table)).toEqual(['Title', 'Author']);
    const { terms, details } = openDetails('How to start');
    expect(terms).toEqual(['ID', 'Category', 'Problem', 'Top', 'Disabled', 'Posted', 'Actions']);
    expect(within(details).getByRole('switch', { name: 'Top How to start' })).toBeTruthy();
  });

  it('group problem applications: the title and the decision buttons stay in the row', {
    timeout: 60000,
  }, async () => {
    await show(<AdminGroupProblemApplyPage />, {
      [groupProblem.getGroupProblemApplyList.path]: json({
        records: [
          { id: 1201, problemId: 'ACM-1001', title: 'Sum of two groups', author: 'teacher', gid: 7, gmtModified: T0 },
        ],
        total: 1,
        size: 10,
        current: 1,
      }),
    });
    const table = await tableWith('Sum of two groups');
    expect(headersOf(table)).toEqual(['Title', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Approve ACM-1001' })).toBeTruthy();
    expect(openDetails('Sum of two groups').terms).toEqual(['Problem ID', 'Author', 'Group ID', 'Applied']);
  });

  it('the audit log: who did what; the time, target, detail and address in the details', {
    timeout: 60000,
  }, async () => {
    await show(<AdminAuditPage />, {
      [audit.getAuditLog.path]: page([
        {
          id: 1,
          uid: 'r',
          username: 'root',
          action: 'rejudge',
          targetType: 'submission',
          targetId: '77',
          detail: { note: 'x' },
          ip: '10.0.0.1',
          gmtCreate: T0,
        },
      ]),
    });
    const table = await tableWith('root');
    expect(headersOf(table)).toEqual(['Operator', 'Action']);
    const { terms, details } = openDetails('root');
    expect(terms).toEqual(['Time', 'Target', 'Detail', 'IP']);
    expect(within(details).getByText('10.0.0.1')).toBeTruthy();
  });

  it('the dashboard: a contest’s title and state, a judge’s name, state and load, a task and why it waits', {
    timeout: 60000,
  }, async () => {
    await show(<AdminDashboardPage />, {
      [adminDashboard.getDashboardInfo.path]: json({
        userNum: 3,
        todayJudgeNum: 0,
        recentContestNum: 1,
        recentContests: [
          { id: 9, title: 'Spring cup', type: 0, status: 0, startTime: T0, visible: true, author: 'root' },
        ],
        judgeToken: null,
        judges: [
          {
            name: 'judge-1',
            alive: true,
            running: 0,
            concurrency: 2,
            languages: ['C++', 'Python3'],
            remote: [],
            lastHeartbeat: T0,
          },
        ],
        languagesWithoutJudge: [{ language: 'Rust', lastDeclaredAt: T0, queued: 2 }],
        queue: [
          {
            taskId: 't1',
            submitId: 41,
            kind: 'judge',
            problemId: 'P1000',
            username: 'bob',
            language: 'Rust',
            createdAt: T0,
            reason: 'noLanguage',
            position: null,
            judge: null,
            lastError: null,
          },
        ],
      }),
    });
    expect(headersOf(await tableWith('Spring cup'))).toEqual(['Contest title', 'Status']);
    expect(headersOf(await tableWith('judge-1'))).toEqual(['Name', 'Status', 'Load']);
    expect(openDetails('judge-1').terms).toEqual(['Languages', 'Remote judges', 'Last heartbeat']);
    const queue = await tableWith('P1000');
    expect(headersOf(queue)).toEqual(['Run ID', 'Problem', 'Why it waits']);
    expect(within(queue).getByText('No online judge offers this language')).toBeTruthy();
  });
});
