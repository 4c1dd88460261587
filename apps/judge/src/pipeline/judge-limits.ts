import { MIB } from '../sandbox/sandbox.js';

/** The judge's limits (compile, run, output, checker), in one place. */
export const COMPILE_LIMITS = {
  cpuLimitMs: 10_000,
  wallLimitMs: 20_000,
  memoryLimitBytes: 512 * MIB,
  stackLimitBytes: 256 * MIB,
  pidsMax: 128,
  fileSizeLimitBytes: 256 * MIB,
  openFilesMax: 512,
  outputLimitBytes: 16 * MIB,
} as const;

export type CompileLimits = { [K in keyof typeof COMPILE_LIMITS]: number };

/** A checker's or interactor's compile (the problem's, not the user's code): testlib.h alone takes 6 to 8 s of CPU at
 * -O2, 15 s and more of wall time on a busy host, so it gets three times the room of a submission's compile. */
export const CHECKER_COMPILE_LIMITS: CompileLimits = { ...COMPILE_LIMITS, cpuLimitMs: 30_000, wallLimitMs: 60_000 };

/** A compile's sandbox limits from COMPILE_LIMITS, or from a roomier set of the same shape (the judge's own
 * header builds): stdout captured and stderr cut at the output limit, a 256 MiB /tmp. */
export const compileSandboxLimits = (limits: CompileLimits = COMPILE_LIMITS) => ({
  stdout: { kind: 'capture' as const, limitBytes: limits.outputLimitBytes },
  stderrLimitBytes: limits.outputLimitBytes,
  cpuLimitMs: limits.cpuLimitMs,
  wallLimitMs: limits.wallLimitMs,
  memoryLimitBytes: limits.memoryLimitBytes,
  stackLimitBytes: limits.stackLimitBytes,
  pidsMax: limits.pidsMax,
  fileSizeLimitBytes: limits.fileSizeLimitBytes,
  openFilesMax: limits.openFilesMax,
  tmpSizeBytes: 256 * MIB,
});

/** Compiler output beyond this is cut: a template-recursion bomb can print megabytes of errors. */
export const COMPILE_MESSAGE_MAX_CHARS = 64 * 1024;

/** The kill point is 200 ms of CPU past the limit; TLE itself is "CPU time > limit". */
export const CPU_KILL_GRACE_MS = 200;
export const WALL_FACTOR = 3;

export const RUN_PIDS_MAX = 64;
export const RUN_OPEN_FILES_MAX = 128;
export const RUN_FILE_SIZE_LIMIT_BYTES = 64 * MIB;
export const STDOUT_MIN_LIMIT_BYTES = 32 * MIB;
export const STDERR_LIMIT_BYTES = 16 * MIB;

export const CHECKER_LIMITS = {
  cpuLimitMs: 10_000,
  wallLimitMs: 20_000,
  memoryLimitBytes: 512 * MIB,
  stackLimitBytes: 256 * MIB,
  pidsMax: 16,
  fileSizeLimitBytes: 256 * MIB,
  openFilesMax: 64,
  stdoutLimitBytes: 1 * MIB,
  stderrLimitBytes: 1 * MIB,
} as const;

/** The checker's message kept per case (HOJ keeps 1024 characters too). */
export const CHECKER_MESSAGE_MAX_CHARS = 1024;
/** User output kept per case in the result (the verdict always uses the whole output). */
export const USER_OUTPUT_KEEP_CHARS = 2048;

export const stdoutLimitFor = (answerBytes: number): number => Math.max(2 * answerBytes, STDOUT_MIN_LIMIT_BYTES);
