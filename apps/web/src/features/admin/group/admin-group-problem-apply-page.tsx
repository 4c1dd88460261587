import { type AdminProblem, groupProblem as contract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

const PAGE_SIZE = 10;
const LIST_KEY = queryKey(contract.getGroupProblemApplyList);
const { APPLYING: _applying, ...DECISION } = contract.APPLY_PUBLIC;
type Progress = (typeof DECISION)[keyof typeof DECISION];

const time = (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>;

/** A positive whole number typed in the group filter, or undefined (all groups). */
const parseGid = (v: string) => {
  const n = Number(v.trim());
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /admin/group-problem/apply: the group problems whose group admins asked
 * to publish them in the public bank; root and problem_admin approve (the problem joins the bank and leaves its
 * group) or refuse. The title stays plain: a group problem's page is closed to non-members. */
const AdminGroupProblemApplyPage = () => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { roles } = useSession();
  // The server answers 403 to other admins; they are told so instead of being sent back to the dashboard.
  const mayExamine = roles.includes('root') || roles.includes('problem_admin');
  const [keyword, setKeyword] = useState('');
  const [gid, setGid] = useState<number | undefined>();
  const [currentPage, setPage] = useState(1);
  const input = { currentPage, limit: PAGE_SIZE, keyword: keyword || undefined, gid };
  const list = useQuery({
    queryKey: [...LIST_KEY, input],
    queryFn: () => api.call(contract.getGroupProblemApplyList, input),
    placeholderData: keepPreviousData,
    enabled: mayExamine,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIST_KEY });

  // A refusal (the application was withdrawn or already decided) is shown by the client; the list below says why.
  const decision = useApiMutation({
    mutationFn: (v: { pid: number; progress: Progress }) => api.call(contract.changeGroupProblemProgress, v),
    onSuccess: (_, { progress }) =>
      toast.success(t(progress === DECISION.PUBLIC ? 'Admin_Group_Problem_Approved' : 'Admin_Group_Problem_Refused')),
  });
  const busy = decision.isPending ? decision.variables?.pid : null;
  const decide = async (pid: number, progress: Progress) => {
    await decision.settle({ pid, progress });
    // A decided (or withdrawn) application leaves the list; go back a page when this one empties.
    if ((list.data?.records.length ?? 0) <= 1 && currentPage > 1) setPage(currentPage - 1);
    void refresh();
  };

  const confirmProps = { okText: t('Admin_Group_Problem_Confirm'), cancelText: t('Admin_Group_Problem_Cancel') };
  // A phone shows the title and Approve / Refuse (the list is for deciding); the problem's id, author, group and time
  // in each row's details.
  const layout = useResponsiveColumns<AdminProblem>([
    { title: t('Admin_Group_Problem_Column_Id'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 120 },
    {
      title: t('Admin_Group_Problem_Column_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string) => <div style={{ maxWidth: 260, wordBreak: 'break-word' }}>{v}</div>,
    },
    { title: t('Admin_Group_Problem_Column_Author'), dataIndex: 'author', key: 'author', from: 'tablet', width: 110 },
    { title: t('Admin_Group_Problem_Column_Gid'), dataIndex: 'gid', key: 'gid', from: 'tablet', width: 90 },
    {
      title: t('Admin_Group_Problem_Column_Time'),
      dataIndex: 'gmtModified',
      key: 'time',
      from: 'tablet',
      width: 150,
      render: time,
    },
    {
      title: t('Admin_Group_Problem_Column_Option'),
      key: 'option',
      width: 150,
      render: (_, p) => (
        <Space size="small">
          <Popconfirm
            title={t('Admin_Group_Problem_Approve_Confirm')}
            {...confirmProps}
            onConfirm={() => decide(p.id, DECISION.PUBLIC)}
          >
            <Button
              size="small"
              type="primary"
              loading={busy === p.id}
              aria-label={`${t('Admin_Group_Problem_Approve')} ${p.problemId}`}
            >
              {t('Admin_Group_Problem_Approve')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('Admin_Group_Problem_Refuse_Confirm')}
            {...confirmProps}
            onConfirm={() => decide(p.id, DECISION.REFUSED)}
          >
            <Button
              size="small"
              danger
              disabled={busy === p.id}
              aria-label={`${t('Admin_Group_Problem_Refuse')} ${p.problemId}`}
            >
              {t('Admin_Group_Problem_Refuse')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  if (!mayExamine) {
    return (
      <Panel title={t('Admin_Group_Problem_Title')}>
        <Typography.Paragraph type="secondary">{t('Admin_Group_Problem_No_Permission')}</Typography.Paragraph>
      </Panel>
    );
  }

  return (
    <Panel title={t('Admin_Group_Problem_Title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('Admin_Group_Problem_Gid_Filter')}
          placeholder={t('Admin_Group_Problem_Gid_Filter')}
          inputMode="numeric"
          allowClear
          style={{ width: 140 }}
          onSearch={(v) => {
            setGid(parseGid(v));
            setPage(1);
          }}
        />
        <Input.Search
          aria-label={t('Admin_Group_Problem_Search')}
          placeholder={t('Admin_Group_Problem_Search')}
          allowClear
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('Admin_Group_Problem_Tip')}</Typography.Paragraph>
      <Table<AdminProblem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('Admin_Group_Problem_Empty') }}
        pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
        {...layout}
      />
    </Panel>
  );
};

export default AdminGroupProblemApplyPage;
