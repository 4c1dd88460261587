import type { Contest } from '@oj/shared';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { contestFixture } from '../../../test-fixtures';
import { json, renderWithProviders, setupI18n, stubServer } from '../../../test-utils';
import type { ContestContext } from '../contest-detail-page';
import ContestScrollBoardTab from './contest-scroll-board-tab';
import { initialMedalCounts } from './scroll-board-engine';

const tier = (priority: number, name: string, num: number) => ({
  priority,
  name,
  background: '#e6bf25',
  color: '#ffffff',
  num,
});

/** The tab under the contest shell, the board counting `ranked` participants without star users. */
const renderTab = (contest: Contest, ranked: number) => {
  stubServer({ '/api/get-contest-rank': json({ records: [], total: ranked, size: 10, current: 1 }) });
  const ctx: ContestContext = { contest, status: 1, admin: true, problems: [] };
  renderWithProviders(
    [
      {
        path: '/contest/:contestID',
        element: <Outlet context={ctx} />,
        children: [{ path: 'scroll-board', element: <ContestScrollBoardTab /> }],
      },
    ],
    `/contest/${contest.id}/scroll-board`,
  );
};
const medalInputs = () =>
  ['Gold', 'Silver', 'Bronze'].map((label) => (screen.getByLabelText(label) as HTMLInputElement).value);

describe('the scroll board tab starts from the contest award settings', () => {
  beforeAll(() => setupI18n('en-US'));

  it('awards by number: the numbers of the first three tiers by priority', async () => {
    const contest = contestFixture({
      id: 7,
      title: 'Spring Cup',
      awardType: 2,
      // Stored out of order: priority decides which tier is gold.
      awardConfigList: [tier(2, 'Silver', 4), tier(1, 'Gold', 2), tier(3, 'Bronze', 6), tier(4, 'Mention', 9)],
    });
    renderTab(contest, 40);
    expect(await screen.findByText('Ranked participants: 40')).toBeTruthy();
    await waitFor(() => expect(medalInputs()).toEqual(['2', '4', '6']));
  });

  it('awards by proportion: the shares of the ranked participants, rounded down as the board does', async () => {
    const contest = contestFixture({
      id: 8,
      title: 'Summer Cup',
      awardType: 1,
      awardConfigList: [tier(1, '金牌', 5), tier(2, '银牌', 15), tier(3, '铜牌', 25)],
    });
    renderTab(contest, 30);
    expect(await screen.findByText('Ranked participants: 30')).toBeTruthy();
    await waitFor(() => expect(medalInputs()).toEqual(['1', '4', '7']));
  });

  it('without awards: 10, 20 and 30 % of the ranked participants', async () => {
    renderTab(contestFixture({ id: 9, title: 'Autumn Cup' }), 20);
    expect(await screen.findByText('Ranked participants: 20')).toBeTruthy();
    await waitFor(() => expect(medalInputs()).toEqual(['2', '4', '6']));
  });

  it('fewer tiers than medals leave the rest at 0', () => {
    expect(initialMedalCounts({ awardType: 2, awardConfigList: [tier(1, 'Winner', 3)] }, 50)).toEqual({
      gold: 3,
      silver: 0,
      bronze: 0,
    });
  });
});
