import { PlusOutlined } from '@ant-design/icons';
import type { GroupAnnouncement } from '@oj/shared';
import { group as contract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Radio, Space, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../components/paging';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useGroupContext } from './group-context';
import { canManageAnnouncement } from './group-model';
import { errorText, MarkdownInput } from './group-parts';

const { GROUP_PAGE } = contract;

interface AnnouncementValues {
  title: string;
  content: string;
  status: 0 | 1;
}

/** Create or edit one announcement: title and content required, visible or hidden. */
const AnnouncementDialog = ({
  gid,
  editing,
  onClose,
  onSaved,
}: {
  gid: number;
  editing: GroupAnnouncement | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<AnnouncementValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (v: AnnouncementValues) => {
    setBusy(true);
    setError(undefined);
    const body = { title: v.title.trim(), content: v.content.trim(), status: v.status };
    try {
      if (editing) await api.call(contract.updateAnnouncement, { id: editing.id, ...body }, { silent: true });
      else await api.call(contract.createAnnouncement, { gid, ...body }, { silent: true });
      toast.success(t(editing ? 'Group_Updated' : 'Group_Added'));
      onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const required = (message: string, max: number) => [
    { required: true, whitespace: true, message },
    { max, message: t('Group_Too_Long', { max }) },
  ];
  return (
    <Modal
      open
      title={t(editing ? 'Group_Edit_Announcement' : 'Group_Create_Announcement')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Group_Cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()}>
          {t('Group_Save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          title: editing?.title ?? '',
          content: editing?.content ?? '',
          status: editing?.status === 1 ? 1 : 0,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="title" label={t('Group_Title')} rules={required(t('Group_Title_Required'), 255)}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('Group_Content')} rules={required(t('Group_Content_Required'), 65535)}>
          <MarkdownInput label={t('Group_Content')} rows={10} />
        </Form.Item>
        <Form.Item name="status" label={t('Group_Status')}>
          <Radio.Group
            options={[
              { value: 0, label: t('Group_Status_Visible') },
              { value: 1, label: t('Group_Status_Hidden') },
            ]}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
};

/** The announcement tab (group admins): every announcement of the group, hidden ones too; the
 * author or the group root edits, deletes and switches one. */
const GroupAnnouncementPage = () => {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const { gid, viewer } = useGroupContext();
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<GroupAnnouncement | null>();
  const input = { gid, currentPage, limit: GROUP_PAGE.lists };
  const list = useQuery({
    queryKey: queryKey(contract.getAdminAnnouncementList, input),
    queryFn: () => api.call(contract.getAdminAnnouncementList, input),
    placeholderData: keepPreviousData,
  });
  const invalidates = [queryKey(contract.getAdminAnnouncementList), queryKey(contract.getAnnouncementList)];
  const refresh = () => {
    for (const key of invalidates) void queryClient.invalidateQueries({ queryKey: key });
  };
  const status = useApiMutation({
    mutationFn: ({ a, visible }: { a: GroupAnnouncement; visible: boolean }) =>
      api.call(contract.updateAnnouncement, {
        id: a.id,
        title: a.title,
        content: a.content,
        status: visible ? 0 : 1,
      }),
    invalidates,
    onSuccess: () => toast.success(t('Group_Updated')),
  });
  const setStatus = (a: GroupAnnouncement, visible: boolean) => status.mutate({ a, visible });
  const removal = useApiMutation({
    mutationFn: (aid: number) => api.call(contract.deleteAnnouncement, { aid }),
    invalidates,
    onSuccess: () => toast.success(t('Group_Deleted')),
  });
  const remove = (aid: number) => removal.mutate(aid);
  // The title and whether it is shown on a phone; the author, the time and editing in each row's details.
  const layout = useResponsiveColumns<GroupAnnouncement>([
    {
      title: t('Group_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string) => (
        <span style={{ display: 'inline-block', maxWidth: 320, overflowWrap: 'anywhere' }}>{v}</span>
      ),
    },
    { title: t('Group_Author'), dataIndex: 'username', key: 'username', from: 'tablet' },
    {
      title: t('Group_Status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: number, a) => (
        <Switch
          size="small"
          aria-label={t('Group_Status_Of', { title: a.title })}
          checked={v === 0}
          checkedChildren={t('Group_Status_Visible')}
          unCheckedChildren={t('Group_Status_Hidden')}
          disabled={!canManageAnnouncement(viewer, a)}
          onChange={(checked) => setStatus(a, checked)}
        />
      ),
    },
    {
      title: t('Group_Modified_At'),
      dataIndex: 'gmtModified',
      key: 'gmtModified',
      from: 'tablet',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('Group_Actions'),
      key: 'actions',
      from: 'tablet',
      render: (_, a) =>
        canManageAnnouncement(viewer, a) && (
          <Space>
            <Button size="small" onClick={() => setEditing(a)}>
              {t('Group_Edit_Text')}
            </Button>
            <Popconfirm
              title={t('Group_Delete_Announcement_Confirm')}
              okText={t('Group_Confirm')}
              cancelText={t('Group_Cancel')}
              onConfirm={() => remove(a.id)}
            >
              <Button size="small" danger>
                {t('Group_Delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ]);

  return (
    <section aria-label={t('Group_Tab_Announcement')}>
      <div className="oj-group-toolbar">
        <span />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('Group_Create_Announcement')}
        </Button>
      </div>
      <Table<GroupAnnouncement>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, GROUP_PAGE.lists, list.data?.total, setPage)}
        {...layout}
      />
      {editing !== undefined && (
        <AnnouncementDialog
          gid={gid}
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
    </section>
  );
};

export default GroupAnnouncementPage;
