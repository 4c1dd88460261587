import { importFormats, packageCheck } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { importJobStageText } from './import-job-stage';
import { PackageCheckReportView } from './package-check-report';
import { ProblemSolutionsList } from './problem-solutions-list';

/** How often a running check's job is read (GET /api/admin/import-job). */
export const JOB_POLL_MS = 1000;

/** The package check of a saved problem (decision 0054; contract packages/shared/src/contract/package-check.ts): its
 * reference solutions, the button that runs the check on a judge, the job's progress while it runs, and the last
 * report. A check already running when the page opens (a Polygon import's, another tab's) is followed the same way. */
export const ProblemPackageCheckSection = ({ pid }: { pid: number }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: queryKey(packageCheck.getPackageCheck, pid),
    queryFn: () => api.call(packageCheck.getPackageCheck, { pid }),
  });
  const [started, setStarted] = useState<number | null>(null);
  const jobId = started ?? (report.data?.status === 'running' ? report.data.jobId : null);
  // Read every second while it runs; a finished job, a failed read, or leaving the page stops the polling.
  const job = useQuery({
    queryKey: queryKey(importFormats.getImportJob, jobId),
    enabled: jobId !== null,
    queryFn: () => api.call(importFormats.getImportJob, { id: jobId as number }),
    refetchInterval: (q) =>
      q.state.error || (q.state.data && q.state.data.status !== 'running') ? false : JOB_POLL_MS,
    staleTime: 0,
  });
  const finished = job.data && job.data.status !== 'running' ? job.data.status : null;
  // Once per finished job: the report is read again (it now holds this check).
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (jobId === null || !finished || reported.current === jobId) return;
    reported.current = jobId;
    setStarted(null);
    void queryClient.invalidateQueries({ queryKey: queryKey(packageCheck.getPackageCheck, pid) });
  }, [jobId, finished, queryClient, pid]);
  const start = useApiMutation({
    mutationFn: () => api.call(packageCheck.startPackageCheck, { pid }),
    onSuccess: ({ jobId }) => setStarted(jobId),
  });
  const running = jobId !== null && !finished && !job.isError;
  return (
    <>
      <ProblemSolutionsList pid={pid} />
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Paragraph type="secondary">{t('Package_Check_Tip')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" loading={start.isPending} disabled={running} onClick={() => start.mutate()}>
          {t('Package_Check_Run')}
        </Button>
      </Space>
      {running && (
        <div role="status" style={{ marginBottom: 12, maxWidth: 480 }}>
          <Progress percent={job.data?.progress ?? 0} size="small" status="active" />
          <Typography.Text type="secondary">
            {t('Package_Check_Progress', { progress: job.data?.progress ?? 0 })}
            {job.data && importJobStageText(t, job.data) ? ` · ${importJobStageText(t, job.data)}` : ''}
          </Typography.Text>
        </div>
      )}
      {report.isSuccess && <PackageCheckReportView report={report.data} />}
    </>
  );
};
