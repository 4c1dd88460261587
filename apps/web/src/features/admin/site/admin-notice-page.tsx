import { type AdminNotice, type NoticeType, notice } from '@oj/shared';
import { Form, Input, Radio, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { AdminCrudModal, AdminCrudPanel, AdminCrudTable, useAdminCrud } from '../admin-crud';

const TYPE_LABEL: Record<NoticeType, 'Notice_All' | 'Notice_Single' | 'Notice_Admin'> = {
  All: 'Notice_All',
  Single: 'Notice_Single',
  Admin: 'Notice_Admin',
};
type NoticeForm = { title: string; content: string; type: NoticeType; recipients: string[] };

/** /admin/notice: system notices to all users, chosen users or the admins (root only). */
const AdminNoticePage = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  const [form] = Form.useForm<NoticeForm>();
  const type = Form.useWatch('type', form);
  const crud = useAdminCrud<AdminNotice, NoticeForm>({
    listKey: queryKey(notice.getNoticeList),
    fetchPage: (currentPage) => api.call(notice.getNoticeList, { currentPage, limit: 10 }),
    save: (v, editing) => {
      const body = {
        title: v.title,
        content: v.content,
        type: v.type,
        recipients: v.type === 'Single' ? v.recipients : [],
      };
      return editing.id
        ? api.call(notice.updateNotice, { id: editing.id, ...body })
        : api.call(notice.createNotice, body);
    },
    remove: (n) => api.call(notice.deleteNotice, { id: n.id }),
  });
  return (
    <AdminCrudPanel crud={crud} title={t('Admin_Notice')}>
      <AdminCrudTable
        crud={crud}
        size="small"
        pageSize={10}
        // A phone shows the title and who receives it; the rest, edit and delete in each row's details.
        columns={[
          {
            title: t('Title'),
            dataIndex: 'title',
            key: 'title',
            render: (title: string) => <span className="oj-table-title">{title}</span>,
          },
          {
            title: t('Recipient_Type'),
            key: 'recipients',
            render: (_, n) => (
              // A long list of recipients wraps instead of widening the table.
              <Space wrap size={[0, 4]} style={{ maxWidth: 280 }}>
                <Tag>{t(TYPE_LABEL[n.type])}</Tag>
                {n.recipients.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('Author'), dataIndex: 'adminUsername', key: 'author', from: 'tablet' },
          { title: t('Created_At'), key: 'created', from: 'wide', render: (_, n) => formatTime(n.gmtCreate, true) },
        ]}
      />
      <AdminCrudModal
        crud={crud}
        form={form}
        title={(n) => t(n.id ? 'Edit' : 'Create')}
        initialValues={(n) => ({
          title: n.title ?? '',
          content: n.content ?? '',
          type: n.type ?? 'All',
          recipients: n.recipients ?? [],
        })}
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
      </AdminCrudModal>
    </AdminCrudPanel>
  );
};

export default AdminNoticePage;
