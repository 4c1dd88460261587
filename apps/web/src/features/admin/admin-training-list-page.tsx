import { type AdminTraining, adminTraining as contract, training } from '@oj/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { registerAdminTrainingTexts } from './admin-training-texts';

const PAGE_SIZE = 10;

/** /admin/training: search, visibility, edit, problems, delete (spec 3 §2.3; reference §2 AdminTrainingController:
 * an admin manages own trainings, which the server enforces; deleting is root only). */
const AdminTrainingListPage = () => {
  registerAdminTrainingTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSuperAdmin } = useSession();
  const screens = Grid.useBreakpoint();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'trainings', keyword, currentPage],
    queryFn: () => api.call(contract.getAdminTrainingList, { keyword, currentPage, limit: PAGE_SIZE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'trainings'] });
  const status = useMutation({
    mutationFn: (v: { tid: number; author: string; status: boolean }) => api.call(contract.changeTrainingStatus, v),
    onSuccess: () => toast.success(t('Admin_Training_Updated')),
    // The switch follows the server either way (a refused change flips back).
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (tid: number) => api.call(contract.deleteTraining, { tid }),
    onSuccess: () => {
      toast.success(t('Admin_Training_Deleted'));
      void refresh();
    },
  });

  // On a phone the tools go under the title: beside it they squeeze it into one character a line.
  const narrow = screens.md === false;
  const tools = (
    <Space wrap style={narrow ? { marginBottom: 12 } : { justifyContent: 'flex-end' }}>
      <Input.Search
        aria-label={t('Admin_Training_Search')}
        placeholder={t('Admin_Training_Search')}
        allowClear
        style={{ maxWidth: 240 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Button type="primary" onClick={() => navigate('/admin/training/create')}>
        {t('Admin_Training_Create')}
      </Button>
    </Space>
  );

  return (
    <Panel title={t('Admin_Training_List')} extra={narrow ? undefined : tools}>
      {narrow && tools}
      <Table<AdminTraining>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        // Narrow screens scroll the table, never the page (390 px); wide ones fit it and wrap the actions.
        scroll={screens.xl ? undefined : { x: 'max-content' }}
        pagination={{
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('Admin_Training_Title'),
            dataIndex: 'title',
            // A long title wraps instead of widening the table past a phone's screen.
            render: (title: string, r) => (
              <div style={{ minWidth: 160, maxWidth: 280, overflowWrap: 'anywhere' }}>
                <Link to={`/training/${r.id}`}>{title}</Link>
              </div>
            ),
          },
          {
            title: t('Admin_Training_Auth'),
            dataIndex: 'auth',
            width: 90,
            render: (auth: string) =>
              auth === training.TRAINING_AUTH.PRIVATE ? (
                <Tag color="red">{t('Admin_Training_Private')}</Tag>
              ) : (
                <Tag color="green">{t('Admin_Training_Public')}</Tag>
              ),
          },
          {
            title: t('Admin_Training_Category_Column'),
            dataIndex: 'categoryName',
            width: 120,
            render: (name: string | null, r) => (name ? <Tag color={r.categoryColor ?? undefined}>{name}</Tag> : null),
          },
          { title: t('Admin_Training_Problem_Count'), dataIndex: 'problemCount', width: 90 },
          { title: t('Admin_Training_Author'), dataIndex: 'author', width: 110 },
          {
            title: t('Admin_Training_Modified'),
            dataIndex: 'gmtModified',
            width: 150,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('Admin_Training_Visible'),
            dataIndex: 'status',
            width: 80,
            render: (v: boolean, r) => (
              <Switch
                aria-label={`${t('Admin_Training_Visible')} ${r.title}`}
                checked={v}
                loading={status.isPending && status.variables?.tid === r.id}
                onChange={(next) => status.mutate({ tid: r.id, author: r.author, status: next })}
              />
            ),
          },
          {
            title: t('Admin_Training_Option'),
            key: 'option',
            render: (_, r) => (
              <Space wrap>
                <Link to={`/admin/training/${r.id}/edit`}>{t('Admin_Training_Edit_Action')}</Link>
                <Link to={`/admin/training/${r.id}/problems`}>{t('Admin_Training_Problems')}</Link>
                {isSuperAdmin && (
                  <Popconfirm title={t('Admin_Training_Delete_Confirm')} onConfirm={() => remove.mutate(r.id)}>
                    <Button size="small" danger aria-label={`${t('Admin_Training_Delete')} ${r.title}`}>
                      {t('Admin_Training_Delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Panel>
  );
};

export default AdminTrainingListPage;
