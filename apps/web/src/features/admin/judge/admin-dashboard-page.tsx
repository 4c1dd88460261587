import { adminDashboard, type JudgeWorker, type QueueEntry } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';
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
          scroll={{ x: 'max-content' }}
          rowKey="id"
          size="small"
          pagination={false}
          loading={info.isLoading}
          dataSource={d?.recentContests ?? []}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            {
              title: t('Contest_Title'),
              dataIndex: 'title',
              render: (title: string, c) => <Link to={`/admin/contest/${c.id}/edit`}>{title}</Link>,
            },
            { title: t('Rule_Type'), dataIndex: 'type', width: 80, render: (v: number) => (v === 1 ? 'OI' : 'ACM') },
            {
              title: t('Status'),
              dataIndex: 'status',
              width: 100,
              render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(STATUS_KEYS[s] ?? '')}</Tag>,
            },
            {
              title: t('Start_Time'),
              dataIndex: 'startTime',
              width: 160,
              render: (v: string) => formatTime(v),
            },
            { title: t('Visible'), dataIndex: 'visible', width: 80, render: (v: boolean) => (v ? '✓' : '✗') },
            { title: t('Author'), dataIndex: 'author', width: 120 },
          ]}
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
          scroll={{ x: 'max-content' }}
          rowKey="name"
          size="small"
          pagination={false}
          loading={info.isLoading}
          dataSource={d?.judges ?? []}
          columns={[
            { title: t('Judge_Name'), dataIndex: 'name' },
            {
              title: t('Status'),
              render: (_, j) => (
                <Tag color={j.alive ? 'green' : 'default'}>{t(j.alive ? 'Judge_Alive' : 'Judge_Offline')}</Tag>
              ),
            },
            {
              title: t('Judge_Load'),
              render: (_, j) => <span style={{ whiteSpace: 'nowrap' }}>{`${j.running} / ${j.concurrency}`}</span>,
            },
            // The one long cell: a fixed width so it wraps between languages while the short cells stay on one line.
            { title: t('Judge_Languages'), width: 280, render: (_, j) => j.languages.join(', ') },
            {
              title: t('Judge_Remote'),
              width: 200,
              render: (_, j) =>
                j.remote.length === 0 ? (
                  '-'
                ) : (
                  <Space size={[0, 4]} wrap>
                    {j.remote.map((oj) => (
                      <Tag key={oj}>{REMOTE_JUDGE_NAMES[oj as RemoteOjKey] ?? oj}</Tag>
                    ))}
                  </Space>
                ),
            },
            { title: t('Last_Heartbeat'), render: (_, j) => formatTime(j.lastHeartbeat, true) },
          ]}
        />
      </Panel>
      <Panel title={t('Languages_Without_Judge')}>
        {d && d.languagesWithoutJudge.length > 0 && (
          <Alert type="warning" showIcon title={t('Languages_Without_Judge_Tip')} style={{ marginBottom: 12 }} />
        )}
        <Table<adminDashboard.LanguageWithoutJudge>
          scroll={{ x: 'max-content' }}
          rowKey="language"
          size="small"
          pagination={false}
          loading={info.isLoading}
          locale={{ emptyText: t('Every_Language_Has_Judge') }}
          dataSource={d?.languagesWithoutJudge ?? []}
          columns={[
            { title: t('Language'), dataIndex: 'language' },
            { title: t('Last_Declared'), render: (_, l) => formatTime(l.lastDeclaredAt, true) },
            { title: t('Waiting_Tasks'), dataIndex: 'queued' },
          ]}
        />
      </Panel>
      <Panel title={t('Judge_Queue')}>
        <Table<QueueEntry>
          scroll={{ x: 'max-content' }}
          rowKey="taskId"
          size="small"
          pagination={false}
          loading={info.isLoading}
          locale={{ emptyText: t('Queue_Empty') }}
          dataSource={d?.queue ?? []}
          columns={[
            { title: t('Run_ID'), render: (_, q) => q.submitId ?? '-' },
            { title: t('Task_Kind'), dataIndex: 'kind' },
            { title: t('Problem'), render: (_, q) => q.problemId ?? '-' },
            { title: t('Author'), render: (_, q) => q.username ?? '-' },
            { title: t('Language'), dataIndex: 'language' },
            { title: t('Submit_Time'), render: (_, q) => dayjs(q.createdAt).format('MM-DD HH:mm:ss') },
            { title: t('Queue_Reason'), render: (_, q) => reason(q) },
          ]}
        />
      </Panel>
    </Space>
  );
};

export default AdminDashboardPage;
