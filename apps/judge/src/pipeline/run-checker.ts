import { createHash } from 'node:crypto';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JUDGE_STATUS } from '@oj/shared/judging';
import { resolveCheckerLanguage } from '../languages/toolchains.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { MIB, type SandboxResult, type SandboxSpec, startSandbox } from '../sandbox/sandbox.js';
import { type CheckerVerdict, classifyCheckerExit } from './checker-verdict.js';
import { type CompiledProgram, type CompileOutcome, compileProgram } from './compile-program.js';
import { isPlainFileName, type JudgeFiles, withMissingHeaderHint, withSiteHeaders } from './judge-headers.js';
import { CHECKER_COMPILE_LIMITS, CHECKER_LIMITS, CPU_KILL_GRACE_MS, WALL_FACTOR } from './judge-limits.js';
import { classifyRun, type ProgramRun, type RunLimits, startProgramWithPipes } from './run-program.js';

/** A checker or interactor as a problem brings it: source plus the files placed beside it (testlib.h ...). */
export interface CheckerSource {
  source: string;
  /** The problem's own files (judge extra files, a package's root files). */
  extraFiles?: JudgeFiles;
  /** The site's judge headers (judge-headers.ts): beside the checker too, unless `extraFiles` has the name. */
  siteHeaders?: JudgeFiles;
}

const compiled = new Map<string, Promise<CompileOutcome>>();
const MAX_CACHED_CHECKERS = 32;

const checkerKey = (source: string, files: JudgeFiles) => {
  const hash = createHash('sha256').update(source);
  for (const name of Object.keys(files).sort()) {
    hash.update(`\0${name}\0`).update(files[name]);
  }
  return hash.digest('hex');
};

/** A compile error names the header it could not find and where a site provides it. */
const explained = (outcome: CompileOutcome): CompileOutcome =>
  outcome.ok || outcome.systemError ? outcome : { ...outcome, message: withMissingHeaderHint(outcome.message) };

/**
 * Compiles a checker once per content (C++17 -O2, the problem's files and the site's headers beside it; the
 * content includes every file's bytes, so a replaced header compiles again); later calls share it.
 */
export const compileChecker = (checker: CheckerSource, signal?: AbortSignal): Promise<CompileOutcome> => {
  const files = withSiteHeaders(checker.extraFiles, checker.siteHeaders);
  for (const name of Object.keys(files))
    if (!isPlainFileName(name))
      return Promise.resolve({ ok: false, systemError: true, message: `bad judge file name ${JSON.stringify(name)}` });
  const key = checkerKey(checker.source, files);
  const cached = compiled.get(key);
  if (cached) return cached;
  const resolution = resolveCheckerLanguage();
  if (!resolution.ok)
    return Promise.resolve({
      ok: false,
      systemError: true,
      message: `g++ is missing: ${resolution.missing.join(', ')}`,
    });
  const promise = compileProgram(resolution.language, checker.source, files, signal, {
    limits: CHECKER_COMPILE_LIMITS,
  }).then(explained);
  compiled.set(key, promise);
  // A failed or cancelled compile must not stick in the cache.
  promise.then(
    (outcome) => {
      if (!outcome.ok) compiled.delete(key);
    },
    () => compiled.delete(key),
  );
  if (compiled.size > MAX_CACHED_CHECKERS) {
    const [oldestKey, oldest] = compiled.entries().next().value!;
    compiled.delete(oldestKey);
    void oldest.then((outcome) => outcome.ok && outcome.program.dispose()).catch(() => {});
  }
  return promise;
};

const checkerSpec = (checker: CompiledProgram, dir: string, overrides: Partial<SandboxSpec> = {}): SandboxSpec => ({
  argv: ['/prog/checker', 'input', 'user_out', 'answer'],
  workDir: { kind: 'host', path: dir },
  binds: [{ source: checker.artifactDir, target: '/prog' }],
  stdin: { kind: 'none' },
  stdout: { kind: 'capture', limitBytes: CHECKER_LIMITS.stdoutLimitBytes },
  stderrLimitBytes: CHECKER_LIMITS.stderrLimitBytes,
  cpuLimitMs: CHECKER_LIMITS.cpuLimitMs,
  wallLimitMs: CHECKER_LIMITS.wallLimitMs,
  memoryLimitBytes: CHECKER_LIMITS.memoryLimitBytes,
  stackLimitBytes: CHECKER_LIMITS.stackLimitBytes,
  pidsMax: CHECKER_LIMITS.pidsMax,
  fileSizeLimitBytes: CHECKER_LIMITS.fileSizeLimitBytes,
  openFilesMax: CHECKER_LIMITS.openFilesMax,
  ...overrides,
});

