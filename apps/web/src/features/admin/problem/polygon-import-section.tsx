import { adminProblem, type ImportJob, importFormats } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/http-client';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { importJobStageText } from './import-job-stage';
import './polygon-import-section.css';

type StatementLanguage = (typeof importFormats.POLYGON_STATEMENT_LANGUAGES)[number];

/** The URL query naming the job on show, so a reload picks it up again. */
export const POLYGON_JOB_PARAM = 'polygonJob';
/** How often a running job is read again. */
export const IMPORT_JOB_POLL_MS = 1000;

const LANGUAGES: Record<StatementLanguage, { labelKey: string }> = {
  chinese: { labelKey: 'Polygon_Language_Chinese' },
  english: { labelKey: 'Polygon_Language_English' },
  russian: { labelKey: 'Polygon_Language_Russian' },
};
const STATUS_TAGS: Record<ImportJob['status'], { color: string; labelKey: string }> = {
  running: { color: 'processing', labelKey: 'Import_Job_Running' },
  done: { color: 'success', labelKey: 'Import_Job_Done' },
  failed: { color: 'error', labelKey: 'Import_Job_Failed' },
};

const jobIdOf = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);

/** One import job: its progress while it runs, then the problem it made or every reason it failed. */
const ImportJobView = ({ id }: { id: number }) => {
  const { t } = useTranslation(['admin', 'problem']);
  const queryClient = useQueryClient();
  const key = queryKey(importFormats.getImportJob, id);
  const job = useQuery({
    queryKey: key,
    // Only the first read shows its failure: a poll that fails once (a network blip) is not worth a notice a second.
    queryFn: () =>
      api.call(importFormats.getImportJob, { id }, { silent: queryClient.getQueryData(key) !== undefined }),
    // TanStack Query stops the interval when the page unmounts; a job the server no longer knows (4xx) stops it too.
    refetchInterval: (q) =>
      q.state.data?.status === 'running' && !(q.state.error instanceof ApiError && q.state.error.status >= 400)
        ? IMPORT_JOB_POLL_MS
        : false,
    staleTime: 0,
  });
  const j = job.data;
  const done = j?.status === 'done';
  // The new problem belongs in the admin problem list as soon as the job made it.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: queryKey(adminProblem.getProblemList) });
  }, [done, queryClient]);
  if (!j) return null;
  const tag = STATUS_TAGS[j.status];
  return (
    <section className="oj-polygon-job" aria-label={t('Polygon_Job', { id: j.id })}>
      <div className="oj-polygon-job__head">
        <strong>{t('Polygon_Job', { id: j.id })}</strong>
        <Tag color={tag.color}>{t(tag.labelKey)}</Tag>
        {j.title && <span className="oj-polygon-job__title">{j.title}</span>}
      </div>
      <Progress
        percent={j.progress}
        status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'}
        aria-label={t('Polygon_Progress')}
      />
      {importJobStageText(t, j) && <div className="oj-polygon-job__stage">{importJobStageText(t, j)}</div>}
      {j.status === 'done' && (
        <div className="oj-polygon-job__result">
          <Typography.Text type="success">
            {t('Polygon_Imported')}{' '}
            {j.pid ? <Link to={`/admin/problem/edit/${j.pid}`}>{`${j.problemId ?? j.pid} ${j.title}`}</Link> : j.title}
          </Typography.Text>
          {j.notes.length > 0 && (
            <>
              <div className="oj-polygon-job__label">{t('Notes')}</div>
              <ul className="oj-polygon-job__list">
                {j.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {j.status === 'failed' && (
        <div className="oj-polygon-job__result">
          <ul className="oj-polygon-job__list oj-polygon-job__errors" aria-label={t('Polygon_Errors')}>
            {j.errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
          <Typography.Text type="danger">{t('Polygon_Nothing_Imported')}</Typography.Text>
        </div>
      )}
    </section>
  );
};

/** The Polygon package import of /admin/problem/import: the zip and the statement language go up, the server answers
 * a job id at once (or 400 when the package is refused outright), and the job is followed here until it ends. The job
 * id lives in the URL (`?polygonJob=12`), so a reload shows the same job. */
export const PolygonImportSection = () => {
  const { t } = useTranslation(['admin', 'problem']);
  const [params, setParams] = useSearchParams();
  const jobId = jobIdOf(params.get(POLYGON_JOB_PARAM));
  const [file, setFile] = useState<File>();
  const [language, setLanguage] = useState<StatementLanguage | 'auto'>('auto');
  const importing = useApiMutation({
    mutationFn: ({ f, lang }: { f: File; lang: StatementLanguage | 'auto' }) => {
      const body = new FormData();
      body.append('file', f, f.name);
      // Automatic sends no language: the server takes Chinese when the package has it, else English.
      if (lang !== 'auto') body.append('language', lang);
      return api.upload(importFormats.importPolygonProblem, body);
    },
    onSuccess: ({ jobId: id }) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set(POLYGON_JOB_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
  });
  // The HTTP client has notified the refusal; it stays here too, as a notice is gone before a long list is read.
  const refused = importing.error instanceof ApiError && importing.error.status === 400 ? importing.error : undefined;
  return (
    <Panel title={t('Polygon_Package')}>
      <Space orientation="vertical" size="middle" className="oj-polygon-import">
        <Typography.Text type="secondary">{t('Polygon_Help')}</Typography.Text>
        <div className="oj-polygon-import__controls">
          <Upload
            accept=".zip"
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
          >
            <Button>{t('Choose_File')}</Button>
          </Upload>
          <span className="oj-polygon-import__file">{file ? file.name : t('Polygon_No_File')}</span>
        </div>
        <div className="oj-polygon-import__field">
          <span>{t('Polygon_Statement_Language')}</span>
          <Select<StatementLanguage | 'auto'>
            aria-label={t('Polygon_Statement_Language')}
            value={language}
            onChange={setLanguage}
            className="oj-polygon-import__select"
            options={[
              { value: 'auto', label: t('Polygon_Language_Auto') },
              ...importFormats.POLYGON_STATEMENT_LANGUAGES.map((l) => ({ value: l, label: t(LANGUAGES[l].labelKey) })),
            ]}
          />
        </div>
        <div>
          <Button
            type="primary"
            disabled={!file}
            loading={importing.isPending}
            onClick={() => file && importing.mutate({ f: file, lang: language })}
          >
            {t('Import')}
          </Button>
        </div>
        {refused && <Alert type="error" showIcon title={refused.message} className="oj-polygon-import__refused" />}
        {jobId !== undefined && <ImportJobView key={jobId} id={jobId} />}
      </Space>
    </Panel>
  );
};
