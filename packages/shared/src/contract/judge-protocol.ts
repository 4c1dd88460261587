import { z } from 'zod';
import { BIG_ID, endpoint, wireInt } from '../api.js';
import { uploadedFile } from './file.js';
import { REMOTE_OJS } from './problem.js';

/** The judge protocol: workers are HTTP clients of the server with a bearer token;
 * they never see the database. Internal: units are in the field names. */

export const judgeCaseForWorker = z.object({
  caseId: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  inputSha256: z.string(),
  outputSha256: z.string(),
  inputSize: z.number().int(),
  outputSize: z.number().int(),
  score: z.number().int(),
  groupNum: z.number().int(),
});

/** A site-wide judge header (testlib.h...), put on the include path of every checker and interactor compile; the
 * worker fetches it by hash from /api/judge/test-data, as test files. A problem's own file of the same name wins. */
export const judgeHeaderForWorker = z.object({
  name: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type JudgeHeaderForWorker = z.infer<typeof judgeHeaderForWorker>;

export const problemForWorker = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  type: z.number().int(),
  difficulty: z.number().int(),
  timeLimitMs: z.number().int(),
  memoryLimitMb: z.number().int(),
  stackLimitMb: z.number().int(),
  judgeMode: z.enum(['default', 'spj', 'interactive']),
  judgeCaseMode: z.enum(['default', 'ergodic_without_error', 'subtask_lowest', 'subtask_average']),
  isRemoveEndBlank: z.boolean(),
  ioScore: z.number().int(),
  caseVersion: z.string(),
  checkerCode: z.string().nullable(),
  checkerLanguage: z.string().nullable(),
  userExtraFile: z.record(z.string(), z.string()),
  judgeExtraFile: z.record(z.string(), z.string()),
  /** The site's judge headers when the task was handed out. */
  judgeHeaders: z.array(judgeHeaderForWorker).default([]),
  cases: z.array(judgeCaseForWorker),
});
export type ProblemForWorker = z.infer<typeof problemForWorker>;

/** A file of a problem package, fetched by hash from /api/judge/test-data as test files are. */
export const packageFileForWorker = z.object({ name: z.string(), sha256: z.string(), size: z.number().int() });
export type PackageFileForWorker = z.infer<typeof packageFileForWorker>;

/** One program of a package: its path in the package ("files/gen.cpp", named in messages), its language on this site
 * and its source. A generator's `name` is what the tests' commands call it ("gen"). */
export const packageProgram = z.object({ name: z.string(), language: z.string(), source: packageFileForWorker });
export type PackageProgram = z.infer<typeof packageProgram>;

/** Polygon's solution tags (problem.xml `tag`), and what each expects of the verdicts on every test. */
export const SOLUTION_TAGS = [
  'main',
  'accepted',
  'rejected',
  'wrong-answer',
  'presentation-error',
  'time-limit-exceeded',
  'time-limit-exceeded-or-accepted',
  'time-limit-exceeded-or-memory-limit-exceeded',
  'memory-limit-exceeded',
  'runtime-error',
  'failed',
] as const;
export type SolutionTag = (typeof SOLUTION_TAGS)[number];

/** One test of a package task: a file (`input`), or made by running `cmd` ("gen 10 3", a generator and its
 * arguments); its answer given, or made by the main solution. */
export const packageTestForWorker = z.object({
  index: z.number().int(),
  input: packageFileForWorker.nullable(),
  cmd: z.string().nullable(),
  answer: packageFileForWorker.nullable(),
  /** The test's group in the package (passed to the validator as --group), null when it has none. */
  group: z.string().nullable(),
});
export type PackageTestForWorker = z.infer<typeof packageTestForWorker>;

/** A package task (decision 0054): makes and checks a problem's tests in the sandbox. Generators make the tests that
 * are not files, the validator checks every test, the main solution (the first of `solutions`, tagged main) makes the
 * answers that are missing; with `check` every solution then runs on every test through the checker or interactor
 * and its verdicts are compared with its tag. Its files are fetched by hash; the tests and answers it made are sent
 * back with upload-test-data before the report. */
