import { z } from 'zod';
import { JUDGE_CASE_MODES, JUDGE_MODES, LANGUAGE_NAMES } from './judge.js';

/**
 * problem.json of a problem package: the folder or zip the judge CLI
 * judges against, the server imports and exports. Free of node imports: the server and the web both use it.
 */
export const problemPackageCaseSchema = z.object({
  /** Base name of tests/<name>.in and tests/<name>.out (or .ans). */
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, 'a case name is a file base name'),
  score: z.number().int().min(0).default(0),
  groupNum: z.number().int().min(1).optional(),
});

export const problemPackageExampleSchema = z.object({ input: z.string(), output: z.string() });

export const problemPackageSchema = z.object({
  problemId: z.string().min(1).max(255).optional(),
  title: z.string().min(1).max(255),
  author: z.string().max(255).optional(),
  description: z.string().default(''),
  input: z.string().default(''),
  output: z.string().default(''),
  hint: z.string().default(''),
  source: z.string().default(''),
  timeLimitMs: z.number().int().min(1).max(60_000),
  memoryLimitMb: z.number().int().min(1).max(8192),
  stackLimitMb: z.number().int().min(1).max(8192).default(128),
  /** 0 ACM, 1 OI. */
  type: z.union([z.literal(0), z.literal(1)]).default(0),
  judgeMode: z.enum(JUDGE_MODES).default('default'),
  judgeCaseMode: z.enum(JUDGE_CASE_MODES).default('default'),
  isRemoveEndBlank: z.boolean().default(true),
  /** 0 easy, 1 medium, 2 hard (HOJ's difficulty). */
  difficulty: z.number().int().min(0).max(2).default(0),
  tags: z.array(z.string().min(1).max(255)).default([]),
  examples: z.array(problemPackageExampleSchema).default([]),
  /** Languages offered for this problem; empty means every language the judges support. */
  languages: z.array(z.enum(LANGUAGE_NAMES)).default([]),
  codeTemplates: z.partialRecord(z.enum(LANGUAGE_NAMES), z.string()).default({}),
  /** Without `cases` every test file is used and 100 points are spread over them. */
  cases: z.array(problemPackageCaseSchema).optional(),
  // Site settings of the problem, so an export imports again unchanged (every field but
  // pid, problemId, author and timestamps).
  /** 1 public, 2 private, 3 contest only. */
  auth: z.number().int().min(1).max(3).default(1),
  codeShare: z.boolean().default(true),
  openCaseResult: z.boolean().default(true),
  /** Opens the first failing case's input and expected output on the submission page (decision 0053). */
  showFirstFailure: z.boolean().default(false),
  /** Whether the cases came from uploaded files (true) or were entered by hand. */
  isUploadCase: z.boolean().default(true),
  /** Language of checker.cpp / interactor.cpp: C or C++. */
  checkerLanguage: z.enum(['C', 'C++']).default('C++'),
  /** Files given to the user's program (a header for an interactive problem...). */
  userExtraFile: z.record(z.string(), z.string()).default({}),
  /** Templates kept but switched off. */
  disabledCodeTemplates: z.partialRecord(z.enum(LANGUAGE_NAMES), z.string()).default({}),
});

export type ProblemPackage = z.infer<typeof problemPackageSchema>;
export type ProblemPackageCase = z.infer<typeof problemPackageCaseSchema>;
