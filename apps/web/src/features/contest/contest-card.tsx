import { CalendarOutlined, ClockCircleOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import type { Contest } from '@oj/shared';
import { contest as contract } from '@oj/shared';
import { Button, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AUTH_KEYS, ContestLock, STATUS_COLORS, STATUS_KEYS } from './contest-header';
import { formatSeconds } from './contest-time';

const { CONTEST_AUTH, CONTEST_STATUS } = contract;

export const scoreboardPath = (c: Pick<Contest, 'id' | 'type'>) =>
  `/contest/${c.type === 1 ? 'oi' : 'acm'}-scoreboard/${c.id}`;

const ruleName = (type: number) => (type === 1 ? 'OI' : 'ACM');

/** The rule's trophy: blue for ACM, purple for OI. */
export const ContestTypeIcon = ({ type, size }: { type: number; size?: number }) => (
  <TrophyOutlined aria-hidden style={{ color: type === 0 ? '#2f54eb' : '#722ed1', fontSize: size }} />
);

/** The outside scoreboard, offered when the contest opens it and disabled while it is scheduled. */
export const OutsideScoreboardButton = ({ contest }: { contest: Contest }) => {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  if (!contest.openRank) return null;
  return (
    <Button
      size="small"
      disabled={contest.status === CONTEST_STATUS.SCHEDULED}
      onClick={() => navigate(scoreboardPath(contest))}
    >
      {t('Outside_Scoreboard')}
    </Button>
  );
};

/** A contest as a card: rule icon, title with its lock, start time, duration, the rule, access,
 * participants of a non-public contest, the outside scoreboard and the status. The contest texts must be registered. */
export const ContestCard = ({ contest, onOpen }: { contest: Contest; onOpen: (c: Contest) => void }) => {
  const { t } = useTranslation('contest');
  const rule = ruleName(contest.type);
  return (
    <article
      aria-label={contest.title}
      style={{
        display: 'flex',
        gap: 16,
        alignItems: 'center',
        padding: '12px 16px',
        border: '1px solid rgba(5, 5, 5, 0.06)',
        borderRadius: 8,
        marginBottom: 12,
      }}
    >
      <ContestTypeIcon type={contest.type} size={40} />
      <div style={{ flex: 1, minWidth: 0 }}>
        {/* Its own line: inline, the title ran into the start time with no gap. */}
        <Space size="small" style={{ display: 'flex', marginBottom: 6 }}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', fontSize: 16, whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => onOpen(contest)}
          >
            {contest.title}
          </Button>
          <ContestLock auth={contest.auth} />
        </Space>
        <Space wrap size={[12, 6]}>
          <span title={t('Start_Time')}>
            <CalendarOutlined /> {dayjs(contest.startTime).format('YYYY-MM-DD HH:mm')}
          </span>
          <span title={t('Duration')}>
            <ClockCircleOutlined /> {formatSeconds(contest.duration)}
          </span>
          <Tooltip title={t(contest.type === 1 ? 'Contest_Rule_OI_Tip' : 'Contest_Rule_ACM_Tip')}>
            <Button size="small" shape="round" aria-label={`${t('Rule_Type')} ${rule}`}>
              {rule}
            </Button>
          </Tooltip>
          <Tag>{t(AUTH_KEYS[contest.auth] ?? 'Public')}</Tag>
          {contest.auth !== CONTEST_AUTH.PUBLIC && (
            <span title={t('Participants')}>
              <TeamOutlined /> {contest.count}
            </span>
          )}
          <OutsideScoreboardButton contest={contest} />
        </Space>
      </div>
      <Tag color={STATUS_COLORS[contest.status]}>{t(STATUS_KEYS[contest.status] ?? '')}</Tag>
    </article>
  );
};
