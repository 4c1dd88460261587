import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { GroupMember, UserSuggestion } from '@oj/shared';
import { group as contract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TablePaginationConfig,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../components/paging';
import { type ResponsiveColumn, useResponsiveColumns } from '../../components/responsive-table';
import { SearchBox } from '../../components/search-box';
import { api } from '../../lib/api';
import { MOBILE_MAX_WIDTH, toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useMaxWidth } from '../../lib/use-media-query';
import { useGroupContext } from './group-context';
import { AddMembersDialog, ANSWER_OUTCOMES, BulkReport, REMOVE_OUTCOMES } from './group-member-bulk';
import { canEditMember, canRemoveMember, memberLevelChoices, USER_SEARCH_DEBOUNCE_MS } from './group-model';

const { GROUP_PAGE, MEMBER_LEVEL } = contract;

const date = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/** Page sizes of the member and application tables: a class fits on one page to select it at once. */
const MEMBER_PAGE_SIZES = [GROUP_PAGE.lists, 30, 50];

/** The rows ticked on the page shown (a new page or size starts with none). */
const useSelection = () => {
  const [rows, setRows] = useState<GroupMember[]>([]);
  return { rows, keys: rows.map((r) => r.uid), set: setRows, clear: () => setRows([]) };
};

/** Paging with a choice of size; either change clears the selection. */
const paging = (
  current: number,
  size: number,
  total: number | undefined,
  set: (page: number, size: number) => void,
  more: Pick<TablePaginationConfig, 'hideOnSinglePage'> = {},
): TablePaginationConfig => ({
  ...serverPaging(current, size, total, (p) => set(p, size), more),
  showSizeChanger: true,
  pageSizeOptions: MEMBER_PAGE_SIZES,
  onChange: (p, s) => set(s === size ? p : 1, s),
});

type Report<O extends string> = { name: string; outcome: O }[];

/** A value that settles `ms` after its last change (the add-member box: 300 ms). */
export const useDebounced = <T,>(value: T, ms: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/** The add-member box: suggestions by username or real name (at most 20), then a direct add. */
const AddMemberBox = ({ gid, onAdded }: { gid: number; onAdded: () => void }) => {
  const { t } = useTranslation('group');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: queryKey(contract.searchUser, gid, keyword),
    queryFn: () => api.call(contract.searchUser, { gid, keyword }),
    enabled: keyword.length > 0,
  });
  const users: UserSuggestion[] = keyword ? (suggestions.data ?? []).slice(0, GROUP_PAGE.userSearch) : [];
  const add = useApiMutation({
    mutationFn: (uid: string) => api.call(contract.addMember, { gid, uid }),
    onSuccess: () => {
      toast.success(t('Group_Added'));
      setText('');
      onAdded();
    },
  });
  return (
    <AutoComplete
      aria-label={t('Group_Add_Member')}
      value={text}
      onChange={setText}
      onSelect={(uid: string) => add.mutate(uid)}
      style={{ width: 320, maxWidth: '100%' }}
      notFoundContent={keyword && suggestions.isSuccess ? t('Group_No_User_Found') : null}
      options={users.map((u) => ({
        value: u.uid,
        disabled: u.auth >= MEMBER_LEVEL.MEMBER,
        label: (
          <span style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {u.username}
              {u.realname && <Typography.Text type="secondary"> ({u.realname})</Typography.Text>}
            </span>
            {u.auth > 0 && <Tag style={{ marginInlineEnd: 0 }}>{t(`Group_Level_${u.auth}`)}</Tag>}
          </span>
        ),
      }))}
    >
      <Input prefix={<UserAddOutlined />} placeholder={t('Group_Search_User')} allowClear />
    </AutoComplete>
  );
};