export const packageTask = z.object({
  kind: z.literal('package'),
  taskId: z.number().int(),
  attempt: z.number().int(),
  /** The language the task is claimed by (the generators', validator's and checker's: C++). */
  language: z.string(),
  timeLimitMs: z.number().int(),
  memoryLimitMb: z.number().int(),
  /** The site's judge headers when the task was handed out (testlib.h). */
  judgeHeaders: z.array(judgeHeaderForWorker).default([]),
  /** Files put beside every compile of the package's programs (the package's own headers; one named as a judge
   * header wins). */
  resources: z.array(packageFileForWorker),
  generators: z.array(packageProgram),
  validator: packageProgram.nullable(),
  /** null: the site's default comparison (tokens, trailing blanks ignored). */
  checker: packageProgram.nullable(),
  interactor: packageProgram.nullable(),
  solutions: z.array(packageProgram.extend({ tag: z.enum(SOLUTION_TAGS) })),
  tests: z.array(packageTestForWorker),
  check: z.boolean(),
  /** An import: a test the validator rejects is an error (nothing is imported). The check of a problem reports it
   * (`valid: false`) and still runs the solutions. */
  rejectInvalidTests: z.boolean(),
});
export type PackageTask = z.infer<typeof packageTask>;

export const judgeTask = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('judge'),
    taskId: z.number().int(),
    attempt: z.number().int(),
    submitId: z.number().int(),
    language: z.string(),
    source: z.string(),
    problem: problemForWorker,
  }),
  z.object({
    kind: z.literal('testRun'),
    taskId: z.number().int(),
    attempt: z.number().int(),
    language: z.string(),
    source: z.string(),
    problem: problemForWorker,
    userInput: z.string(),
    expectedOutput: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('compileChecker'),
    taskId: z.number().int(),
    attempt: z.number().int(),
    language: z.string(),
    source: z.string(),
    mode: z.enum(['spj', 'interactive']),
    extraFiles: z.record(z.string(), z.string()),
    /** The site's judge headers when the task was handed out. */
    judgeHeaders: z.array(judgeHeaderForWorker).default([]),
  }),
  packageTask,
]);
export type JudgeTask = z.infer<typeof judgeTask>;

/** A remote judging task (a task kind of its own), handed out by claim-remote only, to
 * workers that declare the site. It carries the account the server leased for it (the lease lasts as long as the
 * task's lease): the worker logs in with it, submits (or, when `runId` is set, only polls that run again: a
 * resubmit with a run id, or a task taken over from a worker that died), reports the run id at once through the
 * heartbeat, polls, and reports the verdict as a judge report without cases. */
export const remoteJudgeTask = z.object({
  kind: z.literal('remote'),
  taskId: z.number().int(),
  attempt: z.number().int(),
  submitId: z.number().int(),
  /** The site whose adapter judges it (GYM problems go to the GYM adapter, with a CF account). */
  oj: z.enum(REMOTE_OJS),
  /** The problem's id on the site ("1000A"). */
  remoteProblemId: z.string(),
  /** The site's language name (the submission's language) and its id on the site. */
  language: z.string(),
  languageRemoteId: z.string(),
  source: z.string(),
  account: z.object({ username: z.string(), password: z.string() }),
  /** The site's run id when the code was already submitted: poll it, never submit again. */
  runId: z.string().nullable(),
});
export type RemoteJudgeTask = z.infer<typeof remoteJudgeTask>;

export const caseReport = z.object({
  caseId: wireInt(z.number().int().nullable()),
  seq: wireInt(z.number().int()),
  status: wireInt(z.number().int()),
  time: wireInt(z.number().int()),
  memory: wireInt(z.number().int()),
  score: wireInt(z.number().int().nullable()),
  groupNum: wireInt(z.number().int().nullable()),
  message: z.string(),
  /** The start of the program's output; for a Wrong Answer or a Presentation Error of the default comparison whose
   * first differing line lies past that start, the output from a few lines before that line. */
  userOutput: z.string(),
  /** The 1-based line of the program's output `userOutput` starts at: sent for a Wrong Answer or a Presentation
   * Error of the default comparison (1 when it is the start). Optional: older workers do not send it. */
  outputFromLine: wireInt(z.number().int().min(1).optional()),
  /** The size of the program's whole output in bytes, for a case whose program ran (not interactive ones). Optional:
   * older workers do not send it. */
  outputBytes: wireInt(z.number().int().min(0).optional()),
});

