import {
  adminProblem,
  adminContest as contract,
  groupContest,
  groupProblem,
  problem as problemContract,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ColorPicker, Form, Grid, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { RemoteImportButton } from '../judge/admin-remote-import-dialog';
import { contestAdminPath } from './admin-contest-group';

type ContestProblemRow = {
  id: number;
  pid: number;
  problemId: string;
  title: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
  /** 3: contest-only (edited with the problem form). */
  auth: number;
};

interface EditValues {
  displayId: string;
  displayTitle?: string;
  color?: string | null;
}

/** A problem offered by an add dialog: `id` is the problem's id, `problemId` its display id in its bank. */
interface PickRow {
  id: number;
  problemId: string;
  title: string;
}

/** The add-problem dialogs page 10, 30, 50 or 100 problems. */
const PICKER_PAGE_SIZES = [10, 30, 50, 100];

const colorText = (v: unknown) =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && 'toHexString' in v
      ? (v as { toHexString(): string }).toHexString()
      : null;

/** Display id, title and balloon colour of a contest problem (add and edit share it); `idOnly` asks the display id
 * alone (a group problem added to a group contest: HOJ's call carries nothing else). */
const ProblemMetaForm = ({
  initial,
  onSubmit,
  idOnly = false,
}: {
  initial: EditValues;
  onSubmit: (v: EditValues) => Promise<void>;
  idOnly?: boolean;
}) => {
  const { t } = useTranslation(['admin', 'contest', 'group', 'problem', 'submission', 'user']);
  return (
    <Form<EditValues>
      layout="vertical"
      initialValues={initial}
      onFinish={async (v) => onSubmit({ ...v, color: colorText(v.color) })}
    >
      <Form.Item
        name="displayId"
        label={t('Display_ID')}
        rules={[
          { required: true, whitespace: true, message: t('Contest_Field_Required') },
          { pattern: /^[A-Za-z0-9_-]+$/ },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      {!idOnly && (
        <>
          <Form.Item
            name="displayTitle"
            label={t('Display_Title')}
            rules={[{ required: true, whitespace: true, message: t('Contest_Field_Required') }]}
          >
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="color" label={t('Balloon_Color')}>
            <ColorPicker allowClear />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit">
        {t('Save')}
      </Button>
    </Form>
  );
};

/** A bank of problems to add from: a searchable, paged table; the rows already in the contest are disabled. */
const ProblemPicker = ({
  load,
  queryKey,
  taken,
  onPick,
}: {
  load: (q: { keyword: string | undefined; currentPage: number; limit: number }) => Promise<{
    records: PickRow[];
    total: number;
  }>;
  queryKey: readonly unknown[];
  taken: (pid: number) => boolean;
  onPick: (p: PickRow) => void;
}) => {
  const { t } = useTranslation(['admin', 'contest', 'group', 'problem', 'submission', 'user']);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(PICKER_PAGE_SIZES[0] as number);
  const bank = useQuery({
    queryKey: [...queryKey, keyword, currentPage, limit],
    queryFn: () => load({ keyword: keyword || undefined, currentPage, limit }),
  });
  // Three columns, all of them on a phone too.
  const layout = useResponsiveColumns<PickRow>([
    { title: t('Problem_ID'), dataIndex: 'problemId', key: 'problemId', width: 120 },
    {
      title: t('Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string) => <span className="oj-table-title">{title}</span>,
    },
    {
      title: t('Option'),
      key: 'add',
      width: 100,
      render: (_, p) =>
        // Say why a row cannot be added instead of a silently disabled button.
        taken(p.id) ? (
          <Typography.Text type="secondary">{t('Problem_In_Contest')}</Typography.Text>
        ) : (
          <Button size="small" aria-label={`${t('Add')} ${p.problemId}`} onClick={() => onPick(p)}>
            {t('Add')}
          </Button>
        ),
    },
  ]);
  return (
    <>
      <Input.Search
        aria-label={t('Enter_Problem_Keyword')}
        placeholder={t('Enter_Problem_Keyword')}
        allowClear
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<PickRow>
        rowKey="id"
        size="small"
        loading={bank.isFetching}
        dataSource={bank.data?.records ?? []}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: bank.data?.total ?? 0,
          pageSizeOptions: PICKER_PAGE_SIZES,
          showSizeChanger: true,
          hideOnSinglePage: false,
          onChange: (page, size) => {
            setPage(size === limit ? page : 1);
            setLimit(size);
          },
        }}
        {...layout}
      />
    </>
  );
};

type Picker = 'public' | 'group';

/** /admin/contest/:id/problems: the contest's problems, add from the public bank, edit, remove. With
 * `group`, GroupContestProblemList: the group's calls, and a second dialog adding the group's own
 * problems; problems written inside the contest are edited with the group's problem form. */
const AdminContestProblemPage = ({ group }: { group?: { gid: number } }) => {
  const { t } = useTranslation(['admin', 'contest', 'group', 'problem', 'submission', 'user']);
  const cid = Number(useParams().contestId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gid = group?.gid;
  const base = contestAdminPath(group, cid);
  const [editing, setEditing] = useState<ContestProblemRow | null>(null);
  const [adding, setAdding] = useState<PickRow | null>(null);
  const [picker, setPicker] = useState<Picker | null>(null);
  const listKey = queryKey(
    gid === undefined ? contract.getContestProblemList : groupContest.getGroupContestProblemList,
    cid,
  );
  const list = useQuery({
    queryKey: listKey,
    queryFn: () =>
      api.call(gid === undefined ? contract.getContestProblemList : groupContest.getGroupContestProblemList, {
        cid,
        currentPage: 1,
        limit: 100,
        keyword: undefined,
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const remove = useApiMutation({
    mutationFn: (pid: number) =>
      api.call(gid === undefined ? contract.deleteContestProblem : groupContest.deleteGroupContestProblem, {
        cid,
        pid,
      }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const rows = (list.data?.problemList.records ?? []) as ContestProblemRow[];
  const nextDisplayId = String.fromCharCode(65 + (rows.length % 26));
  const taken = (pid: number) => String(pid) in (list.data?.contestProblemMap ?? {});
  const closePicker = () => {
    setPicker(null);
    setAdding(null);
  };
  // The admin area adds from the admin problem list; a group admin, who may hold no admin role, from the public list.
  const loadPublic =
    gid === undefined
      ? async (q: { keyword: string | undefined; currentPage: number; limit: number }) =>
          api.call(adminProblem.getProblemList, { ...q, keyword: q.keyword ?? '', auth: 1 })
      : async (q: { keyword: string | undefined; currentPage: number; limit: number }) => {
          const got = await api.call(problemContract.getProblemList, { ...q, tagId: undefined });
          return { ...got, records: got.records.map((p) => ({ id: p.pid, problemId: p.problemId, title: p.title })) };
        };
  const loadGroup = async (q: { keyword: string | undefined; currentPage: number; limit: number }) =>
    api.call(groupProblem.getGroupAdminProblemList, { ...q, gid: gid ?? 0 });

  // A phone shows the display id and title; the problem's id, its balloon colour and the actions in each row's
  // details.
  const layout = useResponsiveColumns<ContestProblemRow>([
    { title: t('Display_ID'), dataIndex: 'displayId', key: 'displayId', width: 110 },
    {
      title: t('Display_Title'),
      dataIndex: 'displayTitle',
      key: 'displayTitle',
      render: (title: string) => (
        <span className="oj-table-title" style={{ maxWidth: 240 }}>
          {title}
        </span>
      ),
    },
    { title: t('Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 120 },
    {
      title: t('Balloon_Color'),
      dataIndex: 'color',
      key: 'color',
      from: 'tablet',
      width: 110,
      render: (c: string | null) =>
        c ? <span style={{ display: 'inline-block', width: 20, height: 20, background: c }} title={c} /> : null,
    },
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      width: 200,
      render: (_, r) => (
        <Space>
          <Button size="small" onClick={() => setEditing(r)}>
            {t('Edit')}
          </Button>
          {r.auth === 3 && (
            <Button
              size="small"
              onClick={() =>
                navigate(gid === undefined ? `${base}/problem/${r.pid}/edit` : `/group/${gid}/problem/edit/${r.pid}`)
              }
            >
              {t('Edit_Problem')}
            </Button>
          )}
          <Popconfirm title={t('Remove_Confirm')} onConfirm={() => remove.mutate(r.pid)}>
            <Button size="small" danger>
              {t('Remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  // On a phone the tools go under the title: beside it they squeeze it and push the page sideways.
  const narrow = Grid.useBreakpoint().md === false;
  const tools = (
    <Space wrap style={narrow ? { marginBottom: 12 } : { justifyContent: 'flex-end' }}>
      <Button type="primary" onClick={() => setPicker('public')}>
        {t('Add_From_Public')}
      </Button>
      {gid !== undefined && <Button onClick={() => setPicker('group')}>{t('Group_Contest_Add_From_Group')}</Button>}
      {/* Remote imports are the admin area's (root, admin, problem_admin), not a group admin's. */}
      {gid === undefined && (
        <RemoteImportButton
          target={{ kind: 'contest', cid }}
          defaultDisplayId={nextDisplayId}
          onImported={() => void refresh()}
        />
      )}
      <Button onClick={() => navigate(`${base}/problem/create`)}>{t('Create_Contest_Problem')}</Button>
      <Link to={`${base}/announcement`}>{t('Announcement_Admin')}</Link>
      <Link to={`/contest/${cid}`}>{t('View_Contest')}</Link>
      {gid !== undefined && <Link to={`/group/${gid}/contest?mode=admin`}>{t('Group_Contest_Back')}</Link>}
    </Space>
  );

  return (
    <Panel title={`${t('Problem_Admin')} · #${cid}`} extra={narrow ? undefined : tools}>
      {narrow && tools}
      <Table<ContestProblemRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('Contest_Problem_Empty') }}
        pagination={false}
        {...layout}
      />
      <Modal open={!!editing} title={t('Edit')} footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <ProblemMetaForm
            initial={{ displayId: editing.displayId, displayTitle: editing.displayTitle, color: editing.color }}
            onSubmit={async (v) => {
              const body = { cid, pid: editing.pid, ...v, displayTitle: v.displayTitle ?? editing.displayTitle };
              await api.call(
                gid === undefined ? contract.setContestProblemInfo : groupContest.updateGroupContestProblem,
                body,
              );
              toast.success(t('Update_Successfully'));
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Modal>
      <Modal
        open={picker !== null}
        title={t(picker === 'group' ? 'Group_Contest_Add_From_Group' : 'Add_From_Public')}
        footer={null}
        width={760}
        onCancel={closePicker}
        destroyOnHidden
      >
        {adding ? (
          <ProblemMetaForm
            idOnly={picker === 'group'}
            initial={{ displayId: nextDisplayId, displayTitle: adding.title, color: null }}
            onSubmit={async (v) => {
              if (picker === 'group') {
                await api.call(groupContest.addGroupContestProblemFromGroup, {
                  problemId: adding.problemId,
                  cid,
                  displayId: v.displayId,
                });
              } else {
                await api.call(
                  gid === undefined
                    ? contract.addContestProblemFromPublic
                    : groupContest.addGroupContestProblemFromPublic,
                  { cid, pid: adding.id, ...v },
                );
              }
              toast.success(t('Saved'));
              setAdding(null);
              void refresh();
            }}
          />
        ) : (
          picker && (
            <ProblemPicker
              key={picker}
              queryKey={
                picker === 'group'
                  ? queryKey(groupProblem.getGroupAdminProblemList, gid, 'for-contest')
                  : gid === undefined
                    ? queryKey(adminProblem.getProblemList, 'for-contest')
                    : queryKey(problemContract.getProblemList, 'for-contest')
              }
              load={picker === 'group' ? loadGroup : loadPublic}
              taken={taken}
              onPick={setAdding}
            />
          )
        )}
      </Modal>
    </Panel>
  );
};

export default AdminContestProblemPage;
