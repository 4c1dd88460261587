import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, qStr, wireInt } from '../api.js';
import { JUDGE_CASE_MODES, JUDGE_MODES } from '../judge.js';
import { problem, tag } from './problem.js';

/** Problem administration (HOJ's AdminProblemController).
 * Paths, parameters and bodies are HOJ's, so HOJ's client works unchanged; the wire keeps HOJ's names and units. */

/** Defaults of a new problem. */
export const PROBLEM_DEFAULTS = {
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  difficulty: 0,
  auth: 1,
} as const;

/** The only languages a checker or interactor is written in (HOJ's `is_spj` languages). */
export const CHECKER_LANGUAGES = ['C', 'C++'] as const;

/** A special judge's or interactor's compile state (admin-problem.service.ts queues the compile on every save). */
export const CHECKER_STATES = ['compiling', 'ok', 'error'] as const;
export type CheckerState = (typeof CHECKER_STATES)[number];

/** The admin's full view of a problem: HOJ's Problem entity, the public view plus what it withholds (the
 * checker, its language and the judge's extra files, HOJ-encoded as a JSON string). */
export const adminProblem = problem.extend({
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  judgeExtraFile: z.string().nullable(),
  /** The checker's last compile on a judge, queued on every save or import: null for a problem without a checker. */
  checkerState: z.enum(CHECKER_STATES).nullable(),
  /** The compiler's message (or why no judge compiled it) when the state is 'error'. */
  checkerError: z.string().nullable(),
});
export type AdminProblem = z.infer<typeof adminProblem>;

/** HOJ's ProblemCase: for uploaded data `input`/`output` are file names, for manual cases the texts. */
export const problemCase = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  input: z.string(),
  output: z.string(),
  score: z.number().int(),
  groupNum: z.number().int(),
  status: z.number().int(),
  gmtCreate: isoDate.nullable(),
  gmtModified: isoDate.nullable(),
});
export type ProblemCase = z.infer<typeof problemCase>;

export const getProblemList = endpoint({
  method: 'GET',
  path: '/api/admin/problem/get-problem-list',
  access: 'admin',
  input: z.object({
    ...pageQuery(10),
    keyword: qStr().pipe(z.string().max(100).optional()),
    /** 1 public, 2 private, 3 contest; absent or 0 (HOJ's client sends it for "all"): all. */
    auth: wireInt(z.number().int().min(0).max(3).optional()),
    oj: qStr(),
  }),
  output: page(adminProblem),
});

const pidQuery = z.object({ pid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) });

export const getProblem = endpoint({
  method: 'GET',
  path: '/api/admin/problem',
  access: 'admin',
  input: pidQuery,
  output: adminProblem,
});

export const deleteProblem = endpoint({
  method: 'DELETE',
  path: '/api/admin/problem',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: pidQuery,
  output: z.null(),
});

/** Tags of one problem (HOJ's admin form loads them separately). */
export const getProblemTags = endpoint({
  method: 'GET',
  path: '/api/get-problem-tags',
  access: 'public',
  input: pidQuery,
  output: z.array(tag),
});

/** Every language and template of a problem as stored, disabled templates included (the edit form). */
/** The problem form's languages, templates (disabled ones too) and tags: who manages the problem, a group's
 * admins for its problems (decision 0023). */
export const getProblemSettings = endpoint({
  method: 'GET',
  path: '/api/admin/problem/get-problem-settings',
  access: 'user',
  input: pidQuery,
  output: z.object({
    languages: z.array(z.string()),
    codeTemplates: z.array(z.object({ language: z.string(), code: z.string(), status: z.boolean() })),
    tags: z.array(tag),
  }),
});

export const getProblemCases = endpoint({
  method: 'GET',
  path: '/api/admin/problem/get-problem-cases',
  access: 'admin',
  input: z.object({ pid: wireInt(z.number().int().positive()), isUpload: qBool() }),
  output: z.array(problemCase),
});

/** An extra file (user or judge) is text of at most 1 MiB in UTF-8. */
export const EXTRA_FILE_MAX_BYTES = 1024 * 1024;
/** The body of a call that carries a problem's extra files: two sets of files up to 1 MiB each, JSON-escaped. */
export const PROBLEM_BODY_MAX_BYTES = 8 * 1024 * 1024;
const utf8 = new TextEncoder();

const extraFiles = z
  .union([z.string(), z.record(z.string(), z.string()), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      const parsed = JSON.parse(v) as unknown;
      const check = z.record(z.string(), z.string()).safeParse(parsed);
      if (check.success) return check.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'a JSON object of file name to content' });
    return z.NEVER;
  })
  .pipe(
    z
      .record(
        z
          .string()
          .min(1, { error: 'Extra_File_Name_Required' })
          .max(255)
          .regex(/^[^/\\]+$/),
        // Only a long text can be over: 1 MiB of UTF-8 is at least 262,144 characters.
        z
          .string()
          .refine(
            (text) => text.length <= EXTRA_FILE_MAX_BYTES / 4 || utf8.encode(text).length <= EXTRA_FILE_MAX_BYTES,
            {
              error: 'extraFileTooLarge',
            },
          ),
      )
      .refine((files) => Object.keys(files).length <= 50, 'at most 50 files'),
  );

const textLimit = (max: number) => z.string().max(max);

