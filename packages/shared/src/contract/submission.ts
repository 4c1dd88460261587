import { z } from 'zod';
import { BIG_ID, endpoint, isoDate, page, pageQuery, qBool, qInt, qStr, wireInt } from '../api.js';
import { LIMITS } from '../limits.js';

/** Submitting code, submissions and their judgement: the submission list and detail. */

const code = z
  .string({ error: 'codeEmpty' })
  .max(LIMITS.codeMax, { error: 'codeTooLong' })
  .refine((c) => c.trim().length > 0, { error: 'codeEmpty' });

/** A problem reference: HOJ's client sends the display id string on submit and the numeric id on test runs. */
const problemRef = z.union([z.string().trim().min(1).max(100), wireInt(z.number().int())]);

export const submitProblemJudge = endpoint({
  method: 'POST',
  path: '/api/submit-problem-judge',
  access: 'user',
  exam: 'contest',
  permission: 'submit',
  switch: 'openPublicJudge',
  input: z.object({
    pid: problemRef,
    language: z.string().trim().min(1).max(50),
    code,
    cid: wireInt(z.number().int().nullish()),
    tid: wireInt(z.number().int().nullish()),
    gid: wireInt(z.number().int().nullish()),
    isRemote: z.boolean().nullish(),
    captcha: z.string().nullish(),
  }),
  output: z.lazy(() => submission),
});

export const submitProblemTestJudge = endpoint({
  method: 'POST',
  path: '/api/submit-problem-test-judge',
  access: 'user',
  permission: 'submit',
  switch: 'openPublicJudge',
  input: z.object({
    pid: problemRef,
    type: z.enum(['public', 'contest', 'group']).default('public'),
    language: z.string().trim().min(1).max(50),
    code,
    userInput: z.string({ error: 'fieldRequired' }).max(LIMITS.testInputMax, { error: 'testInputTooLong' }),
    expectedOutput: z.string().max(LIMITS.testInputMax).nullish(),
    mode: z.string().nullish(),
    isRemoteJudge: z.boolean().nullish(),
  }),
  /** The key to poll get-test-judge-result with. */
  output: z.string(),
});

/** One message of a compiler, read from its output (compile-diagnostics.ts): the file as the submission names it
 * (`main.cpp`, never a path inside the sandbox), 1-based line and column (column 0: not given). */
export const diagnostic = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  severity: z.enum(['error', 'warning', 'note']),
  message: z.string(),
});

/** The first case that is not Accepted, explained where the rules allow (decision 0053): `input` and `expected`
 * only where the problem opens them (or the case is a sample, or the viewer administers it), `output` the
 * program's output as kept (from line `outputFromLine`), `truncated` when any of the three was cut; `reason` one
 * line in the reader's language; `checkerMessage` a special judge's text. */
export const firstFailure = z.object({
  seq: z.number().int(),
  status: z.number().int(),
  input: z.string().nullable(),
  expected: z.string().nullable(),
  output: z.string().nullable(),
  outputFromLine: z.number().int(),
  /** Sizes in bytes of the whole input, expected output and program output (null: unknown or hidden). */
  inputBytes: z.number().int().nullable(),
  expectedBytes: z.number().int().nullable(),
  outputBytes: z.number().int().nullable(),
  truncated: z.boolean(),
  reason: z.string(),
  checkerMessage: z.string().nullable(),
});

export const getTestJudgeResult = endpoint({
  method: 'GET',
  path: '/api/get-test-judge-result',
  access: 'user',
  input: z.object({ testJudgeKey: z.string().min(1).max(100) }),
  output: z.object({
    status: z.number().int(),
    time: z.number().int().nullable(),
    memory: z.number().int().nullable(),
    userInput: z.string(),
    userOutput: z.string().nullable(),
    expectedOutput: z.string().nullable(),
    stderr: z.string(),
    problemJudgeMode: z.string(),
    /** A compile error's messages, read from `stderr`. */
    diagnostics: z.array(diagnostic),
  }),
});

