import type { ContestAcInfo } from '@oj/shared';
import { contestStaff } from '@oj/shared';
import { Alert, Space, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from './contest-detail-page';
import { formatSeconds } from './contest-time';
import { useStaffPage } from './use-staff-page';

export const AC_INFO_PAGE_SIZE = 20;

/** The balloon colour of a problem as a small swatch beside its display id. */
const Balloon = ({ color, label }: { color: string | null; label: string }) =>
  color ? (
    <span
      role="img"
      aria-label={label}
      title={color}
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        background: color,
        border: '1px solid rgba(0,0,0,0.15)',
        verticalAlign: 'middle',
      }}
    />
  ) : null;

/** The AC info helper of ACM contests: each user's first AC per problem, a
 * balloon to deliver; unchecked first (the server's order), 20 a page, refreshed every 10 s. */
const AcInfoTable = () => {
  const { t } = useTranslation('contest');
  const { contest } = useContestContext();
  const cid = contest.id;
  const { query: list, pagination } = useStaffPage(contestStaff.getContestAcInfo, cid, AC_INFO_PAGE_SIZE);
  const check = useApiMutation({
    mutationFn: (v: { id: number; checked: boolean }) =>
      api.call(contestStaff.checkContestAcInfo, { id: v.id, cid, checked: v.checked }),
    invalidates: [queryKey(contestStaff.getContestAcInfo, cid)],
    onSuccess: () => toast.success(t('Staff_Update_Successfully')),
  });

  // The problem (its balloon), the user and the delivered switch on a phone: what a runner needs; the times, the
  // real name and the first blood from a tablet, the submit time from a laptop, all in each row's details before.
  const layout = useResponsiveColumns<ContestAcInfo>([
    {
      title: t('AC_Time_Since_Start'),
      dataIndex: 'time',
      key: 'time',
      from: 'tablet',
      render: (s: number) => formatSeconds(s),
    },
    {
      title: t('AC_Submit_Time'),
      dataIndex: 'submitTime',
      key: 'submitTime',
      from: 'laptop',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('AC_Problem'),
      dataIndex: 'displayId',
      key: 'displayId',
      render: (displayId: string, r) => (
        <Space size={6}>
          <Balloon color={r.color} label={t('AC_Balloon_Of', { problem: displayId })} />
          <span>{displayId}</span>
        </Space>
      ),
    },
    {
      title: t('Print_Username'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span>,
    },
    {
      title: t('Print_Realname'),
      dataIndex: 'realname',
      key: 'realname',
      from: 'tablet',
      render: (v: string | null) => v ?? '',
    },
    {
      title: t('AC_First_Blood'),
      dataIndex: 'firstBlood',
      key: 'firstBlood',
      from: 'tablet',
      render: (v: boolean) => (v ? <Tag color="red">{t('AC_First_Blood')}</Tag> : null),
    },
    {
      title: t('AC_Checked'),
      dataIndex: 'checked',
      key: 'checked',
      render: (checked: boolean, r) => (
        <Switch
          aria-label={`${t('AC_Checked')} ${r.username} ${r.displayId}`}
          checked={checked}
          loading={check.isPending && check.variables?.id === r.id}
          onChange={(next) => check.mutate({ id: r.id, checked: next })}
        />
      ),
    },
  ]);

  return (
    <section aria-label={t('AC_Info')}>
      <Table<ContestAcInfo>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('No_AC_Info') }}
        pagination={pagination}
        {...layout}
      />
    </section>
  );
};

/** Contest admins of ACM contests only (the server decides for real). */
const ContestAcInfoPage = () => {
  const { t } = useTranslation('contest');
  const { contest, admin } = useContestContext();
  if (!admin || contest.type !== 0) return <Alert type="warning" showIcon title={t('Staff_No_Access')} />;
  return <AcInfoTable />;
};

export default ContestAcInfoPage;
