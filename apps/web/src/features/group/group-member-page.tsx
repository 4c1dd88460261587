import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { GroupMember, UserSuggestion } from '@oj/shared';
import { group as contract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../components/paging';
import { SearchBox } from '../../components/search-box';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useGroupContext } from './group-context';
import { canEditMember, canRemoveMember, memberLevelChoices, USER_SEARCH_DEBOUNCE_MS } from './group-model';

const { GROUP_PAGE, MEMBER_LEVEL } = contract;

const date = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

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
  const [memberPage, setMemberPage] = useState(1);
  const [keyword, setKeyword] = useState('');

  const applyInput = { gid, currentPage: applyPage, limit: GROUP_PAGE.lists };
  const applications = useQuery({
    queryKey: queryKey(contract.getApplyList, applyInput),
    queryFn: () => api.call(contract.getApplyList, applyInput),
    placeholderData: keepPreviousData,
  });
  const memberInput = { gid, currentPage: memberPage, limit: GROUP_PAGE.lists, keyword: keyword || undefined };
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

  const userColumns = [
    { title: t('Group_Username'), dataIndex: 'username', key: 'username' },
    {
      title: t('Group_Realname'),
      dataIndex: 'realname',
      key: 'realname',
      render: (v: string | null) => v ?? '',
    },
  ];
  const reasonColumn = {
    title: t('Group_Reason'),
    dataIndex: 'reason',
    key: 'reason',
    render: (v: string | null) => <span style={{ display: 'inline-block', maxWidth: 240 }}>{v ?? ''}</span>,
  };

  return (
    <>
      <section className="oj-group-section" aria-label={t('Group_Applications')}>
        <h4>{t('Group_Applications')}</h4>
        <Table<GroupMember>
          rowKey="uid"
          size="small"
          loading={applications.isFetching}
          dataSource={applications.data?.records ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('Group_No_Applications') }}
          pagination={serverPaging(applyPage, GROUP_PAGE.lists, applications.data?.total, setApplyPage, {
            hideOnSinglePage: true,
          })}
          columns={[
            ...userColumns,
            {
              title: t('Group_Level'),
              dataIndex: 'auth',
              key: 'auth',
              render: (v: number) => (
                <Tag color={v === MEMBER_LEVEL.REFUSED ? 'red' : 'gold'}>{t(`Group_Level_${v}`)}</Tag>
              ),
            },
            reasonColumn,
            { title: t('Group_Applied_At'), dataIndex: 'gmtCreate', key: 'gmtCreate', render: date },
            {
              title: t('Group_Actions'),
              key: 'actions',
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
          ]}
        />
      </section>
      <section className="oj-group-section" aria-label={t('Group_Member_List')}>
        <h4>{t('Group_Member_List')}</h4>
        <div className="oj-group-toolbar">
          <AddMemberBox gid={gid} onAdded={refresh} />
          <SearchBox
            label={t('Group_Search_Member')}
            onSearch={(words) => {
              setKeyword(words);
              setMemberPage(1);
            }}
          />
        </div>
        <Table<GroupMember>
          rowKey="uid"
          size="small"
          loading={members.isFetching}
          dataSource={members.data?.records ?? []}
          scroll={{ x: 'max-content' }}
          pagination={serverPaging(memberPage, GROUP_PAGE.lists, members.data?.total, setMemberPage)}
          columns={[
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
                  style={{ width: 140 }}
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
            { title: t('Group_Joined_At'), dataIndex: 'gmtCreate', key: 'gmtCreate', render: date },
            reasonColumn,
            {
              title: t('Group_Actions'),
              key: 'actions',
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
          ]}
        />
      </section>
    </>
  );
};

export default GroupMemberPage;
