import { type AdminNotice, type NoticeType, notice } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { registerAdminSiteTexts } from './admin-site-texts';
import { registerAdminTexts } from './admin-texts';
import { EditDeleteActions } from './edit-delete-actions';

const TYPE_LABEL: Record<NoticeType, 'Notice_All' | 'Notice_Single' | 'Notice_Admin'> = {
  All: 'Notice_All',
  Single: 'Notice_Single',
  Admin: 'Notice_Admin',
};
type NoticeForm = { title: string; content: string; type: NoticeType; recipients: string[] };

/** /admin/notice: system notices to all users, chosen users or the admins (root only). */
const AdminNoticePage = () => {
  registerAdminTexts();
  registerAdminSiteTexts();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<AdminNotice> & { open: true }>();
  const [form] = Form.useForm<NoticeForm>();
  const type = Form.useWatch('type', form);
  const list = useQuery({
    queryKey: ['admin', 'notices', currentPage],
    queryFn: () => api.call(notice.getNoticeList, { currentPage, limit: 10 }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'notices'] });
  const save = async (v: NoticeForm) => {
    const body = {
      title: v.title,
      content: v.content,
      type: v.type,
      recipients: v.type === 'Single' ? v.recipients : [],
    };
    try {
      if (editing?.id) await api.call(notice.updateNotice, { id: editing.id, ...body });
      else await api.call(notice.createNotice, body);
      toast.success(t(editing?.id ? 'Update_Successfully' : 'Add_Successfully'));
      setEditing(undefined);
      refresh();
    } catch {
      // shown
    }
  };
  const remove = async (id: number) => {
    try {
      await api.call(notice.deleteNotice, { id });
      refresh();
    } catch {
      // shown
    }
  };
  return (
    <Panel
      title={t('Admin_Notice')}
      extra={
        <Button type="primary" onClick={() => setEditing({ open: true })}>
          {t('Create')}
        </Button>
      }
    >
      <Table<AdminNotice>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current: currentPage, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('Title'), dataIndex: 'title' },
          {
            title: t('Recipient_Type'),
            render: (_, n) => (
              <Space wrap>
                <Tag>{t(TYPE_LABEL[n.type])}</Tag>
                {n.recipients.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('Author'), dataIndex: 'adminUsername' },
          { title: t('Created_At'), render: (_, n) => formatTime(n.gmtCreate, true) },
          {
            title: '',
            render: (_, n) => (
              <EditDeleteActions onEdit={() => setEditing({ ...n, open: true })} onDelete={() => void remove(n.id)} />
            ),
          },
        ]}
      />
      {editing && (
        <Modal
          open
          title={t(editing.id ? 'Edit' : 'Create')}
          footer={null}
          onCancel={() => setEditing(undefined)}
          destroyOnHidden
        >
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              title: editing.title ?? '',
              content: editing.content ?? '',
              type: editing.type ?? 'All',
              recipients: editing.recipients ?? [],
            }}
            onFinish={(v) => void save(v)}
          >
            <Form.Item name="title" label={t('Title')} rules={[{ required: true, max: 255 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="content" label={t('Content')} rules={[{ required: true }]}>
              <Input.TextArea rows={6} />
            </Form.Item>
            <Form.Item name="type" label={t('Recipient_Type')}>
              <Radio.Group
                options={(Object.keys(TYPE_LABEL) as NoticeType[]).map((k) => ({ value: k, label: t(TYPE_LABEL[k]) }))}
              />
            </Form.Item>
            {type === 'Single' && (
              <Form.Item name="recipients" label={t('Recipients_Usernames')} rules={[{ required: true }]}>
                <Select mode="tags" open={false} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit">
              {t('Save')}
            </Button>
          </Form>
        </Modal>
      )}
    </Panel>
  );
};

export default AdminNoticePage;
