import type { AdminTraining, Training, TrainingCategory } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { NO_HOMEWORK, NO_HOMEWORK_VIEW, userInfoFixture } from '../../test-fixtures';
import { bodyOf, callsTo, json, page, renderWithProviders, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import AdminTrainingEditPage, { homeworkBody } from '../admin/training/admin-training-edit-page';
import { renderGroup, stubGroup } from '../group/group-test-support';
import GroupTrainingPage from '../group/group-training-page';
import { effectiveTimes, homeworkCountdown, homeworkStateAt, penaltyRule, splitLeft } from './homework';
import TrainingDetailPage from './training-detail-page';

const HOUR = 3600_000;
const now = Date.now();
const at = (ms: number) => new Date(now + ms).toISOString();

const training = (over: Partial<Training> = {}): Training => ({
  id: 5,
  title: 'Loops homework',
  description: 'Do the loops.',
  author: 'teacher',
  auth: 'Public',
  categoryId: 2,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  rank: 1,
  problemCount: 2,
  acCount: 1,
  gid: 7,
  gmtModified: '2026-01-02T08:00:00.000Z',
  ...NO_HOMEWORK_VIEW,
  ...over,
});

/** Open since a day, due in 2 days and 3 hours, late for 2 days more at 10% a day down to 50%. */
const OPEN = {
  openTime: at(-24 * HOUR),
  dueTime: at(51 * HOUR),
  lateUntil: at(99 * HOUR),
  latePenalty: 10,
  latePenaltyUnit: 'day' as const,
  latePenaltyFloor: 50,
  homeworkState: 'open' as const,
  homeworkScore: 50,
};

spyOnToasts();
beforeAll(() => setupI18n('en-US'));
afterEach(() => session.clear());

describe('homework rules', () => {
  it('moves the state on with the clock: upcoming, open, late, closed; an extension moves the due time', () => {
    const h = training(OPEN);
    expect(homeworkStateAt(h, now - 25 * HOUR)).toBe('upcoming');
    expect(homeworkStateAt(h, now)).toBe('open');
    expect(homeworkStateAt(h, now + 60 * HOUR)).toBe('late');
    expect(homeworkStateAt(h, now + 100 * HOUR)).toBe('closed');
    const extended = { ...h, myDueTime: at(80 * HOUR), myLateUntil: at(128 * HOUR) };
    expect(effectiveTimes(extended).dueTime).toBe(at(80 * HOUR));
    expect(homeworkStateAt(extended, now + 60 * HOUR)).toBe('open');
    // Not an assignment: no state at all.
    expect(homeworkStateAt(training(), now)).toBeNull();
  });

  it('counts down to the open time, the due time, then the end of the late window', () => {
    const h = training(OPEN);
    expect(homeworkCountdown(h, now - 25 * HOUR)).toEqual({ key: 'Homework_Opens_In', leftMs: HOUR });
    expect(homeworkCountdown(h, now)).toEqual({ key: 'Homework_Due_In', leftMs: 51 * HOUR });
    expect(homeworkCountdown(h, now + 60 * HOUR)).toEqual({ key: 'Homework_Late_Closes_In', leftMs: 39 * HOUR });
    expect(homeworkCountdown(h, now + 100 * HOUR)).toBeNull();
    expect(splitLeft(51 * HOUR + 62_000)).toEqual({ days: 2, time: '03:01:02' });
  });

  it('says the late rule: per day or hour with its floor, free, or none without a late window', () => {
    expect(penaltyRule(OPEN)).toEqual({ key: 'Homework_Penalty_Per_Day', values: { penalty: 10, floor: 50 } });
    expect(penaltyRule({ ...OPEN, latePenaltyUnit: 'hour' })?.key).toBe('Homework_Penalty_Per_Hour');
    expect(penaltyRule({ ...OPEN, latePenalty: 0 })?.key).toBe('Homework_No_Penalty');
    expect(penaltyRule({ ...OPEN, lateUntil: null })).toBeNull();
  });
});

describe('a training with a due time, as a student sees it', () => {
  const renderDetail = () =>
    renderWithProviders(
      [
        {
          path: '/training/:trainingID',
          element: <TrainingDetailPage />,
          children: [{ path: 'problems', element: <h2>Problems tab</h2> }],
        },
      ],
      '/training/5',
    );

  it('shows the state, the times, the countdown, the late rule and the own score', async () => {
    session.signIn('token', userInfoFixture('u1', 'alice'));
    stubServer({
      '/api/get-training-detail': json(training({ ...OPEN, myDueTime: at(75 * HOUR), myLateUntil: at(123 * HOUR) })),
      '/api/get-training-problem-list': json([]),
    });
    renderDetail();
    const homework = await screen.findByRole('region', { name: 'Homework' });
    expect(within(homework).getByText('Open')).toBeTruthy();
    expect(within(homework).getByText(/Your due time \(extended\)/)).toBeTruthy();
    expect(within(homework).getByRole('timer').textContent).toMatch(/^Due in 3 d \d\d:\d\d:\d\d$/);
    expect(within(homework).getByText('Late: −10% per day, never below 50%')).toBeTruthy();
    expect(within(homework).getByText('50%')).toBeTruthy();
    expect(screen.getByText('Do the loops.')).toBeTruthy();
  });

  it('before its open time shows only the title and the times, and asks for no problems', async () => {
    session.signIn('token', userInfoFixture('u1', 'alice'));
    const fetchMock = stubServer({
      '/api/get-training-detail': json(
        training({ ...OPEN, openTime: at(2 * HOUR), description: null, homeworkState: 'upcoming', homeworkScore: 0 }),
      ),
      '/api/get-training-problem-list': json(null, 403, 'This assignment opens at ...'),
    });
    renderDetail();
    expect(await screen.findByText('This assignment is not open yet')).toBeTruthy();
    expect(screen.getByText('Not open yet')).toBeTruthy();
    expect(screen.getAllByRole('timer')[0]?.textContent).toMatch(/^Opens in 0[12]:\d\d:\d\d$/);
    expect(screen.getByRole('tab', { name: 'Problems' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText('No description')).toBeNull();
    expect(callsTo(fetchMock, '/api/get-training-problem-list')).toHaveLength(0);
  });

  it("lists the group's trainings with their homework state, due time and score", async () => {
    session.signIn('token', userInfoFixture('u1', 'alice'));
    stubGroup(3, {
      '/api/group/get-training-list': page([training(OPEN), training({ id: 6, title: 'Free practice' })]),
    });
    renderGroup('/group/7/training', [{ path: 'training', element: <GroupTrainingPage /> }]);
    const row = (await screen.findByText('Loops homework')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('50%')).toBeTruthy();
    expect(within(row).getByRole('timer').textContent).toMatch(/^Due in 2 d/);
    const free = screen.getByText('Free practice').closest('tr') as HTMLElement;
    expect(within(free).queryByRole('timer')).toBeNull();
  });
});

const CATEGORY: TrainingCategory = {
  id: 3,
  name: 'Basics',
  color: '#409EFF',
  gid: null,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-01T00:00:00Z',
};

const ADMIN_TRAINING: AdminTraining = {
  id: 12,
  title: 'Loops',
  description: 'Practice loops',
  author: 'alice',
  auth: 'Public',
  privatePwd: null,
  status: true,
  rank: 1000,
  isGroup: false,
  gid: null,
  categoryId: 3,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  problemCount: 2,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-02T00:00:00Z',
  ...NO_HOMEWORK,
  openTime: '2026-03-01T00:00:00.000Z',
  dueTime: '2026-03-08T00:00:00.000Z',
  lateUntil: '2026-03-10T00:00:00.000Z',
  latePenalty: 5,
  latePenaltyUnit: 'hour',
  latePenaltyFloor: 40,
};

describe('the homework fields of the training form', () => {
  it('sends null for empty times, and the late rule only with a due time', () => {
    const dayjsLike = (iso: string) => ({ toISOString: () => iso }) as never;
    expect(
      homeworkBody({
        openTime: null,
        dueTime: null,
        lateUntil: dayjsLike('x'),
        latePenalty: 20,
        latePenaltyUnit: 'hour',
        latePenaltyFloor: 10,
      }),
    ).toEqual({
      openTime: null,
      dueTime: null,
      lateUntil: null,
      latePenalty: 0,
      latePenaltyUnit: 'hour',
      latePenaltyFloor: 0,
    });
    expect(
      homeworkBody({
        openTime: undefined,
        dueTime: dayjsLike('2026-03-08T00:00:00.000Z'),
        lateUntil: dayjsLike('2026-03-09T00:00:00.000Z'),
        latePenalty: 20,
        latePenaltyUnit: 'day',
        latePenaltyFloor: null,
      }),
    ).toEqual({
      openTime: null,
      dueTime: '2026-03-08T00:00:00.000Z',
      lateUntil: '2026-03-09T00:00:00.000Z',
      latePenalty: 20,
      latePenaltyUnit: 'day',
      latePenaltyFloor: 0,
    });
  });

  it('shows the rule of a training being edited, and a cleared time is sent as null', async () => {
    session.signIn('token', userInfoFixture('u1', 'alice', ['root']));
    const fetchMock = stubServer({
      '/api/get-training-category': json([CATEGORY]),
      '/api/admin/training': json({ training: ADMIN_TRAINING, trainingCategory: CATEGORY }),
    });
    renderWithProviders(
      [{ path: '/admin/training/:trainingId/edit', element: <AdminTrainingEditPage /> }],
      '/admin/training/12/edit',
    );
    const fields = await screen.findByRole('group', { name: 'Homework' });
    const open = within(fields).getByLabelText('Open time') as HTMLInputElement;
    await waitFor(() => expect(open.value).not.toBe(''));
    expect((within(fields).getByLabelText('Late penalty') as HTMLInputElement).value).toBe('5');
    expect((within(fields).getByLabelText('Penalty floor') as HTMLInputElement).value).toBe('40');
    expect((within(fields).getByRole('radio', { name: 'Hour' }) as HTMLInputElement).checked).toBe(true);

    // The open time's clear button.
    const clear = open.closest('.ant-picker')?.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(open.value).toBe(''));
    fireEvent.change(within(fields).getByLabelText('Late penalty'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/training').filter(([, init]) => init?.method === 'PUT')).toHaveLength(1),
    );
    const put = callsTo(fetchMock, '/api/admin/training').find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put).training).toMatchObject({
      id: 12,
      openTime: null,
      dueTime: '2026-03-08T00:00:00.000Z',
      lateUntil: '2026-03-10T00:00:00.000Z',
      latePenalty: 15,
      latePenaltyUnit: 'hour',
      latePenaltyFloor: 40,
    });
  });

  it('keeps the late fields off until a due time is set', async () => {
    stubServer({ '/api/get-training-category': json([CATEGORY]) });
    renderWithProviders([{ path: '/', element: <AdminTrainingEditPage /> }], '/');
    const fields = await screen.findByRole('group', { name: 'Homework' });
    expect((within(fields).getByLabelText('Late penalty') as HTMLInputElement).disabled).toBe(true);
    expect((within(fields).getByLabelText('Late until') as HTMLInputElement).disabled).toBe(true);
    expect((within(fields).getByLabelText('Open time') as HTMLInputElement).disabled).toBe(false);
  });
});
