import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedLanguage } from '../languages/toolchains.js';
import { fillArgv } from '../languages/toolchains.js';
import { createRunDir, removeRunDir, sealArtifactTree } from '../sandbox/run-dirs.js';
import { MIB, type ReadOnlyBind, runSandbox } from '../sandbox/sandbox.js';
import { compileCacheEnabled, pchEnabled } from './build-cache.js';
import { compileCacheKey, storeCompiledProgram, takeCachedProgram } from './compile-cache.js';
import { COMPILE_LIMITS, COMPILE_MESSAGE_MAX_CHARS, type CompileLimits, compileSandboxLimits } from './judge-limits.js';
import {
  buildPrecompiledHeaderInBackground,
  includesPrecompiledHeader,
  PCH_MOUNT,
  readyPrecompiledHeader,
} from './precompiled-headers.js';

/** A compiled (or syntax-checked) program: a root-owned read-only tree bound at /prog for every run. */
export interface CompiledProgram {
  language: ResolvedLanguage;
  artifactDir: string;
  /** Compiler warnings, if any. */
  message: string;
  /** How it was made: from the compile cache, or compiled with or without a precompiled header offered. */
  origin: 'cache' | 'pch' | 'compiled';
  /** CPU time the compiler used (0 from the cache). */
  compileCpuMs: number;
  dispose(): void;
}

export interface CompileOptions {
  /** Read and fill the compile cache (default: unless OJ_JUDGE_COMPILE_CACHE=0). The language probes do not. */
  cache?: boolean;
  /** Offer the language's precompiled header (default: unless OJ_JUDGE_PCH=0). */
  precompiledHeader?: boolean;
  /** The compile's limits (default: a submission's, COMPILE_LIMITS). */
  limits?: CompileLimits;
}

export type CompileOutcome =
  | { ok: true; program: CompiledProgram }
  /** The source's fault: Compile Error. */
  | { ok: false; systemError: false; message: string }
  /** The judge's fault (sandbox could not start): System Error. */
  | { ok: false; systemError: true; message: string };

/** The caches only ever speed a compile up: one that cannot be read (or a toolchain that will not say its
 * version) means compiling as before. */
const besteffort = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch (error) {
    process.stderr.write(`[judge] build cache not used: ${(error as Error).message}\n`);
    return undefined;
  }
};

/** Stores a fresh compile in the cache; a cache that cannot be written never fails the judgement. */
const keep = (key: string | undefined, language: ResolvedLanguage, dir: string, message: string) => {
  if (!key) return;
  try {
    storeCompiledProgram(key, language, dir, message);
  } catch (error) {
    process.stderr.write(`[judge] compile cache not written: ${(error as Error).message}\n`);
  }
};

export const trimMessage = (text: string, maxChars = COMPILE_MESSAGE_MAX_CHARS): string =>
  text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n... (${text.length - maxChars} more characters cut)`;

/**
 * Compiles `source` (plus `extraFiles` beside it, e.g. testlib.h for checkers) in a fresh writable work dir.
 * Languages without a compiler still get their syntax check here (py_compile, node --check), so a syntax
 * error is a Compile Error and not a Runtime Error on every case.
 *
 * A program compiled before from the same inputs comes from the compile cache; a C++ source that includes
 * bits/stdc++.h gets the precompiled header when it is built (else it is built in the background for the next
 * one), and GCC falls back to the real header wherever the precompiled one does not fit (decision 0026).
 */
export const compileProgram = async (
  language: ResolvedLanguage,
  source: string,
  extraFiles: Record<string, string | Buffer> = {},
  signal?: AbortSignal,
  options: CompileOptions = {},
): Promise<CompileOutcome> => {
  const limits = options.limits ?? COMPILE_LIMITS;
  const argv = language.definition.compile ? fillArgv(language.definition.compile, language) : [];
  const cacheKey =
    (options.cache ?? compileCacheEnabled())
      ? besteffort(() => compileCacheKey(language, argv, source, extraFiles))
      : undefined;
  if (cacheKey) {
    const hit = besteffort(() => takeCachedProgram(cacheKey));
    if (hit)
      return {
        ok: true,
        program: {
          language,
          artifactDir: hit.artifactDir,
          message: hit.message,
          origin: 'cache',
          compileCpuMs: 0,
          dispose: () => removeRunDir(hit.artifactDir),
        },
      };
  }
  const binds: ReadOnlyBind[] = [];
  const compileArgv = [...argv];
  if ((options.precompiledHeader ?? pchEnabled()) && includesPrecompiledHeader(language, source)) {
    const ready = besteffort(() => readyPrecompiledHeader(language));
    if (ready) {
      binds.push({ source: ready.includeDir, target: PCH_MOUNT, optional: true });
      compileArgv.splice(1, 0, '-I', PCH_MOUNT);
    } else besteffort(() => buildPrecompiledHeaderInBackground(language));
  }
  const origin = binds.length > 0 ? 'pch' : 'compiled';
  const dir = createRunDir('build');
  try {
    for (const [name, content] of Object.entries(extraFiles)) writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, language.definition.sourceFile), source);
    if (language.definition.compile) {
      const result = await runSandbox({
        argv: compileArgv,
        env: language.definition.compileEnv,
        workDir: { kind: 'host', path: dir },
        binds,
        systemPaths: language.systemPaths,
        stdin: { kind: 'none' },
        ...compileSandboxLimits(limits),
        signal,
      });
      if (result.killedBy === 'abort') throw new DOMException('judging cancelled', 'AbortError');
      if (result.setupError) {
        removeRunDir(dir);
        return { ok: false, systemError: true, message: result.setupError };
      }
      const output = trimMessage(`${result.stdout.toString('utf8')}${result.stderr}`.trim());
      let failure: string | undefined;
      // Name the limit that was hit: on a busy host the wall limit can trip while the CPU time is well within its own.
      if (result.killedBy === 'cpu' || result.cpuMs > limits.cpuLimitMs)
        failure = `Compilation time limit exceeded (${limits.cpuLimitMs / 1000} s of CPU)`;
      else if (result.killedBy === 'wall')
        failure = `Compilation wall time limit exceeded (${limits.wallLimitMs / 1000} s of real time; ${(result.cpuMs / 1000).toFixed(1)} s of CPU used: the judge host is busy)`;
      else if (result.oomKilled) failure = `Compilation memory limit exceeded (${limits.memoryLimitBytes / MIB} MiB)`;
      else if (result.killedBy === 'stdout' || result.killedBy === 'stderr') failure = 'Compiler output limit exceeded';
      else if (result.signal !== null) failure = `Compiler killed by signal ${result.signal}`;
      else if (result.exitCode !== 0) failure = '';
      if (failure !== undefined) {
        removeRunDir(dir);
        const message = [failure, output].filter(Boolean).join('\n');
        return { ok: false, systemError: false, message: message || `Compiler exited with ${result.exitCode}` };
      }
      sealArtifactTree(dir);
      keep(cacheKey, language, dir, output);
      return {
        ok: true,
        program: {
          language,
          artifactDir: dir,
          message: output,
          origin,
          compileCpuMs: result.cpuMs,
          dispose: () => removeRunDir(dir),
        },
      };
    }
    sealArtifactTree(dir);
    return {
      ok: true,
      program: { language, artifactDir: dir, message: '', origin, compileCpuMs: 0, dispose: () => removeRunDir(dir) },
    };
  } catch (error) {
    removeRunDir(dir);
    throw error;
  }
};
