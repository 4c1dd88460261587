import type { AdminTraining, Training, TrainingCategory } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPathAvailable } from '../../app/route-table';
import { session } from '../../lib/auth-store';
import { changeLanguage } from '../../lib/i18n';
import { NO_HOMEWORK, NO_HOMEWORK_VIEW, problemDetailFixture, userInfoFixture } from '../../test-fixtures';
import {
  bodyOf,
  callsTo,
  json,
  page,
  queryOf,
  renderWithProviders,
  setupI18n,
  spyOnToasts,
  stubServer,
} from '../../test-utils';
import { menuModeOf, modeMenu } from '../layout/menu-items';
import ProblemDetailPage from '../problem/problem-detail-page';
import TrainingDetailPage from '../training/training-detail-page';
import TrainingProblemListPage from '../training/training-problem-list-page';
import TrainingRankPage from '../training/training-rank-page';
import { renderGroup, stubGroup } from './group-test-support';
import { GroupEditTraining, GroupTrainingProblemAdmin } from './group-training-admin-pages';
import { canManageGroupTraining, categoriesForGroup } from './group-training-model';
import GroupTrainingPage from './group-training-page';
import groupEn from './texts/en-US';
import groupZh from './texts/zh-CN';

/** The group training tab's texts, each as [zh-CN, en-US]. */
const GROUP_TRAINING_TEXTS = Object.entries(groupZh)
  .filter(([key]) => key.startsWith('Group_Training_'))
  .map(([key, zh]) => [key, [zh, groupEn[key as keyof typeof groupEn]]] as const);

const CATEGORY: TrainingCategory = {
  id: 2,
  name: 'Basics',
  color: '#409EFF',
  gid: null,
  gmtCreate: '2026-01-01T00:00:00.000Z',
  gmtModified: '2026-01-01T00:00:00.000Z',
};

const training = (id: number, over: Partial<Training> = {}): Training => ({
  id,
  title: `Training ${id}`,
  description: 'Loops and arrays.',
  author: 'alice',
  auth: 'Public',
  categoryId: 2,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  rank: 1000,
  problemCount: 4,
  acCount: 1,
  gid: 7,
  gmtModified: '2026-01-05T08:00:00.000Z',
  ...NO_HOMEWORK_VIEW,
  ...over,
});

const adminTraining = (id: number, author: string): AdminTraining => ({
  id,
  title: `Training ${id}`,
  description: 'Loops and arrays.',
  author,
  auth: 'Public',
  privatePwd: null,
  status: true,
  rank: 1000,
  isGroup: true,
  gid: 7,
  categoryId: 2,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  problemCount: 2,
  gmtCreate: '2026-01-04T08:00:00.000Z',
  gmtModified: '2026-01-05T08:00:00.000Z',
  ...NO_HOMEWORK,
});

const toasts = spyOnToasts();

beforeAll(() => {
  return setupI18n('en-US');
});
beforeEach(() => {
  session.clear();
});
afterEach(() => session.clear());

const renderTrainings = (path: string) =>
  renderGroup(path, [
    { path: 'training', element: <GroupTrainingPage /> },
    { path: 'training/create', element: <GroupEditTraining /> },
    { path: 'training/edit/:trainingId', element: <GroupEditTraining /> },
    { path: 'training/edit/:trainingId/problems', element: <GroupTrainingProblemAdmin /> },
    {
      path: 'training/:trainingID',
      element: <TrainingDetailPage />,
      children: [
        { path: 'problems', element: <TrainingProblemListPage /> },
        { path: 'rank', element: <TrainingRankPage /> },
      ],
    },
  ]);