export const judgeReport = z.object({
  status: wireInt(z.number().int()),
  score: wireInt(z.number().int()),
  time: wireInt(z.number().int()),
  memory: wireInt(z.number().int()),
  errorMessage: z.string(),
  oiRankScore: wireInt(z.number().int().nullable()),
  cases: z.array(caseReport),
});
export type JudgeReport = z.infer<typeof judgeReport>;

export const testRunReport = z.object({
  status: wireInt(z.number().int()),
  time: wireInt(z.number().int()),
  memory: wireInt(z.number().int()),
  stderr: z.string(),
  userOutput: z.string(),
  errorMessage: z.string(),
});
export type TestRunReport = z.infer<typeof testRunReport>;

/** What a package task found. `errors` say why the package cannot be used (a program that does not compile, a
 * generator that fails, a test the validator rejects in an import, an answer the main solution cannot make); empty when
 * it can. */
export const packageReport = z.object({
  /** Each as a message key of packages/shared/src/messages.ts (`packageError…`) with its variables, so the server says
   * it in its reader's language; a `detail` variable carries a program's own words (a compiler's, a validator's). */
  errors: z
    .array(z.object({ key: z.string().max(100), vars: z.record(z.string(), z.string().max(10_000)).optional() }))
    .max(200),
  /** Every test, in the task's order, with the input and answer as stored on the server (made ones uploaded). */
  tests: z.array(
    z.object({
      index: wireInt(z.number().int()),
      inputSha256: z.string().regex(/^[0-9a-f]{64}$/),
      inputSize: wireInt(z.number().int().min(0)),
      answerSha256: z.string().regex(/^[0-9a-f]{64}$/),
      answerSize: wireInt(z.number().int().min(0)),
      /** false when the validator rejected it, with the validator's message. */
      valid: z.boolean(),
      message: z.string().max(10_000),
    }),
  ),
  /** The check (`check` set): each solution's verdicts, and whether they match its tag. */
  solutions: z.array(
    z.object({
      name: z.string(),
      tag: z.enum(SOLUTION_TAGS),
      ok: z.boolean(),
      /** Why it does not match its tag (empty when it does). */
      message: z.string().max(10_000),
      verdicts: z.array(
        z.object({
          test: wireInt(z.number().int()),
          status: wireInt(z.number().int()),
          timeMs: wireInt(z.number().int()),
        }),
      ),
    }),
  ),
});
export type PackageReport = z.infer<typeof packageReport>;

export const compileReport = z.object({ ok: z.boolean(), message: z.string() });
export type CompileReport = z.infer<typeof compileReport>;

const workerIdentity = {
  name: z.string().min(1).max(100),
};

export const claim = endpoint({
  method: 'POST',
  path: '/api/judge/claim',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    languages: z.array(z.string()).max(50),
    concurrency: wireInt(z.number().int().min(1).max(256)),
    running: wireInt(z.number().int().min(0)),
    version: z.string().max(50).optional(),
    /** How long the server may hold the call open waiting for a task (long poll), at most 25 s. */
    waitMs: wireInt(z.number().int().min(0).max(25_000).default(25_000)),
  }),
  output: judgeTask.nullable(),
});

/** The remote judging loop's claim: its own loop and concurrency, so remote tasks never take a local judging slot.
 * The call declares the sites this worker judges on (the judges list shows them); a task of a site whose account
 * pool has no idle account stays queued (bounded: after the wait it is Submitted Failed). */
export const claimRemote = endpoint({
  method: 'POST',
  path: '/api/judge/claim-remote',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    remote: z.array(z.enum(REMOTE_OJS)).min(1).max(REMOTE_OJS.length),
    concurrency: wireInt(z.number().int().min(1).max(64)),
    running: wireInt(z.number().int().min(0)),
    version: z.string().max(50).optional(),
    waitMs: wireInt(z.number().int().min(0).max(25_000).default(25_000)),
  }),
  output: remoteJudgeTask.nullable(),
});

