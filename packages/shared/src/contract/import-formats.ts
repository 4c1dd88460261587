import { z } from 'zod';
import { endpoint } from '../api.js';
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
