import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type {
  JudgeTask,
  MessageKey,
  PackageProgram,
  PackageReport,
  PackageTestForWorker,
  SolutionTag,
} from '@oj/shared';
import { effectiveLimits, JUDGE_STATUS, JUDGE_STATUS_NAME } from '@oj/shared/judging';
import { resolveCheckerLanguage, resolveLanguage } from '../languages/toolchains.js';
import type { LoadedProblem } from '../problem/loaded-problem.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { MIB, startSandbox } from '../sandbox/sandbox.js';
import { type CompiledProgram, type CompileOutcome, compileProgram } from './compile-program.js';
import { defaultCaseConcurrency, judge, mapLimited } from './judge.js';
import { isPlainFileName, type JudgeFiles, withMissingHeaderHint, withSiteHeaders } from './judge-headers.js';
import { CHECKER_COMPILE_LIMITS } from './judge-limits.js';
import type { CheckerSource } from './run-checker.js';
import { compileChecker, runInteractive } from './run-checker.js';
import { classifyRun, type ProgramRun, type RunLimits, sandboxSpecForProgram } from './run-program.js';

/**
 * A package task (the contract's `packageTask`): makes a Polygon package's tests and answers in the sandbox and, with
 * `check`, judges every solution of the package on them and compares the verdicts with the solution's tag. The same
 * compile, run, checker and interactor code as a submission's judgement; nothing here is the user's code, but it
 * runs sandboxed all the same.
 */
export type PackageTask = Extract<JudgeTask, { kind: 'package' }>;
type PackageSolution = PackageTask['solutions'][number];

/** Files by sha256 on the local disk: the worker's TestDataCache. */
export interface PackageFileSource {
  path(sha256: string): Promise<string>;
}

