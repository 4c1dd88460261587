import { ClockCircleOutlined } from '@ant-design/icons';
import { JUDGE_STATUS } from '@oj/shared';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../site/use-website-config';

/** Used until the site configuration has loaded (the server's default of OJ_JUDGE_WAIT_NOTICE_SECONDS). */
const DEFAULT_NOTICE_SECONDS = 60;

/** Whether a submission has been Pending for longer than the site's notice time (`judgeWaitNoticeSeconds` of the
 * website configuration), counted from its last change (`since`: a rejudge makes it Pending anew); turns true on
 * its own when that time comes, without a new answer from the server. */
export const useWaitingForJudge = (status: number, since: string | undefined) => {
  const config = useWebsiteConfig();
  const seconds = config.data?.judgeWaitNoticeSeconds ?? DEFAULT_NOTICE_SECONDS;
  const pending = status === JUDGE_STATUS.PENDING && !!since;
  const dueAt = pending ? new Date(since as string).getTime() + seconds * 1000 : Number.POSITIVE_INFINITY;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(dueAt)) return;
    const left = dueAt - Date.now();
    if (left <= 0) {
      setNow(Date.now());
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [dueAt]);
  return pending && now >= dueAt;
};

/** "Waiting for a judge" beside the status of a submission that has been Pending for a while (decision 0036: a
 * language stays on offer while no judge is connected, so a submission may wait), with a tip that it needs nothing
 * from the student. Nothing otherwise. */
export const WaitingForJudge = ({ status, since }: { status: number; since: string | undefined }) => {
  const { t } = useTranslation('submission');
  const waiting = useWaitingForJudge(status, since);
  if (!waiting) return null;
  return (
    <Tooltip title={t('Waiting_For_Judge_Tip')}>
      <Tag color="warning" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
        {t('Waiting_For_Judge')}
      </Tag>
    </Tooltip>
  );
};
