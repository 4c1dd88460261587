import {
  type AdminProblem,
  adminTraining as contract,
  groupProblem,
  groupTraining,
  INT32,
  type TrainingProblemEntry,
  training,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TablePaginationConfig,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { groupTrainingAdminPaths, trainingBasePath } from '../../group/group-training-model';
import { RemoteImportButton } from '../judge/admin-remote-import-dialog';

type BankProblem = Awaited<ReturnType<typeof fetchProblems>>['problemList']['records'][number];
type Row = BankProblem & { entry: TrainingProblemEntry | undefined };
type Draft = { displayId: string; rank: number | null };

/** The add dialog's page sizes. */
export const ADD_DIALOG_PAGE_SIZES = [10, 30, 50, 100] as const;

/** The list of an add-problem dialog: a search from its first page, pages of the size picked from
 * ADD_DIALOG_PAGE_SIZES, and a new size starting again at the first page. */
const useDialogList = () => {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ currentPage: 1, limit: ADD_DIALOG_PAGE_SIZES[0] as number });
  const search = (words: string) => {
    setKeyword(words.trim());
    setPaging((p) => ({ ...p, currentPage: 1 }));
  };
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: paging.currentPage,
    pageSize: paging.limit,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: ADD_DIALOG_PAGE_SIZES.map(String),
    onChange: (currentPage, limit) => setPaging((p) => ({ currentPage: limit === p.limit ? currentPage : 1, limit })),
  });
  return { keyword, paging, search, pagination };
};

/** The training's own list: one page holds the largest allowed (a training rarely has more). */
const OWN_PAGE_SIZE = 100;
const DISPLAY_ID = /^[A-Za-z0-9_-]+$/;

/** The admin area's training calls, or a group's: the same bodies, the group's permissions. */
const callsFor = (gid: number | undefined) =>
  gid === undefined
    ? {
        list: contract.getTrainingProblemList,
        update: contract.updateTrainingProblem,
        remove: contract.deleteTrainingProblem,
        addFromPublic: contract.addTrainingProblemFromPublic,
      }
    : {
        list: groupTraining.getGroupTrainingProblemList,
        update: groupTraining.updateGroupTrainingProblem,
        remove: groupTraining.deleteGroupTrainingProblem,
        addFromPublic: groupTraining.addGroupTrainingProblemFromPublic,
      };

const fetchProblems = (
  tid: number,
  queryExisted: boolean,
  q: { keyword?: string; currentPage: number; limit: number },
  gid?: number,
) => api.call(callsFor(gid).list, { tid, queryExisted, ...q });

/** The query key of a training's problem lists (its own and the add dialogs'). */
const problemsKey = (tid: number, gid: number | undefined) =>
  queryKey(gid === undefined ? contract.getTrainingProblemList : groupTraining.getGroupTrainingProblemList, tid);

/** Asks the display id of a bank problem before adding it (its problem id unless the admin says otherwise). */
const AddProblemForm = ({
  problem,
  busy,
  onSubmit,
  onBack,
}: {
  problem: BankProblem;
  /** The addition is on its way. */
  busy: boolean;
  onSubmit: (displayId: string) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation(['admin', 'group']);
  return (
    <Form<{ displayId: string }>
      layout="vertical"
      initialValues={{ displayId: problem.problemId }}
      onFinish={(v) => onSubmit(v.displayId.trim())}
    >
      <p>{t('Admin_Training_Add_Problem_Title', { title: `${problem.problemId} ${problem.title}` })}</p>
      <Form.Item
        name="displayId"
        label={t('Admin_Training_Display_ID')}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('Admin_Training_Field_Required', { field: t('Admin_Training_Display_ID') }),
          },
          { pattern: DISPLAY_ID, message: t('Admin_Training_Display_ID_Invalid') },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('Admin_Training_Add')}
        </Button>
        <Button onClick={onBack}>{t('Admin_Training_Back')}</Button>
      </Space>
    </Form>
  );
};

