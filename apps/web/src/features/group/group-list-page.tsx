import { PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { Group } from '@oj/shared';
import { group as contract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Modal, Pagination, Segmented, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { MOBILE_MAX_WIDTH, toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { useMaxWidth } from '../../lib/use-media-query';
import { GROUP_LIST_SIZES, shortenName } from './group-model';
import {
  errorText,
  GroupAuthTag,
  GroupAvatar,
  GroupFormFields,
  type GroupFormValues,
  GroupHiddenTag,
  groupBody,
  groupFormInitial,
} from './group-parts';
import './group.css';
import { queryKey } from '../../lib/query-keys';

const { GROUP_AUTH, GROUP_PAGE } = contract;

const num = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : undefined;
};

/** One group as a card; the whole card opens the group. */
export const GroupCard = ({ group, onOpen }: { group: Group; onOpen: (g: Group) => void }) => {
  const { t } = useTranslation('group');
  return (
    <button
      type="button"
      className="oj-group-card"
      aria-label={t('Group_Open', { name: group.name })}
      onClick={() => onOpen(group)}
    >
      <span className="oj-group-card__head">
        <GroupAvatar group={group} size={56} />
        <span className="oj-group-card__title">
          <span className="oj-group-card__name" title={group.name}>
            {shortenName(group.name)}
          </span>
          <span className="oj-group-card__owner">
            <UserOutlined /> {t('Group_Owner')}: {group.owner}
          </span>
        </span>
      </span>
      <span className="oj-group-card__brief">{group.brief}</span>
      <span className="oj-group-card__foot">
        <span className="oj-group-card__tags">
          <GroupAuthTag auth={group.auth} />
          {!group.visible && <GroupHiddenTag />}
        </span>
        <span className="oj-group-card__meta">
          <span title={t('Group_Member_Count')}>
            <TeamOutlined /> {group.memberCount}
          </span>
          <span title={t('Group_Created_At')}>{dayjs(group.gmtCreate).format('YYYY-MM-DD')}</span>
        </span>
      </span>
    </button>
  );
};

/** The create dialog: the server's limits checked first, its refusals (a taken name ...) shown in the dialog. */
export const GroupCreateDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: (g: Group) => void }) => {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<GroupFormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (values: GroupFormValues) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await api.call(contract.createGroup, groupBody(values), { silent: true });
      toast.success(t('Group_Created'));
      onCreated(created);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('Group_Create')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Group_Cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()}>
          {t('Group_Save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={groupFormInitial()} onFinish={(v) => void submit(v)}>
        <GroupFormFields />
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
};

/** The group list: filters in the URL, cards 15 a page; opening one needs a login. */
const GroupListPage = () => {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isAuthenticated, isAdmin } = useSession();
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const authParam = num(params.get('auth'));
  const auth = Object.values(GROUP_AUTH).find((a) => a === authParam);
  const onlyMine = isAuthenticated && params.get('onlyMine') === 'true';
  const currentPage = num(params.get('currentPage')) ?? 1;
  const limitParam = num(params.get('limit'));
  const limit = GROUP_LIST_SIZES.find((s) => s === limitParam) ?? GROUP_PAGE.list;
  const [search, setSearch] = useState(keyword);
  const [creating, setCreating] = useState(false);
  useEffect(() => setSearch(keyword), [keyword]);

  /** A filter change goes to the URL and back to page 1 (unless the page itself changes). */
  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ currentPage: undefined, ...patch })) {
      if (v === undefined || v === '' || (k === 'currentPage' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const input = {
    currentPage,
    limit,
    keyword: keyword || undefined,
    auth,
    onlyMine: onlyMine ? 'true' : undefined,
  };
  const list = useQuery({
    queryKey: queryKey(contract.getGroupList, input, isAuthenticated),
    queryFn: () => api.call(contract.getGroupList, input),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];

  const open = (g: Group) => {
    if (!isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      return;
    }
    navigate(`/group/${g.id}`);
  };

  const filters = (
    <div className="oj-group-filters">
      {isAuthenticated && (
        <Segmented
          aria-label={t('Group_Scope')}
          value={onlyMine ? 'mine' : 'all'}
          onChange={(v) => update({ onlyMine: v === 'mine' ? 'true' : undefined })}
          options={[
            { value: 'all', label: t('Group_All_Groups') },
            { value: 'mine', label: t('Group_Mine') },
          ]}
        />
      )}
      <Select
        aria-label={t('Group_Auth')}
        value={auth ?? 0}
        style={{ width: 110 }}
        onChange={(v) => update({ auth: v || undefined })}
        options={[
          { value: 0, label: t('Group_All') },
          { value: GROUP_AUTH.PUBLIC, label: t('Group_Public') },
          { value: GROUP_AUTH.PROTECTED, label: t('Group_Protected') },
          { value: GROUP_AUTH.PRIVATE, label: t('Group_Private') },
        ]}
      />
      <Input.Search
        aria-label={t('Group_Search')}
        placeholder={t('Group_Search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        allowClear
        style={{ width: mobile ? '100%' : 220 }}
        onSearch={(v) => update({ keyword: v.trim() })}
      />
      {isAdmin && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('Group_Create')}
        </Button>
      )}
    </div>
  );

  return (
    <Panel title={t('Group_List')} extra={mobile ? undefined : filters}>
      {mobile && <div style={{ marginBottom: 12 }}>{filters}</div>}
      <Spin spinning={list.isFetching}>
        {records.length ? (
          <ul className="oj-group-grid" aria-label={t('Group_List')}>
            {records.map((g) => (
              <li key={g.id}>
                <GroupCard group={g} onOpen={open} />
              </li>
            ))}
          </ul>
        ) : (
          <Empty description={list.isLoading ? ' ' : t('Group_Empty')} />
        )}
      </Spin>
      {(list.data?.total ?? 0) > 0 && (
        <Pagination
          current={currentPage}
          pageSize={limit}
          total={list.data?.total ?? 0}
          showSizeChanger
          showLessItems
          simple={mobile}
          pageSizeOptions={[...GROUP_LIST_SIZES]}
          onChange={(p, size) =>
            size !== limit ? update({ limit: size === GROUP_PAGE.list ? undefined : size }) : update({ currentPage: p })
          }
          style={{ marginTop: 16, justifyContent: 'center' }}
        />
      )}
      {creating && (
        <GroupCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(g) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupList) });
            navigate(`/group/${g.id}`);
          }}
        />
      )}
    </Panel>
  );
};

export default GroupListPage;
