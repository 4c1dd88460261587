import { z } from 'zod';
import { endpoint, isoDate, wireInt } from '../api.js';
import { LANGUAGE_NAMES } from '../judge.js';
import { SOLUTION_TAGS } from './judge-protocol.js';

/** The package check (decision 0054): a problem's reference solutions, each with the verdict it is expected to get,
 * run on every test, and every test through the problem's validator, on a judge as a background job followed on
 * GET /api/admin/import-job. Who manages the problem (an admin role for the bank's, the group's rule for a group's)
 * manages its solutions and runs its check. */

const pid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

export const problemSolution = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  language: z.string(),
  tag: z.enum(SOLUTION_TAGS),
  code: z.string(),
  gmtCreate: isoDate,
});
export type ProblemSolution = z.infer<typeof problemSolution>;

export const getProblemSolutions = endpoint({
  method: 'GET',
  path: '/api/admin/problem/solutions',
  access: 'user',
  input: z.object({ pid }),
  output: z.array(problemSolution),
});

/** A solution's source is at most 64 KiB, as a submission's. */
export const SOLUTION_CODE_MAX = 65_536;

export const addProblemSolution = endpoint({
  method: 'POST',
  path: '/api/admin/problem/solution',
  access: 'user',
  input: z.object({
    pid,
    name: z.string().trim().min(1).max(100),
    language: z.enum(LANGUAGE_NAMES),
    tag: z.enum(SOLUTION_TAGS),
    code: z.string().min(1).max(SOLUTION_CODE_MAX),
  }),
  output: problemSolution,
});

export const deleteProblemSolution = endpoint({
  method: 'DELETE',
  path: '/api/admin/problem/solution',
  access: 'user',
  input: z.object({ id: wireInt(z.number().int().positive()) }),
  output: z.null(),
});

export const startPackageCheck = endpoint({
  method: 'POST',
  path: '/api/admin/problem/package-check',
  access: 'user',
  input: z.object({ pid }),
  output: z.object({ jobId: z.number().int() }),
});

/** The last check of the problem (a Polygon import's own, or one run on demand); null when it was never checked. */
export const packageCheckReport = z.object({
  jobId: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  checkedAt: isoDate,
  /** Why the check could not run to its end (a program that does not compile...). */
  errors: z.array(z.string()),
  solutions: z.array(
    z.object({
      name: z.string(),
      tag: z.enum(SOLUTION_TAGS),
      ok: z.boolean(),
      message: z.string(),
      verdicts: z.array(z.object({ test: z.number().int(), status: z.number().int(), timeMs: z.number().int() })),
    }),
  ),
  tests: z.array(z.object({ name: z.string(), valid: z.boolean(), message: z.string() })),
  /** The main solution's time on its slowest test (null without a main solution or before it ran). */
  mainSlowestMs: z.number().int().nullable(),
  timeLimitMs: z.number().int(),
});
export type PackageCheckReport = z.infer<typeof packageCheckReport>;

export const getPackageCheck = endpoint({
  method: 'GET',
  path: '/api/admin/problem/package-check',
  access: 'user',
  input: z.object({ pid }),
  output: packageCheckReport.nullable(),
});
