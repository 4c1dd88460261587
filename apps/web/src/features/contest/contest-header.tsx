import { LockOutlined } from '@ant-design/icons';
import type { Contest } from '@oj/shared';
import { contest as contract } from '@oj/shared';

import { Slider, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { countdown, formatSeconds, progressAt, sliderTip } from './contest-time';

const { CONTEST_AUTH, CONTEST_STATUS } = contract;

export const AUTH_KEYS = ['Public', 'Private', 'Protected'] as const;
export const STATUS_KEYS: Record<number, string> = {
  [CONTEST_STATUS.SCHEDULED]: 'Scheduled',
  [CONTEST_STATUS.RUNNING]: 'Running',
  [CONTEST_STATUS.ENDED]: 'Ended',
};
export const STATUS_COLORS: Record<number, string> = {
  [CONTEST_STATUS.SCHEDULED]: 'blue',
  [CONTEST_STATUS.RUNNING]: 'green',
  [CONTEST_STATUS.ENDED]: 'default',
};

/** Private contests get a red lock, protected ones an orange lock. */
export const ContestLock = ({ auth }: { auth: number }) => {
  const { t } = useTranslation('contest');
  if (auth === CONTEST_AUTH.PUBLIC) return null;
  return (
    <LockOutlined
      aria-label={t(AUTH_KEYS[auth] ?? 'Private')}
      style={{ color: auth === CONTEST_AUTH.PRIVATE ? '#f5222d' : '#fa8c16' }}
    />
  );
};

/** Title, tags, times, the progress slider and the countdown. */
export const ContestHeader = ({
  contest,
  nowMs,
  status,
  virtual = false,
}: {
  contest: Contest;
  nowMs: number;
  status: number;
  /** The viewer's virtual participation runs: the times are his. */
  virtual?: boolean;
}) => {
  const { t } = useTranslation('contest');
  const left = countdown(contest, nowMs);
  return (
    <div style={{ textAlign: 'center' }}>
      <Typography.Title level={3} style={{ marginBottom: 8 }}>
        {contest.title} <ContestLock auth={contest.auth} />
      </Typography.Title>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Tag color={contest.type === 0 ? 'geekblue' : 'purple'}>{contest.type === 0 ? 'ACM' : 'OI'}</Tag>
        <Tag>{t(AUTH_KEYS[contest.auth] ?? 'Public')}</Tag>
        <Tag color={STATUS_COLORS[status]}>{t(STATUS_KEYS[status] ?? 'Ended')}</Tag>
        {virtual && <Tag color="magenta">{t('Virtual_Running')}</Tag>}
        <span>
          {t('Start_Time')}: {dayjs(contest.startTime).format('YYYY-MM-DD HH:mm:ss')}
        </span>
        <span>
          {t('End_Time')}: {dayjs(contest.endTime).format('YYYY-MM-DD HH:mm:ss')}
        </span>
        <span>
          {t('Duration')}: {formatSeconds(contest.duration)}
        </span>
      </Space>
      <Slider
        aria-label={t('Contest_Progress')}
        value={progressAt(contest, nowMs)}
        tooltip={{ formatter: () => sliderTip(contest, nowMs) }}
        style={{ margin: '16px 24px 8px' }}
      />
      <Tag role="timer" color={left ? 'processing' : 'error'}>
        {left ? t(left.key, { time: left.time }) : t('Contest_Has_Ended')}
      </Tag>
    </div>
  );
};
