import { GithubOutlined, LinkOutlined, ManOutlined, ReloadOutlined, WomanOutlined } from '@ant-design/icons';
import { user as contract, formatAcRate } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Col, Empty, Result, Row, Space, Spin, Statistic, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EChart } from '../../components/echart';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { RatingColored } from '../../components/rating-colored';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { queryKey } from '../../lib/query-keys';
import { useOwnPageTitle } from '../../lib/use-page-title';
import { DIFFICULTY } from '../problem/difficulty-tag';
import { RatingHistory } from './rating-history';

/** The heatmap's geometry: square cells of `HEATMAP_CELL` px (a gap drawn inside each), one column per week. */
export const HEATMAP_CELL = 13;
const HEATMAP_GAP = 3;
const HEATMAP_MARGIN = { left: 36, right: 28, top: 24, bottom: 8 };

/** Day and month names in the page's language, from the platform (zh-CN: 周一 / 1月; en-US: Mon / Jan). Only
 * Monday, Wednesday and Friday are named, as on GitHub, so that seven rows of small cells keep readable labels. */
const calendarNames = (language: string) => {
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday: days 0..6 are Sunday..Saturday, ECharts' order with firstDay 0.
  const days = Array.from({ length: 7 }, (_, d) =>
    d % 2 === 1 && d < 6 ? weekday.format(new Date(Date.UTC(2023, 0, 1 + d))) : '',
  );
  const months = Array.from({ length: 12 }, (_, m) => month.format(new Date(Date.UTC(2023, m, 15))));
  return { days, months };
};

/** The calendar of the last year, drawn like GitHub's contribution calendar: every day of
 * [endDate - 1 year, endDate] is a grey cell, days with submissions are green by count; weeks are columns starting
 * on Sunday. `width` is what the chart needs; a narrower screen scrolls it inside its own box. */
