import { adminUser, type Registration, registration } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ConfirmSelectedButton } from '../confirm-selected-button';

type State = registration.RegistrationState;

/** Accounts that registered and wait for approval (or were refused): approve or refuse one row or the selected
 * rows (the admin user page; decision 0025). */
export const RegistrationsPanel = () => {
  const { t } = useTranslation(['admin', 'auth']);
  const [state, setState] = useState<State>('pending');
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: queryKey(registration.getRegistrations, state, keyword, currentPage),
    queryFn: () => api.call(registration.getRegistrations, { state, keyword, currentPage, limit: 10 }),
  });

  // A failure the HTTP client has shown.
  const decision = useApiMutation({
    mutationFn: ({ uids, approve }: { uids: string[]; approve: boolean }) =>
      api.call(registration.decideRegistrations, { uids, approve }),
    // Approved accounts join the user list.
    invalidates: (_, { approve }) => [
      queryKey(registration.getRegistrations),
      ...(approve ? [queryKey(adminUser.getUserList)] : []),
    ],
    onSuccess: ({ changed }, { uids }) => {
      toast.success(t('Reg_Decided', { count: changed }));
      setSelected((s) => s.filter((uid) => !uids.includes(uid)));
    },
  });
  const decide = (uids: string[], approve: boolean) => decision.mutate({ uids, approve });
  const busy = decision.isPending;

  const text = (v: string | null) => v ?? '';
  // A phone shows the username and the real name; approve, refuse and the rest in each row's details (the selected
  // rows' buttons stay above the list).
  const layout = useResponsiveColumns<Registration>([
    { title: t('Reg_Username'), dataIndex: 'username', key: 'username' },
    { title: t('Reg_Realname'), key: 'realname', render: (_, r) => text(r.realname) },
    { title: t('Reg_City'), key: 'city', from: 'wide', render: (_, r) => text(r.city) },
    {
      title: t('Reg_School'),
      key: 'school',
      from: 'tablet',
      render: (_, r) => (
        <span className="oj-table-title" style={{ maxWidth: 200 }}>
          {text(r.school)}
        </span>
      ),
    },
    { title: t('Reg_Grade'), key: 'grade', from: 'laptop', render: (_, r) => text(r.grade) },
    { title: t('Reg_Mobile'), key: 'mobile', from: 'laptop', render: (_, r) => text(r.mobile) },
    { title: t('Reg_Email'), key: 'email', from: 'wide', render: (_, r) => text(r.email) },
    {
      title: t('Reg_Registered_At'),
      key: 'registered',
      from: 'wide',
      render: (_, r) => formatTime(r.gmtCreate, true),
    },
    {
      title: t('Action'),
      key: 'option',
      from: 'tablet',
      render: (_, r) => (
        <Space>
          <Button
            size="small"
            type="primary"
            aria-label={`${t('Reg_Approve')} ${r.username}`}
            onClick={() => decide([r.uid], true)}
          >
            {t('Reg_Approve')}
          </Button>
          {r.state === 'pending' && (
            <Button
              size="small"
              danger
              aria-label={`${t('Reg_Refuse')} ${r.username}`}
              onClick={() => decide([r.uid], false)}
            >
              {t('Reg_Refuse')}
            </Button>
          )}
        </Space>
      ),
    },
  ]);
  return (
    <Panel
      title={t('Registrations')}
      extra={
        <Space wrap>
          <Segmented<State>
            value={state}
            onChange={(v) => {
              setState(v);
              setPage(1);
              setSelected([]);
            }}
            options={[
              { value: 'pending', label: t('Reg_State_Pending') },
              { value: 'refused', label: t('Reg_State_Refused') },
            ]}
          />
          <Input.Search
            aria-label={t('Reg_Search')}
            placeholder={t('Reg_Search')}
            allowClear
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" disabled={!selected.length} loading={busy} onClick={() => decide(selected, true)}>
            {t('Reg_Approve_Selected')}
          </Button>
          {state === 'pending' && (
            <ConfirmSelectedButton
              label={t('Reg_Refuse_Selected')}
              confirm={t('Reg_Refuse_Confirm')}
              count={selected.length}
              onConfirm={() => decide(selected, false)}
            />
          )}
        </Space>
      }
    >
      <Table<Registration>
        rowKey="uid"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={serverPaging(currentPage, 10, list.data?.total, setPage)}
        {...layout}
      />
    </Panel>
  );
};
