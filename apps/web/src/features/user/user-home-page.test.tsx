import type { UserHome } from '@oj/shared';
import { screen } from '@testing-library/react';
import type { EChartsOption } from 'echarts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import UserHomePage, { HEATMAP_CELL, heatmapOption } from './user-home-page';

// The chart itself needs a canvas: the page test checks what the page hands to it.
const charts: { option: EChartsOption; style?: { width?: number } }[] = [];
vi.mock('../../components/echart', () => ({
  EChart: (props: { option: EChartsOption; label: string; style?: { width?: number } }) => {
    charts.push(props);
    return <div role="img" aria-label={props.label} style={props.style} />;
  },
}));

const HOME: UserHome = {
  uid: 'u-alice',
  username: 'alice',
  school: null,
  signature: null,
  nickname: null,
  gender: null,
  github: null,
  blog: null,
  avatar: null,
  titleName: null,
  titleColor: null,
  total: 2,
  ac: 1,
  acRate: 50,
  rating: null,
  scoreList: [],
  solvedList: ['1000'],
  solvedGroupByDifficulty: { '0': [{ id: 1, problemId: '1000', difficulty: 0 }] },
  recentLoginTime: null,
  roleList: ['user'],
};
const HEATMAP = { endDate: '2026-03-04', dataList: [{ date: '2026-03-01', count: 3 }] };

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

type Calendar = {
  range: string[];
  cellSize: number;
  left: number;
  right: number;
  itemStyle: { borderWidth: number; color: string };
  dayLabel: { nameMap: string[]; firstDay: number };
  monthLabel: { nameMap: string[]; formatter: (p: { M: number; yyyy: number; nameMap: string }) => string };
};

describe('user home calendar heatmap', () => {
  it.each([
    ['zh-CN', ['', '周一', '', '周三', '', '周五', ''], ['1月', '2月', '12月']],
    ['en-US', ['', 'Mon', '', 'Wed', '', 'Fri', ''], ['Jan', 'Feb', 'Dec']],
  ])('draws a grid of day cells with gaps and Mon/Wed/Fri and month labels in %s', (lang, days, months) => {
    const { option, width, height } = heatmapOption(HEATMAP, (d, c) => `${d} ${c}`, lang);
    const cal = option.calendar as unknown as Calendar;
    // Weeks are columns from Sunday; only three weekdays are named, so seven 13 px rows never overlap.
    expect(cal.dayLabel.firstDay).toBe(0);
    expect(cal.dayLabel.nameMap).toEqual(days);
    const named = cal.monthLabel.nameMap;
    expect([named[0], named[1], named[11]]).toEqual(months);
    // Every day is a grey cell, and cells (empty or not) are separated by a white border: a visible grid.
    expect(cal.itemStyle.color).toBe('#ebedf0');
    expect(cal.itemStyle.borderWidth).toBeGreaterThan(0);
    const series = (option.series as { itemStyle: { borderWidth: number } }[])[0];
    expect(series.itemStyle.borderWidth).toBeGreaterThan(0);
    expect(cal.range).toEqual(['2025-03-05', '2026-03-04']);
    // Square cells, one column per week: 2025-03-05 (a Wednesday) to 2026-03-04 spans 53 week columns.
    expect(cal.cellSize).toBe(HEATMAP_CELL);
    expect(width).toBe(cal.left + 53 * HEATMAP_CELL + cal.right);
    expect(height).toBeLessThan(160);
  });

  it('leaves out the first month label when that month has under two weeks in the range', () => {
    const late = heatmapOption({ endDate: '2026-03-27', dataList: [] }, () => '', 'en-US').option;
    const early = heatmapOption({ endDate: '2026-03-04', dataList: [] }, () => '', 'en-US').option;
    const label = (o: EChartsOption, M: number, yyyy: number) =>
      (o.calendar as unknown as Calendar).monthLabel.formatter({ M, yyyy, nameMap: 'X' });
    // 2025-03-28 starts the range: March has four days in it.
    expect(label(late, 3, 2025)).toBe('');
    expect(label(late, 4, 2025)).toBe('X');
    expect(label(late, 3, 2026)).toBe('X');
    expect(label(early, 3, 2025)).toBe('X');
  });
});

describe('user home page', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
  });

  it('shows the AC rate the server computed (the rank list figure) and a calendar that scrolls in its own box', async () => {
    stubServer({
      '/api/get-user-home-info': json(HOME),
      '/api/get-user-calendar-heatmap': json(HEATMAP),
    });
    renderElement(<UserHomePage />, '/user-home?username=alice');
    expect(await screen.findByText('50.00%')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: 'Activity' });
    const box = chart.parentElement as HTMLElement;
    expect(box.style.overflowX).toBe('auto');
    expect(chart.style.width).toBe(`${charts.at(-1)?.style?.width}px`);
    // No rated contest yet: a dash for the rating and no rating chart.
    expect(screen.getByText('Rating')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Rating history' })).toBeNull();
  });

  it('shows the rating in its band colour and the history over the bands, each point naming its contest', async () => {
    const history = [
      {
        cid: 7,
        title: 'Round <1>',
        rank: 1,
        oldRating: 1500,
        newRating: 1605,
        performance: 1900,
        time: '2026-02-01T10:00:00Z',
      },
      {
        cid: 8,
        title: 'Round 2',
        rank: 2,
        oldRating: 1605,
        newRating: 1650,
        performance: 1700,
        time: '2026-02-08T10:00:00Z',
      },
    ];
    stubServer({
      '/api/get-user-home-info': json({ ...HOME, rating: 1650 }),
      '/api/get-user-calendar-heatmap': json(HEATMAP),
      '/api/get-rating-history': json(history),
    });
    renderElement(<UserHomePage />, '/user-home?username=alice');
    await screen.findByRole('img', { name: 'Rating history' });
    // 1650 is an expert: blue, the band's title on hover.
    const rating = screen.getByTitle('Expert');
    expect(rating.textContent).toBe('1650');
    expect(rating.style.color).toBe('rgb(0, 0, 255)');
    expect(screen.getByText(/Rated contests: 2, highest 1650/)).toBeTruthy();
    const option = charts.findLast((c) => (c as unknown as { label: string }).label === 'Rating history')
      ?.option as EChartsOption;
    const series = (option.series as { data: [string, number][]; markArea: { data: unknown[] } }[])[0];
    expect(series.data).toEqual([
      ['2026-02-01T10:00:00Z', 1605],
      ['2026-02-08T10:00:00Z', 1650],
    ]);
    // The bands the axis covers (1300-1800: pupil, specialist, expert) are drawn behind the line.
    expect(series.markArea.data).toHaveLength(3);
    const tooltip = (option.tooltip as { formatter: (p: { dataIndex: number }) => string }).formatter({
      dataIndex: 0,
    });
    expect(tooltip).toContain('Round &lt;1&gt;');
    expect(tooltip).toContain('1605 (+105)');
  });
});