/** The member tab: applications to answer, members with their level, the add-member box. */
const GroupMemberPage = () => {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const { gid, group, viewer, reload } = useGroupContext();
  const [applyPage, setApplyPage] = useState(1);
  const [applySize, setApplySize] = useState<number>(GROUP_PAGE.lists);
  const [memberPage, setMemberPage] = useState(1);
  const [memberSize, setMemberSize] = useState<number>(GROUP_PAGE.lists);
  const [keyword, setKeyword] = useState('');
  const applicants = useSelection();
  const chosen = useSelection();
  const [answerReport, setAnswerReport] = useState<Report<contract.BulkAnswerOutcome> | null>(null);
  const [removeReport, setRemoveReport] = useState<Report<contract.BulkRemoveOutcome> | null>(null);

  const applyInput = { gid, currentPage: applyPage, limit: applySize };
  const applications = useQuery({
    queryKey: queryKey(contract.getApplyList, applyInput),
    queryFn: () => api.call(contract.getApplyList, applyInput),
    placeholderData: keepPreviousData,
  });
  const memberInput = { gid, currentPage: memberPage, limit: memberSize, keyword: keyword || undefined };
  const members = useQuery({
    queryKey: queryKey(contract.getMemberList, memberInput),
    queryFn: () => api.call(contract.getMemberList, memberInput),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getApplyList) });
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getMemberList) });
    // The member count on the group's card.
    reload();
    applicants.clear();
    chosen.clear();
  };

  const level = useApiMutation({
    mutationFn: ({ uid, auth }: { uid: string; auth: number }) => api.call(contract.updateMember, { gid, uid, auth }),
    onSuccess: () => {
      toast.success(t('Group_Updated'));
      refresh();
    },
  });
  const setLevel = (uid: string, auth: number) => level.mutate({ uid, auth });
  const removal = useApiMutation({
    mutationFn: (uid: string) => api.call(contract.deleteMember, { gid, uid }),
    onSuccess: () => {
      toast.success(t('Group_Deleted'));
      refresh();
    },
  });
  const remove = (uid: string) => removal.mutate(uid);

  // Bulk: each user's outcome is reported by name (the rows ticked give the names of the uids).
  const nameOf = (rows: GroupMember[], uid: string) => rows.find((r) => r.uid === uid)?.username ?? uid;
  const answer = useApiMutation({
    mutationFn: ({ rows, auth }: { rows: GroupMember[]; auth: number }) =>
      api.call(contract.updateMembers, { gid, uids: rows.map((r) => r.uid), auth }),
    onSuccess: (out, { rows }) => {
      setAnswerReport(out.results.map((r) => ({ name: nameOf(rows, r.uid), outcome: r.outcome })));
      applicants.clear();
      refresh();
    },
  });
  const removeMany = useApiMutation({
    mutationFn: (rows: GroupMember[]) => api.call(contract.deleteMembers, { gid, uids: rows.map((r) => r.uid) }),
    onSuccess: (out, rows) => {
      setRemoveReport(out.results.map((r) => ({ name: nameOf(rows, r.uid), outcome: r.outcome })));
      chosen.clear();
      refresh();
    },
  });
  const selectLabel = (m: GroupMember) => ({ 'aria-label': t('Group_Select_User', { username: m.username }) });

  // A phone shows each row's checkbox, the username (the real name under it) and the level; the rest is in the
  // row's details (the single accept, refuse and remove buttons too: the bulk buttons above do the same).
  const phone = useMaxWidth(MOBILE_MAX_WIDTH);
  const userColumns: ResponsiveColumn<GroupMember>[] = [
    {
      title: t('Group_Username'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string, m) => (
        <span className="oj-group-member-name">
          {v}
          {phone && m.realname && <Typography.Text type="secondary">{m.realname}</Typography.Text>}
        </span>
      ),
    },
    ...(phone
      ? []
      : [
          {
            title: t('Group_Realname'),
            dataIndex: 'realname',
            key: 'realname',
            render: (v: string | null) => v ?? '',
          },
        ]),
  ];
  const reasonColumn: ResponsiveColumn<GroupMember> = {
    title: t('Group_Reason'),
    dataIndex: 'reason',
    key: 'reason',
    from: 'laptop',
    render: (v: string | null) => <span style={{ display: 'inline-block', maxWidth: 240 }}>{v ?? ''}</span>,
  };
  const applicationLayout = useResponsiveColumns<GroupMember>([
    ...userColumns,
    {
      title: t('Group_Level'),
      dataIndex: 'auth',
      key: 'auth',
      render: (v: number) => <Tag color={v === MEMBER_LEVEL.REFUSED ? 'red' : 'gold'}>{t(`Group_Level_${v}`)}</Tag>,
    },
    reasonColumn,
    { title: t('Group_Applied_At'), dataIndex: 'gmtCreate', key: 'gmtCreate', from: 'tablet', render: date },
    {
      title: t('Group_Actions'),
      key: 'actions',
      from: 'tablet',
      render: (_: unknown, m: GroupMember) => (
        <Space>
          <Button
            size="small"
            type="primary"
            aria-label={`${t('Group_Accept')} ${m.username}`}
            onClick={() => setLevel(m.uid, MEMBER_LEVEL.MEMBER)}
          >
            {t('Group_Accept')}
          </Button>
          {m.auth === MEMBER_LEVEL.APPLYING && (
            <Button
              size="small"
              danger
              aria-label={`${t('Group_Refuse')} ${m.username}`}
              onClick={() => setLevel(m.uid, MEMBER_LEVEL.REFUSED)}
            >
              {t('Group_Refuse')}
            </Button>
          )}
        </Space>
      ),
    },
  ]);
  const memberLayout = useResponsiveColumns<GroupMember>([
    ...userColumns,
    {
      title: t('Group_Level'),
      dataIndex: 'auth',
      key: 'auth',
      render: (v: number, m: GroupMember) => (
        <Select
          aria-label={t('Group_Level_Of', { username: m.username })}
          size="small"
          value={v}
          style={{ width: phone ? 150 : 170 }}
          popupMatchSelectWidth={false}
          disabled={!canEditMember(viewer, m, group.uid)}
          onChange={(next: number) => setLevel(m.uid, next)}
          options={memberLevelChoices(viewer, v).map((c) => ({
            value: c.level,
            label: t(`Group_Level_${c.level}`),
            disabled: c.disabled,
          }))}
        />
      ),
    },
    { title: t('Group_Joined_At'), dataIndex: 'gmtCreate', key: 'gmtCreate', from: 'tablet', render: date },
    reasonColumn,
    {
      title: t('Group_Actions'),
      key: 'actions',
      from: 'tablet',
      render: (_: unknown, m: GroupMember) =>
        canRemoveMember(viewer, m, group.uid) && (
          <Popconfirm
            title={t('Group_Delete_Member_Confirm')}
            okText={t('Group_Confirm')}
            cancelText={t('Group_Cancel')}
            onConfirm={() => remove(m.uid)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('Group_Remove_Member', { username: m.username })}
              disabled={!canEditMember(viewer, m, group.uid)}
            />
          </Popconfirm>
        ),
    },
  ]);

  return (
    <>
      <section className="oj-group-section" aria-label={t('Group_Applications')}>
        <h4>{t('Group_Applications')}</h4>
        <Space wrap className="oj-group-bulk-bar">
          <Button
            type="primary"
            disabled={applicants.rows.length === 0}
            loading={answer.isPending && answer.variables?.auth === MEMBER_LEVEL.MEMBER}
            onClick={() => answer.mutate({ rows: applicants.rows, auth: MEMBER_LEVEL.MEMBER })}
          >
            {t('Group_Approve_Selected', { count: applicants.rows.length })}
          </Button>
          <Button
            danger
            disabled={applicants.rows.length === 0}
            loading={answer.isPending && answer.variables?.auth === MEMBER_LEVEL.REFUSED}
            onClick={() => answer.mutate({ rows: applicants.rows, auth: MEMBER_LEVEL.REFUSED })}
          >
            {t('Group_Refuse_Selected', { count: applicants.rows.length })}
          </Button>
        </Space>
        {answerReport && (
          <BulkReport results={answerReport} order={ANSWER_OUTCOMES} onClose={() => setAnswerReport(null)} />
        )}
        <Table<GroupMember>
          rowKey="uid"
          size="small"
          loading={applications.isFetching}
          dataSource={applications.data?.records ?? []}
          locale={{ emptyText: t('Group_No_Applications') }}
          rowSelection={{
            selectedRowKeys: applicants.keys,
            onChange: (_, rows) => applicants.set(rows),
            getCheckboxProps: selectLabel,
          }}
          pagination={paging(
            applyPage,
            applySize,
            applications.data?.total,
            (p, s) => {
              setApplyPage(p);
              setApplySize(s);
              applicants.clear();
            },
            { hideOnSinglePage: true },
          )}
          {...applicationLayout}
        />
      </section>
      <section className="oj-group-section" aria-label={t('Group_Member_List')}>
        <h4>{t('Group_Member_List')}</h4>
        <div className="oj-group-toolbar">
          <Space wrap>
            <AddMemberBox gid={gid} onAdded={refresh} />
            <AddMembersDialog gid={gid} onAdded={refresh} />
            <Popconfirm
              title={t('Group_Remove_Selected_Confirm', { count: chosen.rows.length })}
              okText={t('Group_Confirm')}
              cancelText={t('Group_Cancel')}
              disabled={chosen.rows.length === 0}
              onConfirm={() => removeMany.settle(chosen.rows)}
            >
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={chosen.rows.length === 0}
                loading={removeMany.isPending}
              >
                {t('Group_Remove_Selected', { count: chosen.rows.length })}
              </Button>
            </Popconfirm>
          </Space>
          <SearchBox
            label={t('Group_Search_Member')}
            onSearch={(words) => {
              setKeyword(words);
              setMemberPage(1);
              chosen.clear();
            }}
          />
        </div>
        {removeReport && (
          <BulkReport results={removeReport} order={REMOVE_OUTCOMES} onClose={() => setRemoveReport(null)} />
        )}
        <Table<GroupMember>
          rowKey="uid"
          size="small"
          loading={members.isFetching}
          dataSource={members.data?.records ?? []}
          rowSelection={{
            selectedRowKeys: chosen.keys,
            onChange: (_, rows) => chosen.set(rows),
            // The rows the single remove offers: never the owner's, the viewer's own or one at or above their level.
            getCheckboxProps: (m) => ({
              ...selectLabel(m),
              disabled: !canRemoveMember(viewer, m, group.uid) || !canEditMember(viewer, m, group.uid),
            }),
          }}
          pagination={paging(memberPage, memberSize, members.data?.total, (p, s) => {
            setMemberPage(p);
            setMemberSize(s);
            chosen.clear();
          })}
          {...memberLayout}
        />
      </section>
    </>
  );
};

export default GroupMemberPage;
