import { type AdminProblem, adminProblem, file } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/format-time';
import { saveBlob } from '../../../lib/http-client';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { RemoteImportButton } from '../judge/admin-remote-import-dialog';
import { CheckerStateTag } from './checker-state-tag';

const PAGE_SIZE = 10;

/** /admin/problems: keyword and visibility filters, edit, visibility, test data download, delete, and importing a
 * remote judge's problem. */
const AdminProblemListPage = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem', 'submission']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { roles } = useSession();
  const managesAll = roles.includes('root') || roles.includes('problem_admin');
  const [keyword, setKeyword] = useState('');
  const [auth, setAuth] = useState<number | undefined>();
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(adminProblem.getProblemList, keyword, auth, currentPage),
    queryFn: () => api.call(adminProblem.getProblemList, { keyword, auth, currentPage, limit: PAGE_SIZE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKey(adminProblem.getProblemList) });
  const changeAuth = useApiMutation({
    mutationFn: (b: { id: number; auth: number }) => api.call(adminProblem.changeProblemAuth, b),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      void refresh();
    },
  });
  const remove = useApiMutation({
    mutationFn: (pid: number) => api.call(adminProblem.deleteProblem, { pid }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const download = async (pid: number) => {
    const got = await api.download(file.downloadTestcase, { pid });
    if (got) saveBlob(got);
  };
  const authOptions = [
    { value: 1, label: t('Public_Problem'), disabled: !managesAll },
    { value: 2, label: t('Private_Problem') },
    { value: 3, label: t('Contest_Problem') },
  ];

  // A phone shows the problem's title (which opens the editor) and its visibility, room enough for the title's words;
  // the display id, the actions and the rest in each row's details. Beside the admin menu at 1366 px the internal ID, the
  // author and the creation time wait for a wider screen (the actions, with copy detection, need the room).
  const layout = useResponsiveColumns<AdminProblem>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'wide', width: 80 },
    { title: t('Display_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet' },
    {
      title: t('Title'),
      key: 'title',
      render: (_, p) => (
        <Link to={`/admin/problem/edit/${p.id}`} className="oj-table-title">
          {p.title}
        </Link>
      ),
    },
    { title: t('Author'), dataIndex: 'author', key: 'author', from: 'wide' },
    // An OI problem's full score as the judge gives it (subtasks counted once); ACM problems score by verdict.
    { title: t('Full_Score'), key: 'score', from: 'wide', render: (_, p) => (p.type === 1 ? p.ioScore : '-') },
    { title: t('Created_Time'), key: 'created', from: 'wide', render: (_, p) => formatTime(p.gmtCreate) },
    // A special judge's or interactor's last compile, so a checker that does not compile shows before anyone submits.
    {
      title: t('Checker_State'),
      key: 'checker',
      from: 'tablet',
      render: (_, p) => <CheckerStateTag state={p.checkerState} error={p.checkerError} />,
    },
    {
      title: t('Auth'),
      key: 'auth',
      render: (_, p) => (
        <Select
          aria-label={`${t('Auth')} ${p.problemId}`}
          size="small"
          style={{ width: 120 }}
          value={p.auth}
          options={authOptions}
          onChange={(v) => changeAuth.mutate({ id: p.id, auth: v })}
        />
      ),
    },
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      render: (_, p) => (
        <Space size="small">
          <Button size="small" onClick={() => navigate(`/admin/problem/edit/${p.id}`)}>
            {t('Edit')}
          </Button>
          <Button size="small" onClick={() => void download(p.id)}>
            {t('Download_Testcase')}
          </Button>
          <Button size="small" onClick={() => navigate(`/admin/problem/${p.id}/plagiarism`)}>
            {t('Copy_Detection')}
          </Button>
          {managesAll && (
            <Popconfirm title={t('Delete_Problem_Tips')} onConfirm={() => remove.mutate(p.id)}>
              <Button size="small" danger>
                {t('Delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <Panel
      title={t('Admin_Problems')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('Auth')}
            style={{ width: 140 }}
            value={auth ?? 0}
            onChange={(v) => {
              setAuth(v || undefined);
              setPage(1);
            }}
            options={[{ value: 0, label: t('Auth_All') }, ...authOptions.map(({ disabled: _d, ...o }) => o)]}
          />
          <Input.Search
            aria-label={t('Search_Problem')}
            placeholder={t('Search_Problem')}
            allowClear
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
          />
          <Button type="primary" onClick={() => navigate('/admin/problem/create')}>
            {t('Create_Problem')}
          </Button>
          <RemoteImportButton
            target={{ kind: 'bank' }}
            onImported={() => {
              setPage(1);
              void refresh();
            }}
          />
        </Space>
      }
    >
      <Table<AdminProblem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
        {...layout}
      />
    </Panel>
  );
};

export default AdminProblemListPage;