export const heatmapOption = (
  data: { endDate: string; dataList: { date: string; count: number }[] },
  label: (date: string, count: number) => string,
  language: string,
): { option: EChartsOption; width: number; height: number } => {
  const end = dayjs(data.endDate);
  const start = end.subtract(1, 'year').add(1, 'day');
  const weeks = Math.ceil((start.day() + end.diff(start, 'day') + 1) / 7);
  const max = Math.max(1, ...data.dataList.map((d) => d.count));
  const { days, months } = calendarNames(language);
  const cellBorder = { borderColor: '#fff', borderWidth: HEATMAP_GAP / 2 + 0.5, borderRadius: 2 };
  const width = HEATMAP_MARGIN.left + weeks * HEATMAP_CELL + HEATMAP_MARGIN.right;
  const height = HEATMAP_MARGIN.top + 7 * HEATMAP_CELL + HEATMAP_MARGIN.bottom;
  return {
    width,
    height,
    option: {
      tooltip: {
        formatter: (p: unknown) => {
          const [date, count] = (p as { value: [string, number] }).value;
          return label(date, count);
        },
      },
      visualMap: {
        show: false,
        min: 1,
        max,
        inRange: { color: ['#9be9a8', '#40c463', '#30a14e', '#216e39'] },
      },
      calendar: {
        range: [start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')],
        cellSize: HEATMAP_CELL,
        ...HEATMAP_MARGIN,
        splitLine: { show: false },
        // Days without submissions: the grey grid.
        itemStyle: { color: '#ebedf0', ...cellBorder },
        yearLabel: { show: false },
        dayLabel: { firstDay: 0, nameMap: days, fontSize: 10, color: '#57606a', margin: 6 },
        monthLabel: {
          nameMap: months,
          fontSize: 10,
          color: '#57606a',
          align: 'left',
          margin: 6,
          // The first month's label is dropped when that month has less than two weeks in the range: it would run
          // into the next month's.
          formatter: (p: { M: number | string; yyyy: number | string; nameMap: string }) =>
            Number(p.yyyy) === start.year() && Number(p.M) === start.month() + 1 && start.date() > 17 ? '' : p.nameMap,
        },
      },
      series: [
        {
          type: 'heatmap',
          coordinateSystem: 'calendar',
          itemStyle: cellBorder,
          data: data.dataList.map((d) => [d.date, d.count]),
        },
      ],
    },
  };
};

const UserHomePage = () => {
  const { t, i18n } = useTranslation(['user', 'problem', 'submission']);
  const [params] = useSearchParams();
  const { user } = useSession();
  // Without uid or username the page shows the signed-in user's own home.
  const uid = params.get('uid') ?? undefined;
  const username = params.get('username') ?? (uid ? undefined : user?.username);
  const who = { uid, username };
  const own = !!user && (uid ? uid === user.uid : username?.toLowerCase() === user.username.toLowerCase());

  const home = useQuery({
    queryKey: queryKey(contract.getUserHomeInfo, who),
    queryFn: () => api.call(contract.getUserHomeInfo, who),
    enabled: !!(uid || username),
    retry: false,
  });
  // Someone else's home is titled with the name, the own one by its route (My Home).
  useOwnPageTitle(own ? undefined : t('User_Home_Of', { username: home.data?.username ?? username ?? '' }));
  const heatmap = useQuery({
    queryKey: queryKey(contract.getUserCalendarHeatmap, who),
    queryFn: () => api.call(contract.getUserCalendarHeatmap, who),
    enabled: !!(uid || username),
  });
  const calendar = useMemo(
    () =>
      heatmap.data
        ? heatmapOption(heatmap.data, (date, count) => t('Submissions_On', { date, count }), i18n.language)
        : null,
    [heatmap.data, t, i18n.language],
  );

  // On a narrow screen the box shows the latest weeks first, as GitHub does; older ones are a scroll away.
  const heatmapBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = heatmapBox.current;
    if (box && calendar) box.scrollLeft = box.scrollWidth;
  }, [calendar, home.data]);

  if (!uid && !username) return <Result status="warning" title={t('Please_login_first')} />;
  if (home.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  const u = home.data;
  if (!u) return <Result status="404" title={t('User_Not_Found')} />;

  const scoreSum = u.scoreList.reduce((a, b) => a + b, 0);
  const groups = Object.entries(u.solvedGroupByDifficulty);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Panel>
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} md={8} style={{ textAlign: 'center' }}>
            <Avatar size={96} src={u.avatar || undefined}>
              {u.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography.Title level={3} style={{ margin: '8px 0 4px' }}>
              {u.username} {u.gender === 'male' && <ManOutlined style={{ color: '#1677ff' }} aria-label={t('Male')} />}
              {u.gender === 'female' && <WomanOutlined style={{ color: '#eb2f96' }} aria-label={t('Female')} />}
            </Typography.Title>
            {u.titleName && <Tag color={u.titleColor ?? undefined}>{u.titleName}</Tag>}
            {u.nickname && <div>{u.nickname}</div>}
            {u.school && <div>{u.school}</div>}
            <Space style={{ marginTop: 8 }}>
              {u.github && (
                <a href={u.github} target="_blank" rel="noopener noreferrer" aria-label="GitHub">
                  <GithubOutlined />
                </a>
              )}
              {u.blog && (
                <a href={u.blog} target="_blank" rel="noopener noreferrer" aria-label={t('Blog')}>
                  <LinkOutlined />
                </a>
              )}
            </Space>
            {u.recentLoginTime && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('Recent_Login')}: {dayjs(u.recentLoginTime).format('YYYY-MM-DD HH:mm')}
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={24} md={16}>
            <Row gutter={[16, 16]}>
              <Col xs={12} sm={8} lg={{ flex: '20%' }}>
                {/* The contest rating (decision 0046), in its band's colour; '-' before a first rated contest. */}
                <Statistic
                  title={t('User_Rating')}
                  value={u.rating ?? '-'}
                  formatter={(v) =>
                    u.rating === null ? v : <RatingColored rating={u.rating}>{String(u.rating)}</RatingColored>
                  }
                />
              </Col>
              <Col xs={12} sm={8} lg={{ flex: '20%' }}>
                <Statistic title={t('Submissions_Count')} value={u.total} />
              </Col>
              <Col xs={12} sm={8} lg={{ flex: '20%' }}>
                <Statistic title={t('Solved')} value={u.solvedList.length} />
              </Col>
              <Col xs={12} sm={8} lg={{ flex: '20%' }}>
                <Statistic title={t('Score_Sum')} value={scoreSum} />
              </Col>
              <Col xs={12} sm={8} lg={{ flex: '20%' }}>
                {/* The rank lists' AC rate column: the server's acRate, the same figure on both pages. */}
                <Statistic title={t('AC_Rate')} value={formatAcRate(u.acRate)} />
              </Col>
            </Row>
            {calendar && (
              // Wider than a phone: the calendar scrolls in its own box, never the page.
              <div ref={heatmapBox} style={{ overflowX: 'auto', overflowY: 'hidden', marginTop: 16 }}>
                <EChart
                  label={t('Activity')}
                  option={calendar.option}
                  style={{ width: calendar.width, height: calendar.height, margin: '0 auto' }}
                />
              </div>
            )}
          </Col>
        </Row>
      </Panel>
      <RatingHistory uid={u.uid} rating={u.rating} />
      <Panel>
        <Tabs
          items={[
            {
              key: 'profile',
              label: t('Personal_Profile'),
              children: u.signature?.trim() ? (
                <MarkdownView source={u.signature} />
              ) : (
                <Typography.Text type="secondary">{t('Not_set_yet')}</Typography.Text>
              ),
            },
            {
              key: 'solved',
              label: t('Solved_Problems'),
              children: (
                <>
                  <Button
                    icon={<ReloadOutlined />}
                    onClick={() => home.refetch()}
                    loading={home.isFetching}
                    style={{ marginBottom: 12 }}
                  >
                    {t('Refresh')}
                  </Button>
                  {u.solvedList.length === 0 ? (
                    <Empty description={t('No_Solved_Problems')} />
                  ) : (
                    <>
                      {groups.map(([difficulty, problems]) => {
                        const d = DIFFICULTY[Number(difficulty)];
                        return (
                          <div key={difficulty} style={{ marginBottom: 12 }}>
                            <Tag color={d?.color}>{d ? t(d.key) : difficulty}</Tag>
                            <Space size={[8, 8]} wrap>
                              {problems.map((p) => (
                                <Link key={p.id} to={`/problem/${encodeURIComponent(p.problemId)}`}>
                                  {p.problemId}
                                </Link>
                              ))}
                            </Space>
                          </div>
                        );
                      })}
                      <Typography.Title level={5}>{t('Solved')}</Typography.Title>
                      <Space size={[8, 8]} wrap>
                        {u.solvedList.map((id) => (
                          <Link key={id} to={`/problem/${encodeURIComponent(id)}`}>
                            {id}
                          </Link>
                        ))}
                      </Space>
                    </>
                  )}
                </>
              ),
            },
          ]}
        />
      </Panel>
    </Space>
  );
};

export default UserHomePage;
