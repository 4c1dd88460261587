import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import ContestListPage from './contest-list-page';

const CONTEST = {
  id: 1000,
  author: 'root',
  title: '2024 Spring Programming Contest for Freshmen',
  type: 0,
  description: 'desc',
  status: -1,
  source: 0,
  auth: 0,
  now: '2026-11-25T04:41:19.147Z',
  startTime: '2026-11-25T05:28:47.000Z',
  endTime: '2026-11-25T10:28:47.000Z',
  duration: 18000,
  sealRank: false,
  openPrint: false,
  sealRankTime: null,
  rankShowName: 'username',
  openRank: false,
  oiRankScoreType: 'Recent',
  count: 0,
  gid: null,
  allowEndSubmit: false,
};
const list = () =>
  new Response(
    JSON.stringify({ status: 200, msg: 'success', data: { records: [CONTEST], total: 1, size: 10, current: 1 } }),
    { headers: { 'Content-Type': 'application/json' } },
  );

describe('contest list (phone width, both languages)', () => {
  beforeEach(() => {
    stubServer({ '/api/get-contest-list': list });
  });

  it('names the "all" filters in Chinese in zh-CN', async () => {
    await setupI18n('zh-CN');
    renderElement(<ContestListPage />);
    await screen.findByText(CONTEST.title);
    expect(screen.getAllByText('全部')).toHaveLength(2);
    expect(screen.queryByText('All')).toBeNull();
  });

  it('says "All" in en-US, and its table scrolls inside the panel instead of widening the page', async () => {
    await setupI18n('en-US');
    const { container } = renderElement(<ContestListPage />);
    await screen.findByText(CONTEST.title);
    expect(screen.getAllByText('All')).toHaveLength(2);
    await waitFor(() => expect(container.querySelector('table')?.style.width).toBe('max-content'));
    expect((container.querySelector('.ant-table-content') as HTMLElement).style.overflowX).toBe('auto');
  });
});
