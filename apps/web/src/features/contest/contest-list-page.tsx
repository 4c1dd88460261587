import type { Contest } from '@oj/shared';
import { contest as contract } from '@oj/shared';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { serverPaging } from '../../components/paging';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { ContestTypeIcon, OutsideScoreboardButton } from './contest-card';
import { AUTH_KEYS, ContestLock, STATUS_COLORS, STATUS_KEYS } from './contest-header';
import { formatSeconds } from './contest-time';

const { CONTEST_STATUS } = contract;

export const CONTEST_PAGE_SIZE = 10;

export { scoreboardPath } from './contest-card';

const num = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : undefined;
};

/** The contest list: filters in the URL, locks, outside scoreboard buttons; opening needs a login. */
const ContestListPage = () => {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const [params, setParams] = useSearchParams();
  const status = num(params.get('status'));
  const type = num(params.get('type'));
  const keyword = params.get('keyword') ?? '';
  const currentPage = num(params.get('currentPage')) ?? 1;

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ ...patch, currentPage: patch.currentPage ?? undefined })) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const input = { currentPage, limit: CONTEST_PAGE_SIZE, status, type, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: queryKey(contract.getContestList, input),
    queryFn: () => api.call(contract.getContestList, input),
    placeholderData: keepPreviousData,
  });

  const open = (c: Contest) => {
    if (!isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      return;
    }
    navigate(`/contest/${c.id}`);
  };

  // The title and the status on a phone; the start time from a tablet; the rule (its trophy's colour beside the title
  // says it too), duration, participants, access (a lock beside the title marks a locked one) and outside scoreboard
  // from a laptop; the rest in each row's details.
  const layout = useResponsiveColumns<Contest>([
    {
      title: t('Contest_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, c) => (
        <Space size={6} align="start">
          <ContestTypeIcon type={c.type} />
          {/* A long title wraps within its cell rather than widening the table. */}
          <Button type="link" style={{ padding: 0, height: 'auto', textAlign: 'left' }} onClick={() => open(c)}>
            <span className="oj-table-title">{title}</span>
          </Button>
          <ContestLock auth={c.auth} />
        </Space>
      ),
    },
    {
      title: t('Rule_Type'),
      dataIndex: 'type',
      key: 'type',
      from: 'laptop',
      width: 90,
      render: (v: number) => (v === 1 ? 'OI' : 'ACM'),
    },
    {
      title: t('Start_Time'),
      dataIndex: 'startTime',
      key: 'startTime',
      from: 'tablet',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('Duration'),
      dataIndex: 'duration',
      key: 'duration',
      from: 'laptop',
      width: 110,
      render: (v: number) => formatSeconds(v),
    },
    { title: t('Participants'), dataIndex: 'count', key: 'count', from: 'laptop', width: 90 },
    {
      title: t('Status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(STATUS_KEYS[s] ?? '')}</Tag>,
    },
    {
      title: t('Contest_Auth'),
      dataIndex: 'auth',
      key: 'auth',
      from: 'laptop',
      width: 100,
      render: (a: number) => <Tag>{t(AUTH_KEYS[a] ?? 'Public')}</Tag>,
    },
    {
      title: t('Outside_Scoreboard'),
      key: 'board',
      from: 'laptop',
      width: 130,
      render: (_: unknown, c) => <OutsideScoreboardButton contest={c} />,
    },
  ]);

  return (
    <Panel
      title={t('Contest_List')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('Rule_Type')}
            value={type ?? 'all'}
            style={{ width: 120 }}
            onChange={(v) => update({ type: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('Contest_All') },
              { value: 0, label: 'ACM' },
              { value: 1, label: 'OI' },
            ]}
          />
          <Select
            aria-label={t('Contest_Status')}
            value={status ?? 'all'}
            style={{ width: 130 }}
            onChange={(v) => update({ status: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('Contest_All') },
              ...[CONTEST_STATUS.SCHEDULED, CONTEST_STATUS.RUNNING, CONTEST_STATUS.ENDED].map((s) => ({
                value: s,
                label: t(STATUS_KEYS[s] ?? ''),
              })),
            ]}
          />
          <Input.Search
            aria-label={t('Search_Contest')}
            placeholder={t('Search_Contest')}
            defaultValue={keyword}
            allowClear
            style={{ width: 220 }}
            onSearch={(v) => update({ keyword: v.trim() })}
          />
        </Space>
      }
    >
      <Table<Contest>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, CONTEST_PAGE_SIZE, list.data?.total, (p) => update({ currentPage: p }))}
        {...layout}
      />
    </Panel>
  );
};

export default ContestListPage;
