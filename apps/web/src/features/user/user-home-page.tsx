import { GithubOutlined, LinkOutlined, ManOutlined, ReloadOutlined, WomanOutlined } from '@ant-design/icons';
import { user as contract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Col, Empty, Result, Row, Space, Spin, Statistic, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EChart } from '../../components/echart';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { registerCorePagesTexts } from '../../locales/core-pages-texts';
import { DIFFICULTY } from '../problem/difficulty-tag';

/** The calendar of the last year: every day of [endDate - 1 year, endDate] with its submission count. */
export const heatmapOption = (
  data: { endDate: string; dataList: { date: string; count: number }[] },
  label: (date: string, count: number) => string,
): EChartsOption => {
  const end = dayjs(data.endDate);
  const start = end.subtract(1, 'year').add(1, 'day');
  const max = Math.max(1, ...data.dataList.map((d) => d.count));
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const [date, count] = (p as { value: [string, number] }).value;
        return label(date, count);
      },
    },
    visualMap: {
      show: false,
      min: 0,
      max,
      inRange: { color: ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'] },
    },
    calendar: {
      range: [start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')],
      cellSize: ['auto', 14],
      left: 30,
      right: 10,
      splitLine: { show: false },
      itemStyle: { borderColor: '#fff', borderWidth: 2 },
      yearLabel: { show: false },
    },
    series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: data.dataList.map((d) => [d.date, d.count]) }],
  };
};

const UserHomePage = () => {
  registerCorePagesTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useSession();
  // Without uid or username the page shows the signed-in user's own home.
  const uid = params.get('uid') ?? undefined;
  const username = params.get('username') ?? (uid ? undefined : user?.username);
  const who = { uid, username };

  const home = useQuery({
    queryKey: [contract.getUserHomeInfo.path, who],
    queryFn: () => api.call(contract.getUserHomeInfo, who),
    enabled: !!(uid || username),
    retry: false,
  });
  const heatmap = useQuery({
    queryKey: [contract.getUserCalendarHeatmap.path, who],
    queryFn: () => api.call(contract.getUserCalendarHeatmap, who),
    enabled: !!(uid || username),
  });
  const calendar = useMemo(
    () => (heatmap.data ? heatmapOption(heatmap.data, (date, count) => t('Submissions_On', { date, count })) : null),
    [heatmap.data, t],
  );

  if (!uid && !username) return <Result status="warning" title={t('Please_login_first')} />;
  if (home.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  const u = home.data;
  if (!u) return <Result status="404" title={t('User_Not_Found')} />;

  const scoreSum = u.scoreList.reduce((a, b) => a + b, 0);
  const groups = Object.entries(u.solvedGroupByDifficulty);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
            <Row gutter={16}>
              <Col span={6}>
                <Statistic title={t('Submissions_Count')} value={u.total} />
              </Col>
              <Col span={6}>
                <Statistic title={t('Solved')} value={u.solvedList.length} />
              </Col>
              <Col span={6}>
                <Statistic title={t('Score_Sum')} value={scoreSum} />
              </Col>
              <Col span={6}>
                <Statistic title={t('Rating')} value={u.rating ?? 0} />
              </Col>
            </Row>
            {calendar && <EChart label={t('Activity')} option={calendar} style={{ height: 160, marginTop: 16 }} />}
          </Col>
        </Row>
      </Panel>
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
