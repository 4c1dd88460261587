import type { ExamEvent, ExamParticipant } from '@oj/shared';
import { exam } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from '../contest/contest-detail-page';

const NS = ['exam', 'contest'];
/** The sessions change as participants sign in: read again every 15 s while the page is open. */
export const EXAM_SESSIONS_REFRESH_MS = 15_000;

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

/** /contest/:contestID/exam-sessions (decision 0055): the contest's admins see who holds the exam, from where and
 * since when, end a participant's session (his next login holds the exam, under either policy), and read the log
 * of every change. */
const ExamSessions = ({ cid }: { cid: number }) => {
  const { t } = useTranslation(NS);
  const key = queryKey(exam.getExamSessions, cid);
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => api.call(exam.getExamSessions, { cid }),
    refetchInterval: EXAM_SESSIONS_REFRESH_MS,
  });
  const end = useApiMutation({
    mutationFn: (p: ExamParticipant) => api.call(exam.endExamSession, { cid, uid: p.uid }),
    invalidates: [key],
    onSuccess: () => toast.success(t('Exam_Session_Ended')),
  });

  // On a phone: who, whether active, and the action (the page is for ending sessions); the rest in the details.
  const participants = useResponsiveColumns<ExamParticipant>([
    { title: t('Exam_Username'), dataIndex: 'username', key: 'username' },
    { title: t('Exam_Realname'), dataIndex: 'realname', key: 'realname', from: 'tablet', render: (v) => v ?? '-' },
    {
      title: t('Exam_Active'),
      dataIndex: 'active',
      key: 'active',
      render: (active: boolean) =>
        active ? <Tag color="green">{t('Exam_Active_Yes')}</Tag> : <Tag>{t('Exam_Active_No')}</Tag>,
    },
    { title: t('Exam_Address'), dataIndex: 'ip', key: 'ip', from: 'tablet', render: (v) => v ?? '-' },
    { title: t('Exam_Since'), dataIndex: 'since', key: 'since', from: 'laptop', render: time },
    {
      title: t('Exam_Action'),
      key: 'action',
      render: (_, p) => (
        <Popconfirm
          title={t('Exam_End_Session')}
          description={t('Exam_End_Session_Confirm', { username: p.username })}
          onConfirm={() => end.settle(p)}
        >
          <Button size="small" danger>
            {t('Exam_End_Session')}
          </Button>
        </Popconfirm>
      ),
    },
  ]);
  const events = useResponsiveColumns<ExamEvent>([
    { title: t('Exam_Event_Time'), dataIndex: 'gmtCreate', key: 'gmtCreate', render: time },
    { title: t('Exam_Event_User'), dataIndex: 'username', key: 'username' },
    {
      title: t('Exam_Event_Kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: ExamEvent['kind']) => t(`Exam_Event_${kind}`),
    },
    { title: t('Exam_Address'), dataIndex: 'ip', key: 'ip', from: 'tablet' },
    {
      title: t('Exam_Event_Browser'),
      dataIndex: 'userAgent',
      key: 'userAgent',
      from: 'laptop',
      ellipsis: true,
      width: 320,
    },
  ]);

  return (
    <section aria-label={t('Exam_Sessions')}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('Exam_Participants')}
        </Typography.Title>
        <Button onClick={() => void sessions.refetch()} loading={sessions.isFetching}>
          {t('Exam_Refresh')}
        </Button>
      </Space>
      <Table<ExamParticipant>
        rowKey="uid"
        size="small"
        loading={sessions.isLoading}
        dataSource={sessions.data?.participants ?? []}
        locale={{ emptyText: t('Exam_No_Participants') }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        aria-label={t('Exam_Participants')}
        {...participants}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('Exam_Event_Log')}
      </Typography.Title>
      <Table<ExamEvent>
        rowKey="id"
        size="small"
        loading={sessions.isLoading}
        dataSource={sessions.data?.events ?? []}
        locale={{ emptyText: t('Exam_No_Events') }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        aria-label={t('Exam_Event_Log')}
        {...events}
      />
    </section>
  );
};

/** Only a contest in exam mode has sessions to show; its admins alone reach the page (the server decides too). */
const ExamSessionsPage = () => {
  const { t } = useTranslation(NS);
  const { contest, admin } = useContestContext();
  if (!admin) return <Alert type="warning" showIcon title={t('No_Contest_Access')} />;
  if (!contest.examMode) return <Alert type="info" showIcon title={t('Exam_Not_Exam')} />;
  return <ExamSessions cid={contest.id} />;
};

export default ExamSessionsPage;
