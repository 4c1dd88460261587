import type { ContestProblem } from '@oj/shared';
import { contestStaff } from '@oj/shared';
import { Alert, Button, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from './contest-detail-page';

/** The rejudge tab, super admin only: every submission of one contest problem back to the queue,
 * after a confirmation. */
const ContestRejudgePage = () => {
  const { t } = useTranslation(['contest', 'submission']);
  const { contest, problems } = useContestContext();
  const rejudge = useApiMutation({
    mutationFn: (p: ContestProblem) => api.call(contestStaff.rejudgeContestProblem, { cid: contest.id, pid: p.pid }),
    onSuccess: (data) => toast.success(t('Rejudge_Done', { count: data.count })),
  });

  // Every column on a phone too: the letter, the title and the button are the whole list.
  const layout = useResponsiveColumns<ContestProblem>([
    {
      title: t('Display_ID'),
      dataIndex: 'displayId',
      key: 'displayId',
      width: 120,
      render: (displayId: string, p) => (
        <Space size={6}>
          {p.color && (
            <span
              aria-hidden
              style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', background: p.color }}
            />
          )}
          {displayId}
        </Space>
      ),
    },
    {
      title: t('Rejudge_Problem_Title'),
      dataIndex: 'displayTitle',
      key: 'title',
      render: (v: string) => <span className="oj-table-title">{v}</span>,
    },
    {
      title: t('Rejudge'),
      key: 'rejudge',
      width: 140,
      render: (_, p) => (
        <Popconfirm
          title={t('Rejudge_Confirm', { problem: p.displayId })}
          okText={t('Staff_OK')}
          cancelText={t('Staff_Cancel')}
          onConfirm={() => rejudge.mutateAsync(p).catch(() => undefined)}
        >
          <Button
            danger
            size="small"
            aria-label={`${t('Rejudge_Button')} ${p.displayId}`}
            loading={rejudge.isPending && rejudge.variables?.id === p.id}
          >
            {t('Rejudge_Button')}
          </Button>
        </Popconfirm>
      ),
    },
  ]);

  return (
    <section aria-label={t('Rejudge')}>
      <Alert type="info" showIcon title={t('Rejudge_Hint')} style={{ marginBottom: 12 }} />
      <Table<ContestProblem> rowKey="id" size="small" pagination={false} dataSource={problems} {...layout} />
    </section>
  );
};

export default ContestRejudgePage;
