import { JUDGE_STATUS } from '@oj/shared/judging';
import { fillArgv } from '../languages/toolchains.js';
import { MIB, type RunningSandbox, type SandboxResult, type SandboxSpec, startSandbox } from '../sandbox/sandbox.js';
import type { CompiledProgram } from './compile-program.js';
import {
  CPU_KILL_GRACE_MS,
  RUN_FILE_SIZE_LIMIT_BYTES,
  RUN_OPEN_FILES_MAX,
  RUN_PIDS_MAX,
  STDERR_LIMIT_BYTES,
  WALL_FACTOR,
} from './judge-limits.js';
import { uncaughtExceptionType } from './uncaught-exception.js';

/** Effective limits of one run (already doubled for languages other than C/C++). */
export interface RunLimits {
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb: number;
}

export type ProgramInput = { kind: 'file'; path: string } | { kind: 'pipe' };

/** The outcome of running a user program, before its output is compared. */
export interface ProgramRun {
  /** null when the program ran fine (exit 0 within limits); otherwise TLE, MLE, RE or SE. */
  status: number | null;
  message: string;
  timeMs: number;
  memoryKb: number;
  sandbox: SandboxResult;
}

export const sandboxSpecForProgram = (
  program: CompiledProgram,
  limits: RunLimits,
  input: ProgramInput,
  stdoutLimitBytes: number | 'pipe',
  signal?: AbortSignal,
): SandboxSpec => {
  const { definition } = program.language;
  const overheadMb = definition.runtimeOverheadMb ?? 0;
  const cpuLimitMs = limits.timeLimitMs + CPU_KILL_GRACE_MS;
  return {
    argv: fillArgv(definition.run, program.language, {
      memoryMb: limits.memoryLimitMb,
      stackMb: limits.stackLimitMb,
    }),
    env: definition.runEnv,
    // The program's own files live in tmpfs charged to its memory cgroup, so disk use is bounded too.
    workDir: { kind: 'tmpfs', sizeBytes: Math.max(limits.memoryLimitMb, 16) * MIB },
    tmpSizeBytes: Math.max(limits.memoryLimitMb, 16) * MIB,
    binds: [{ source: program.artifactDir, target: '/prog' }],
    systemPaths: program.language.systemPaths,
    stdin: input.kind === 'file' ? { kind: 'file', path: input.path } : { kind: 'pipe' },
    stdout: stdoutLimitBytes === 'pipe' ? { kind: 'pipe' } : { kind: 'capture', limitBytes: stdoutLimitBytes },
    stderrLimitBytes: STDERR_LIMIT_BYTES,
    cpuLimitMs,
    wallLimitMs: cpuLimitMs * WALL_FACTOR,
    memoryLimitBytes: (limits.memoryLimitMb + overheadMb) * MIB,
    stackLimitBytes: limits.stackLimitMb * MIB,
    pidsMax: RUN_PIDS_MAX,
    fileSizeLimitBytes: RUN_FILE_SIZE_LIMIT_BYTES,
    openFilesMax: RUN_OPEN_FILES_MAX,
    signal,
  };
};

const SIGNAL_NAMES: Record<number, string> = {
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  31: 'SIGSYS',
};
export const signalName = (signal: number): string => SIGNAL_NAMES[signal] ?? `signal ${signal}`;

export const OUTPUT_LIMIT_MESSAGE = 'Output Limit Exceeded';

/** ` (uncaught ZeroDivisionError)` when the run's stderr shows the exception that ended it, else nothing. */
const uncaughtSuffix = (result: SandboxResult, program: CompiledProgram): string => {
  const format = program.language.definition.uncaughtExceptions;
  if (!format) return '';
  // A long stderr keeps its start and its end: the report of the exception is at the end, and a JVM's starts a
  // stack of a thousand frames.
  const stderr = result.stderrTail === undefined ? result.stderr : `${result.stderr}\n${result.stderrTail}`;
  const type = uncaughtExceptionType(format, stderr);
  return type ? ` (uncaught ${type})` : '';
};

/**
 * Verdict precedence: output limit, CPU time, wall time, memory, signal, exit code.
 * Times and memory of TLE/MLE are reported at the limit.
 */
export const classifyRun = (result: SandboxResult, program: CompiledProgram, limits: RunLimits): ProgramRun => {
  if (result.killedBy === 'abort') throw new DOMException('judging cancelled', 'AbortError');
  const memoryLimitKb = limits.memoryLimitMb * 1024;
  const timeMs = Math.min(Math.round(result.cpuMs), limits.timeLimitMs);
  const memoryKb = Math.min(result.memoryKb, memoryLimitKb);
  const run = (status: number | null, message: string, overrides: Partial<ProgramRun> = {}): ProgramRun => ({
    status,
    message,
    timeMs,
    memoryKb,
    sandbox: result,
    ...overrides,
  });
  if (result.setupError) return run(JUDGE_STATUS.SYSTEM_ERROR, result.setupError);
  if (result.killedBy === 'stdout' || result.killedBy === 'stderr' || result.signal === 25)
    return run(JUDGE_STATUS.RUNTIME_ERROR, OUTPUT_LIMIT_MESSAGE);
  if (result.killedBy === 'cpu' || result.cpuMs > limits.timeLimitMs || result.signal === 24)
    return run(JUDGE_STATUS.TIME_LIMIT_EXCEEDED, '', { timeMs: limits.timeLimitMs });
  if (result.killedBy === 'wall')
    return run(JUDGE_STATUS.TIME_LIMIT_EXCEEDED, 'Wall time limit exceeded', { timeMs: limits.timeLimitMs });
  const failed = result.exitCode !== 0 || result.signal !== null;
  const patterns = program.language.definition.memoryErrorPatterns ?? [];
  // The JVM prints "Terminating due to java.lang.OutOfMemoryError" on stdout (-XX:+ExitOnOutOfMemoryError), the
  // others on stderr (its start and, when long, its end); only the end of stdout is searched.
  const stdoutTail = failed ? result.stdout.subarray(-4096).toString('utf8') : '';
  if (
    result.oomKilled ||
    (failed &&
      patterns.some(
        (pattern) =>
          result.stderr.includes(pattern) || result.stderrTail?.includes(pattern) || stdoutTail.includes(pattern),
      ))
  )
    return run(JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED, '', { memoryKb: memoryLimitKb });
  if (result.signal !== null)
    return run(JUDGE_STATUS.RUNTIME_ERROR, `Killed by ${signalName(result.signal)}${uncaughtSuffix(result, program)}`);
  if (result.exitCode !== 0)
    return run(JUDGE_STATUS.RUNTIME_ERROR, `Exited with code ${result.exitCode}${uncaughtSuffix(result, program)}`);
  return run(null, '');
};

export const runProgram = async (
  program: CompiledProgram,
  limits: RunLimits,
  inputPath: string,
  stdoutLimitBytes: number,
  signal?: AbortSignal,
): Promise<ProgramRun> => {
  const running = await startSandbox(
    sandboxSpecForProgram(program, limits, { kind: 'file', path: inputPath }, stdoutLimitBytes, signal),
  );
  return classifyRun(await running.result, program, limits);
};

export const startProgramWithPipes = (
  program: CompiledProgram,
  limits: RunLimits,
  signal?: AbortSignal,
): Promise<RunningSandbox> => startSandbox(sandboxSpecForProgram(program, limits, { kind: 'pipe' }, 'pipe', signal));
