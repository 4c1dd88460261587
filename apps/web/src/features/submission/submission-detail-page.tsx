import { CopyOutlined } from '@ant-design/icons';
import { submission as contract, JUDGE_STATUS } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { lazyScreen } from '../../lib/lazy-screen';
import { useLiveUp } from '../../lib/live-events';
import { toast } from '../../lib/notify';
import { loadEditorSettings } from '../problem/editor-storage';
import { copyText } from '../problem/problem-description';
import { useCodeReviews } from '../review/code-reviews';
// The error text and the code fallback are `oj-sample` blocks: wrapped, so a long compiler line never pushes a phone's
// page sideways when the detail is the first page opened.
import '../problem/problem-detail.css';
import { queryKey } from '../../lib/query-keys';
import { CompileDiagnostics } from './compile-diagnostics';
import { FirstFailurePanel } from './first-failure-panel';
import { judgeReasonText } from './judge-reasons';
import {
  canResubmit,
  formatLength,
  formatMemoryKb,
  formatRunMemory,
  formatRunTime,
  formatTimeMs,
  isInProgress,
  oiScoreColor,
} from './judge-status';
import { ResubmitButton } from './resubmit-button';
import { StatusTag } from './status-tag';
import { SUBMISSION_POLL_MS } from './submission-polling';
import { WaitingForJudge } from './waiting-for-judge';

const CodeEditor = lazyScreen(() => import('../problem/code-editor'));

/** Statuses whose error text is shown. */
const ERROR_TEXT_STATUSES: number[] = [
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.SUBMITTED_FAILED,
];

type CaseRow = {
  id: number;
  seq: number;
  status: number;
  time: number;
  memory: number;
  score: number | null;
  message: string | null;
  inputData: string | null;
  outputData: string | null;
};

const CaseTable = ({ rows, showScore }: { rows: CaseRow[]; showScore: boolean }) => {
  const { t } = useTranslation(['submission', 'problem', 'remote-judge']);
  // The case, its verdict, its time and (OI) its score on a phone; the memory and the judge's message from a tablet,
  // in each row's details before.
  const layout = useResponsiveColumns<CaseRow>([
    { title: t('Case'), dataIndex: 'seq', key: 'seq', width: 80, render: (seq: number) => `#${seq}` },
    { title: t('Status'), dataIndex: 'status', key: 'status', render: (s: number) => <StatusTag status={s} /> },
    { title: t('Time'), dataIndex: 'time', key: 'time', render: formatTimeMs },
    { title: t('Memory'), dataIndex: 'memory', key: 'memory', from: 'tablet', render: formatMemoryKb },
    ...(showScore
      ? [{ title: t('Score'), dataIndex: 'score', key: 'score', render: (s: number | null) => s ?? '—' }]
      : []),
    {
      title: t('Case_Message'),
      dataIndex: 'message',
      key: 'message',
      from: 'tablet',
      // A long checker message wraps rather than widening the table.
      render: (m: string | null) => (
        <span style={{ display: 'inline-block', maxWidth: '40em', overflowWrap: 'anywhere' }}>{m ?? ''}</span>
      ),
    },
  ]);
  return (
    <Table<CaseRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      aria-label={t('Case_Results')}
      {...layout}
    />
  );
};

