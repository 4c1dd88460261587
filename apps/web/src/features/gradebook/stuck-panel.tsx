import { ReloadOutlined } from '@ant-design/icons';
import { gradebook as contract, type StuckStudent } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { queryKey } from '../../lib/query-keys';
import { useNow } from '../../lib/use-now';
import { StatusTag } from '../submission/status-tag';
import { GRADEBOOK_POLL_MS, minutesBetween, studentLabel } from './gradebook-model';

const { STUCK_DEFAULTS, STUCK_WINDOW_HOURS } = contract;

/** Who is stuck (GET /api/group/gradebook-stuck): lab-time help, read again every 30 s. The thresholds (failed tries,
 * minutes) are the teacher's, defaults 3 and 10. */
export const StuckPanel = ({ gid }: { gid: number }) => {
  const { t } = useTranslation('gradebook');
  const [attempts, setAttempts] = useState<number>(STUCK_DEFAULTS.attempts);
  const [minutes, setMinutes] = useState<number>(STUCK_DEFAULTS.minutes);
  const input = { gid, attempts, minutes };
  const stuck = useQuery({
    queryKey: queryKey(contract.getGradebookStuck, gid, attempts, minutes),
    queryFn: () => api.call(contract.getGradebookStuck, input),
    refetchInterval: GRADEBOOK_POLL_MS,
    placeholderData: keepPreviousData,
  });
  const nowMs = useNow(true, 30_000);
  const layout = useResponsiveColumns<StuckStudent>([
    {
      title: t('Gradebook_Student'),
      key: 'student',
      render: (_, s) => <span style={{ overflowWrap: 'anywhere' }}>{studentLabel(s)}</span>,
    },
    {
      title: t('Gradebook_Stuck_Where'),
      key: 'where',
      render: (_, s) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {s.title} / {s.displayId}
        </span>
      ),
    },
    { title: t('Gradebook_Attempts_Column'), dataIndex: 'attempts', key: 'attempts', from: 'tablet', width: 90 },
    {
      title: t('Gradebook_Stuck_Last_Verdict'),
      dataIndex: 'lastStatus',
      key: 'lastStatus',
      from: 'tablet',
      render: (status: number) => <StatusTag status={status} />,
    },
    {
      title: t('Gradebook_Stuck_Since'),
      key: 'since',
      from: 'tablet',
      render: (_, s) =>
        t('Gradebook_Stuck_Since_Value', {
          minutes: minutesBetween(s.firstSubmitTime, nowMs),
          time: formatTime(s.firstSubmitTime),
        }),
    },
  ]);
  return (
    <section className="oj-gradebook-stuck" aria-label={t('Gradebook_Stuck')}>
      <h3>{t('Gradebook_Stuck')}</h3>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('Gradebook_Stuck_Tip', { hours: STUCK_WINDOW_HOURS })}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>
          <label htmlFor="oj-stuck-attempts">{t('Gradebook_Stuck_Attempts')}</label>{' '}
          <InputNumber
            id="oj-stuck-attempts"
            min={1}
            max={100}
            precision={0}
            value={attempts}
            onChange={(v) => setAttempts(v ?? STUCK_DEFAULTS.attempts)}
            style={{ width: 80 }}
          />
        </span>
        <span>
          <label htmlFor="oj-stuck-minutes">{t('Gradebook_Stuck_Minutes')}</label>{' '}
          <InputNumber
            id="oj-stuck-minutes"
            min={0}
            max={240}
            precision={0}
            value={minutes}
            onChange={(v) => setMinutes(v ?? STUCK_DEFAULTS.minutes)}
            style={{ width: 80 }}
          />
        </span>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('Gradebook_Refresh')}
          loading={stuck.isFetching}
          onClick={() => void stuck.refetch()}
        />
      </Space>
      <Table<StuckStudent>
        rowKey={(s) => `${s.uid}-${s.kind}-${s.id}-${s.pid}`}
        size="small"
        loading={stuck.isLoading}
        dataSource={stuck.data ?? []}
        pagination={false}
        locale={{ emptyText: t('Gradebook_Stuck_None') }}
        {...layout}
      />
    </section>
  );
};
