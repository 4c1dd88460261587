import { type AdminContest, adminContest as contract, groupContest } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
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
import { STATUS_COLORS, STATUS_KEYS } from '../../contest/contest-header';
import { AdminContestAcCodeDialog } from './admin-contest-ac-code-dialog';
import { type ContestGroupScope, contestAdminPath } from './admin-contest-group';
import { AdminOtherContestPanel } from './admin-other-contest-panel';

const PAGE_SIZE = 10;

/** The group's admin table sits inside the group's panel: no panel of its own. */
const Bare = ({ extra, children }: { title?: ReactNode; extra: ReactNode; children: ReactNode }) => (
  <>
    <div style={{ marginBottom: 12 }}>{extra}</div>
    {children}
  </>
);

/** /admin/contest: search, visibility, edit, problems, announcements, clone, delete. With `group`,
 * the admin mode of a group's contest tab: the group's contests through the group's calls, every row
 * editable, deletable and downloadable only by those who manage it (its creator, the group root, the super admin);
 * the others see its switch and buttons disabled. */
const AdminContestListPage = ({ group }: { group?: ContestGroupScope }) => {
  const { t } = useTranslation(['admin', 'contest', 'submission']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSuperAdmin } = useSession();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [acCodeOf, setAcCodeOf] = useState<{ id: number; title: string } | null>(null);
  const gid = group?.gid;
  const list = useQuery({
    queryKey:
      gid === undefined
        ? queryKey(contract.getAdminContestList, keyword, currentPage)
        : queryKey(groupContest.getGroupAdminContestList, gid, keyword, currentPage),
    queryFn: () =>
      gid === undefined
        ? api.call(contract.getAdminContestList, { keyword, currentPage, limit: PAGE_SIZE })
        : api.call(groupContest.getGroupAdminContestList, {
            gid,
            keyword: keyword || undefined,
            currentPage,
            limit: PAGE_SIZE,
          }),
  });
  const refresh = () =>
    gid === undefined
      ? queryClient.invalidateQueries({ queryKey: queryKey(contract.getAdminContestList) })
      : Promise.all(
          [groupContest.getGroupAdminContestList, groupContest.getGroupContestList].map((endpoint) =>
            queryClient.invalidateQueries({ queryKey: queryKey(endpoint, gid) }),
          ),
        );
  const visible = useApiMutation({
    mutationFn: (c: { cid: number; visible: boolean; uid: string }) =>
      api.call(group ? groupContest.changeGroupContestVisible : contract.changeContestVisible, {
        cid: c.cid,
        uid: c.uid,
        visible: String(c.visible),
      }),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      void refresh();
    },
  });
  const remove = useApiMutation({
    mutationFn: (cid: number) => api.call(group ? groupContest.deleteGroupContest : contract.deleteContest, { cid }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const clone = async (cid: number) => {
    const copy = await api.call(contract.cloneContest, { cid });
    toast.success(t('Saved'));
    navigate(`/admin/contest/${copy.id}/edit`);
  };

  const mayManage = (c: AdminContest) => !group || group.canManage(c);
  /** An admin page of a row: a link in the admin area; in a group, a button disabled for rows the viewer does not
   * manage. */
  const action = (c: AdminContest, page: string, label: string) => {
    const path = `${contestAdminPath(group, c.id)}/${page}`;
    if (!group) return <Link to={path}>{label}</Link>;
    return (
      <Button size="small" disabled={!mayManage(c)} aria-label={`${label} ${c.title}`} onClick={() => navigate(path)}>
        {label}
      </Button>
    );
  };
  // A phone shows the title and the state; the visibility switch, the actions and the rest in each row's details.
  // Beside the admin menu at 1366 px the ID, the author and the rule wait for a wider screen.
  const layout = useResponsiveColumns<AdminContest>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'wide', width: 70 },
    {
      title: t('Contest_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, c) => (
        <Link to={`/contest/${c.id}`} className="oj-table-title" style={{ maxWidth: 240 }}>
          {title}
        </Link>
      ),
    },
    { title: t('Contest_Author'), dataIndex: 'author', key: 'author', from: 'wide', width: 120 },
    {
      title: t('Rule_Type'),
      dataIndex: 'type',
      key: 'type',
      from: 'wide',
      width: 80,
      render: (v: number) => (v === 1 ? 'OI' : 'ACM'),
    },
    {
      // 'Status' is the navigation's judge-status page ("评测"); this is the contest's state.
      title: t('Contest_Status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(STATUS_KEYS[s] ?? '')}</Tag>,
    },
    {
      title: t('Start_Time'),
      dataIndex: 'startTime',
      key: 'start',
      from: 'tablet',
      width: 160,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('Visible'),
      dataIndex: 'visible',
      key: 'visible',
      from: 'tablet',
      width: 80,
      render: (v: boolean, c) => (
        <Switch
          aria-label={`${t('Visible')} ${c.title}`}
          checked={v}
          disabled={!mayManage(c)}
          onChange={(next) => visible.mutate({ cid: c.id, visible: next, uid: c.uid })}
        />
      ),
    },
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      // The actions wrap onto a few lines instead of widening the table.
      render: (_, c) => (
        <Space wrap size={[8, 4]} style={{ maxWidth: 260 }}>
          {action(c, 'edit', t('Edit'))}
          {action(c, 'problems', t('Problem_Admin'))}
          {action(c, 'announcement', t('Announcement_Admin'))}
          {/* Copy detection (decision 0047): a group's contest is checked on the group's copy detection tab. */}
          {group ? (
            <Button
              size="small"
              disabled={!mayManage(c)}
              aria-label={`${t('Copy_Detection')} ${c.title}`}
              onClick={() => navigate(`/group/${group.gid}/plagiarism?cid=${c.id}`)}
            >
              {t('Copy_Detection')}
            </Button>
          ) : (
            <Link to={`/admin/contest/${c.id}/plagiarism`}>{t('Copy_Detection')}</Link>
          )}
          {/* An exam's sessions and their log (decision 0055), a tab of the contest's page. */}
          {c.examMode && mayManage(c) && <Link to={`/contest/${c.id}/exam-sessions`}>{t('Exam_Sessions')}</Link>}
          {/* Group contests have no clone call. */}
          {!group && (
            <Button size="small" onClick={() => clone(c.id)}>
              {t('Clone')}
            </Button>
          )}
          <Button size="small" disabled={!mayManage(c)} onClick={() => setAcCodeOf({ id: c.id, title: c.title })}>
            {t('Download_AC_Code')}
          </Button>
          {/* Deleting a contest is root only; in a group, whoever manages the row. */}
          {(group || isSuperAdmin) && (
            <Popconfirm title={t('Delete_Contest_Confirm')} onConfirm={() => remove.mutate(c.id)}>
              <Button
                size="small"
                danger
                disabled={!mayManage(c)}
                aria-label={group ? `${t('Delete')} ${c.title}` : undefined}
              >
                {t('Delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]);
  const Frame = group ? Bare : Panel;

  return (
    <>
      <Frame
        title={t('Admin_Contest_List')}
        extra={
          <Space wrap>
            <Input.Search
              aria-label={t('Search_Contest')}
              placeholder={t('Search_Contest')}
              allowClear
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button
              type="primary"
              onClick={() => navigate(group ? `/group/${group.gid}/contest/create` : '/admin/contest/create')}
            >
              {t('Create_Contest')}
            </Button>
          </Space>
        }
      >
        <Table<AdminContest>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
          {...layout}
        />
      </Frame>
      {!group && <AdminOtherContestPanel />}
      <AdminContestAcCodeDialog contest={acCodeOf} onClose={() => setAcCodeOf(null)} />
    </>
  );
};

export default AdminContestListPage;