describe('group training rules', () => {
  it("lets the author among the group's admins, the group root and the super admin manage a training", () => {
    const own = { author: 'alice', gid: 7 };
    expect(canManageGroupTraining('admin', 'alice', own, 7)).toBe(true);
    expect(canManageGroupTraining('admin', 'alice', { author: 'bob', gid: 7 }, 7)).toBe(false);
    expect(canManageGroupTraining('root', 'olivia', { author: 'bob', gid: 7 }, 7)).toBe(true);
    expect(canManageGroupTraining('super', 'admin', { author: 'bob', gid: 7 }, 7)).toBe(true);
    // A member who wrote it before losing the admin level no longer manages it.
    expect(canManageGroupTraining('member', 'alice', own, 7)).toBe(false);
    expect(canManageGroupTraining('root', 'olivia', { author: 'bob', gid: 8 }, 7)).toBe(false);
  });

  it("offers the site's categories and the group's own, not another group's", () => {
    const mine = { ...CATEGORY, id: 3, gid: 7 };
    const theirs = { ...CATEGORY, id: 4, gid: 8 };
    expect(categoriesForGroup([CATEGORY, mine, theirs], 7).map((c) => c.id)).toEqual([2, 3]);
  });

  it('declares the group training pages', () => {
    for (const path of [
      '/group/7/training',
      '/group/7/training/create',
      '/group/7/training/edit/3',
      '/group/7/training/edit/3/problems',
      '/group/7/training/3',
      '/group/7/training/3/problems',
      '/group/7/training/3/rank',
      '/group/7/training/3/problem/A',
      '/group/7/training/3/problem/A/full-screen',
    ]) {
      expect(isPathAvailable(path), path).toBe(true);
    }
  });

  it('gives the focus modes of a group a way back to the group home in the training mode menu', () => {
    const trainingMenu = modeMenu(menuModeOf('/group/7/training/3/problem/A/full-screen'));
    expect(trainingMenu.map((e) => e.path)).toEqual([
      '/home',
      '/group/7',
      '/group/7/training/3',
      '/group/7/training/3/problems',
    ]);
    // The group admins' training pages stay in the group's menu.
    expect(menuModeOf('/group/7/training/edit/3/problems')).toEqual({ kind: 'group', groupID: '7' });
    expect(menuModeOf('/group/7/training/create')).toEqual({ kind: 'group', groupID: '7' });
    const problemMenu = modeMenu(menuModeOf('/group/7/problem/algoc1/full-screen'));
    expect(problemMenu.find((e) => e.key === 'group-home')?.path).toBe('/group/7');
  });
});

