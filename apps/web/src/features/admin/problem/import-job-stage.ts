import type { ImportJob } from '@oj/shared';
import type { TFunction } from 'i18next';

/** What a running import job or package check is doing, in words (packages/shared/src/contract/import-formats.ts
 * IMPORT_JOB_STAGES): waiting for a judge, or its steps on one; nothing once it ended (its status says it). */
export const importJobStageText = (t: TFunction, job: Pick<ImportJob, 'stage' | 'stepsDone' | 'stepsTotal'>) =>
  job.stage === 'waiting'
    ? t('Import_Stage_Waiting')
    : job.stage === 'running' && job.stepsTotal > 0
      ? t('Import_Stage_Running', { done: job.stepsDone, total: job.stepsTotal })
      : '';