export interface PackageTaskOptions {
  files: PackageFileSource;
  /** Sends a made test or answer to the server (upload-test-data); answers its hash and size as the server stored it. */
  upload: (filePath: string) => Promise<{ sha256: string; size: number }>;
  /** The site's judge headers (testlib.h), by name; a resource of the same name wins. */
  siteHeaders?: JudgeFiles;
  /** One more step of packageTaskSteps(task) is done. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** Generators and validators are the package's own programs: roomy limits, as Polygon gives them. */
const PACKAGE_PROGRAM_LIMITS: RunLimits = { timeLimitMs: 10_000, memoryLimitMb: 1024, stackLimitMb: 256 };
/** A made test or answer may be as large as upload-test-data takes. */
const MADE_FILE_MAX_BYTES = 256 * MIB;
const VALIDATOR_STDOUT_MAX_BYTES = MIB;
/** Making the answers gives the main solution twice the problem's time: a slow host must not fail the package. */
const ANSWER_TIME_FACTOR = 2;
const ERRORS_MAX = 200;
const MESSAGE_MAX_CHARS = 10_000;
const COMPILER_MESSAGE_LINES = 30;
const PROGRAM_MESSAGE_MAX_CHARS = 2000;

const cut = (text: string, maxChars: number) => (text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`);
const statusName = (status: number) => JUDGE_STATUS_NAME[status] ?? String(status);
const firstLines = (text: string, lines: number) => text.split('\n').slice(0, lines).join('\n');
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every step the progress counts: compiles, tests made, validations, answers made and the check's runs. */
export const packageTaskSteps = (task: PackageTask): number => {
  const main = task.solutions.some((s) => s.tag === 'main') ? 1 : 0;
  const compiles =
    task.generators.length + (task.validator ? 1 : 0) + (task.checker ? 1 : 0) + (task.interactor ? 1 : 0) + main;
  const made = task.tests.filter((t) => !t.input).length;
  const validations = task.validator ? task.tests.length : 0;
  const answers = task.tests.filter((t) => !t.answer).length;
  const checks = task.check ? task.solutions.length * task.tests.length : 0;
  return Math.max(1, compiles + made + validations + answers + checks);
};

const OK = JUDGE_STATUS.ACCEPTED;
const WA = JUDGE_STATUS.WRONG_ANSWER;
const PE = JUDGE_STATUS.PRESENTATION_ERROR;
const TLE = JUDGE_STATUS.TIME_LIMIT_EXCEEDED;
const MLE = JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED;
const RE = JUDGE_STATUS.RUNTIME_ERROR;
const SE = JUDGE_STATUS.SYSTEM_ERROR;

/**
 * What each tag expects of a solution's verdicts over all tests: `some` (at least one verdict of these; none: no
 * such need) and `only` (no verdict outside these; none: anything goes). Polygon's meanings, kept simple:
 * - main, accepted: Accepted on every test;
 * - wrong-answer: some WA, only AC/WA; presentation-error: some PE, only AC/PE/WA;
 * - time-limit-exceeded: some TLE, only AC/TLE; time-limit-exceeded-or-accepted: only AC/TLE;
 * - time-limit-exceeded-or-memory-limit-exceeded: some TLE or MLE, only AC/TLE/MLE;
 * - memory-limit-exceeded: some MLE, only AC/MLE; runtime-error: some RE, only AC/RE;
 * - rejected: some verdict other than Accepted (a Compile Error too);
 * - failed: the checker or interactor failed (System Error) on some test.
 * A solution that does not compile matches `rejected` only.
 */
export const SOLUTION_TAG_RULES: Record<SolutionTag, { some?: readonly number[]; only?: readonly number[] }> = {
  main: { only: [OK] },
  accepted: { only: [OK] },
  'wrong-answer': { some: [WA], only: [OK, WA] },
  'presentation-error': { some: [PE], only: [OK, PE, WA] },
  'time-limit-exceeded': { some: [TLE], only: [OK, TLE] },
  'time-limit-exceeded-or-accepted': { only: [OK, TLE] },
  'time-limit-exceeded-or-memory-limit-exceeded': { some: [TLE, MLE], only: [OK, TLE, MLE] },
  'memory-limit-exceeded': { some: [MLE], only: [OK, MLE] },
  'runtime-error': { some: [RE], only: [OK, RE] },
  rejected: {
    some: Object.values(JUDGE_STATUS).filter((status) => status !== OK),
  },
  failed: { some: [SE] },
};

/** Whether a solution's verdicts (test index and status, in test order; 'compile-error' when it does not compile)
 * match its tag, and if not, why ("expected wrong-answer, got Accepted on every test"). */
export const solutionMatchesTag = (
  tag: SolutionTag,
  verdicts: ReadonlyArray<{ test: number; status: number }> | 'compile-error',
): { ok: boolean; message: string } => {
  if (verdicts === 'compile-error')
    return tag === 'rejected' ? { ok: true, message: '' } : { ok: false, message: `expected ${tag}, does not compile` };
  const rule = SOLUTION_TAG_RULES[tag];
  const outside = rule.only && verdicts.find((v) => !rule.only!.includes(v.status));
  if (outside)
    return { ok: false, message: `expected ${tag}, got ${statusName(outside.status)} on test ${outside.test}` };
  if (rule.some && !verdicts.some((v) => rule.some!.includes(v.status))) {
    const statuses = [...new Set(verdicts.map((v) => v.status))];
    const got =
      statuses.length === 0
        ? 'no test'
        : statuses.length === 1
          ? `${statusName(statuses[0])} on every test`
          : statuses.map(statusName).join(', ');
    return { ok: false, message: `expected ${tag}, got ${got}` };
  }
  return { ok: true, message: '' };
};

/** A run the sandbox could not start is the judge's fault: the task fails and is retried elsewhere. */
const orThrow = (run: ProgramRun): ProgramRun => {
  if (run.sandbox.setupError) throw new Error(`sandbox: ${run.sandbox.setupError}`);
  return run;
};

/** Runs a package program with arguments, its stdin from a file, its stdout captured. */
const runWithArgs = async (
  program: CompiledProgram,
  limits: RunLimits,
  args: string[],
  inputPath: string | undefined,
  stdoutLimitBytes: number,
  signal: AbortSignal | undefined,
): Promise<ProgramRun> => {
  const spec = sandboxSpecForProgram(
    program,
    limits,
    inputPath ? { kind: 'file', path: inputPath } : { kind: 'pipe' },
    stdoutLimitBytes,
    signal,
  );
  const running = await startSandbox({
    ...spec,
    argv: [...spec.argv, ...args],
    stdin: inputPath ? spec.stdin : { kind: 'none' },
  });
  return orThrow(classifyRun(await running.result, program, limits));
};

const failureOf = (run: ProgramRun) => {
  const detail = [run.message, cut(run.sandbox.stderr.trim(), PROGRAM_MESSAGE_MAX_CHARS)].filter(Boolean).join('\n');
  return `${statusName(run.status!)}${detail ? ` (${detail})` : ''}`;
};

interface MadeTest {
  test: PackageTestForWorker;
  inputPath?: string;
  answerPath?: string;
  valid: boolean;
  message: string;
  errors: PackageError[];
}

/** A reason the package cannot be used: a message key of packages/shared/src/messages.ts and its variables. */
type PackageError = PackageReport['errors'][number] & { key: MessageKey };

/**
 * Runs a package task. Files come by hash from `files`; the tests and answers it makes are written to a work dir
 * and sent with `upload` (each once, and only those the server does not have) before it answers. Programs that do
 * not compile, generators that fail, tests the validator rejects and answers the main solution cannot make are
 * `errors`; the check runs only when there are none (its tests would be incomplete). Rejects with an AbortError
 * when `signal` aborts, and with an Error when the judge itself cannot work (the sandbox does not start).
 */
export const runPackageTask = async (task: PackageTask, options: PackageTaskOptions): Promise<PackageReport> => {
  const { files, signal } = options;
  const errors: PackageError[] = [];
  const addError = (error: PackageError) => {
    if (errors.length >= ERRORS_MAX) return;
    const vars = Object.fromEntries(Object.entries(error.vars ?? {}).map(([k, v]) => [k, cut(v, MESSAGE_MAX_CHARS)]));
    errors.push({ key: error.key, vars });
  };
  const total = packageTaskSteps(task);
  let done = 0;
  const step = (count = 1) => {
    done = Math.min(total, done + count);
    options.onProgress?.(done, total);
  };
  const concurrency = defaultCaseConcurrency();
  const owned: CompiledProgram[] = [];
  const workDir = createRunDir('package');
  try {
    const readBytes = async (sha256: string) => readFile(await files.path(sha256));
    const resources: Record<string, Buffer> = {};
    for (const resource of task.resources) {
      if (!isPlainFileName(resource.name))
        addError({ key: 'packageErrorResourceName', vars: { name: JSON.stringify(resource.name) } });
      else resources[resource.name] = await readBytes(resource.sha256);
    }
    const besideFiles = withSiteHeaders(resources, options.siteHeaders);

    /** C++ programs of the package compile as checkers do (C++17 -O2, the work dir on the include path, the
     * checker's compile limits: testlib.h is slow to compile); others with their language's own compile. */
    const compilePackageProgram = async (program: PackageProgram): Promise<CompiledProgram | undefined> => {
      const source = (await readBytes(program.source.sha256)).toString('utf8');
      const resolution = program.language.startsWith('C++')
        ? resolveCheckerLanguage()
        : resolveLanguage(program.language);
      step();
      if (!resolution.ok) {
        addError({ key: 'packageErrorNoLanguage', vars: { name: program.name, language: program.language } });
        return undefined;
      }
      const outcome = await compileProgram(resolution.language, source, besideFiles, signal, {
        limits: CHECKER_COMPILE_LIMITS,
      });
      return keepCompiled(program, outcome);
    };
    const keepCompiled = (program: PackageProgram, outcome: CompileOutcome) => {
      if (outcome.ok) {
        if (!owned.includes(outcome.program)) owned.push(outcome.program);
        return outcome.program;
      }
      if (outcome.systemError) throw new Error(`${program.name}: ${outcome.message}`);
      addError({
        key: 'packageErrorCompile',
        vars: {
          name: program.name,
          detail: firstLines(withMissingHeaderHint(outcome.message), COMPILER_MESSAGE_LINES),
        },
      });
      return undefined;
    };
    /** The checker and the interactor compile as judge() compiles them (shared with the check's judgements). */
    const checkerSourceOf = async (program: PackageProgram): Promise<CheckerSource> => ({
      source: (await readBytes(program.source.sha256)).toString('utf8'),
      extraFiles: resources,
      siteHeaders: options.siteHeaders,
    });
    const compileJudgeProgram = async (program: PackageProgram) => {
      const source = await checkerSourceOf(program);
      const outcome = await compileChecker(source, signal);
      step();
      // compileChecker's programs belong to its cache: never disposed here.
      if (outcome.ok) return { source, program: outcome.program };
      keepCompiled(program, outcome);
      return undefined;
    };
    const main = task.solutions.find((s) => s.tag === 'main');
    const mainResolution = main ? resolveLanguage(main.language) : undefined;
    const compileMain = async () => {
      if (!main) return undefined;
      step();
      if (!mainResolution?.ok) {
        addError({ key: 'packageErrorNoLanguage', vars: { name: main.name, language: main.language } });
        return undefined;
      }
      const source = (await readBytes(main.source.sha256)).toString('utf8');
      return keepCompiled(main, await compileProgram(mainResolution.language, source, {}, signal));
    };

    // Compiles (a testlib program takes seconds of CPU), at most `concurrency` at once.
    type Compiled = CompiledProgram | undefined;
    const jobs: Array<() => Promise<unknown>> = [];
    const generators = new Map<string, Compiled>();
    for (const generator of task.generators)
      jobs.push(async () => generators.set(generator.name, await compilePackageProgram(generator)));
    let validator: Compiled;
    if (task.validator) jobs.push(async () => (validator = await compilePackageProgram(task.validator!)));
    let checker: Awaited<ReturnType<typeof compileJudgeProgram>>;
    if (task.checker) jobs.push(async () => (checker = await compileJudgeProgram(task.checker!)));
    let interactor: Awaited<ReturnType<typeof compileJudgeProgram>>;
    if (task.interactor) jobs.push(async () => (interactor = await compileJudgeProgram(task.interactor!)));
    let mainProgram: Compiled;
    jobs.push(async () => (mainProgram = await compileMain()));
    await mapLimited(jobs, concurrency, (job) => job());
    if (task.tests.length === 0) addError({ key: 'packageErrorNoTests' });

    const keepFile = async (bytes: Buffer) => {
      const path = join(workDir, sha256Of(bytes));
      await writeFile(path, bytes, { mode: 0o600 });
      return path;
    };
    const answerLimits: RunLimits | undefined = main && {
      ...effectiveLimits('package', main.language, task),
      stackLimitMb: task.memoryLimitMb,
    };
    if (answerLimits) answerLimits.timeLimitMs *= ANSWER_TIME_FACTOR;

    // Each test: made (when it has a command), validated, then given an answer (when it has none).
    const makeTest = async (test: PackageTestForWorker): Promise<MadeTest> => {
      const made: MadeTest = { test, valid: true, message: '', errors: [] };
      const fail = (key: MessageKey, vars: Record<string, string> = {}) =>
        made.errors.push({ key, vars: { test: String(test.index), ...vars } });
      if (test.input) made.inputPath = await files.path(test.input.sha256);
      else {
        const [name, ...args] = (test.cmd ?? '').trim().split(/\s+/).filter(Boolean);
        step();
        const generator = name === undefined ? undefined : generators.get(name);
        if (name === undefined) fail('packageErrorTestNoSource');
        else if (!generators.has(name)) fail('packageErrorUnknownGenerator', { name });
        // A generator that does not compile is an error of its own already.
        else if (generator) {
          const run = await runWithArgs(
            generator,
            PACKAGE_PROGRAM_LIMITS,
            args,
            undefined,
            MADE_FILE_MAX_BYTES,
            signal,
          );
          if (run.status !== null) fail('packageErrorGenerator', { name, detail: failureOf(run) });
          else made.inputPath = await keepFile(run.sandbox.stdout);
        }
      }
      if (task.validator) step();
      if (made.inputPath && validator) {
        const args = ['--testset', 'tests', ...(test.group ? ['--group', test.group] : [])];
        const run = await runWithArgs(
          validator,
          PACKAGE_PROGRAM_LIMITS,
          args,
          made.inputPath,
          VALIDATOR_STDOUT_MAX_BYTES,
          signal,
        );
        if (run.status !== null) {
          made.valid = false;
          made.message = cut(
            run.status === RE && run.sandbox.stderr.trim() ? run.sandbox.stderr.trim() : failureOf(run),
            MESSAGE_MAX_CHARS,
          );
          if (task.rejectInvalidTests) fail('packageErrorInvalidTest', { detail: made.message });
        }
      }
      if (test.answer) made.answerPath = await files.path(test.answer.sha256);
      else {
        step();
        if (!main) fail('packageErrorNoMain');
        else if (made.inputPath && mainProgram && answerLimits) {
          if (task.interactor) {
            // The interactive runner (run-checker.ts) keeps the interactor's output file to itself: the main
            // solution's run through the interactor only proves it works, and the answer is empty.
            if (interactor) {
              const outcome = await runInteractive(
                mainProgram,
                answerLimits,
                interactor.program,
                made.inputPath,
                undefined,
                signal,
              );
              orThrow(outcome.run);
              const status = outcome.verdict?.status ?? outcome.run.status ?? OK;
              if (status !== OK)
                fail('packageErrorMainFailed', {
                  detail: `${statusName(status)}${outcome.verdict?.message ? ` (${cut(outcome.verdict.message, PROGRAM_MESSAGE_MAX_CHARS)})` : ''}`,
                });
              else made.answerPath = await keepFile(Buffer.alloc(0));
            }
          } else {
            const run = await runWithArgs(mainProgram, answerLimits, [], made.inputPath, MADE_FILE_MAX_BYTES, signal);
            if (run.status !== null) fail('packageErrorMainFailed', { detail: failureOf(run) });
            else made.answerPath = await keepFile(run.sandbox.stdout);
          }
        }
      }
      return made;
    };
    const tests = task.tests.length > 0 ? await mapLimited(task.tests, concurrency, makeTest) : [];
    for (const made of tests) for (const error of made.errors) addError(error);

    // The server has every file the task names; made ones are sent, each once.
    const named = [
      ...task.tests.flatMap((t) => [t.input, t.answer]),
      ...task.resources,
      ...[...task.generators, task.validator, task.checker, task.interactor, ...task.solutions].map((p) => p?.source),
    ];
    const known = new Set(named.map((file) => file?.sha256).filter(Boolean));
    const sent = new Map<string, Promise<{ sha256: string; size: number }>>();
    /** A made file (named by its hash in the work dir) as the server stores it. */
    const stored = async (path: string) => {
      const sha256 = basename(path);
      const size = (await stat(path)).size;
      if (known.has(sha256)) return { sha256, size };
      let upload = sent.get(sha256);
      if (!upload) {
        upload = options.upload(path);
        sent.set(sha256, upload);
      }
      const answer = await upload;
      if (answer.sha256 !== sha256 || answer.size !== size)
        throw new Error(
          `upload-test-data stored ${answer.sha256} (${answer.size} bytes) for ${sha256} (${size} bytes)`,
        );
      return answer;
    };
    const given = (file: PackageTestForWorker['input']) => file && { sha256: file.sha256, size: file.size };
    const reportTests: PackageReport['tests'] = [];
    // A test that could not be made (its generator or the main solution failed) is left out: `errors` say why.
    for (const made of tests) {
      if (!made.inputPath || !made.answerPath) continue;
      const input = given(made.test.input) ?? (await stored(made.inputPath));
      const answer = given(made.test.answer) ?? (await stored(made.answerPath));
      reportTests.push({
        index: made.test.index,
        inputSha256: input.sha256,
        inputSize: input.size,
        answerSha256: answer.sha256,
        answerSize: answer.size,
        valid: made.valid,
        message: made.message,
      });
    }

    const solutions: PackageReport['solutions'] = [];
    if (task.check && errors.length === 0) {
      const problem: LoadedProblem = {
        problemId: 'package',
        type: 0,
        judgeMode: task.interactor ? 'interactive' : task.checker ? 'spj' : 'default',
        judgeCaseMode: 'default',
        timeLimitMs: task.timeLimitMs,
        memoryLimitMb: task.memoryLimitMb,
        stackLimitMb: task.memoryLimitMb,
        isRemoveEndBlank: true,
        difficulty: 0,
        cases: tests.map((made) => ({
          name: String(made.test.index),
          inputPath: made.inputPath!,
          answerPath: made.answerPath,
          score: 1,
        })),
        checker: task.checker && !task.interactor ? checker?.source : undefined,
        interactor: interactor?.source,
      };
      for (const solution of task.solutions) solutions.push(await checkSolution(problem, solution, tests, step));
    }
    options.onProgress?.(total, total);
    return { errors, tests: reportTests, solutions };
  } finally {
    for (const program of owned) program.dispose();
    removeRunDir(workDir);
  }

  /** Judges one solution on every test as a submission is judged, and compares its verdicts with its tag. */
  async function checkSolution(
    problem: LoadedProblem,
    solution: PackageSolution,
    tests: MadeTest[],
    step: (count?: number) => void,
  ): Promise<PackageReport['solutions'][number]> {
    const base = { name: solution.name, tag: solution.tag };
    if (!resolveLanguage(solution.language).ok) {
      step(tests.length);
      return { ...base, ok: false, message: `no ${solution.language} on this judge`, verdicts: [] };
    }
    const source = (await readFile(await files.path(solution.source.sha256))).toString('utf8');
    let judged = 0;
    const result = await judge(problem, source, solution.language, {
      signal,
      onProgress: (progress) => {
        if ('case' in progress) {
          judged += 1;
          step();
        }
      },
    });
    step(tests.length - judged);
    if (result.status === JUDGE_STATUS.COMPILE_ERROR) {
      const matched = solutionMatchesTag(solution.tag, 'compile-error');
      const why = `does not compile: ${firstLines(result.errorMessage, COMPILER_MESSAGE_LINES)}`;
      return { ...base, ok: matched.ok, message: cut(matched.ok ? '' : why, MESSAGE_MAX_CHARS), verdicts: [] };
    }
    // No case judged: the judge could not compile or start it (the sandbox), not the solution's fault.
    if (result.cases.length === 0) throw new Error(`${solution.name}: ${result.errorMessage}`);
    const verdicts = result.cases.map((c) => ({
      test: tests[c.caseId - 1].test.index,
      status: c.status,
      timeMs: c.time,
    }));
    const matched = solutionMatchesTag(solution.tag, verdicts);
    return { ...base, ok: matched.ok, message: cut(matched.message, MESSAGE_MAX_CHARS), verdicts };
  }
};
