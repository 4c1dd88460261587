import type { ExamEvent, ExamParticipant } from '@oj/shared';
import { exam } from '@oj/shared';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
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

/** The usernames of a pasted list: one per line or separated by spaces or commas (a Chinese comma or 、 too). */
export const usernamesOf = (text: string) => text.split(/[\s,，、;；]+/).filter(Boolean);

type AddResult = { added: number; already: number; unknown: string[] };

/** A contest admin registers users by username (POST /api/contest/participants); the unknown names stay in the box
 * to be corrected. */
const AddParticipants = ({ cid, sessionsKey }: { cid: number; sessionsKey: QueryKey }) => {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [result, setResult] = useState<AddResult | null>(null);
  const names = usernamesOf(text);
  const tooMany = names.length > exam.EXAM.maxParticipantsAdded;
  const add = useApiMutation({
    mutationFn: (usernames: string[]) => api.call(exam.addContestParticipants, { cid, usernames }),
    invalidates: [sessionsKey],
    onSuccess: (r) => {
      setResult(r);
      setText(r.unknown.join('\n'));
    },
  });
  return (
    <section aria-label={t('Exam_Add_Participants')} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{t('Exam_Add_Participants')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('Exam_Add_Participants_Tip')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('Exam_Add_Participants')}
        placeholder={t('Exam_Add_Participants_Placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        status={tooMany ? 'error' : undefined}
      />
      {tooMany && (
        <Typography.Text type="danger">
          {t('Exam_Add_Too_Many', { max: exam.EXAM.maxParticipantsAdded })}
        </Typography.Text>
      )}
      <div style={{ marginTop: 8 }}>
        <Button
          type="primary"
          loading={add.isPending}
          disabled={!names.length || tooMany}
          onClick={() => add.mutate(names)}
        >
          {t('Exam_Add')}
        </Button>
      </div>
      {result && (
        <Alert
          role="status"
          style={{ marginTop: 8, overflowWrap: 'anywhere' }}
          type={result.unknown.length ? 'warning' : 'success'}
          showIcon
          title={t('Exam_Add_Result', { added: result.added, already: result.already })}
          description={result.unknown.length ? t('Exam_Add_Unknown', { names: result.unknown.join(', ') }) : undefined}
        />
      )}
    </section>
  );
};

/** /contest/:contestID/exam-sessions (decision 0055): the contest's admins register participants by username and take
 * a registration back, see who holds the exam, from where and since when, end a participant's session (his next
 * login holds the exam, under either policy), and read the log of every change. */
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
  const remove = useApiMutation({
    mutationFn: (p: ExamParticipant) => api.call(exam.removeContestParticipant, { cid, uid: p.uid }),
    invalidates: [key],
    onSuccess: () => toast.success(t('Exam_Participant_Removed')),
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
        <Space size={4} wrap>
          <Popconfirm
            title={t('Exam_End_Session')}
            description={t('Exam_End_Session_Confirm', { username: p.username })}
            onConfirm={() => end.settle(p)}
          >
            <Button size="small" danger>
              {t('Exam_End_Session')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('Exam_Remove_Participant')}
            description={t('Exam_Remove_Participant_Confirm', { username: p.username })}
            onConfirm={() => remove.settle(p)}
          >
            <Button size="small">{t('Exam_Remove_Participant')}</Button>
          </Popconfirm>
        </Space>
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
      <AddParticipants cid={cid} sessionsKey={key} />
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
