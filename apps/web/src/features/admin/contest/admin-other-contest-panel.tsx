import { type AdminOtherContest, adminContest as contract } from '@oj/shared';
import { Button, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../../components/date-field';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { AdminCrudModal, AdminCrudTable, useAdminCrud } from '../admin-crud';

const PAGE_SIZE = 10;

interface FormValues {
  title: string;
  url: string;
  source?: string;
  range: [Dayjs, Dayjs];
}

/** The "other" contests the home page lists (contests elsewhere, curated by admins). */
export const AdminOtherContestPanel = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem', 'submission']);
  const crud = useAdminCrud<AdminOtherContest, FormValues>({
    listKey: queryKey(contract.getOtherContestList),
    fetchPage: (currentPage) => api.call(contract.getOtherContestList, { currentPage, limit: PAGE_SIZE }),
    save: (v, editing) => {
      const body = {
        title: v.title,
        url: v.url,
        source: v.source ?? '',
        startTime: v.range[0].toISOString(),
        endTime: v.range[1].toISOString(),
      };
      return editing.id
        ? api.call(contract.updateOtherContest, { ...body, id: editing.id })
        : api.call(contract.createOtherContest, body);
    },
    savedText: () => t('Saved'),
    remove: (o) => api.call(contract.deleteOtherContest, { id: o.id }),
    removedText: t('Delete_successfully'),
  });

  return (
    <Panel
      title={t('Other_Contests')}
      extra={<Button onClick={() => crud.setEditing({})}>{t('Add_Other_Contest')}</Button>}
    >
      <AdminCrudTable
        crud={crud}
        size="small"
        pageSize={PAGE_SIZE}
        loading="fetching"
        actions={{ title: t('Option'), width: 160 }}
        // A phone shows the title and the start; the source, the end, edit and delete in each row's details.
        columns={[
          {
            title: t('Contest_Title'),
            dataIndex: 'title',
            key: 'title',
            render: (title: string, o) => (
              <a
                href={o.url}
                target="_blank"
                rel="noopener noreferrer"
                className="oj-table-title"
                style={{ maxWidth: 260 }}
              >
                {title}
              </a>
            ),
          },
          { title: t('Source'), dataIndex: 'source', key: 'source', from: 'tablet', width: 140 },
          {
            title: t('Start_Time'),
            dataIndex: 'startTime',
            key: 'start',
            width: 160,
            render: (v: string) => formatTime(v),
          },
          {
            title: t('End_Time'),
            dataIndex: 'endTime',
            key: 'end',
            from: 'tablet',
            width: 160,
            render: (v: string) => formatTime(v),
          },
        ]}
      />
      <AdminCrudModal
        crud={crud}
        title={(o) => t(o.id ? 'Edit' : 'Add_Other_Contest')}
        initialValues={(o) => ({
          title: o.title,
          url: o.url,
          source: o.source,
          range: o.startTime && o.endTime ? ([dayjs(o.startTime), dayjs(o.endTime)] as [Dayjs, Dayjs]) : undefined,
        })}
      >
        <Form.Item name="title" label={t('Contest_Title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('Link')}
          rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: t('Link_Must_Be_Http') }]}
        >
          <Input maxLength={1000} placeholder="https://" />
        </Form.Item>
        <Form.Item name="source" label={t('Source')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="range" label={`${t('Start_Time')} – ${t('End_Time')}`} rules={[{ required: true }]}>
          <DateRangeField showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </AdminCrudModal>
    </Panel>
  );
};
