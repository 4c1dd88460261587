import { type AdminProblem, adminJudgeHeader, adminProblem, file } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, List, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/http-client';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Imported = { pid: number; problemId: string; title: string; renamedFrom: string | null };

/** /admin/problem/batch-operation: import a zip of packages or HOJ exports, export chosen problems (root only). */
const AdminProblemBatchPage = () => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  const [imported, setImported] = useState<Imported[]>([]);
  // An imported problem's own testlib.h, offered to a site that has none as a judge header.
  const [testlibOffer, setTestlibOffer] = useState<{ pid: number; problemId: string } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(adminProblem.getProblemList, 'batch', keyword, currentPage),
    queryFn: () => api.call(adminProblem.getProblemList, { keyword, currentPage, limit: 10 }),
  });
  // A phone shows the problem's id and title beside its checkbox; the internal ID and the author in each row's details.
  const layout = useResponsiveColumns<AdminProblem>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'tablet' },
    { title: t('Display_ID'), dataIndex: 'problemId', key: 'problemId' },
    {
      title: t('Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string) => <span className="oj-table-title">{title}</span>,
    },
    { title: t('Author'), dataIndex: 'author', key: 'author', from: 'tablet' },
  ]);

  const importing = useApiMutation({
    mutationFn: (zip: File) => {
      const body = new FormData();
      body.append('file', zip, zip.name);
      return api.call(file.importProblem, body as never);
    },
    invalidates: [queryKey(adminProblem.getProblemList)],
    onSuccess: (got) => {
      setImported(got.problems);
      setTestlibOffer(got.testlibOffer);
      toast.success(t('Add_Successfully'));
    },
  });
  /** The offered problem's testlib.h, uploaded as the site's judge header (the judge header page's own call). */
  const adoptTestlib = useApiMutation({
    mutationFn: async (pid: number) => {
      const p = await api.call(adminProblem.getProblem, { pid });
      const text = (JSON.parse(p.judgeExtraFile ?? '{}') as Record<string, string>)['testlib.h'] ?? '';
      const body = new FormData();
      body.append('file', new File([text], 'testlib.h', { type: 'text/plain' }), 'testlib.h');
      return api.upload(adminJudgeHeader.uploadJudgeHeader, body);
    },
    invalidates: [queryKey(adminJudgeHeader.getJudgeHeaders)],
    onSuccess: () => {
      setTestlibOffer(null);
      toast.success(t('Testlib_Adopted'));
    },
  });
  const exportSelected = async () => {
    const got = await api.download(file.exportProblem, { pid: selected });
    if (got) saveBlob(got);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t('Import_Problem')}>
        <Typography.Paragraph type="secondary">{t('Import_Tip')}</Typography.Paragraph>
        <Upload
          accept=".zip"
          showUploadList={false}
          beforeUpload={(f) => {
            importing.mutate(f);
            return false;
          }}
        >
          <Button type="primary">{t('Choose_Zip')}</Button>
        </Upload>
        {testlibOffer && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={t('Testlib_Offer', { problemId: testlibOffer.problemId })}
            // Under the text, not beside it: beside it a phone's width left the text a narrow column.
            description={
              <Button
                size="small"
                type="primary"
                loading={adoptTestlib.isPending}
                onClick={() => adoptTestlib.mutate(testlibOffer.pid)}
              >
                {t('Testlib_Adopt')}
              </Button>
            }
          />
        )}
        {imported.length > 0 && (
          <List
            header={t('Imported_Problems')}
            dataSource={imported}
            renderItem={(p) => (
              <List.Item>
                <Link to={`/admin/problem/edit/${p.pid}`}>
                  {p.problemId} {p.title}
                </Link>
                {p.renamedFrom && (
                  <Typography.Text type="warning">{t('Renamed_From', { id: p.renamedFrom })}</Typography.Text>
                )}
              </List.Item>
            )}
          />
        )}
      </Panel>
      <Panel
        title={t('Export_Problem')}
        extra={
          <Space>
            <Input.Search
              aria-label={t('Search_Problem')}
              placeholder={t('Search_Problem')}
              allowClear
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" disabled={selected.length === 0} onClick={() => void exportSelected()}>
              {t('Export')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('Export_Tip')}</Typography.Paragraph>
        <Table
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (p) => ({ 'aria-label': `${t('Export')} ${p.problemId}` }),
          }}
          pagination={serverPaging(currentPage, 10, list.data?.total, setPage)}
          {...layout}
        />
      </Panel>
    </Space>
  );
};

export default AdminProblemBatchPage;