export const heartbeat = endpoint({
  method: 'POST',
  path: '/api/judge/heartbeat',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    taskId: wireInt(z.number().int(), BIG_ID),
    attempt: wireInt(z.number().int()),
    /** Compiling (6) or Judging (7) as the worker moves on; a remote task: Submitting (9), then Judging (7). */
    status: wireInt(z.union([z.literal(6), z.literal(7), z.literal(9)]).optional()),
    /** A remote task: the site's run id, sent at once after submitting (stored on the submission, so a worker
     * that dies while polling leaves a run the next attempt or a resubmit polls again instead of submitting). */
    runId: z.string().min(1).max(100).optional(),
  }),
  /** false: the task was taken back (lease lost, rejudged, cancelled): stop working on it. */
  output: z.object({ keep: z.boolean() }),
});

/** Per-case progress of a judge task ("case 7/20"), sent at most every 200 ms while its cases run: nothing is
 * stored, the server tells the submission's owner through the live event stream (decision 0034). */
export const progress = endpoint({
  method: 'POST',
  path: '/api/judge/progress',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    taskId: wireInt(z.number().int(), BIG_ID),
    attempt: wireInt(z.number().int()),
    done: wireInt(z.number().int().min(0)),
    total: wireInt(z.number().int().min(1)),
  }),
  /** false: the task is not this worker's current attempt (taken back); the worker's heartbeat stops it. */
  output: z.object({ keep: z.boolean() }),
});

export const report = endpoint({
  method: 'POST',
  path: '/api/judge/report',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    taskId: wireInt(z.number().int(), BIG_ID),
    attempt: wireInt(z.number().int()),
    /** Also a remote task's verdict (no cases; Submitted Failed (10) with the reason when submitting or polling
     * failed for good). */
    judge: judgeReport.optional(),
    testRun: testRunReport.optional(),
    compile: compileReport.optional(),
    package: packageReport.optional(),
    /** The worker could not judge (test data missing, sandbox broken...): the task is retried elsewhere. */
    failure: z.string().max(10_000).optional(),
  }),
  /** false: the report was stale (older attempt or judgement version) and was ignored. */
  output: z.object({ accepted: z.boolean() }),
});

/** A stopping worker hands a task back: queued again at once for another judge, the attempt not counted
 * (the worker did not fail it), instead of waiting for its lease to run out. */
export const release = endpoint({
  method: 'POST',
  path: '/api/judge/release',
  access: 'judge',
  input: z.object({
    ...workerIdentity,
    taskId: wireInt(z.number().int(), BIG_ID),
    attempt: wireInt(z.number().int()),
  }),
  /** false: the task was no longer this worker's (reported, taken back, lease lost). */
  output: z.object({ released: z.boolean() }),
});

/** A worker that stops says goodbye last, once its claims are hung up and its tasks reported or handed back: the
 * server hands it nothing more, and hands back any task still leased to it (one a long poll claimed for it while
 * the server had not yet seen that poll hang up: the answer reached no one). */
export const goodbye = endpoint({
  method: 'POST',
  path: '/api/judge/goodbye',
  access: 'judge',
  input: z.object(workerIdentity),
  /** How many tasks still leased to the worker went back to the queue. */
  output: z.object({ handedBack: wireInt(z.number().int()) }),
});

/** A package task's made test or answer, sent before its report (stored by its hash, as uploaded test data). */
export const uploadTestData = endpoint({
  method: 'POST',
  path: '/api/judge/upload-test-data',
  access: 'judge',
  upload: { maxBytes: 256 * 1024 * 1024 },
  input: z.object({ file: uploadedFile() }),
  output: z.object({ sha256: z.string(), size: wireInt(z.number().int()) }),
});

export const testData = endpoint({
  method: 'GET',
  path: '/api/judge/test-data',
  access: 'judge',
  input: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  output: z.unknown(),
  binary: true,
});
