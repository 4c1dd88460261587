import { type AdminUser, adminUser, ROLES, roleName } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { saveBlob } from '../../../lib/http-client';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ConfirmSelectedButton } from '../confirm-selected-button';
import { useAdminLocale } from '../use-admin-locale';
import { RegistrationsPanel } from './admin-registration-panel';
import { parseUserRows } from './user-rows';

type EditForm = {
  username: string;
  realname: string;
  email: string;
  type: number;
  status: boolean;
  titleName: string;
  titleColor: string;
  setNewPwd: boolean;
  password: string;
};

const EditUserModal = ({ user, onClose }: { user: AdminUser; onClose: (changed: boolean) => void }) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const locale = useAdminLocale();
  const [form] = Form.useForm<EditForm>();
  const setNewPwd = Form.useWatch('setNewPwd', form);
  // Failures of these mutations the HTTP client has shown.
  const save = useApiMutation({
    mutationFn: (v: EditForm) =>
      api.call(adminUser.editUser, {
        uid: user.uid,
        username: v.username,
        realname: v.realname ?? '',
        email: v.email ?? '',
        type: v.type,
        status: v.status ? 1 : 0,
        titleName: v.titleName ?? '',
        titleColor: v.titleColor ?? '',
        setNewPwd: v.setNewPwd,
        password: v.setNewPwd ? v.password : undefined,
      }),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      onClose(true);
    },
  });
  const signOut = useApiMutation({
    mutationFn: () => api.call(adminUser.signOutUser, { uid: user.uid }),
    onSuccess: () => toast.success(t('Signed_Out')),
  });
  return (
    <Modal
      open
      title={`${t('Edit_User')} ${user.username}`}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('Save')}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save.mutate}
        initialValues={{
          username: user.username,
          realname: user.realname ?? '',
          email: user.email ?? '',
          type: user.roles[0]?.id ?? 1003,
          status: user.status === 1,
          titleName: user.titleName ?? '',
          titleColor: user.titleColor ?? '',
          setNewPwd: false,
          password: '',
        }}
      >
        <Form.Item name="username" label={t('Username')} rules={[{ required: true, max: 20 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="realname" label={t('Realname')}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('Email')} rules={[{ type: 'email' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('Role')}>
          <Select aria-label={t('Role')} options={ROLES.map((r) => ({ value: r.id, label: roleName(r.id, locale) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('Banned')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Form.Item name="titleName" label={t('Title_Name')} rules={[{ max: 20 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="titleColor" label={t('Title_Color')} rules={[{ pattern: /^(#[0-9a-fA-F]{3,8})?$/ }]}>
            <Input placeholder="#ff0000" />
          </Form.Item>
        </Space>
        <Form.Item name="setNewPwd" valuePropName="checked">
          <Checkbox>{t('Set_New_Password')}</Checkbox>
        </Form.Item>
        {setNewPwd && (
          <Form.Item name="password" label={t('New_Password')} rules={[{ required: true, min: 6, max: 20 }]}>
            <Input.Password />
          </Form.Item>
        )}
        <Button danger onClick={() => signOut.mutate()}>
          {t('Sign_Out_Everywhere')}
        </Button>
      </Form>
    </Modal>
  );
};

const ImportUsersPanel = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const [rows, setRows] = useState('');
  const [report, setReport] = useState<{
    created: number;
    failed: { row: number; username: string; reason: string }[];
  }>();
  // A failure the HTTP client has shown.
  const insert = useApiMutation({
    mutationFn: (users: ReturnType<typeof parseUserRows>) => api.call(adminUser.insertBatchUser, { users }),
    onSuccess: (answer) => {
      setReport(answer);
      onDone();
    },
  });
  // Three short columns: all of them on a phone too; a long reason wraps.
  const failedLayout = useResponsiveColumns<{ row: number; username: string; reason: string }>([
    { title: t('Row'), dataIndex: 'row', key: 'row' },
    { title: t('Username'), dataIndex: 'username', key: 'username' },
    {
      title: t('Reason'),
      dataIndex: 'reason',
      key: 'reason',
      render: (v: string) => <span className="oj-table-title">{v}</span>,
    },
  ]);
  const submit = () => {
    const users = parseUserRows(rows);
    if (users.length) insert.mutate(users);
  };
  return (
    <Panel title={t('Import_Users')}>
      <Typography.Paragraph type="secondary">{t('Import_Users_Tip')}</Typography.Paragraph>
      <Input.TextArea aria-label={t('Users_Rows')} rows={6} value={rows} onChange={(e) => setRows(e.target.value)} />
      <Space style={{ marginTop: 8 }}>
        <Upload
          accept=".csv,.txt"
          showUploadList={false}
          beforeUpload={(f) => {
            void f.text().then((text) => setRows(text.replace(/^\uFEFF/, '')));
            return false;
          }}
        >
          <Button>{t('Choose_Csv')}</Button>
        </Upload>
        <Button type="primary" onClick={submit} disabled={!rows.trim()}>
          {t('Import')}
        </Button>
      </Space>
      {report && (
        <>
          <Typography.Paragraph strong style={{ marginTop: 8 }}>
            {t('Import_Result', { created: report.created, failed: report.failed.length })}
          </Typography.Paragraph>
          {report.failed.length > 0 && (
            <Table size="small" rowKey="row" pagination={false} dataSource={report.failed} {...failedLayout} />
          )}
        </>
      )}
    </Panel>
  );
};

type GenerateForm = { prefix: string; suffix: string; number_from: number; number_to: number; password_length: number };

const GenerateUsersPanel = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const [result, setResult] = useState<{ key: string; created: number; skipped: string[] }>();
  const [downloaded, setDownloaded] = useState(false);
  // A failure the HTTP client has shown.
  const generate = useApiMutation({
    mutationFn: (v: GenerateForm) => api.call(adminUser.generateUser, v),
    onSuccess: (got) => {
      setResult(got);
      setDownloaded(false);
      onDone();
    },
  });
  const download = async () => {
    if (!result) return;
    // The server forgets the list after this one download, so the button goes away whatever happens.
    setDownloaded(true);
    const file = await api.download(adminUser.generateUserExcel, { key: result.key });
    if (file) saveBlob(file);
  };
  return (
    <Panel title={t('Generate_Users')}>
      <Typography.Paragraph type="secondary">{t('Generate_Tip')}</Typography.Paragraph>
      <Form<GenerateForm>
        layout="inline"
        initialValues={{ prefix: '', suffix: '', number_from: 1, number_to: 10, password_length: 8 }}
        onFinish={generate.mutate}
      >
        <Form.Item name="prefix" label={t('Prefix')} rules={[{ pattern: /^[A-Za-z0-9_.-]*$/, max: 15 }]}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="suffix" label={t('Suffix')} rules={[{ pattern: /^[A-Za-z0-9_.-]*$/, max: 15 }]}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="number_from" label={t('Number_From')} rules={[{ required: true }]}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="number_to" label={t('Number_To')} rules={[{ required: true }]}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="password_length" label={t('Password_Length')}>
          <InputNumber min={6} max={20} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('Generate')}
        </Button>
      </Form>
      {result && (
        <Space orientation="vertical" style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('Generated', { created: result.created })}</Typography.Text>
          {result.skipped.length > 0 && (
            <Typography.Text type="warning">
              {t('Skipped_Existing', { names: result.skipped.join(', ') })}
            </Typography.Text>
          )}
          {downloaded ? (
            <Typography.Text type="secondary">{t('Downloaded_Once')}</Typography.Text>
          ) : (
            <Button type="primary" onClick={() => void download()}>
              {t('Download_List')}
            </Button>
          )}
        </Space>
      )}
    </Panel>
  );
};

/** /admin/user: search, edit, sign out, delete; batch import and generated accounts (root only). */
const AdminUserPage = () => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const locale = useAdminLocale();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [onlyAdmin, setOnlyAdmin] = useState(false);
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser>();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: queryKey(adminUser.getUserList, keyword, onlyAdmin, currentPage),
    queryFn: () => api.call(adminUser.getUserList, { keyword, onlyAdmin, currentPage, limit: 10 }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey(adminUser.getUserList) });
  // A failure the HTTP client has shown.
  const removal = useApiMutation({
    mutationFn: (ids: string[]) => api.call(adminUser.deleteUser, { ids }),
    onSuccess: () => {
      toast.success(t('Delete_Successfully'));
      setSelected([]);
      refresh();
    },
  });
  const remove = (ids: string[]) => removal.mutate(ids);

  // A phone shows the username and the status; edit and delete with the rest in each row's details.
  const layout = useResponsiveColumns<AdminUser>([
    {
      title: t('Username'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string) => <span className="oj-table-title">{v}</span>,
    },
    { title: t('Realname'), dataIndex: 'realname', key: 'realname', from: 'tablet' },
    { title: t('Email'), dataIndex: 'email', key: 'email', from: 'laptop' },
    {
      title: t('Role'),
      key: 'role',
      from: 'tablet',
      render: (_, u) => u.roles.map((r) => <Tag key={r.id}>{roleName(r.role, locale)}</Tag>),
    },
    {
      title: t('Status'),
      key: 'status',
      render: (_, u) =>
        u.regState === 'pending' ? (
          <Tag color="gold">{t('Reg_State_Pending')}</Tag>
        ) : u.regState === 'refused' ? (
          <Tag>{t('Reg_State_Refused')}</Tag>
        ) : u.status === 0 ? (
          <Tag color="green">{t('Normal')}</Tag>
        ) : (
          <Tag color="red">{t('Banned')}</Tag>
        ),
    },
    {
      title: t('Title_Name'),
      key: 'titleName',
      from: 'wide',
      render: (_, u) => (u.titleName ? <Tag color={u.titleColor ?? undefined}>{u.titleName}</Tag> : null),
    },
    { title: t('Created_At'), key: 'created', from: 'wide', render: (_, u) => formatTime(u.gmtCreate, true) },
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      render: (_, u) => (
        <Space>
          <Button size="small" aria-label={`${t('Edit')} ${u.username}`} onClick={() => setEditing(u)}>
            {t('Edit')}
          </Button>
          <Popconfirm title={t('Delete_User_Confirm')} onConfirm={() => remove([u.uid])}>
            <Button size="small" danger aria-label={`${t('Delete')} ${u.username}`}>
              {t('Delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <RegistrationsPanel />
      <Panel
        title={t('Admin_User')}
        extra={
          <Space wrap>
            <Checkbox
              checked={onlyAdmin}
              onChange={(e) => {
                setOnlyAdmin(e.target.checked);
                setPage(1);
              }}
            >
              {t('Only_Admin')}
            </Checkbox>
            <Input.Search
              aria-label={t('Search_User_Detail')}
              placeholder={t('Search_User_Detail')}
              allowClear
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <ConfirmSelectedButton
              label={t('Delete_Selected')}
              confirm={t('Delete_User_Confirm')}
              count={selected.length}
              onConfirm={() => remove(selected)}
            />
          </Space>
        }
      >
        <Table<AdminUser>
          rowKey="uid"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          pagination={serverPaging(currentPage, 10, list.data?.total, setPage)}
          {...layout}
        />
      </Panel>
      <GenerateUsersPanel onDone={refresh} />
      <ImportUsersPanel onDone={refresh} />
      {editing && (
        <EditUserModal
          user={editing}
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) refresh();
          }}
        />
      )}
    </Space>
  );
};

export default AdminUserPage;
