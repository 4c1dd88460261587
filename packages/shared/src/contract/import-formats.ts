import { z } from 'zod';
import { endpoint, wireInt } from '../api.js';
import { UPLOAD_LIMITS, uploadedFile } from './file.js';

/** Imports of other judges' formats (HOJ's ImportFpsProblemController, ImportQDUOJProblemController,
 * ImportHydroProblemController): root only. HOJ answers Void; ours reports every problem found, imported or
 * skipped with the reason, and what was left out of the ones imported. */

const file = uploadedFile();
const upload = { maxBytes: UPLOAD_LIMITS.zipMaxBytes };

export const importReport = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  problems: z.array(
    z.object({
      /** Where the problem was found in the upload (file or folder). */
      source: z.string(),
      title: z.string(),
      status: z.enum(['imported', 'skipped']),
      pid: z.number().int().nullable(),
      problemId: z.string().nullable(),
      /** Why it was skipped. */
      reason: z.string().nullable(),
      /** What was imported and what was left out (e.g. "3 test cases", "image x.png kept inline"). */
      notes: z.array(z.string()),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReport>;

export const importFpsProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-fps-problem',
  access: 'root',
  upload,
  input: z.object({ file }),
  output: importReport,
});

export const importQdojProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-qdoj-problem',
  access: 'root',
  upload,
  input: z.object({ file }),
  output: importReport,
});

export const importHydroProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-hydro-problem',
  access: 'root',
  upload,
  input: z.object({ file }),
  output: importReport,
});

/** Polygon packages (decision 0054): what can be seen without running anything is checked at once (HTTP 400 with
 * every problem found); generators, the validator and the main solution then run on a judge as a background job, and
 * the problem exists only once the job is done. */
export const POLYGON_STATEMENT_LANGUAGES = ['chinese', 'english', 'russian'] as const;
export const importPolygonProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-polygon-problem',
  access: 'root',
  upload,
  input: z.object({
    file,
    /** The statement to take (a problem holds one): the package's Chinese one by default when present, else English,
     * else the first. */
    language: z.enum(POLYGON_STATEMENT_LANGUAGES).optional(),
  }),
  output: z.object({ jobId: z.number().int() }),
});

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const IMPORT_JOB_STAGES = ['waiting', 'running', 'done', 'failed'] as const;

/** A background import (or package check) job: progress in percent; when done, the problem it made or checked; when
 * failed, every reason (a generator that fails, a test the validator rejects...), and nothing was imported. */
export const importJob = z.object({
  id: z.number().int(),
  kind: z.enum(['polygon', 'check']),
  status: z.enum(IMPORT_JOB_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** waiting: for a judge; running: on a judge, `stepsDone` of `stepsTotal` steps (compiles, tests made,
   * validations, answers, the check's runs); done; failed. */
  stage: z.enum(IMPORT_JOB_STAGES),
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  pid: z.number().int().optional(),
  problemId: z.string().optional(),
  title: z.string(),
  errors: z.array(z.string()),
  /** What was imported and left out, as the other imports report it. */
  notes: z.array(z.string()),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type ImportJob = z.infer<typeof importJob>;

/** Who started the job (root, or the manager of a problem whose check it is) and root see it. */
export const getImportJob = endpoint({
  method: 'GET',
  path: '/api/admin/import-job',
  access: 'user',
  input: z.object({ id: wireInt(z.number().int().positive()) }),
  output: importJob,
});
