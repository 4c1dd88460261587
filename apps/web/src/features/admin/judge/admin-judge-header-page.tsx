import { adminJudgeHeader, type JudgeHeader } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { readableSize } from '../../../lib/readable-size';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** /admin/judge-headers: the site's judge headers (testlib.h ...), on the include path of every special judge and
 * interactor compile on every judge; root uploads (adds or replaces by file name) and deletes them. */
const AdminJudgeHeaderPage = () => {
  const { t } = useTranslation(['admin']);
  const queryClient = useQueryClient();
  const headers = useQuery({
    queryKey: queryKey(adminJudgeHeader.getJudgeHeaders),
    queryFn: () => api.call(adminJudgeHeader.getJudgeHeaders, {}),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey(adminJudgeHeader.getJudgeHeaders) });
  // Failures of these mutations the HTTP client has shown (the server names what is wrong with a file).
  const upload = useApiMutation({
    mutationFn: (f: File) => {
      const body = new FormData();
      body.append('file', f, f.name);
      return api.upload(adminJudgeHeader.uploadJudgeHeader, body);
    },
    onSuccess: (h) => {
      toast.success(t('Judge_Header_Uploaded', { name: h.name }));
      refresh();
    },
  });
  const remove = useApiMutation({
    mutationFn: (name: string) => api.call(adminJudgeHeader.deleteJudgeHeader, { name }),
    onSuccess: () => {
      toast.success(t('Delete_Successfully'));
      refresh();
    },
  });
  // A phone shows the header's name and version; its size, date, uploader and Delete in each row's details.
  const layout = useResponsiveColumns<JudgeHeader>([
    { title: t('Judge_Header_Name'), dataIndex: 'name', key: 'name' },
    {
      title: t('Judge_Header_Size'),
      dataIndex: 'size',
      key: 'size',
      from: 'tablet',
      render: (v: number) => readableSize(v),
    },
    {
      title: t('Judge_Header_Version'),
      dataIndex: 'version',
      key: 'version',
      render: (v: string | null) => <span className="oj-table-title">{v ?? '-'}</span>,
    },
    {
      title: t('Judge_Header_Updated'),
      dataIndex: 'gmtModified',
      key: 'updated',
      from: 'tablet',
      render: (v: string) => formatTime(v),
    },
    { title: t('Judge_Header_Uploader'), dataIndex: 'uploadedBy', key: 'uploader', from: 'tablet' },
    {
      title: t('Action'),
      key: 'action',
      from: 'tablet',
      render: (_: unknown, h) => (
        <Popconfirm title={t('Judge_Header_Delete_Confirm', { name: h.name })} onConfirm={() => remove.mutate(h.name)}>
          <Button size="small" danger aria-label={t('Judge_Header_Delete', { name: h.name })}>
            {t('Delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ]);
  return (
    <Panel
      title={t('Judge_Headers_Title')}
      extra={
        <Upload
          accept=".h,.hpp,.hh"
          showUploadList={false}
          beforeUpload={(f) => {
            upload.mutate(f);
            return false;
          }}
        >
          <Button type="primary" loading={upload.isPending}>
            {t('Judge_Header_Upload')}
          </Button>
        </Upload>
      }
    >
      <Typography.Paragraph type="secondary">{t('Judge_Header_Tip')}</Typography.Paragraph>
      <Table<JudgeHeader>
        rowKey="name"
        size="small"
        pagination={false}
        loading={headers.isLoading}
        dataSource={headers.data ?? []}
        locale={{ emptyText: t('Judge_Header_Empty') }}
        {...layout}
      />
    </Panel>
  );
};

export default AdminJudgeHeaderPage;