describe('group trainings tab', { timeout: 60_000 }, () => {
  it('lists the trainings with their progress and opens one inside the group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(3, {
      '/api/group/get-training-list': page([training(3, { auth: 'Private' })]),
    });
    const { router } = renderTrainings('/group/7/training');
    const link = await screen.findByRole('link', { name: 'Training 3' });
    expect(link.getAttribute('href')).toBe('/group/7/training/3');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Private')).toBeTruthy();
    expect(within(row).getByText('Basics')).toBeTruthy();
    expect(within(row).getByText('1/4')).toBeTruthy();
    expect(within(row).getByText('alice')).toBeTruthy();
    const q = queryOf(callsTo(fetchMock, '/api/group/get-training-list')[0]);
    expect(q.get('gid')).toBe('7');
    expect(q.get('limit')).toBe('10');
    // A member has no admin mode.
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();
    fireEvent.click(within(row).getByText('Basics'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/training/3'));
  });

  it("gives a group admin the admin table, with another admin's trainings read-only", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-training-list': page([]),
      '/api/group/get-admin-training-list': page([adminTraining(1, 'alice'), adminTraining(2, 'bob')]),
      '/api/group/change-training-status': json(null),
    });
    renderTrainings('/group/7/training');
    fireEvent.click(await screen.findByRole('switch', { name: 'Admin mode' }));
    await screen.findByText('Training 2');
    expect(queryOf(callsTo(fetchMock, '/api/group/get-admin-training-list')[0]).get('gid')).toBe('7');
    for (const action of ['Edit', 'Problems', 'Delete']) {
      expect(screen.getByRole('button', { name: `${action} Training 1` })).toHaveProperty('disabled', false);
      expect(screen.getByRole('button', { name: `${action} Training 2` })).toHaveProperty('disabled', true);
    }
    expect(screen.getByRole('switch', { name: 'Visible Training 2' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('switch', { name: 'Visible Training 1' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/change-training-status')).toHaveLength(1));
    const call = callsTo(fetchMock, '/api/group/change-training-status')[0];
    expect(call?.[1]?.method).toBe('PUT');
    expect(bodyOf(call)).toEqual({ tid: 1, author: 'alice', status: false });
  });

  it("lets the group root manage every training and delete one through the group's call", async () => {
    session.signIn('token', userInfoFixture('u-owner', 'olivia'));
    const fetchMock = stubGroup(5, {
      '/api/group/get-training-list': page([]),
      '/api/group/get-admin-training-list': page([adminTraining(1, 'alice'), adminTraining(2, 'bob')]),
      '/api/group/training': json(null),
    });
    const { router } = renderTrainings('/group/7/training?mode=admin');
    await screen.findByText('Training 2');
    for (const id of [1, 2]) {
      expect(screen.getByRole('button', { name: `Edit Training ${id}` })).toHaveProperty('disabled', false);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Delete Training 2' }));
    const tip = (await screen.findAllByRole('tooltip')).at(-1) as HTMLElement;
    fireEvent.click(within(tip).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/training')).toHaveLength(1));
    const [url, init] = callsTo(fetchMock, '/api/group/training')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(new URLSearchParams(url.split('?')[1]).get('tid')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Problems Training 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/training/edit/1/problems'));
  });
});

describe('group training form', { timeout: 60_000 }, () => {
  it("creates a training with the group's id and goes on to its problems", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const created = { training: { ...adminTraining(31, 'alice') }, trainingCategory: CATEGORY };
    const fetchMock = stubGroup(4, {
      '/api/get-training-category': json([CATEGORY, { ...CATEGORY, id: 9, name: 'Other club', gid: 8 }]),
      '/api/group/training': json(created),
      '/api/group/get-training-problem-list': json({ problemList: { records: [], total: 0 }, trainingProblemMap: {} }),
    });
    const { router } = renderTrainings('/group/7/training/create');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Recursion' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Practise recursion' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByTitle('Basics'));
    // Another group's category is not offered.
    expect(screen.queryByTitle('Other club')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/training')).toHaveLength(1));
    const call = callsTo(fetchMock, '/api/group/training')[0];
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toMatchObject({
      training: { gid: 7, title: 'Recursion', description: 'Practise recursion', auth: 'Public', rank: 1000 },
      trainingCategory: { id: 2 },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/training/edit/31/problems'));
  });

  it('offers to create a category for the group when there is none, and picks it', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const mine: TrainingCategory = { ...CATEGORY, id: 12, name: 'Club drills', color: '#409eff', gid: 7 };
    let made = false;
    const fetchMock = stubGroup(4, {
      '/api/get-training-category': () => json(made ? [mine] : [])(),
      '/api/group/training-category': () => {
        made = true;
        return json(mine)();
      },
    });
    renderTrainings('/group/7/training/create');
    expect(await screen.findByText(/There is no training category yet/)).toBeTruthy();
    // Not the admin area's dialog: a teacher cannot act there.
    expect(screen.queryByRole('button', { name: 'Go to categories' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create a training category for the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a training category for the group' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Club drills' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/training-category')).toHaveLength(1));
    const call = callsTo(fetchMock, '/api/group/training-category')[0];
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({ gid: 7, name: 'Club drills', color: expect.stringMatching(/^#409eff$/i) });
    // The new category is chosen in the form.
    await waitFor(() => {
      const select = screen.getByRole('combobox', { name: 'Category' }).closest('.ant-select') as HTMLElement;
      expect(within(select).getByText('Club drills')).toBeTruthy();
    });
    await waitFor(() => expect(screen.queryByText(/There is no training category yet/)).toBeNull());
  });
});

const PROBLEM_ROW = (id: number, problemId: string) => ({
  id,
  problemId,
  title: `Problem ${problemId}`,
  author: 'alice',
  auth: 1,
  type: 0,
  difficulty: 0,
  modifiedUser: null,
  gmtCreate: '2026-01-04T08:00:00.000Z',
  gmtModified: '2026-01-04T08:00:00.000Z',
});

describe('group training problems', { timeout: 60_000 }, () => {
  it('adds a group problem by its display id, and not one the training already holds', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const entry = {
      id: 1,
      tid: 3,
      pid: 101,
      displayId: 'algoc1',
      rank: 0,
      gmtCreate: '2026-01-04T08:00:00.000Z',
      gmtModified: '2026-01-04T08:00:00.000Z',
    };
    const fetchMock = stubGroup(4, {
      '/api/group/get-training-problem-list': json({
        problemList: { records: [PROBLEM_ROW(101, 'algoc1')], total: 1 },
        trainingProblemMap: { '101': entry },
      }),
      '/api/group/get-admin-problem-list': page([
        { ...PROBLEM_ROW(101, 'algoc1'), gid: 7 },
        { ...PROBLEM_ROW(102, 'algoc2'), gid: 7 },
      ]),
      '/api/group/add-training-problem-from-group': json({ ...entry, id: 2, pid: 102, displayId: 'algoc2' }),
    });
    renderTrainings('/group/7/training/edit/3/problems');
    await screen.findByText('Problem algoc1');
    const own = queryOf(callsTo(fetchMock, '/api/group/get-training-problem-list')[0]);
    expect(own.get('tid')).toBe('3');
    expect(own.get('queryExisted')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add from group problems' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from group problems' });
    await within(dialog).findByText('Problem algoc2');
    expect(queryOf(callsTo(fetchMock, '/api/group/get-admin-problem-list')[0]).get('gid')).toBe('7');
    expect(within(dialog).queryByRole('button', { name: 'Add algoc1' })).toBeNull();
    expect(within(dialog).getByText('In the training')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add algoc2' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-training-problem-from-group')).toHaveLength(1));
    const call = callsTo(fetchMock, '/api/group/add-training-problem-from-group')[0];
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({ problemId: 'algoc2', tid: 3 });
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  it("adds a public problem through the group's call", async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(4, {
      '/api/group/get-training-problem-list': json({
        problemList: { records: [PROBLEM_ROW(5, 'P1005')], total: 1 },
        trainingProblemMap: {},
      }),
      '/api/group/add-training-problem-from-public': json({
        id: 9,
        tid: 3,
        pid: 5,
        displayId: 'P1005',
        rank: 0,
        gmtCreate: '2026-01-04T08:00:00.000Z',
        gmtModified: '2026-01-04T08:00:00.000Z',
      }),
    });
    renderTrainings('/group/7/training/edit/3/problems');
    fireEvent.click(await screen.findByRole('button', { name: 'Add from public problems' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from public problems' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add P1005' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/group/add-training-problem-from-public')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/group/add-training-problem-from-public')[0])).toEqual({
      pid: 5,
      tid: 3,
      displayId: 'P1005',
    });
    const bank = callsTo(fetchMock, '/api/group/get-training-problem-list').map((c) => queryOf(c).get('queryExisted'));
    expect(bank).toContain('false');
  });
});

const TRAINING_PROBLEM = {
  pid: 101,
  problemId: 'A',
  title: 'Coins',
  difficulty: 0,
  type: 0,
  tags: [],
  ac: 1,
  total: 2,
  myStatus: -10,
};

describe('group training pages', { timeout: 60_000 }, () => {
  it('shows a public group training with its rank tab and links its problems inside the group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubGroup(3, {
      '/api/get-training-detail': json(training(3)),
      '/api/get-training-problem-list': json([TRAINING_PROBLEM]),
      '/api/get-training-rank': page([]),
    });
    const { router } = renderTrainings('/group/7/training/3');
    expect(await screen.findByText('Loops and arrays.')).toBeTruthy();
    // Every group training has its rank, public ones too.
    fireEvent.click(screen.getByRole('tab', { name: 'Rankings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/training/3/rank'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/get-training-rank')).toHaveLength(1));
    expect(queryOf(callsTo(fetchMock, '/api/get-training-rank')[0]).get('tid')).toBe('3');
    fireEvent.click(screen.getByRole('tab', { name: 'Problems' }));
    const link = await screen.findByRole('link', { name: 'Coins' });
    expect(link.getAttribute('href')).toBe('/group/7/training/3/problem/A');
  });

  it('submits a group training problem with the training and the group, and its focus mode stays in the group', async () => {
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    const fetchMock = stubServer({
      '/api/get-training-problem-details': json(problemDetailFixture({ problemId: 'P1001', author: 'alice' })),
      '/api/get-user-problem-status': json({}),
      '/api/get-submission-list': page([]),
      '/api/get-full-screen-problem-list': json([]),
      '/api/submit-problem-judge': json({ submitId: 77, status: 5 }),
      '/api/get-submission-detail': json({ submission: { submitId: 77, status: 5 } }),
    });
    const { router } = renderWithProviders(
      [
        { path: '/group/:groupID/training/:trainingID/problem/:problemID', element: <ProblemDetailPage /> },
        {
          path: '/group/:groupID/training/:trainingID/problem/:problemID/full-screen',
          element: <ProblemDetailPage />,
        },
      ],
      '/group/7/training/3/problem/A',
    );
    expect(await screen.findByText('Count the coins.')).toBeTruthy();
    const q = queryOf(callsTo(fetchMock, '/api/get-training-problem-details')[0]);
    expect(q.get('tid')).toBe('3');
    expect(q.get('displayId')).toBe('A');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/submit-problem-judge')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/submit-problem-judge')[0])).toMatchObject({ pid: 'A', tid: 3, gid: 7 });
    expect(await screen.findByRole('link', { name: 'View details' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/group\/7\/submission-detail\/77$/),
    );
    fireEvent.click(screen.getByRole('button', { name: /Focus mode/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/7/training/3/problem/A/full-screen'));
  });
});

describe('group training texts', { timeout: 60_000 }, () => {
  it('has every text in both languages, Chinese in the Chinese UI', async () => {
    for (const [key, [zh, en]] of GROUP_TRAINING_TEXTS) {
      expect(zh, key).toBeTruthy();
      expect(en, key).toBeTruthy();
      expect(/[\u4e00-\u9fff]/.test(zh), key).toBe(true);
      expect(/[A-Za-z]/.test(zh), key).toBe(false);
    }
    session.signIn('token', userInfoFixture('u-alice', 'alice'));
    stubGroup(4, {
      '/api/group/get-training-list': page([training(3)]),
    });
    await changeLanguage('zh-CN', { save: false });
    try {
      renderTrainings('/group/7/training');
      await screen.findByRole('link', { name: 'Training 3' });
      expect(screen.getByRole('switch', { name: '管理模式' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: '训练进度' })).toBeTruthy();
    } finally {
      await changeLanguage('en-US', { save: false });
    }
  });
});