/** The public bank's problems not yet in the training, paged 10/30/50/100, each added with a display id. */
const AddFromPublicDialog = ({
  tid,
  gid,
  open,
  onClose,
  onAdded,
}: {
  tid: number;
  gid?: number;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { t } = useTranslation(['admin', 'group']);
  const { keyword, paging, search, pagination } = useDialogList();
  const [adding, setAdding] = useState<BankProblem | null>(null);
  const bank = useQuery({
    queryKey: [...problemsKey(tid, gid), 'bank', keyword, paging],
    queryFn: () => fetchProblems(tid, false, { keyword, ...paging }, gid),
    enabled: open,
  });
  // A refusal the http client has shown: the dialog stays for another try.
  const add = useApiMutation({
    mutationFn: (v: { pid: number; displayId: string }) =>
      api.call(callsFor(gid).addFromPublic, { pid: v.pid, tid, displayId: v.displayId }),
    onSuccess: () => {
      toast.success(t('Admin_Training_Added'));
      setAdding(null);
      onAdded();
    },
  });
  const close = () => {
    setAdding(null);
    onClose();
  };
  // A phone shows the problem's id, its title and Add; the internal ID in each row's details.
  const layout = useResponsiveColumns<BankProblem>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'tablet', width: 70 },
    { title: t('Admin_Training_Problem_ID'), dataIndex: 'problemId', key: 'problemId', width: 120 },
    {
      title: t('Admin_Training_Problem_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string) => <span className="oj-table-title">{title}</span>,
    },
    {
      title: t('Admin_Training_Option'),
      key: 'add',
      width: 90,
      render: (_, p) => (
        <Button size="small" aria-label={`${t('Admin_Training_Add')} ${p.problemId}`} onClick={() => setAdding(p)}>
          {t('Admin_Training_Add')}
        </Button>
      ),
    },
  ]);
  return (
    <Modal open={open} title={t('Admin_Training_Add_From_Public')} footer={null} width={760} onCancel={close}>
      {adding ? (
        <AddProblemForm
          problem={adding}
          busy={add.isPending}
          onBack={() => setAdding(null)}
          onSubmit={(displayId) => add.mutate({ pid: adding.id, displayId })}
        />
      ) : (
        <>
          <Input.Search
            aria-label={t('Admin_Training_Search_Problem')}
            placeholder={t('Admin_Training_Search_Problem')}
            allowClear
            onSearch={search}
            style={{ marginBottom: 12 }}
          />
          <Table<BankProblem>
            rowKey="id"
            size="small"
            loading={bank.isFetching}
            dataSource={bank.data?.problemList.records ?? []}
            pagination={pagination(bank.data?.problemList.total)}
            {...layout}
          />
        </>
      )}
    </Modal>
  );
};

/** A group's problems, paged like the public dialog; one
 * is added under its display id, and those already in the training cannot be added twice. */
const AddFromGroupDialog = ({
  tid,
  gid,
  inTraining,
  open,
  onClose,
  onAdded,
}: {
  tid: number;
  gid: number;
  /** The ids of the problems the training holds. */
  inTraining: ReadonlySet<number>;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { t } = useTranslation(['admin', 'group']);
  const { keyword, paging, search, pagination } = useDialogList();
  const problems = useQuery({
    queryKey: queryKey(groupProblem.getGroupAdminProblemList, gid, 'training-dialog', keyword, paging),
    queryFn: () => api.call(groupProblem.getGroupAdminProblemList, { gid, keyword: keyword || undefined, ...paging }),
    enabled: open,
  });
  const add = useApiMutation({
    mutationFn: (problemId: string) => api.call(groupTraining.addGroupTrainingProblemFromGroup, { problemId, tid }),
    onSuccess: () => {
      toast.success(t('Admin_Training_Added'));
      onAdded();
    },
  });
  // A phone shows the problem's id, its title and Add; the internal ID in each row's details.
  const layout = useResponsiveColumns<AdminProblem>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'tablet', width: 70 },
    { title: t('Admin_Training_Problem_ID'), dataIndex: 'problemId', key: 'problemId', width: 120 },
    {
      title: t('Admin_Training_Problem_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string) => <span className="oj-table-title">{title}</span>,
    },
    {
      title: t('Admin_Training_Option'),
      key: 'add',
      width: 110,
      render: (_, p) =>
        inTraining.has(p.id) ? (
          <span>{t('Group_Training_Problem_Added')}</span>
        ) : (
          <Button
            size="small"
            aria-label={`${t('Admin_Training_Add')} ${p.problemId}`}
            loading={add.isPending && add.variables === p.problemId}
            onClick={() => add.mutate(p.problemId)}
          >
            {t('Admin_Training_Add')}
          </Button>
        ),
    },
  ]);
  return (
    <Modal open={open} title={t('Group_Training_Add_From_Group')} footer={null} width={760} onCancel={onClose}>
      <Input.Search
        aria-label={t('Admin_Training_Search_Problem')}
        placeholder={t('Admin_Training_Search_Problem')}
        allowClear
        onSearch={search}
        style={{ marginBottom: 12 }}
      />
      <Table<AdminProblem>
        rowKey="id"
        size="small"
        loading={problems.isFetching}
        dataSource={problems.data?.records ?? []}
        locale={{ emptyText: t('Group_Training_No_Group_Problem') }}
        pagination={pagination(problems.data?.total)}
        {...layout}
      />
    </Modal>
  );
};

