import { adminDashboard, type JudgeWorker, type QueueEntry } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { STATUS_COLORS, STATUS_KEYS } from '../../contest/contest-header';
import { REMOTE_JUDGE_NAMES, type RemoteOjKey } from '../../remote-judge/remote-judges';

/** Dashboard: counters, the judge workers, the judge token for root, and the open queue with the
 * reason each task still waits (docs/architecture.md, "Judging"). */
const AdminDashboardPage = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem', 'submission']);
  const { user, roles } = useSession();
  const info = useQuery({
    queryKey: queryKey(adminDashboard.getDashboardInfo),
    queryFn: () => api.call(adminDashboard.getDashboardInfo, {}),
    refetchInterval: 10_000,
  });
  const d = info.data;

  const reason = (q: QueueEntry) =>
    t(`Reason_${q.reason}`, { count: q.position ?? 0, judge: q.judge ?? '' }) +
    (q.lastError ? ` (${q.lastError})` : '');

  // On a phone: a contest's title and state; a judge's name, state and load; a language and its waiting tasks; a
  // queued task's run, problem and why it waits. The rest in each row's details.
  const contestsLayout = useResponsiveColumns<adminDashboard.RecentContest>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'laptop', width: 80 },
    {
      title: t('Contest_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, c) => (
        <Link to={`/admin/contest/${c.id}/edit`} className="oj-table-title">
          {title}
        </Link>
      ),
    },
    {
      title: t('Rule_Type'),
      dataIndex: 'type',
      key: 'type',
      from: 'tablet',
      width: 80,
      render: (v: number) => (v === 1 ? 'OI' : 'ACM'),
    },
    {
      title: t('Status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(STATUS_KEYS[s] ?? '')}</Tag>,
    },
    {
      title: t('Start_Time'),
      dataIndex: 'startTime',
      key: 'start',
      from: 'tablet',
      width: 160,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('Visible'),
      dataIndex: 'visible',
      key: 'visible',
      from: 'tablet',
      width: 80,
      render: (v: boolean) => (v ? '✓' : '✗'),
    },
    { title: t('Author'), dataIndex: 'author', key: 'author', from: 'laptop', width: 120 },
  ]);
  const judgesLayout = useResponsiveColumns<JudgeWorker>([
    { title: t('Judge_Name'), dataIndex: 'name', key: 'name' },
    {
      title: t('Status'),
      key: 'status',
      render: (_, j) => <Tag color={j.alive ? 'green' : 'default'}>{t(j.alive ? 'Judge_Alive' : 'Judge_Offline')}</Tag>,
    },
    {
      title: t('Judge_Load'),
      key: 'load',
      render: (_, j) => <span style={{ whiteSpace: 'nowrap' }}>{`${j.running} / ${j.concurrency}`}</span>,
    },
    // The one long cell: a fixed width so it wraps between languages while the short cells stay on one line.
    {
      title: t('Judge_Languages'),
      key: 'languages',
      from: 'tablet',
      width: 280,
      render: (_, j) => <div style={{ maxWidth: 280 }}>{j.languages.join(', ')}</div>,
    },
    {
      title: t('Judge_Remote'),
      key: 'remote',
      from: 'laptop',
      width: 200,
      render: (_, j) =>
        j.remote.length === 0 ? (
          '-'
        ) : (
          <Space size={[0, 4]} wrap style={{ maxWidth: 200 }}>
            {j.remote.map((oj) => (
              <Tag key={oj}>{REMOTE_JUDGE_NAMES[oj as RemoteOjKey] ?? oj}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('Last_Heartbeat'),
      key: 'heartbeat',
      from: 'tablet',
      render: (_, j) => formatTime(j.lastHeartbeat, true),
    },
  ]);
  const languagesLayout = useResponsiveColumns<adminDashboard.LanguageWithoutJudge>([
    { title: t('Language'), dataIndex: 'language', key: 'language' },
    {
      title: t('Last_Declared'),
      key: 'declared',
      from: 'tablet',
      render: (_, l) => formatTime(l.lastDeclaredAt, true),
    },
    { title: t('Waiting_Tasks'), dataIndex: 'queued', key: 'queued' },
  ]);
  const queueLayout = useResponsiveColumns<QueueEntry>([
    { title: t('Run_ID'), key: 'run', render: (_, q) => q.submitId ?? '-' },
    { title: t('Task_Kind'), dataIndex: 'kind', key: 'kind', from: 'tablet' },
    { title: t('Problem'), key: 'problem', render: (_, q) => q.problemId ?? '-' },
    { title: t('Author'), key: 'author', from: 'tablet', render: (_, q) => q.username ?? '-' },
    { title: t('Language'), dataIndex: 'language', key: 'language', from: 'tablet' },
    {
      title: t('Submit_Time'),
      key: 'time',
      from: 'laptop',
      render: (_, q) => dayjs(q.createdAt).format('MM-DD HH:mm:ss'),
    },
    {
      title: t('Queue_Reason'),
      key: 'reason',
      render: (_, q) => <span className="oj-table-title">{reason(q)}</span>,
    },
  ]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t('Dashboard')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('Signed_In_As')}>
            {user?.username}{' '}
            {roles.map((r) => (
              <Tag key={r} color={r === 'root' ? 'red' : 'blue'}>
                {t(`Role_${r}`, { defaultValue: r })}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
        <Space size="large" wrap>
          <Statistic title={t('Total_Users')} value={d?.userNum ?? '-'} />
          <Statistic title={t('Today_Judgements')} value={d?.todayJudgeNum ?? '-'} />
          <Statistic title={t('Recent_Contests')} value={d?.recentContestNum ?? '-'} />
        </Space>
      </Panel>
      <Panel title={t('Recent_Contests')}>
        <Table<adminDashboard.RecentContest>
          rowKey="id"
          size="small"
          pagination={false}
          loading={info.isLoading}
          dataSource={d?.recentContests ?? []}
          {...contestsLayout}
        />
      </Panel>
      {d?.judgeToken && (
        <Panel title={t('Judge_Token')}>
          <Typography.Paragraph copyable={{ text: d.judgeToken }} code>
            {d.judgeToken}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('Judge_Token_Tip')}</Typography.Text>
        </Panel>
      )}
      <Panel title={t('Judge_Servers')}>
        {d && d.judges.length === 0 && <Alert type="warning" showIcon title={t('No_Judge_Server')} />}
        <Table<JudgeWorker>
          rowKey="name"
          size="small"
          pagination={false}
          loading={info.isLoading}
          dataSource={d?.judges ?? []}
          {...judgesLayout}
        />
      </Panel>
      <Panel title={t('Languages_Without_Judge')}>
        {d && d.languagesWithoutJudge.length > 0 && (
          <Alert type="warning" showIcon title={t('Languages_Without_Judge_Tip')} style={{ marginBottom: 12 }} />
        )}
        <Table<adminDashboard.LanguageWithoutJudge>
          rowKey="language"
          size="small"
          pagination={false}
          loading={info.isLoading}
          locale={{ emptyText: t('Every_Language_Has_Judge') }}
          dataSource={d?.languagesWithoutJudge ?? []}
          {...languagesLayout}
        />
      </Panel>
      <Panel title={t('Judge_Queue')}>
        <Table<QueueEntry>
          rowKey="taskId"
          size="small"
          pagination={false}
          loading={info.isLoading}
          locale={{ emptyText: t('Queue_Empty') }}
          dataSource={d?.queue ?? []}
          {...queueLayout}
        />
      </Panel>
    </Space>
  );
};

export default AdminDashboardPage;