/** A checker that crashed, timed out or could not start is System Error, never Wrong Answer. */
const checkerRunVerdict = (result: SandboxResult, role: string): CheckerVerdict => {
  if (result.killedBy === 'abort') throw new DOMException('judging cancelled', 'AbortError');
  if (result.setupError) return { status: JUDGE_STATUS.SYSTEM_ERROR, message: `${role}: ${result.setupError}` };
  if (result.killedBy)
    return { status: JUDGE_STATUS.SYSTEM_ERROR, message: `${role} exceeded its ${result.killedBy} limit` };
  if (result.oomKilled) return { status: JUDGE_STATUS.SYSTEM_ERROR, message: `${role} ran out of memory` };
  if (result.signal !== null)
    return { status: JUDGE_STATUS.SYSTEM_ERROR, message: `${role} crashed with signal ${result.signal}` };
  return classifyCheckerExit(result.exitCode ?? -1, result.stderr, result.stdout.toString('utf8'));
};

const prepareCheckerDir = (inputPath: string, answerPath: string | undefined, userOutput: Buffer) => {
  const dir = createRunDir('check');
  copyFileSync(inputPath, join(dir, 'input'));
  if (answerPath) copyFileSync(answerPath, join(dir, 'answer'));
  else writeFileSync(join(dir, 'answer'), '');
  writeFileSync(join(dir, 'user_out'), userOutput);
  return dir;
};

/** Special judge: `checker input user_out answer` (testlib's registerTestlibCmd order). */
export const runChecker = async (
  checker: CompiledProgram,
  inputPath: string,
  userOutput: Buffer,
  answerPath: string | undefined,
  signal?: AbortSignal,
): Promise<CheckerVerdict> => {
  const dir = prepareCheckerDir(inputPath, answerPath, userOutput);
  try {
    const running = await startSandbox(checkerSpec(checker, dir, { signal }));
    return checkerRunVerdict(await running.result, 'checker');
  } finally {
    removeRunDir(dir);
  }
};

export interface InteractiveOutcome {
  run: ProgramRun;
  verdict: CheckerVerdict | null;
}

/**
 * Interactive judging: the user's stdout feeds the interactor's stdin and back, proxied by the judge with
 * stream back-pressure (neither side can make the judge buffer without bound). When one side exits, the
 * other side's writes fail as with a real pipe (EPIPE/SIGPIPE) and its reads see EOF, so neither waits
 * forever on a partner that stopped reading. The interactor runs as `interactor input user_out answer`
 * (testlib registerInteraction) and may write user_out.
 */
export const runInteractive = async (
  program: CompiledProgram,
  limits: RunLimits,
  interactor: CompiledProgram,
  inputPath: string,
  answerPath: string | undefined,
  signal?: AbortSignal,
): Promise<InteractiveOutcome> => {
  const dir = prepareCheckerDir(inputPath, answerPath, Buffer.alloc(0));
  try {
    const userCpuLimitMs = limits.timeLimitMs + CPU_KILL_GRACE_MS;
    const interactorCpuLimitMs = 2 * userCpuLimitMs;
    const interactorRun = await startSandbox(
      checkerSpec(interactor, dir, {
        stdin: { kind: 'pipe' },
        stdout: { kind: 'pipe' },
        cpuLimitMs: interactorCpuLimitMs,
        wallLimitMs: Math.max(userCpuLimitMs * WALL_FACTOR + 2000, interactorCpuLimitMs),
        memoryLimitBytes: 2 * (limits.memoryLimitMb + 100) * MIB,
        signal,
      }),
    );
    const userRun = await startProgramWithPipes(program, limits, signal);
    const userOut = userRun.stdout;
    const userIn = userRun.stdin;
    const interactorOut = interactorRun.stdout;
    const interactorIn = interactorRun.stdin;
    if (userOut && interactorIn) userOut.pipe(interactorIn);
    if (interactorOut && userIn) interactorOut.pipe(userIn);
    for (const stream of [userOut, userIn, interactorOut, interactorIn]) stream?.on('error', () => {});
    const userResult = userRun.result.then((result) => {
      interactorOut?.destroy();
      interactorIn?.end();
      return result;
    });
    const interactorResult = interactorRun.result.then((result) => {
      userOut?.destroy();
      userIn?.end();
      return result;
    });
    const [user, checker] = await Promise.all([userResult, interactorResult]);
    const run = classifyRun(user, program, limits);
    // As HOJ orders an interactive case's verdict: the user's TLE and MLE come first; then a crash of the user,
    // unless it is the SIGPIPE of writing to an interactor that already finished (and did not accept).
    if (run.status === JUDGE_STATUS.TIME_LIMIT_EXCEEDED || run.status === JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED)
      return { run, verdict: null };
    if (run.status === JUDGE_STATUS.SYSTEM_ERROR) return { run, verdict: null };
    const verdict = checkerRunVerdict(checker, 'interactor');
    const sigpipe = user.signal === 13 || user.exitCode === 13;
    if (run.status !== null && !(sigpipe && checker.exitCode !== 0)) return { run, verdict: null };
    if (checker.exitCode !== 0 && checker.exitCode !== null && checker.stderr.trim())
      verdict.message = `${verdict.message}\nInteractive program exited with code: ${checker.exitCode}`;
    return { run: { ...run, status: null, message: '' }, verdict };
  } finally {
    removeRunDir(dir);
  }
};