/** /admin/training/:trainingId/problems: the training's problems in order, their display ids and order numbers,
 * removal, and adding from the public bank. With `group`, a group training's problems
 * (/group/:groupID/training/edit/:trainingId/problems): the group's calls, and adding from the group's problems too. */
const AdminTrainingProblemPage = ({ group }: { group?: { gid: number } }) => {
  const { t } = useTranslation(['admin', 'group']);
  const tid = Number(useParams().trainingId);
  const gid = group?.gid;
  const calls = callsFor(gid);
  const queryClient = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [groupPickerOpen, setGroupPickerOpen] = useState(false);
  const [currentPage, setPage] = useState(1);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const list = useQuery({
    queryKey: [...problemsKey(tid, gid), 'own', currentPage],
    queryFn: () => fetchProblems(tid, true, { currentPage, limit: OWN_PAGE_SIZE }, gid),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: problemsKey(tid, gid) });
    // The members' views of the training (its problem list, the counts of the group's lists) change too.
    if (gid !== undefined) {
      void queryClient.invalidateQueries({ queryKey: queryKey(training.getTrainingProblemList, tid) });
      void queryClient.invalidateQueries({ queryKey: queryKey(groupTraining.getGroupAdminTrainingList, gid) });
      void queryClient.invalidateQueries({ queryKey: queryKey(groupTraining.getGroupTrainingList, gid) });
    }
  };
  const update = useApiMutation({
    mutationFn: (v: { entry: TrainingProblemEntry; draft: Draft }) =>
      api.call(calls.update, {
        id: v.entry.id,
        tid,
        pid: v.entry.pid,
        displayId: v.draft.displayId.trim(),
        rank: v.draft.rank ?? undefined,
      }),
    onSuccess: (_, v) => {
      toast.success(t('Admin_Training_Updated'));
      setDrafts(({ [v.entry.id]: _done, ...rest }) => rest);
      refresh();
    },
  });
  const remove = useApiMutation({
    mutationFn: (pid: number) => api.call(calls.remove, { pid, tid }),
    onSuccess: () => {
      toast.success(t('Admin_Training_Deleted'));
      refresh();
    },
  });

  const map = list.data?.trainingProblemMap ?? {};
  const rows: Row[] = (list.data?.problemList.records ?? []).map((p) => ({ ...p, entry: map[String(p.id)] }));
  const draftOf = (e: TrainingProblemEntry): Draft => drafts[e.id] ?? { displayId: e.displayId, rank: e.rank };
  const edit = (e: TrainingProblemEntry, change: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [e.id]: { ...draftOf(e), ...change } }));
  const changed = (e: TrainingProblemEntry) => {
    const d = drafts[e.id];
    return !!d && (d.displayId !== e.displayId || d.rank !== e.rank);
  };
  const saveRow = (e: TrainingProblemEntry) => {
    const draft = draftOf(e);
    if (!draft.displayId.trim()) {
      toast.error(t('Admin_Training_Field_Required', { field: t('Admin_Training_Display_ID') }));
      return;
    }
    if (!DISPLAY_ID.test(draft.displayId.trim())) {
      toast.error(t('Admin_Training_Display_ID_Invalid'));
      return;
    }
    if (draft.rank === null) {
      toast.error(t('Admin_Training_Field_Required', { field: t('Admin_Training_Problem_Rank') }));
      return;
    }
    update.mutate({ entry: e, draft });
  };

  // A phone and a tablet show the title, Save and Remove; the display id and the order number are edited in each
  // row's details there.
  // Beside the admin menu at 1366 px the internal ID waits for a wider screen.
  const layout = useResponsiveColumns<Row>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'wide', width: 70 },
    { title: t('Admin_Training_Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 120 },
    {
      title: t('Admin_Training_Problem_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, r) =>
        gid === undefined ? (
          <Link to={`/admin/problem/edit/${r.id}`} className="oj-table-title" style={{ maxWidth: 240 }}>
            {title}
          </Link>
        ) : r.entry ? (
          // A group admin edits the group's own problems in the Problem tab; here the training's page opens.
          <Link
            to={`${trainingBasePath(tid, gid)}/problem/${encodeURIComponent(r.entry.displayId)}`}
            className="oj-table-title"
          >
            {title}
          </Link>
        ) : (
          <span className="oj-table-title">{title}</span>
        ),
    },
    {
      title: t('Admin_Training_Display_ID'),
      key: 'displayId',
      from: 'laptop',
      width: 150,
      render: (_, r) =>
        r.entry && (
          <Input
            aria-label={`${t('Admin_Training_Display_ID')} ${r.problemId}`}
            value={draftOf(r.entry).displayId}
            maxLength={20}
            onChange={(ev) => r.entry && edit(r.entry, { displayId: ev.target.value })}
            onPressEnter={() => r.entry && changed(r.entry) && saveRow(r.entry)}
            style={{ width: 130 }}
          />
        ),
    },
    {
      title: t('Admin_Training_Problem_Rank'),
      key: 'rank',
      from: 'laptop',
      width: 140,
      render: (_, r) =>
        r.entry && (
          <InputNumber
            aria-label={`${t('Admin_Training_Problem_Rank')} ${r.problemId}`}
            title={t('Admin_Training_Problem_Rank_Tip')}
            value={draftOf(r.entry).rank}
            min={0}
            max={INT32.max}
            precision={0}
            onChange={(v) => r.entry && edit(r.entry, { rank: v })}
            onPressEnter={() => r.entry && changed(r.entry) && saveRow(r.entry)}
            style={{ width: 120 }}
          />
        ),
    },
    {
      title: t('Admin_Training_Option'),
      key: 'option',
      width: 160,
      render: (_, r) => (
        <Space>
          {r.entry && (
            <Button
              size="small"
              type="primary"
              aria-label={`${t('Admin_Training_Save')} ${r.problemId}`}
              disabled={!changed(r.entry)}
              loading={update.isPending && update.variables?.entry.id === r.entry.id}
              onClick={() => r.entry && saveRow(r.entry)}
            >
              {t('Admin_Training_Save')}
            </Button>
          )}
          <Popconfirm title={t('Admin_Training_Remove_Confirm')} onConfirm={() => remove.mutate(r.id)}>
            <Button size="small" danger aria-label={`${t('Admin_Training_Remove')} ${r.problemId}`}>
              {t('Admin_Training_Remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  // On a phone the tools go under the title: beside it they squeeze it into one character a line.
  const narrow = Grid.useBreakpoint().md === false;
  const tools = (
    <Space wrap style={narrow ? { marginBottom: 12 } : { justifyContent: 'flex-end' }}>
      <Button type="primary" onClick={() => setPickerOpen(true)}>
        {t('Admin_Training_Add_From_Public')}
      </Button>
      {gid !== undefined && (
        <Button type="primary" onClick={() => setGroupPickerOpen(true)}>
          {t('Group_Training_Add_From_Group')}
        </Button>
      )}
      {/* Remote imports are the admin area's (root, admin, problem_admin), not a group admin's. */}
      {gid === undefined && <RemoteImportButton target={{ kind: 'training', tid }} onImported={refresh} />}
      <Link to={gid === undefined ? `/admin/training/${tid}/edit` : groupTrainingAdminPaths(gid).edit(tid)}>
        {t('Admin_Training_Edit')}
      </Link>
      <Link to={trainingBasePath(tid, gid)}>{t('Admin_Training_View')}</Link>
      {gid !== undefined && <Link to={groupTrainingAdminPaths(gid).list}>{t('Group_Training_Back_To_List')}</Link>}
    </Space>
  );

  return (
    <Panel title={`${t('Admin_Training_Problem_List')} · #${tid}`} extra={narrow ? undefined : tools}>
      {narrow && tools}
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('Admin_Training_No_Problem') }}
        pagination={serverPaging(currentPage, OWN_PAGE_SIZE, list.data?.problemList.total, setPage, {
          hideOnSinglePage: true,
        })}
        {...layout}
      />
      <AddFromPublicDialog
        tid={tid}
        gid={gid}
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onAdded={refresh}
      />
      {gid !== undefined && (
        <AddFromGroupDialog
          tid={tid}
          gid={gid}
          inTraining={new Set(rows.map((r) => r.id))}
          open={groupPickerOpen}
          onClose={() => setGroupPickerOpen(false)}
          onAdded={refresh}
        />
      )}
    </Panel>
  );
};

export default AdminTrainingProblemPage;
