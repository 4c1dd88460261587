import { type Announcement, adminAnnouncement } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { registerAdminSiteTexts } from './admin-site-texts';
import { registerAdminTexts } from './admin-texts';
import { EditDeleteActions } from './edit-delete-actions';

type Editing = Partial<Announcement> & { open: true };

/** /admin/announcement: the home page's announcements; hidden ones stay here only (root only). */
const AdminAnnouncementPage = () => {
  registerAdminTexts();
  registerAdminSiteTexts();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>();
  const list = useQuery({
    queryKey: ['admin', 'announcements', currentPage],
    queryFn: () => api.call(adminAnnouncement.getAnnouncementList, { currentPage, limit: 10 }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'announcements'] });
  const save = async (v: { title: string; content: string; visible: boolean }) => {
    const body = { title: v.title, content: v.content, status: v.visible ? 0 : 1 } as const;
    try {
      if (editing?.id) await api.call(adminAnnouncement.updateAnnouncement, { id: editing.id, ...body });
      else await api.call(adminAnnouncement.createAnnouncement, body);
      toast.success(t(editing?.id ? 'Update_Successfully' : 'Add_Successfully'));
      setEditing(undefined);
      refresh();
    } catch {
      // shown
    }
  };
  const remove = async (aid: number) => {
    try {
      await api.call(adminAnnouncement.deleteAnnouncement, { aid });
      refresh();
    } catch {
      // shown
    }
  };
  return (
    <Panel
      title={t('Admin_Announcement')}
      extra={
        <Button type="primary" onClick={() => setEditing({ open: true })}>
          {t('Create')}
        </Button>
      }
    >
      <Table<Announcement>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current: currentPage, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('Title'), dataIndex: 'title' },
          { title: t('Author'), dataIndex: 'username' },
          { title: t('Visible'), render: (_, a) => (a.status === 0 ? '✓' : '—') },
          { title: t('Modified_At'), render: (_, a) => formatTime(a.gmtModified, true) },
          {
            title: '',
            render: (_, a) => (
              <EditDeleteActions onEdit={() => setEditing({ ...a, open: true })} onDelete={() => void remove(a.id)} />
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
            layout="vertical"
            initialValues={{
              title: editing.title ?? '',
              content: editing.content ?? '',
              visible: editing.status !== 1,
            }}
            onFinish={(v) => void save(v)}
          >
            <Form.Item name="title" label={t('Title')} rules={[{ required: true, max: 255 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="content" label={t('Content')} rules={[{ required: true }]}>
              <Input.TextArea rows={8} />
            </Form.Item>
            <Form.Item name="visible" label={t('Visible')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('Save')}
            </Button>
          </Form>
        </Modal>
      )}
    </Panel>
  );
};

export default AdminAnnouncementPage;
