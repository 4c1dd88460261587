import type { AcmRankRow, OiRankRow } from '@oj/shared';
import { rank as contract, formatAcRate, ratingBand } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../components/echart';
import { serverPaging } from '../../components/paging';
import { Panel } from '../../components/panel';
import { RatingColored, useBandTitle } from '../../components/rating-colored';
import { type ResponsiveColumn, useResponsiveColumns } from '../../components/responsive-table';
import { SearchBox } from '../../components/search-box';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { RankUser, renderNickname } from './rank-cells';
import { acceptedSubmissionsLink, RANK_CHART_SIZE, RANK_PAGE_SIZE } from './rank-colors';

type Row = AcmRankRow & Partial<Pick<OiRankRow, 'score'>>;

const TITLES = { ACM: 'ACM_Rank', OI: 'OI_Rank', RATING: 'Rating_Rank' } as const;

/** The global ACM or OI rank, or the contest rating list (decision 0046); names in their rating band's colour. */
export const RankPage = ({ type }: { type: 'ACM' | 'OI' | 'RATING' }) => {
  const bandTitle = useBandTitle();
  const { t } = useTranslation(['rank', 'problem']);
  const [currentPage, setCurrentPage] = useState(1);
  const [searchUser, setSearchUser] = useState('');
  const list = useQuery({
    queryKey: queryKey(contract.getRankList, type, currentPage, searchUser),
    queryFn: () =>
      api.call(contract.getRankList, { type, currentPage, limit: RANK_PAGE_SIZE, searchUser: searchUser || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.records ?? []) as Row[];
  const offset = (currentPage - 1) * RANK_PAGE_SIZE;

  // The chart shows the first page's top 10 whatever page the table is on (it is the site's leaderboard).
  const top = useQuery({
    queryKey: queryKey(contract.getRankList, type, 'top'),
    queryFn: () => api.call(contract.getRankList, { type, currentPage: 1, limit: RANK_CHART_SIZE }),
  });
  const topRows = (top.data?.records ?? []) as Row[];
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      // The rating bars wear their bands' colours: no single colour for a legend to show.
      legend: { top: 0, show: type !== 'RATING' },
      grid: { left: 40, right: 16, bottom: 40, top: 36 },
      xAxis: { type: 'category', data: topRows.map((r) => r.username), axisLabel: { interval: 0, rotate: 20 } },
      yAxis: { type: 'value' },
      series:
        type === 'RATING'
          ? [
              {
                name: t('Rating'),
                type: 'bar',
                data: topRows.map((r) => ({ value: r.rating ?? 0, itemStyle: { color: ratingBand(r.rating)?.color } })),
              },
            ]
          : type === 'ACM'
            ? [
                { name: t('AC'), type: 'bar', data: topRows.map((r) => r.ac), itemStyle: { color: '#52c41a' } },
                { name: t('Total'), type: 'bar', data: topRows.map((r) => r.total), itemStyle: { color: '#1677ff' } },
              ]
            : [
                {
                  name: t('OI_Score'),
                  type: 'bar',
                  data: topRows.map((r) => r.score ?? 0),
                  itemStyle: { color: '#1677ff' },
                },
              ],
    }),
    [topRows, type, t],
  );

  // The place, the user and the solved count (the score in OI) on a phone; the rest in each row's details.
  const layout = useResponsiveColumns<Row>([
    { title: t('Rank_Seq'), key: 'seq', width: 70, render: (_, __, i) => offset + i + 1 },
    {
      title: t('User'),
      key: 'user',
      render: (_, r) => <RankUser user={r} rating={r.rating} />,
    },
    {
      title: t('Nickname'),
      dataIndex: 'nickname',
      key: 'nickname',
      from: 'tablet',
      render: renderNickname,
    },
    ...((type === 'RATING'
      ? [
          {
            title: t('Rating'),
            key: 'rating',
            width: 90,
            render: (_: unknown, r: Row) => <RatingColored rating={r.rating}>{String(r.rating ?? '')}</RatingColored>,
          },
          {
            title: t('Rating_Title'),
            key: 'band',
            from: 'tablet',
            width: 170,
            render: (_: unknown, r: Row) => {
              const band = ratingBand(r.rating);
              return band ? <RatingColored rating={r.rating}>{bandTitle(band)}</RatingColored> : null;
            },
          },
        ]
      : type === 'ACM'
        ? [
            {
              title: t('AC'),
              key: 'ac',
              width: 80,
              render: (_: unknown, r: Row) => (
                <Link to={acceptedSubmissionsLink(r.username)} aria-label={`${r.username} ${t('AC')}`}>
                  {r.ac}
                </Link>
              ),
            },
            { title: t('Total'), dataIndex: 'total', key: 'total', from: 'tablet', width: 80 },
            {
              title: t('AC_Rate'),
              key: 'rate',
              from: 'tablet',
              width: 100,
              render: (_: unknown, r: Row) => formatAcRate(r.acRate),
            },
          ]
        : [
            { title: t('OI_Score'), dataIndex: 'score', key: 'score', width: 90 },
            {
              title: t('AC_Total'),
              key: 'ac',
              from: 'tablet',
              width: 110,
              render: (_: unknown, r: Row) => (
                <span>
                  <Link to={acceptedSubmissionsLink(r.username)} aria-label={`${r.username} ${t('AC')}`}>
                    {r.ac}
                  </Link>{' '}
                  / {r.total}
                </span>
              ),
            },
          ]) as ResponsiveColumn<Row>[]),
    {
      title: t('Signature'),
      dataIndex: 'signature',
      key: 'signature',
      from: 'tablet',
      ellipsis: true,
      render: (s: string | null) => s ?? '',
    },
  ]);

  return (
    <>
      <Panel title={t(TITLES[type])}>
        {topRows.length > 0 && <EChart label={t('Top_10')} option={option} style={{ height: 320 }} />}
      </Panel>
      <div style={{ height: 16 }} />
      <Panel
        extra={
          <SearchBox
            label={t('Search_User')}
            style={{ width: 220 }}
            onSearch={(words) => {
              setSearchUser(words);
              setCurrentPage(1);
            }}
          />
        }
      >
        <Table<Row>
          rowKey="uid"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          pagination={serverPaging(currentPage, RANK_PAGE_SIZE, list.data?.total, setCurrentPage, {
            showLessItems: true,
          })}
          {...layout}
        />
      </Panel>
    </>
  );
};