const SubmissionDetailPage = () => {
  const { t } = useTranslation(['submission', 'problem', 'remote-judge']);
  const { submitID = '' } = useParams();
  const submitId = Number(submitID);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const live = useLiveUp();

  const detail = useQuery({
    queryKey: queryKey(contract.getSubmissionDetail, submitId),
    queryFn: () => api.call(contract.getSubmissionDetail, { submitId }),
    enabled: Number.isInteger(submitId),
    retry: false,
    // A submission still being judged refreshes itself (submission-polling.ts); the viewer's own is told by the
    // live stream while it is open (app/live-sync.tsx: a verdict, or the stream's opening, reads it again).
    refetchInterval: (q) =>
      q.state.data &&
      isInProgress(q.state.data.submission.status) &&
      !q.state.error &&
      !(live && q.state.data.submission.uid === user?.uid)
        ? SUBMISSION_POLL_MS
        : false,
  });
  const s = detail.data?.submission;
  const settled = !!s && !isInProgress(s.status);
  const cases = useQuery({
    queryKey: queryKey(contract.getAllCaseResult, submitId, s?.status),
    queryFn: () => api.call(contract.getAllCaseResult, { submitId }),
    enabled: settled,
  });
  // Teachers' reviews under the lines of the code (features/review/code-reviews.tsx).
  const reviews = useCodeReviews(s);

  if (detail.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (!s) return <Result status="warning" title={detail.error?.message ?? t('Query_Error')} />;

  const isOwner = !!user && user.uid === s.uid;
  const canShare = isOwner && s.cid === 0 && !!detail.data?.codeShare;
  const toggleShare = async (share: boolean) => {
    await api.call(contract.updateSubmission, { submitId: s.submitId, share, uid: s.uid });
    toast.success(share ? t('Shared_successfully') : t('Cancel_Sharing_Successfully'));
    queryClient.setQueryData(queryKey(contract.getSubmissionDetail, submitId), {
      ...detail.data,
      submission: { ...s, share },
    });
  };

  const caseData = cases.data;
  const subtasks = caseData?.subTaskJudgeCaseVoList ?? null;
  const showScore = s.score !== null;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Panel title={`${t('Submission_Detail')} #${s.submitId}`}>
        <Alert
          type={s.status === JUDGE_STATUS.ACCEPTED ? 'success' : isInProgress(s.status) ? 'info' : 'error'}
          role="status"
          title={
            <Space wrap>
              <StatusTag status={s.status} submitId={s.submitId} />
              <WaitingForJudge status={s.status} since={s.gmtModified} />
              {canResubmit(s, user?.uid) && (
                <ResubmitButton
                  row={s}
                  // The fresh row is Pending again: the detail polls it (refetchInterval) until it settles.
                  onResubmitted={(fresh) =>
                    queryClient.setQueryData(queryKey(contract.getSubmissionDetail, submitId), {
                      ...detail.data,
                      submission: fresh,
                    })
                  }
                />
              )}
              {s.isManual && <Tag>{t('Manually_Judged')}</Tag>}
              {s.score !== null && <span style={{ color: oiScoreColor(s.score) }}>{s.score}</span>}
            </Space>
          }
        />
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('Problem')}>
            <Link
              to={
                s.cid
                  ? `/contest/${s.cid}/problem/${encodeURIComponent(s.displayId || s.displayPid)}`
                  : s.gid
                    ? `/group/${s.gid}/problem/${encodeURIComponent(s.displayPid)}`
                    : `/problem/${encodeURIComponent(s.displayPid)}`
              }
            >
              {s.cid ? s.displayId || s.displayPid : s.displayPid} {s.title}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('Time')}>{formatRunTime(s)}</Descriptions.Item>
          <Descriptions.Item label={t('Memory')}>{formatRunMemory(s)}</Descriptions.Item>
          <Descriptions.Item label={t('Length')}>{formatLength(s.length)}</Descriptions.Item>
          <Descriptions.Item label={t('Language')}>{s.language}</Descriptions.Item>
          <Descriptions.Item label={t('Author')}>
            <Link to={`/user-home?username=${encodeURIComponent(s.username)}`}>{s.username}</Link>
          </Descriptions.Item>
        </Descriptions>
        <CompileDiagnostics submission={s} diagnostics={detail.data?.diagnostics} />
        {ERROR_TEXT_STATUSES.includes(s.status) && s.errorMessage && (
          <pre className="oj-sample" style={{ color: '#cf1322' }}>
            {judgeReasonText(s.errorMessage, t)}
          </pre>
        )}
      </Panel>

      {settled && detail.data?.firstFailure && <FirstFailurePanel failure={detail.data.firstFailure} pid={s.pid} />}

      {settled && (
        <Panel title={t('Case_Results')}>
          {cases.isLoading && <Spin />}
          {cases.isSuccess && !caseData && <Alert type="info" title={t('Case_Results_Hidden')} />}
          {subtasks?.length
            ? subtasks.map((group) => (
                <section key={group.groupNum} aria-label={`${t('Subtask')} ${group.groupNum}`}>
                  <Typography.Title level={5}>
                    <Space wrap>
                      {t('Subtask')} {group.groupNum}
                      <StatusTag status={group.status} />
                      <span>
                        {group.ac}/{group.total} · {t('Score')} {group.score} · {formatTimeMs(group.time)} ·{' '}
                        {formatMemoryKb(group.memory)}
                      </span>
                    </Space>
                  </Typography.Title>
                  <CaseTable rows={group.subtaskDetailList} showScore={showScore} />
                </section>
              ))
            : caseData?.judgeCaseList && <CaseTable rows={caseData.judgeCaseList} showScore={showScore} />}
        </Panel>
      )}

      <Panel
        title={t('Code')}
        extra={
          <Space>
            {canShare && (
              <Space>
                <span id="share-label">{t('Share_Code')}</span>
                <Switch aria-labelledby="share-label" checked={s.share} onChange={toggleShare} />
              </Space>
            )}
            {s.code !== null && (
              <Button icon={<CopyOutlined />} onClick={() => copyText(s.code ?? '', t)}>
                {t('Copy')}
              </Button>
            )}
          </Space>
        }
      >
        {s.code === null ? (
          <Alert type="warning" title={t('Code_Hidden')} />
        ) : (
          <Suspense fallback={<pre className="oj-sample">{s.code}</pre>}>
            <CodeEditor
              value={s.code}
              language={s.language}
              settings={loadEditorSettings()}
              readOnly
              label={t('Code')}
              height="auto"
              extensions={reviews.extensions}
            />
          </Suspense>
        )}
        {reviews.layer}
      </Panel>
    </Space>
  );
};

export default SubmissionDetailPage;
