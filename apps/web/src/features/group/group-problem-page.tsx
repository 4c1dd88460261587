import type { AdminProblem, GroupProblemItem } from '@oj/shared';
import { groupProblem as contract, file, group as groupContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverPaging } from '../../components/paging';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { MOBILE_MAX_WIDTH, toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useMaxWidth } from '../../lib/use-media-query';
import { DifficultyTag } from '../problem/difficulty-tag';
import { MyStatusIcon } from '../problem/problem-list-page';
import { formatRate } from '../submission/judge-status';
import { type GroupContext, useGroupContext } from './group-context';
import { applyPublicAction, canManageGroupProblem } from './group-model';

const { isGroupAdmin } = groupContract;
const { GROUP_PROBLEM_AUTH } = contract;

/** Group lists and the admin problem list show 10 a page. */
export const GROUP_PROBLEM_PAGE_SIZE = 10;

export const groupProblemPath = (gid: number, problemId: string) =>
  `/group/${gid}/problem/${encodeURIComponent(problemId)}`;

/** The problems a member may open: status, id, title, level, tags on demand and the AC rate. */
const MemberProblemList = ({ gid }: { gid: number }) => {
  const { t } = useTranslation(['group', 'submission']);
  const [currentPage, setPage] = useState(1);
  const [showTags, setShowTags] = useState(false);
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const list = useQuery({
    queryKey: queryKey(contract.getGroupProblemList, gid, currentPage),
    queryFn: () => api.call(contract.getGroupProblemList, { gid, currentPage, limit: GROUP_PROBLEM_PAGE_SIZE }),
  });
  // Whether solved, the title, the level and the AC rate on a phone; the id and the tags in each row's details.
  const layout = useResponsiveColumns<GroupProblemItem>([
    {
      title: t('Group_Problem_Status'),
      key: 'mine',
      width: 70,
      align: 'center',
      render: (_, p) => <MyStatusIcon status={p.myStatus} />,
    },
    { title: t('Group_Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 110 },
    {
      title: t('Group_Problem_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, p) => (
        <Link
          to={groupProblemPath(gid, p.problemId)}
          style={mobile ? { display: 'inline-block', maxWidth: 150, overflowWrap: 'anywhere' } : undefined}
        >
          {title}
        </Link>
      ),
    },
    {
      title: t('Group_Problem_Level'),
      dataIndex: 'difficulty',
      key: 'difficulty',
      width: 80,
      render: (d: number) => <DifficultyTag difficulty={d} />,
    },
    ...(showTags
      ? [
          {
            title: t('Group_Problem_Tags'),
            key: 'tags',
            from: 'tablet' as const,
            render: (_: unknown, p: GroupProblemItem) => (
              <Space size={[0, 4]} wrap style={{ maxWidth: 240 }}>
                {p.tags.map((tag) => (
                  <Tag key={tag.id} color={tag.color ?? undefined}>
                    {tag.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]
      : []),
    {
      title: t('Group_Problem_AC_Rate'),
      key: 'rate',
      width: 90,
      render: (_, p) => formatRate(p.ac, p.total),
    },
  ]);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span id="group-problem-tags">{t('Group_Problem_Show_Tags')}</span>
        <Switch aria-labelledby="group-problem-tags" size="small" checked={showTags} onChange={setShowTags} />
      </Space>
      <Table<GroupProblemItem>
        rowKey="pid"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('Group_Problem_Empty') }}
        pagination={serverPaging(currentPage, GROUP_PROBLEM_PAGE_SIZE, list.data?.total, setPage, {
          hideOnSinglePage: true,
        })}
        {...layout}
      />
    </>
  );
};

/** Every problem of the group with its admin actions: only the rows the viewer manages (own
 * problems, or all for the group root) offer edit, auth, apply-for-public, download and delete. */
const AdminProblemList = ({ context }: { context: GroupContext }) => {
  const { t } = useTranslation(['group', 'submission']);
  const navigate = useNavigate();
  const { user } = useSession();
  const { gid, role } = context;
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(contract.getGroupAdminProblemList, gid, keyword, currentPage),
    queryFn: () =>
      api.call(contract.getGroupAdminProblemList, {
        gid,
        keyword: keyword || undefined,
        currentPage,
        limit: GROUP_PROBLEM_PAGE_SIZE,
      }),
  });
  const invalidates = [queryKey(contract.getGroupAdminProblemList, gid), queryKey(contract.getGroupProblemList, gid)];
  const changeAuth = useApiMutation({
    mutationFn: (b: { pid: number; auth: number }) => api.call(contract.changeGroupProblemAuth, b),
    invalidates,
    onSuccess: () => toast.success(t('Group_Problem_Updated')),
  });
  const apply = useApiMutation({
    mutationFn: (b: { pid: number; isApplied: boolean }) => api.call(contract.applyGroupProblemPublic, b),
    invalidates,
    onSuccess: (_, b) => toast.success(t(b.isApplied ? 'Group_Problem_Applied' : 'Group_Problem_Cancelled')),
  });
  const remove = useApiMutation({
    mutationFn: (pid: number) => api.call(contract.deleteGroupProblem, { pid }),
    invalidates,
    onSuccess: () => toast.success(t('Group_Problem_Deleted')),
  });
  const download = async (pid: number) => {
    const got = await api.download(file.downloadTestcase, { pid });
    if (got) saveBlob(got);
  };
  const mayManage = (p: AdminProblem) => canManageGroupProblem(role, user?.username, p, gid);
  // The title and its access on a phone; the display id, the author and the actions from a tablet, the number from a
  // laptop; the rest in each row's details.
  const layout = useResponsiveColumns<AdminProblem>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'laptop', width: 70 },
    { title: t('Group_Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet' },
    {
      title: t('Group_Problem_Title'),
      key: 'title',
      render: (_, p) => (
        <Link
          to={groupProblemPath(gid, p.problemId)}
          style={{ display: 'inline-block', maxWidth: 280, overflowWrap: 'anywhere' }}
        >
          {p.title}
        </Link>
      ),
    },
    { title: t('Group_Problem_Author'), dataIndex: 'author', key: 'author', from: 'tablet' },
    {
      title: t('Group_Problem_Auth'),
      key: 'auth',
      render: (_, p) => (
        <Select
          aria-label={`${t('Group_Problem_Auth')} ${p.problemId}`}
          size="small"
          style={{ width: 100 }}
          value={p.auth}
          disabled={!mayManage(p)}
          onChange={(auth: number) => changeAuth.mutate({ pid: p.id, auth })}
          options={[
            { value: GROUP_PROBLEM_AUTH.PUBLIC, label: t('Group_Problem_Auth_Public') },
            { value: GROUP_PROBLEM_AUTH.PRIVATE, label: t('Group_Problem_Auth_Private') },
            // Contest problems are made inside a contest.
            { value: GROUP_PROBLEM_AUTH.CONTEST, label: t('Group_Problem_Auth_Contest'), disabled: true },
          ]}
        />
      ),
    },
    {
      title: t('Group_Problem_Options'),
      key: 'options',
      from: 'tablet',
      render: (_, p) => {
        // Copy detection (decision 0047): every admin of the group checks the group's problems, on its tab.
        const plagiarism = p.gid === gid && (
          <Button
            size="small"
            aria-label={`${t('Copy_Detection')} ${p.problemId}`}
            onClick={() => navigate(`/group/${gid}/plagiarism?pid=${p.id}`)}
          >
            {t('Copy_Detection')}
          </Button>
        );
        if (!mayManage(p)) return plagiarism || null;
        const action = applyPublicAction(p.applyPublicProgress);
        return (
          <Space size="small" wrap>
            <Button size="small" onClick={() => navigate(`/group/${gid}/problem/edit/${p.id}`)}>
              {t('Group_Problem_Edit')}
            </Button>
            {action.confirmKey ? (
              <Popconfirm
                title={t(action.confirmKey)}
                onConfirm={() => apply.mutate({ pid: p.id, isApplied: action.next })}
              >
                <Button size="small" aria-label={`${t(action.labelKey)} ${p.problemId}`}>
                  {t(action.labelKey)}
                </Button>
              </Popconfirm>
            ) : (
              <Tag color="green">{t(action.labelKey)}</Tag>
            )}
            <Button size="small" onClick={() => void download(p.id)}>
              {t('Group_Problem_Download')}
            </Button>
            {plagiarism}
            <Popconfirm title={t('Group_Problem_Delete_Confirm')} onConfirm={() => remove.mutate(p.id)}>
              <Button size="small" danger>
                {t('Group_Problem_Delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ]);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('Group_Problem_Search')}
          placeholder={t('Group_Problem_Search')}
          allowClear
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => navigate(`/group/${gid}/problem/create`)}>
          {t('Group_Problem_Create')}
        </Button>
      </Space>
      <Table<AdminProblem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('Group_Problem_Empty') }}
        pagination={serverPaging(currentPage, GROUP_PROBLEM_PAGE_SIZE, list.data?.total, setPage, {
          hideOnSinglePage: true,
        })}
        {...layout}
      />
    </>
  );
};

/** /group/:groupID/problem: the member list, and for group admins an admin mode. */
const GroupProblemPage = () => {
  // The level tags and status icons use the problem pages' texts (Easy, Mid, Hard...).
  const { t } = useTranslation(['group', 'submission']);
  const context = useGroupContext();
  const [params, setParams] = useSearchParams();
  const admin = isGroupAdmin(context.role) && params.get('mode') === 'admin';
  return (
    <div className="oj-group-problems">
      {isGroupAdmin(context.role) && (
        <Space style={{ marginBottom: 12, marginRight: 12 }}>
          <span id="group-problem-admin">{t('Group_Problem_Admin_Mode')}</span>
          <Switch
            aria-labelledby="group-problem-admin"
            checked={admin}
            onChange={(on) => setParams(on ? { mode: 'admin' } : {}, { replace: true })}
          />
        </Space>
      )}
      {admin ? <AdminProblemList context={context} /> : <MemberProblemList gid={context.gid} />}
    </div>
  );
};

export default GroupProblemPage;
