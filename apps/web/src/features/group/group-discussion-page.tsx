import type { Discussion } from '@oj/shared';
import { groupDiscussion as contract, discussion as discussionContract, group as groupContract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { serverPaging } from '../../components/paging';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import DiscussionDetailPage from '../discussion/discussion-detail-page';
import DiscussionListPage, { formatTime } from '../discussion/discussion-list-page';
import { categoryLabel, type DiscussionGroup, discussionPaths } from '../discussion/discussion-model';
import { useGroupContext } from './group-context';

const { isGroupAdmin } = groupContract;
const { DISCUSSION_PAGE } = discussionContract;

/** The open group as the discussion pages take it: its id and whether the viewer is a group admin (admin, root or
 * super). */
const useDiscussionGroup = (): DiscussionGroup => {
  const { gid, role } = useGroupContext();
  return { gid, admin: isGroupAdmin(role) };
};

/** Group admins: every discussion of the group (disabled ones too) with the pin switch and delete. */
const GroupDiscussionAdminTable = ({ gid }: { gid: number }) => {
  const { t } = useTranslation('group');
  const [currentPage, setPage] = useState(1);
  const paths = discussionPaths(gid);
  const list = useQuery({
    queryKey: queryKey(contract.getGroupAdminDiscussionList, gid, currentPage),
    queryFn: () => api.call(contract.getGroupAdminDiscussionList, { gid, currentPage, limit: DISCUSSION_PAGE }),
    placeholderData: keepPreviousData,
  });
  const invalidates = [
    queryKey(contract.getGroupAdminDiscussionList, gid),
    queryKey(contract.getGroupDiscussionList, gid),
  ];
  const pin = useApiMutation({
    mutationFn: (b: { did: number; topPriority: boolean }) => api.call(contract.pinGroupDiscussion, b),
    invalidates,
    invalidateOnError: true,
    onSuccess: () => toast.success(t('Group_Discussion_Updated')),
  });
  const remove = useApiMutation({
    mutationFn: (did: number) => api.call(contract.deleteGroupDiscussion, { did }),
    invalidates,
    onSuccess: () => toast.success(t('Group_Discussion_Deleted')),
  });
  // The title and whether it is shown on a phone; pinning, deleting, the author and the time from a tablet; the
  // number, category and problem from a laptop; the rest in each row's details.
  const layout = useResponsiveColumns<Discussion>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'laptop', width: 60 },
    {
      title: t('Group_Discussion_Column_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, d) => (
        <Link to={paths.detail(d.id)} style={{ display: 'inline-block', maxWidth: 260, wordBreak: 'break-word' }}>
          {title}
        </Link>
      ),
    },
    { title: t('Group_Discussion_Author'), dataIndex: 'author', key: 'author', from: 'tablet', width: 110 },
    {
      title: t('Group_Discussion_Category'),
      dataIndex: 'categoryName',
      key: 'category',
      from: 'laptop',
      width: 100,
      render: (v: string | null) => (v ? <Tag color="blue">{categoryLabel(v, t)}</Tag> : null),
    },
    {
      title: t('Group_Discussion_Problem'),
      dataIndex: 'pid',
      key: 'pid',
      from: 'laptop',
      width: 90,
      render: (pid: string | null) => (pid ? <Link to={paths.problemList(pid)}>{pid}</Link> : null),
    },
    {
      title: t('Group_Discussion_Top'),
      dataIndex: 'topPriority',
      key: 'top',
      from: 'tablet',
      width: 80,
      render: (top: boolean, d) => (
        <Switch
          aria-label={`${t('Group_Discussion_Top')} ${d.title}`}
          checked={top}
          loading={pin.isPending && pin.variables?.did === d.id}
          onChange={(next) => pin.mutate({ did: d.id, topPriority: next })}
        />
      ),
    },
    {
      title: t('Group_Discussion_Status'),
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (status: number) =>
        status === 1 ? (
          <Tag>{t('Group_Discussion_Disabled')}</Tag>
        ) : (
          <Tag color="green">{t('Group_Discussion_Normal')}</Tag>
        ),
    },
    {
      title: t('Group_Discussion_Created'),
      dataIndex: 'gmtCreate',
      key: 'created',
      from: 'tablet',
      width: 150,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>,
    },
    {
      title: t('Group_Discussion_Options'),
      key: 'options',
      from: 'tablet',
      width: 80,
      render: (_, d) => (
        <Popconfirm
          title={t('Group_Discussion_Delete_Confirm')}
          okText={t('Group_Discussion_Confirm')}
          cancelText={t('Group_Discussion_Cancel')}
          onConfirm={() => remove.mutate(d.id)}
        >
          <Button size="small" danger aria-label={`${t('Group_Discussion_Delete')} ${d.title}`}>
            {t('Group_Discussion_Delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ]);

  return (
    <Table<Discussion>
      rowKey="id"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      locale={{ emptyText: t('Group_Discussion_Empty') }}
      pagination={serverPaging(currentPage, DISCUSSION_PAGE, list.data?.total, setPage, { hideOnSinglePage: true })}
      {...layout}
    />
  );
};

/** /group/:groupID/discussion and /group/:groupID/discussion/:problemID: the site's discussion list
 * with the group's calls; group admins switch the general list to the admin table, like the problem tab. */
export const GroupDiscussionList = () => {
  const { t } = useTranslation('group');
  const group = useDiscussionGroup();
  const { problemID } = useParams();
  const [params, setParams] = useSearchParams();
  // The admin list has no problem filter: the switch belongs to the group's whole list.
  const adminSwitch = group.admin && !problemID;
  const admin = adminSwitch && params.get('mode') === 'admin';
  return (
    <div className="oj-group-discussions">
      {adminSwitch && (
        <Space style={{ marginBottom: 12 }}>
          <span id="group-discussion-admin">{t('Group_Discussion_Admin_Mode')}</span>
          <Switch
            aria-labelledby="group-discussion-admin"
            checked={admin}
            onChange={(on) => setParams(on ? { mode: 'admin' } : {}, { replace: true })}
          />
        </Space>
      )}
      {admin ? <GroupDiscussionAdminTable gid={group.gid} /> : <DiscussionListPage group={group} />}
    </div>
  );
};

/** /group/:groupID/discussion-detail/:discussionID: the site's post page inside the group. */
export const GroupDiscussionDetails = () => {
  return <DiscussionDetailPage group={useDiscussionGroup()} />;
};
