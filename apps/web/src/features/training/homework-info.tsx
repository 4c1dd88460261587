import type { HomeworkState } from '@oj/shared';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format-time';
import {
  formatPercent,
  HOMEWORK_STATE_COLORS,
  type HomeworkView,
  homeworkCountdown,
  homeworkStateAt,
  homeworkStateKey,
  penaltyRule,
  splitLeft,
} from './homework';

const ROW = { display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center' } as const;

/** Upcoming, open, late or closed, coloured. */
export const HomeworkStateTag = ({ state }: { state: HomeworkState }) => {
  const { t } = useTranslation('training');
  return (
    <Tag color={HOMEWORK_STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(homeworkStateKey(state))}
    </Tag>
  );
};

/** The countdown to the open time (upcoming), the due time (open) or the end of the late window (late). */
export const HomeworkCountdown = ({ h, nowMs }: { h: HomeworkView; nowMs: number }) => {
  const { t } = useTranslation('training');
  const left = homeworkCountdown(h, nowMs);
  if (!left) return null;
  const { days, time } = splitLeft(left.leftMs);
  return (
    <Typography.Text role="timer" type="secondary" style={{ whiteSpace: 'nowrap' }}>
      {t(left.key, { time: days > 0 ? t('Homework_Days_Left', { days, time }) : time })}
    </Typography.Text>
  );
};

/** The late rule in words: the penalty per day or hour and its floor, or that late work does not count. */
export const HomeworkPenaltyRule = ({ h }: { h: HomeworkView }) => {
  const { t } = useTranslation('training');
  const rule = penaltyRule({ ...h, lateUntil: h.myDueTime ? (h.myLateUntil ?? h.lateUntil) : h.lateUntil });
  return <Typography.Text type="secondary">{rule ? t(rule.key, rule.values) : t('Homework_No_Late')}</Typography.Text>;
};

/** A training's homework as its page shows it (decision 0052): the state, the open and due times (the viewer's own
 * when extended), the late window and its rule, the countdown and the viewer's score. Nothing without a due time. */
export const HomeworkSummary = ({ h, nowMs }: { h: HomeworkView; nowMs: number }) => {
  const { t } = useTranslation('training');
  const state = homeworkStateAt(h, nowMs);
  if (!h.dueTime || !state) return null;
  return (
    <section aria-label={t('Homework')}>
      <div style={ROW}>
        <HomeworkStateTag state={state} />
        {h.openTime && (
          <span>
            {t('Homework_Open_Time')}: {formatTime(h.openTime)}
          </span>
        )}
        <span style={h.myDueTime ? { textDecoration: 'line-through' } : undefined}>
          {t('Homework_Due_Time')}: {formatTime(h.dueTime)}
        </span>
        {h.myDueTime && (
          <Typography.Text strong>
            {t('Homework_My_Due_Time')}: {formatTime(h.myDueTime)}
          </Typography.Text>
        )}
        {(h.myDueTime ? (h.myLateUntil ?? null) : h.lateUntil) && (
          <span>
            {t('Homework_Late_Until')}: {formatTime((h.myDueTime ? h.myLateUntil : h.lateUntil) as string)}
          </span>
        )}
        <HomeworkCountdown h={h} nowMs={nowMs} />
      </div>
      <div style={{ ...ROW, marginTop: 4 }}>
        <HomeworkPenaltyRule h={h} />
        {h.homeworkScore !== null && state !== 'upcoming' && (
          <span>
            {t('Homework_Score')}: <Typography.Text strong>{formatPercent(h.homeworkScore)}</Typography.Text>
          </span>
        )}
      </div>
    </section>
  );
};

/** A training's homework in one list cell: the state tag, the due time (the viewer's own when extended), the
 * countdown and the score, stacked. */
export const HomeworkCell = ({ h, nowMs }: { h: HomeworkView; nowMs: number }) => {
  const { t } = useTranslation('training');
  const state = homeworkStateAt(h, nowMs);
  if (!h.dueTime || !state) return null;
  const due = h.myDueTime ?? h.dueTime;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Space wrap size={[6, 2]}>
        <HomeworkStateTag state={state} />
        {h.homeworkScore !== null && state !== 'upcoming' && (
          <Typography.Text strong>{formatPercent(h.homeworkScore)}</Typography.Text>
        )}
      </Space>
      {state === 'upcoming' && h.openTime ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('Homework_Open_Time')}: {formatTime(h.openTime)}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(h.myDueTime ? 'Homework_My_Due_Time' : 'Homework_Due_Time')}: {formatTime(due)}
        </Typography.Text>
      )}
      {state === 'late' && (
        <span style={{ fontSize: 12 }}>
          <HomeworkPenaltyRule h={h} />
        </span>
      )}
      <span style={{ fontSize: 12 }}>
        <HomeworkCountdown h={h} nowMs={nowMs} />
      </span>
    </div>
  );
};
