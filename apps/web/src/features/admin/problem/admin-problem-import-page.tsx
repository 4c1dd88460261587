import { adminProblem, type ClientEndpoint, type ImportReport, importFormats } from '@oj/shared';
import { Button, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { PolygonImportSection } from './polygon-import-section';

const FORMATS = [
  { key: 'fps', label: 'Import_Fps', accept: '.xml,.zip', endpoint: importFormats.importFpsProblem },
  { key: 'qdoj', label: 'Import_Qdoj', accept: '.zip', endpoint: importFormats.importQdojProblem },
  { key: 'hydro', label: 'Import_Hydro', accept: '.zip', endpoint: importFormats.importHydroProblem },
] as const;

/** /admin/problem/import: FPS, QDUOJ and Hydro imports with a per-problem report, and the Polygon package import,
 * which runs as a background job (polygon-import-section.tsx) (root only). */
const AdminProblemImportPage = () => {
  const { t } = useTranslation(['admin', 'problem']);
  const [report, setReport] = useState<ImportReport>();
  // A failure the HTTP client has shown.
  const importing = useApiMutation({
    mutationFn: ({ endpoint, f }: { endpoint: ClientEndpoint; f: File }) => {
      const body = new FormData();
      body.append('file', f, f.name);
      return api.upload(endpoint, body);
    },
    invalidates: [queryKey(adminProblem.getProblemList)],
    onSuccess: (answer) => setReport(answer as ImportReport),
  });
  const busy = importing.isPending;
  // A phone shows each problem and whether it was imported; the source file and the notes in each row's details.
  const layout = useResponsiveColumns<ImportReport['problems'][number]>([
    {
      title: t('Source_File'),
      dataIndex: 'source',
      key: 'source',
      from: 'tablet',
      render: (v: string) => (
        <span className="oj-table-title" style={{ maxWidth: 200 }}>
          {v}
        </span>
      ),
    },
    {
      title: t('Title'),
      key: 'title',
      render: (_, p) =>
        p.pid ? (
          <Link to={`/admin/problem/edit/${p.pid}`} className="oj-table-title">{`${p.problemId} ${p.title}`}</Link>
        ) : (
          <span className="oj-table-title">{p.title}</span>
        ),
    },
    {
      title: t('Status'),
      key: 'status',
      render: (_, p) =>
        p.status === 'imported' ? <Tag color="green">{t('Imported')}</Tag> : <Tag color="red">{t('Skipped')}</Tag>,
    },
    {
      title: t('Notes'),
      key: 'notes',
      from: 'tablet',
      render: (_, p) => (
        <Typography.Text type={p.reason ? 'danger' : undefined} className="oj-table-title" style={{ maxWidth: 300 }}>
          {[p.reason, ...p.notes].filter(Boolean).join('; ')}
        </Typography.Text>
      ),
    },
  ]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t('Import_Formats')}>
        <Space wrap size="large">
          {FORMATS.map((f) => (
            <Upload
              key={f.key}
              accept={f.accept}
              showUploadList={false}
              beforeUpload={(file) => {
                importing.mutate({ endpoint: f.endpoint, f: file });
                return false;
              }}
            >
              <Button loading={busy}>{t(f.label)}</Button>
            </Upload>
          ))}
        </Space>
      </Panel>
      {report && (
        <Panel title={t('Import_Report', { imported: report.imported, skipped: report.skipped })}>
          <Table<ImportReport['problems'][number]>
            rowKey={(p) => p.source}
            size="small"
            pagination={false}
            dataSource={report.problems}
            {...layout}
          />
        </Panel>
      )}
      <PolygonImportSection />
    </Space>
  );
};

export default AdminProblemImportPage;
