import type { ContestPrint } from '@oj/shared';
import { contestStaff } from '@oj/shared';
import { Alert, Button, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/http-client';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from './contest-detail-page';
import { PRINT_PAGE_SIZE, PrintStatusTag } from './contest-print-page';
import { useStaffPage } from './use-staff-page';

/** The print admin tab: every print, waiting first, 15 a page, refreshed
 * every 10 s; each text downloads as a .txt and waiting ones can be marked printed. */
const AdminPrintTable = () => {
  const { t } = useTranslation('contest');
  const { contest } = useContestContext();
  const cid = contest.id;
  const { query: prints, pagination } = useStaffPage(contestStaff.getContestPrint, cid, PRINT_PAGE_SIZE, 'admin');
  const markPrinted = useApiMutation({
    mutationFn: (id: number) => api.call(contestStaff.checkContestPrintStatus, { id, cid }),
    invalidates: [queryKey(contestStaff.getContestPrint, cid)],
    onSuccess: () => toast.success(t('Staff_Update_Successfully')),
  });
  const download = async (id: number) => {
    const file = await api.download(contestStaff.downloadContestPrintText, { id });
    if (file) saveBlob(file);
  };

  // The user, the status and the actions on a phone (the list is for printing); the id, the real name and the time
  // from a tablet, the length from a laptop, all in each row's details before.
  const layout = useResponsiveColumns<ContestPrint>([
    { title: t('Print_ID'), dataIndex: 'id', key: 'id', from: 'tablet', width: 80 },
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
      title: t('Print_Time'),
      dataIndex: 'gmtCreate',
      key: 'gmtCreate',
      from: 'tablet',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('Print_Length'),
      dataIndex: 'length',
      key: 'length',
      from: 'laptop',
      render: (n: number) => t('Print_Chars', { count: n }),
    },
    {
      title: t('Print_Status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => <PrintStatusTag status={s} />,
    },
    {
      title: t('Print_Actions'),
      key: 'actions',
      render: (_, p) => (
        <Space size={[8, 8]} wrap>
          <Button size="small" aria-label={`${t('Print_Download')} ${p.id}`} onClick={() => void download(p.id)}>
            {t('Print_Download')}
          </Button>
          {p.status === 0 && (
            <Button
              size="small"
              type="primary"
              aria-label={`${t('Print_Mark_Printed')} ${p.id}`}
              loading={markPrinted.isPending && markPrinted.variables === p.id}
              onClick={() => markPrinted.mutate(p.id)}
            >
              {t('Print_Mark_Printed')}
            </Button>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <section aria-label={t('Admin_Print')}>
      <Table<ContestPrint>
        rowKey="id"
        size="small"
        loading={prints.isLoading}
        dataSource={prints.data?.records ?? []}
        pagination={pagination}
        {...layout}
      />
    </section>
  );
};

/** Contest admins only, and only while the contest has printing (the server decides for real). */
const ContestAdminPrintPage = () => {
  const { t } = useTranslation('contest');
  const { contest, admin } = useContestContext();
  if (!admin) return <Alert type="warning" showIcon title={t('Staff_No_Access')} />;
  if (!contest.openPrint) return <Alert type="info" showIcon title={t('Print_Closed')} />;
  return <AdminPrintTable />;
};

export default ContestAdminPrintPage;
