import { type AdminOtherContest, adminContest as contract } from '@oj/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { EditDeleteActions } from './edit-delete-actions';

const PAGE_SIZE = 10;

interface FormValues {
  title: string;
  url: string;
  source?: string;
  range: [Dayjs, Dayjs];
}

/** The "other" contests the home page lists (contests elsewhere, curated by admins; DESIGN §7). */
export const AdminOtherContestPanel = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<AdminOtherContest> | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'other-contests', currentPage],
    queryFn: () => api.call(contract.getOtherContestList, { currentPage, limit: PAGE_SIZE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'other-contests'] });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(contract.deleteOtherContest, { id }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const save = async (v: FormValues) => {
    const body = {
      title: v.title,
      url: v.url,
      source: v.source ?? '',
      startTime: v.range[0].toISOString(),
      endTime: v.range[1].toISOString(),
    };
    if (editing?.id) await api.call(contract.updateOtherContest, { ...body, id: editing.id });
    else await api.call(contract.createOtherContest, body);
    toast.success(t('Saved'));
    setEditing(null);
    void refresh();
  };

  return (
    <Panel title={t('Other_Contests')} extra={<Button onClick={() => setEditing({})}>{t('Add_Other_Contest')}</Button>}>
      <Table<AdminOtherContest>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('Contest_Title'),
            dataIndex: 'title',
            render: (title: string, o) => (
              <a href={o.url} target="_blank" rel="noopener noreferrer">
                {title}
              </a>
            ),
          },
          { title: t('Source'), dataIndex: 'source', width: 140 },
          {
            title: t('Start_Time'),
            dataIndex: 'startTime',
            width: 160,
            render: (v: string) => formatTime(v),
          },
          {
            title: t('End_Time'),
            dataIndex: 'endTime',
            width: 160,
            render: (v: string) => formatTime(v),
          },
          {
            title: t('Option'),
            key: 'option',
            width: 160,
            render: (_, o) => <EditDeleteActions onEdit={() => setEditing(o)} onDelete={() => remove.mutate(o.id)} />,
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'Edit' : 'Add_Other_Contest')}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
      >
        {editing && (
          <Form<FormValues>
            layout="vertical"
            initialValues={{
              title: editing.title,
              url: editing.url,
              source: editing.source,
              range:
                editing.startTime && editing.endTime ? [dayjs(editing.startTime), dayjs(editing.endTime)] : undefined,
            }}
            onFinish={save}
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
              <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('Save')}
            </Button>
          </Form>
        )}
      </Modal>
    </Panel>
  );
};
