import { type AdminTraining, adminTraining as contract, groupTraining, training } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import {
  canManageGroupTraining,
  groupTrainingAdminPaths,
  type TrainingAdminGroup,
} from '../../group/group-training-model';

const PAGE_SIZE = 10;

/** The admin area's cache of the training categories, kept apart from the training list page's (the same read). */
export const adminCategoriesKey = queryKey(training.getTrainingCategory, 'admin');

/** The query keys of the training lists an admin change refreshes: the admin area's, or a group's two lists. */
export const trainingListKeys = (gid: number | undefined) =>
  gid === undefined
    ? [queryKey(contract.getAdminTrainingList)]
    : [queryKey(groupTraining.getGroupAdminTrainingList, gid), queryKey(groupTraining.getGroupTrainingList, gid)];

/** /admin/training: search, visibility, edit, problems, delete (as HOJ's AdminTrainingController:
 * an admin manages own trainings, which the server enforces; deleting is root only). With `group`, the admin mode of
 * a group's Training tab: the group's calls, and the rows the viewer may not manage (not the author,
 * not the group root) keep their actions disabled. */
const AdminTrainingListPage = ({ group }: { group?: TrainingAdminGroup }) => {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSuperAdmin, user } = useSession();
  const screens = Grid.useBreakpoint();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const gid = group?.gid;
  const list = useQuery({
    queryKey: [...(trainingListKeys(gid)[0] ?? []), keyword, currentPage],
    queryFn: () =>
      gid === undefined
        ? api.call(contract.getAdminTrainingList, { keyword, currentPage, limit: PAGE_SIZE })
        : api.call(groupTraining.getGroupAdminTrainingList, {
            gid,
            keyword: keyword || undefined,
            currentPage,
            limit: PAGE_SIZE,
          }),
  });
  const refresh = () =>
    Promise.all(trainingListKeys(gid).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const status = useApiMutation({
    mutationFn: (v: { tid: number; author: string; status: boolean }) =>
      api.call(gid === undefined ? contract.changeTrainingStatus : groupTraining.changeGroupTrainingStatus, v),
    // The switch follows the server either way (a refused change flips back).
    invalidates: trainingListKeys(gid),
    invalidateOnError: true,
    onSuccess: () => toast.success(t('Admin_Training_Updated')),
  });
  const remove = useApiMutation({
    mutationFn: (tid: number) =>
      api.call(gid === undefined ? contract.deleteTraining : groupTraining.deleteGroupTraining, { tid }),
    onSuccess: () => {
      toast.success(t('Admin_Training_Deleted'));
      void refresh();
    },
  });
  const paths = gid === undefined ? null : groupTrainingAdminPaths(gid);
  // The site's admins: the server decides per row (own trainings); a group's: the group policy, mirrored here.
  const mayManage = (r: AdminTraining) => !group || canManageGroupTraining(group.role, user?.username, r, group.gid);

  // A phone shows the title, public or private, and the visibility switch; the rest and the actions in each row's
  // details. Beside the admin menu at 1366 px the ID, the author and the modified time wait for a wider screen.
  const layout = useResponsiveColumns<AdminTraining>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'wide', width: 70 },
    {
      title: t('Admin_Training_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, r) => (
        <Link
          to={gid === undefined ? `/training/${r.id}` : `/group/${gid}/training/${r.id}`}
          className="oj-table-title"
        >
          {title}
        </Link>
      ),
    },
    {
      title: t('Admin_Training_Auth'),
      dataIndex: 'auth',
      key: 'auth',
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
      key: 'category',
      from: 'tablet',
      width: 120,
      render: (name: string | null, r) => (name ? <Tag color={r.categoryColor ?? undefined}>{name}</Tag> : null),
    },
    {
      title: t('Admin_Training_Problem_Count'),
      dataIndex: 'problemCount',
      key: 'problemCount',
      from: 'tablet',
      width: 90,
    },
    { title: t('Admin_Training_Author'), dataIndex: 'author', key: 'author', from: 'wide', width: 110 },
    {
      title: t('Admin_Training_Modified'),
      dataIndex: 'gmtModified',
      key: 'modified',
      from: 'wide',
      width: 150,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('Admin_Training_Visible'),
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (v: boolean, r) => (
        <Switch
          aria-label={`${t('Admin_Training_Visible')} ${r.title}`}
          checked={v}
          disabled={!mayManage(r)}
          loading={status.isPending && status.variables?.tid === r.id}
          onChange={(next) => status.mutate({ tid: r.id, author: r.author, status: next })}
        />
      ),
    },
    {
      title: t('Admin_Training_Option'),
      key: 'option',
      from: 'tablet',
      render: (_, r) =>
        paths ? (
          <GroupRowActions
            row={r}
            disabled={!mayManage(r)}
            onEdit={() => navigate(paths.edit(r.id))}
            onProblems={() => navigate(paths.problems(r.id))}
            onPlagiarism={() => navigate(paths.plagiarism(r.id))}
            onDelete={() => remove.mutate(r.id)}
          />
        ) : (
          <Space wrap>
            <Link to={`/admin/training/${r.id}/edit`}>{t('Admin_Training_Edit_Action')}</Link>
            <Link to={`/admin/training/${r.id}/problems`}>{t('Admin_Training_Problems')}</Link>
            <Link to={`/admin/training/${r.id}/plagiarism`}>{t('Copy_Detection')}</Link>
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
  ]);

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
      <Button type="primary" onClick={() => navigate(paths ? paths.create : '/admin/training/create')}>
        {t('Admin_Training_Create')}
      </Button>
    </Space>
  );

  const table = (
    <Table<AdminTraining>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
      {...layout}
    />
  );

  // In a group's tab the table sits under the group's own header.
  if (group)
    return (
      <>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{tools}</div>
        {table}
      </>
    );
  return (
    <Panel title={t('Admin_Training_List')} extra={narrow ? undefined : tools}>
      {narrow && tools}
      {table}
    </Panel>
  );
};

/** A group training's actions: shown to every group admin, usable on the rows they manage (copy detection, decision
 * 0047, asks the training admin rule too: the group's Copy detection tab with the training named). */
const GroupRowActions = ({
  row,
  disabled,
  onEdit,
  onProblems,
  onPlagiarism,
  onDelete,
}: {
  row: AdminTraining;
  disabled: boolean;
  onEdit: () => void;
  onProblems: () => void;
  onPlagiarism: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation('admin');
  return (
    <Space wrap>
      <Button
        size="small"
        disabled={disabled}
        aria-label={`${t('Admin_Training_Edit_Action')} ${row.title}`}
        onClick={onEdit}
      >
        {t('Admin_Training_Edit_Action')}
      </Button>
      <Button
        size="small"
        disabled={disabled}
        aria-label={`${t('Admin_Training_Problems')} ${row.title}`}
        onClick={onProblems}
      >
        {t('Admin_Training_Problems')}
      </Button>
      <Button
        size="small"
        disabled={disabled}
        aria-label={`${t('Copy_Detection')} ${row.title}`}
        onClick={onPlagiarism}
      >
        {t('Copy_Detection')}
      </Button>
      <Popconfirm title={t('Admin_Training_Delete_Confirm')} disabled={disabled} onConfirm={onDelete}>
        <Button size="small" danger disabled={disabled} aria-label={`${t('Admin_Training_Delete')} ${row.title}`}>
          {t('Admin_Training_Delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
};

export default AdminTrainingListPage;