/** HOJ's Judge entity as the public sees it: `code` null unless visible, `errorMessage` only for CE/SE/SF. */
export const submission = z.object({
  submitId: z.number().int(),
  pid: z.number().int(),
  displayPid: z.string(),
  displayId: z.string(),
  title: z.string(),
  uid: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  submitTime: isoDate,
  status: z.number().int(),
  share: z.boolean(),
  errorMessage: z.string().nullable(),
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  score: z.number().int().nullable(),
  oiRankScore: z.number().int().nullable(),
  length: z.number().int(),
  code: z.string().nullable(),
  language: z.string(),
  cid: z.number().int(),
  cpid: z.number().int(),
  gid: z.number().int().nullable(),
  source: z.string().nullable(),
  judger: z.string().nullable(),
  ip: z.string().nullable(),
  version: z.number().int(),
  isManual: z.boolean(),
  vjudgeSubmitId: z.null(),
  vjudgeUsername: z.null(),
  vjudgePassword: z.null(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Submission = z.infer<typeof submission>;
export type Diagnostic = z.infer<typeof diagnostic>;
export type FirstFailure = z.infer<typeof firstFailure>;

export const getSubmissionList = endpoint({
  method: 'GET',
  path: '/api/get-submission-list',
  access: 'public',
  input: z.object({
    ...pageQuery(30),
    onlyMine: qBool(),
    /** Student name or username. */
    name: qStr().pipe(z.string().max(100).optional()),
    username: qStr().pipe(z.string().max(100).optional()),
    status: qInt(),
    problemID: qStr().pipe(z.string().max(100).optional()),
    completeProblemID: qBool(),
    gid: qInt(),
    contestID: qInt(),
    beforeContestSubmit: qBool(),
  }),
  output: page(submission),
});

export const getSubmissionDetail = endpoint({
  method: 'GET',
  path: '/api/get-submission-detail',
  access: 'public',
  exam: 'contest',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  output: z.object({
    submission,
    codeShare: z.boolean(),
    /** The first failing case explained, where the rules allow it (decision 0053); null otherwise. */
    firstFailure: firstFailure.nullable(),
    /** A compile error's messages, for who may read the error text; empty otherwise. */
    diagnostics: z.array(diagnostic),
  }),
});

export const judgeCase = z.object({
  id: z.number().int(),
  submitId: z.number().int(),
  pid: z.number().int(),
  uid: z.string(),
  caseId: z.number().int().nullable(),
  seq: z.number().int(),
  status: z.number().int(),
  time: z.number().int(),
  memory: z.number().int(),
  score: z.number().int().nullable(),
  groupNum: z.number().int().nullable(),
  mode: z.string(),
  /** Test file names: admins only. */
  inputData: z.string().nullable(),
  outputData: z.string().nullable(),
  userOutput: z.string().nullable(),
  /** The judge's note on the case (checker text, signal, "Output Limit Exceeded"). */
  message: z.string().nullable(),
});

export const getAllCaseResult = endpoint({
  method: 'GET',
  path: '/api/get-all-case-result',
  access: 'public',
  exam: 'contest',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  /** null when the problem does not open case results to this viewer. */
  output: z
    .object({
      judgeCaseMode: z.string(),
      judgeCaseList: z.array(judgeCase).nullable(),
      subTaskJudgeCaseVoList: z
        .array(
          z.object({
            groupNum: z.number().int(),
            time: z.number().int(),
            memory: z.number().int(),
            score: z.number().int(),
            status: z.number().int(),
            ac: z.number().int(),
            total: z.number().int(),
            subtaskDetailList: z.array(judgeCase),
          }),
        )
        .nullable(),
    })
    .nullable(),
});

export const checkSubmissionsStatus = endpoint({
  method: 'POST',
  path: '/api/check-submissions-status',
  access: 'public',
  exam: 'contest',
  input: z.object({
    submitIds: z.array(wireInt(z.number().int(), BIG_ID)).max(100),
    cid: wireInt(z.number().int().nullish()),
  }),
  /** submitId → the row without code or error message. */
  output: z.record(z.string(), submission),
});

/** The contest page's status polling (HOJ's checkContestSubmissonsStatus): the contest's own submissions only, as
 * its submission list shows them (the seal, others' run times, the contest's names for its problems). */
export const checkContestSubmissionsStatus = endpoint({
  method: 'POST',
  path: '/api/check-contest-submissions-status',
  access: 'user',
  exam: 'contest',
  input: z.object({
    submitIds: z.array(wireInt(z.number().int(), BIG_ID)).max(100),
    cid: wireInt(z.number({ error: 'fieldRequired' }).int()),
  }),
  /** submitId → the row without code or error message; ids of other contests or hidden by the rule are left out. */
  output: z.record(z.string(), submission),
});

export const updateSubmission = endpoint({
  method: 'PUT',
  path: '/api/submission',
  access: 'user',
  exam: 'contest',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID), share: z.boolean(), uid: z.string().nullish() }),
  output: z.null(),
});

export const downloadBySubmitId = endpoint({
  method: 'GET',
  path: '/api/download-by-submit-id',
  access: 'public',
  exam: 'contest',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  output: z.unknown(),
  binary: true,
});

export const rejudge = endpoint({
  method: 'GET',
  path: '/api/admin/judge/rejudge',
  access: 'root',
  permission: 'rejudge',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  output: submission,
});

/** Root at any time; admin and problem_admin only on Judging, Compiling or Compile Error. */
export const manualJudge = endpoint({
  method: 'GET',
  path: '/api/admin/judge/manual-judge',
  access: 'admin',
  input: z.object({
    submitId: wireInt(z.number().int(), BIG_ID),
    status: wireInt(z.number().int().min(-4).max(8)),
    score: wireInt(z.number().int().min(0).optional()),
  }),
  output: submission,
});

export const cancelJudge = endpoint({
  method: 'GET',
  path: '/api/admin/judge/cancel-judge',
  access: 'admin',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  output: submission,
});

export const resubmit = endpoint({
  method: 'GET',
  path: '/api/resubmit',
  access: 'user',
  exam: 'contest',
  input: z.object({ submitId: wireInt(z.number().int(), BIG_ID) }),
  output: submission,
});
