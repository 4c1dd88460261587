import { JUDGE_STATUS } from '@oj/shared';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import { submissionSettled } from '../submission/submission-polling';
import { WaitingForJudge } from '../submission/waiting-for-judge';

// What the code panel says once something has happened (code-panel.tsx fetches this chunk then, decision 0045): the
// submission's progress and verdict, and a problem that could not be loaded again.

/** The problem could not be loaded again (the page keeps what it had). */
export const LoadFailedNotice = () => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  return <Alert type="error" showIcon title={t('Problem_Load_Failed')} />;
};

/** The submission being sent, then its progress and verdict with a link to its details. */
export const SubmissionBanner = ({
  submitId,
  judged,
  submitting,
  type,
  detailPath,
}: {
  detailPath: string;
  submitId: number | null;
  judged: {
    status: number;
    time: number | null;
    memory: number | null;
    score: number | null;
    gmtModified?: string;
  } | null;
  submitting: boolean;
  type: number;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  if (submitting && !submitId) return <Alert type="info" showIcon title={t('Submitting')} />;
  if (!submitId) return null;
  const status = judged?.status ?? JUDGE_STATUS.PENDING;
  const settled = submissionSettled(status);
  const solved = settled && status === JUDGE_STATUS.ACCEPTED;
  const kind = !settled ? 'info' : solved ? 'success' : status === JUDGE_STATUS.PARTIAL_ACCEPTED ? 'warning' : 'error';
  return (
    <Alert
      type={kind}
      role="status"
      aria-label={t('Nav_Status')}
      title={
        <Space wrap>
          <StatusTag status={status} submitId={submitId} />
          <WaitingForJudge status={status} since={judged?.gmtModified} />
          {settled && (
            <span>
              {formatRunTime({ status, ...judged })} · {formatRunMemory({ status, ...judged })}
              {type === 1 && judged?.score !== null && judged?.score !== undefined && ` · ${judged.score}`}
            </span>
          )}
          <Link to={detailPath}>{t('View_Details')}</Link>
        </Space>
      }
      description={
        settled && (solved || type === 1)
          ? type === 1
            ? t('You_have_submitted_a_solution')
            : t('You_have_solved_the_problem')
          : undefined
      }
    />
  );
};
