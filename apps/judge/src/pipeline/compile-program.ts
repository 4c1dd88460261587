import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedLanguage } from '../languages/toolchains.js';
import { fillArgv } from '../languages/toolchains.js';
import { createRunDir, removeRunDir, sealArtifactTree } from '../sandbox/run-dirs.js';
import { runSandbox } from '../sandbox/sandbox.js';
import { COMPILE_LIMITS, COMPILE_MESSAGE_MAX_CHARS } from './judge-limits.js';

/** A compiled (or syntax-checked) program: a root-owned read-only tree bound at /prog for every run. */
export interface CompiledProgram {
  language: ResolvedLanguage;
  artifactDir: string;
  /** Compiler warnings, if any. */
  message: string;
  dispose(): void;
}

export type CompileOutcome =
  | { ok: true; program: CompiledProgram }
  /** The source's fault: Compile Error. */
  | { ok: false; systemError: false; message: string }
  /** The judge's fault (sandbox could not start): System Error. */
  | { ok: false; systemError: true; message: string };

export const trimMessage = (text: string, maxChars = COMPILE_MESSAGE_MAX_CHARS): string =>
  text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n... (${text.length - maxChars} more characters cut)`;

/**
 * Compiles `source` (plus `extraFiles` beside it, e.g. testlib.h for checkers) in a fresh writable work dir.
 * Languages without a compiler still get their syntax check here (py_compile, node --check), so a syntax
 * error is a Compile Error and not a Runtime Error on every case.
 */
export const compileProgram = async (
  language: ResolvedLanguage,
  source: string,
  extraFiles: Record<string, string | Buffer> = {},
  signal?: AbortSignal,
): Promise<CompileOutcome> => {
  const dir = createRunDir('build');
  try {
    for (const [name, content] of Object.entries(extraFiles)) writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, language.definition.sourceFile), source);
    if (language.definition.compile) {
      const result = await runSandbox({
        argv: fillArgv(language.definition.compile, language),
        env: language.definition.compileEnv,
        workDir: { kind: 'host', path: dir },
        systemPaths: language.systemPaths,
        stdin: { kind: 'none' },
        stdout: { kind: 'capture', limitBytes: COMPILE_LIMITS.outputLimitBytes },
        stderrLimitBytes: COMPILE_LIMITS.outputLimitBytes,
        cpuLimitMs: COMPILE_LIMITS.cpuLimitMs,
        wallLimitMs: COMPILE_LIMITS.wallLimitMs,
        memoryLimitBytes: COMPILE_LIMITS.memoryLimitBytes,
        stackLimitBytes: COMPILE_LIMITS.stackLimitBytes,
        pidsMax: COMPILE_LIMITS.pidsMax,
        fileSizeLimitBytes: COMPILE_LIMITS.fileSizeLimitBytes,
        openFilesMax: COMPILE_LIMITS.openFilesMax,
        tmpSizeBytes: 256 * 1024 * 1024,
        signal,
      });
      if (result.killedBy === 'abort') throw new DOMException('judging cancelled', 'AbortError');
      if (result.setupError) {
        removeRunDir(dir);
        return { ok: false, systemError: true, message: result.setupError };
      }
      const output = trimMessage(`${result.stdout.toString('utf8')}${result.stderr}`.trim());
      let failure: string | undefined;
      if (result.killedBy === 'cpu' || result.killedBy === 'wall' || result.cpuMs > COMPILE_LIMITS.cpuLimitMs)
        failure = `Compilation time limit exceeded (${COMPILE_LIMITS.cpuLimitMs / 1000} s)`;
      else if (result.oomKilled) failure = 'Compilation memory limit exceeded (512 MiB)';
      else if (result.killedBy === 'stdout' || result.killedBy === 'stderr') failure = 'Compiler output limit exceeded';
      else if (result.signal !== null) failure = `Compiler killed by signal ${result.signal}`;
      else if (result.exitCode !== 0) failure = '';
      if (failure !== undefined) {
        removeRunDir(dir);
        const message = [failure, output].filter(Boolean).join('\n');
        return { ok: false, systemError: false, message: message || `Compiler exited with ${result.exitCode}` };
      }
      sealArtifactTree(dir);
      return { ok: true, program: { language, artifactDir: dir, message: output, dispose: () => removeRunDir(dir) } };
    }
    sealArtifactTree(dir);
    return { ok: true, program: { language, artifactDir: dir, message: '', dispose: () => removeRunDir(dir) } };
  } catch (error) {
    removeRunDir(dir);
    throw error;
  }
};