/** The problem part of ProblemDTO. */
export const problemBody = z.object({
  id: wireInt(z.number().int().nullish()),
  /** The group of a group problem (its calls under /api/group); the admin area's calls ignore it. */
  gid: wireInt(z.number().int().positive().nullish()),
  problemId: z.string().trim().max(255).nullish(),
  title: z.string({ error: 'Problem_Title_Required' }).trim().min(1, { error: 'Problem_Title_Required' }).max(255),
  type: wireInt(z.union([z.literal(0), z.literal(1)]).default(0)),
  timeLimit: wireInt(z.number().int().min(1).max(60_000).default(PROBLEM_DEFAULTS.timeLimit)),
  memoryLimit: wireInt(z.number().int().min(1).max(8192).default(PROBLEM_DEFAULTS.memoryLimit)),
  stackLimit: wireInt(z.number().int().min(1).max(8192).default(PROBLEM_DEFAULTS.stackLimit)),
  description: textLimit(65535).default(''),
  input: z
    .string({ error: 'Input_Description_Required' })
    .trim()
    .min(1, { error: 'Input_Description_Required' })
    .max(65535),
  output: z
    .string({ error: 'Output_Description_Required' })
    .trim()
    .min(1, { error: 'Output_Description_Required' })
    .max(65535),
  examples: textLimit(65535).nullish(),
  source: textLimit(255).nullish(),
  hint: textLimit(65535).nullish(),
  difficulty: wireInt(z.number().int().min(0).max(2).default(PROBLEM_DEFAULTS.difficulty)),
  auth: wireInt(z.number().int().min(1).max(3).default(PROBLEM_DEFAULTS.auth)),
  codeShare: z.boolean().default(true),
  spjCode: textLimit(65535).nullish(),
  spjLanguage: z.enum(CHECKER_LANGUAGES).nullish(),
  userExtraFile: extraFiles,
  judgeExtraFile: extraFiles,
  isRemoveEndBlank: z.boolean().default(true),
  openCaseResult: z.boolean().default(true),
  /** Opens the first failing case's input and expected output on the submission page (decision 0053). */
  showFirstFailure: z.boolean().default(false),
  judgeMode: z.enum(JUDGE_MODES).optional(),
  judgeCaseMode: z.enum(JUDGE_CASE_MODES).default('default'),
});

/** One case of ProblemDTO.samples: file names of the upload (or of the stored data), or the texts by hand. */
export const sampleBody = z.object({
  input: z
    .string()
    .max(16 * 1024 * 1024)
    .default(''),
  output: z
    .string()
    .max(16 * 1024 * 1024)
    .default(''),
  score: wireInt(z.number({ error: 'Score_Must_Be_Integer' }).int({ error: 'Score_Must_Be_Integer' }).min(0).nullish()),
  groupNum: wireInt(z.number().int().min(1).nullish()),
});

export const problemDto = z.object({
  problem: problemBody,
  samples: z.array(sampleBody).max(1000).default([]),
  isUploadTestCase: z.boolean().default(false),
  /** The opaque id upload-testcase-zip answered; absent keeps the stored files. */
  uploadTestcaseDir: z.string().max(100).nullish(),
  judgeMode: z.enum(JUDGE_MODES).optional(),
  changeModeCode: z.boolean().optional(),
  changeJudgeCaseMode: z.boolean().optional(),
  /** Language objects as HOJ sends them; only the name matters. */
  languages: z
    .array(z.object({ name: z.string() }))
    .min(1, { error: 'Problem_Language_Required' })
    .max(50),
  /** Tags by id (existing) or by name (created when new). */
  tags: z
    .array(z.object({ id: wireInt(z.number().int().nullish()), name: z.string().trim().min(1).max(255) }))
    .max(50)
    .default([]),
  /** HOJ sends `lid` (language id); our client sends `language` (name). */
  codeTemplates: z
    .array(
      z.object({
        lid: wireInt(z.number().int().nullish()),
        language: z.string().nullish(),
        code: z.string().max(65535),
        status: z.boolean().default(true),
      }),
    )
    .max(50)
    .default([]),
});
export type ProblemDto = z.input<typeof problemDto>;

export const createProblem = endpoint({
  method: 'POST',
  path: '/api/admin/problem',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto,
  /** HOJ answers Void; the created pid and problemId help our client (HOJ's ignores them). */
  output: z.object({ pid: z.number().int(), problemId: z.string() }).nullable(),
});

export const updateProblem = endpoint({
  method: 'PUT',
  path: '/api/admin/problem',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto,
  output: z.null(),
});

export const changeProblemAuth = endpoint({
  method: 'PUT',
  path: '/api/admin/problem/change-problem-auth',
  access: 'admin',
  input: z.object({ id: wireInt(z.number().int().positive()), auth: wireInt(z.number().int().min(1).max(3)) }),
  output: z.null(),
});

/** HOJ's CompileDTO. */
const compileDto = z.object({
  code: z.string().trim().min(1, { error: 'codeEmpty' }).max(65535, { error: 'codeTooLong' }),
  pid: wireInt(z.number().int().nullish()),
  language: z.enum(CHECKER_LANGUAGES),
  token: z.string().nullish(),
  extraFiles: extraFiles,
});

export const compileSpj = endpoint({
  method: 'POST',
  path: '/api/admin/problem/compile-spj',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: compileDto,
  output: z.null(),
});

export const compileInteractive = endpoint({
  method: 'POST',
  path: '/api/admin/problem/compile-interactive',
  access: 'admin',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: compileDto,
  output: z.null(),
});

export { decodeExamples, encodeExamples } from '../problem-cases.js';
