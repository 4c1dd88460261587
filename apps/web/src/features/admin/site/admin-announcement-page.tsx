import { type Announcement, adminAnnouncement } from '@oj/shared';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { AdminCrudModal, AdminCrudPanel, AdminCrudTable, useAdminCrud } from '../admin-crud';

type AnnouncementForm = { title: string; content: string; visible: boolean };

/** /admin/announcement: the home page's announcements; hidden ones stay here only (root only). */
const AdminAnnouncementPage = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  const crud = useAdminCrud<Announcement, AnnouncementForm>({
    listKey: queryKey(adminAnnouncement.getAnnouncementList),
    fetchPage: (currentPage) => api.call(adminAnnouncement.getAnnouncementList, { currentPage, limit: 10 }),
    save: (v, editing) => {
      const body = { title: v.title, content: v.content, status: v.visible ? 0 : 1 } as const;
      return editing.id
        ? api.call(adminAnnouncement.updateAnnouncement, { id: editing.id, ...body })
        : api.call(adminAnnouncement.createAnnouncement, body);
    },
    remove: (a) => api.call(adminAnnouncement.deleteAnnouncement, { aid: a.id }),
  });
  return (
    <AdminCrudPanel crud={crud} title={t('Admin_Announcement')}>
      <AdminCrudTable
        crud={crud}
        size="small"
        pageSize={10}
        // A phone shows the title and whether it is visible; the rest, edit and delete in each row's details.
        columns={[
          {
            title: t('Title'),
            dataIndex: 'title',
            key: 'title',
            render: (title: string) => <span className="oj-table-title">{title}</span>,
          },
          { title: t('Author'), dataIndex: 'username', key: 'author', from: 'tablet' },
          { title: t('Visible'), key: 'visible', render: (_, a) => (a.status === 0 ? '✓' : '—') },
          {
            title: t('Modified_At'),
            key: 'modified',
            from: 'tablet',
            render: (_, a) => formatTime(a.gmtModified, true),
          },
        ]}
      />
      <AdminCrudModal
        crud={crud}
        title={(a) => t(a.id ? 'Edit' : 'Create')}
        initialValues={(a) => ({ title: a.title ?? '', content: a.content ?? '', visible: a.status !== 1 })}
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
      </AdminCrudModal>
    </AdminCrudPanel>
  );
};

export default AdminAnnouncementPage;
