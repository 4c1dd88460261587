import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stamp, toolchainIdentity } from '../languages/toolchain-identity.js';
import type { ResolvedLanguage } from '../languages/toolchains.js';
import { fillArgv, resolveLanguage } from '../languages/toolchains.js';
import { tryLockFile } from '../sandbox/file-lock.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { MIB, runSandbox } from '../sandbox/sandbox.js';
import { cacheSection, compileCacheLimits, pchEnabled, publish, retire, stagingPath } from './build-cache.js';
import { COMPILE_LIMITS, compileSandboxLimits } from './judge-limits.js';

/**
 * Precompiled headers (decision 0027). `#include <bits/stdc++.h>` costs about half a second of g++ per
 * submission and `#include <iostream>` about a tenth; GCC loads a precompiled `bits/stdc++.h.gch` or
 * `iostream.gch` instead when it finds one in an include directory searched before the system's and the
 * compile's flags and macros match the build's. Each C++ variant's headers are built once per host and toolchain,
 * inside the sandbox, each from a one-line `main.cpp` that includes the system header (no user input), and kept under
 * `<build cache>/pch/<key>/include/`, which compiles bind read-only at /pch with `-I /pch` ahead of the system
 * directories.
 *
 * GCC itself decides whether a header can be used: only for the first include of the source (one precompiled
 * header per compile; later includes read the real headers), and it refuses a .gch (and reads the real header
 * instead, as if the .gch were not there) when the include is not the first thing in the source, or when a macro
 * defined before it matters to the header (`#define _GLIBCXX_DEBUG`, `#define int long long`), or when any flag
 * that shows in the predefined macros differs. So a source the header does not fit still compiles as it always
 * did.
 */
export const PCH_MOUNT = '/pch';

/** The compilers' identity without the header directories: the headers a build read are checked one by one
 * (`upToDate`). */
const compilerIdentity = (language: ResolvedLanguage) => toolchainIdentity(language, { headers: false });

/** Same key for the same compiler, includes and exact flags; a changed compiler builds new headers beside the old,
 * a changed header file the build read rebuilds them in place. */
export const pchKey = (language: ResolvedLanguage, identity = compilerIdentity(language)): string => {
  const pch = language.definition.precompiledHeader!;
  return createHash('sha256')
    .update(JSON.stringify({ format: 4, identity, tools: language.tools, includes: pch.includes, flags: pch.flags }))
    .digest('hex');
};

/** Whether `source` includes one of the language's precompiled headers at all (else there is nothing to gain). */
export const includesPrecompiledHeader = (language: ResolvedLanguage, source: string): boolean => {
  const includes = language.definition.precompiledHeader?.includes;
  if (!includes) return false;
  const alternatives = includes.map((include) => include.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`^[ \\t]*#[ \\t]*include[ \\t]*[<"](?:${alternatives})[>"]`, 'm').test(source);
};

const TOUCH_EVERY_MS = 3600_000;
const lastTouched = new Map<string, number>();

/** The files a header build read, from GCC's dependency output (`-MD`): make's syntax, the target first. */
export const dependencyFiles = (text: string, wrapper: string): string[] => {
  const words = text.replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean);
  return [...new Set(words.slice(1).filter((w) => !w.endsWith(':') && w !== wrapper && w.startsWith('/')))].sort();
};

const checkedAt = new Map<string, { ok: boolean; at: number }>();
/** Forgets when the headers' files were looked at (tests: a change is then seen at once). */
export const forgetHeaderChecks = () => checkedAt.clear();
/** How often one process looks at the files a header was built from again. */
const RECHECK_MS = 60_000;

/** Whether every file the build of `entry` read is still the same (path, size, inode, modification time): an
 * upgrade of those headers makes it stale; any other header does not. Looked at again at most once a minute. */
const upToDate = (entry: string): boolean => {
  const known = checkedAt.get(entry);
  if (known && Date.now() - known.at < RECHECK_MS) return known.ok;
  let ok = false;
  try {
    const meta = JSON.parse(readFileSync(join(entry, 'pch.json'), 'utf8')) as { depends?: string[] };
    ok = Array.isArray(meta.depends) && meta.depends.every((s) => stamp(s.slice(0, s.indexOf(':'))) === s);
  } catch {}
  checkedAt.set(entry, { ok, at: Date.now() });
  return ok;
};

/**
 * The host directory to bind at /pch when this language's headers are built, else undefined. Marks the entry used
 * (at most hourly), so the sweep of stale headers leaves it alone.
 */
export const readyPrecompiledHeader = (
  language: ResolvedLanguage,
  identity?: string,
): { key: string; includeDir: string } | undefined => {
  const pch = language.definition.precompiledHeader;
  if (!pch) return undefined;
  const key = pchKey(language, identity);
  const entry = join(cacheSection('pch'), key);
  const includeDir = join(entry, 'include');
  if (!pch.includes.every((include) => existsSync(join(includeDir, `${include}.gch`)))) return undefined;
  if (!upToDate(entry)) return undefined;
  const now = Date.now();
  if (now - (lastTouched.get(key) ?? 0) > TOUCH_EVERY_MS) {
    lastTouched.set(key, now);
    try {
      utimesSync(join(entry, 'pch.json'), now / 1000, now / 1000);
    } catch {}
  }
  return { key, includeDir };
};

/** The header build is ours (the system's headers, fixed flags), not a submission: roomier than a compile. */
const PCH_BUILD_LIMITS = {
  ...COMPILE_LIMITS,
  cpuLimitMs: 60_000,
  wallLimitMs: 180_000,
  memoryLimitBytes: 1024 * MIB,
  fileSizeLimitBytes: 1024 * MIB,
};

export type PchBuildResult = { ok: true; includeDir: string; built: boolean } | { ok: false; message: string };

/** Builds each header's .gch in a fresh run dir inside the sandbox and publishes them together, whole. */
const buildInSandbox = async (language: ResolvedLanguage, key: string, identity: string): Promise<PchBuildResult> => {
  const pch = language.definition.precompiledHeader!;
  const section = cacheSection('pch');
  const dir = createRunDir('pch');
  try {
    const [tool] = fillArgv([language.definition.compile![0]], language);
    let cpuMs = 0;
    const depends = new Set<string>();
    // The wrapper has the source's name and the include on its first line, as most sources do: a compile error's
    // include trail then reads "from main.cpp:1", the same as without the header.
    const wrapper = language.definition.sourceFile;
    for (const include of pch.includes) {
      const output = `${basename(include)}.gch`;
      const deps = `${basename(include)}.d`;
      writeFileSync(join(dir, wrapper), `#include <${include}>\n`);
      const result = await runSandbox({
        // -MD: the files it reads, so the header is rebuilt exactly when one of them changes.
        argv: [tool, ...pch.flags, '-x', 'c++-header', wrapper, '-o', output, '-MD', '-MF', deps],
        workDir: { kind: 'host', path: dir },
        systemPaths: language.systemPaths,
        stdin: { kind: 'none' },
        ...compileSandboxLimits(PCH_BUILD_LIMITS),
      });
      if (result.setupError || result.exitCode !== 0 || result.killedBy || !existsSync(join(dir, output)))
        return {
          ok: false,
          message: `precompiled header ${include} (${language.definition.name}) did not build: ${
            result.setupError ?? `${result.killedBy ?? `exit ${result.exitCode}`} ${result.stderr.slice(0, 2000)}`
          }`.trim(),
        };
      cpuMs += result.cpuMs;
      // The sandbox sees the system's files at their own paths (/usr is bound where it is).
      for (const file of dependencyFiles(readFileSync(join(dir, deps), 'utf8'), wrapper)) depends.add(file);
    }
    const staging = stagingPath(section);
    for (const include of pch.includes) {
      const headerDir = join(staging, 'include', dirname(include));
      mkdirSync(headerDir, { recursive: true, mode: 0o755 });
      const built = join(dir, `${basename(include)}.gch`);
      const target = join(headerDir, `${basename(include)}.gch`);
      try {
        renameSync(built, target);
      } catch {
        copyFileSync(built, target);
      }
      // The sandbox user wrote it: the cached copy belongs to root and nobody may change it.
      chownSync(target, 0, 0);
      chmodSync(target, 0o644);
      for (let path = headerDir; path.startsWith(staging); path = dirname(path)) chmodSync(path, 0o755);
    }
    writeFileSync(
      join(staging, 'pch.json'),
      `${JSON.stringify(
        {
          language: language.definition.name,
          includes: pch.includes,
          flags: pch.flags,
          tools: language.tools,
          toolchainIdentity: identity,
          depends: [...depends].sort().map(stamp),
          builtAt: new Date().toISOString(),
          cpuMs: Math.round(cpuMs),
        },
        null,
        2,
      )}\n`,
      { mode: 0o644 },
    );
    // A stale build of the same key (one of its headers changed) gives way; a compile that had it bound reads the
    // real headers.
    if (existsSync(join(section, key))) retire(section, key);
    publish(staging, join(section, key));
    checkedAt.delete(join(section, key));
    sweepStaleHeaders(section, key);
    return { ok: true, includeDir: join(section, key, 'include'), built: true };
  } finally {
    removeRunDir(dir);
  }
};

/**
 * Headers nobody used for the cache's maximum age (an old compiler's, after an upgrade) and staging left by a
 * judge that died while building. Headers in use are touched hourly, so a live one is never removed; if one
 * were, a compile that had it bound would just read the real header.
 */
const sweepStaleHeaders = (section: string, keep: string) => {
  const now = Date.now();
  const { maxAgeMs } = compileCacheLimits();
  for (const name of readdirSync(section)) {
    if (name === keep || name.endsWith('.lock')) continue;
    try {
      const path = join(section, name);
      const stamp = name.startsWith('.') ? statSync(path).mtimeMs : statSync(join(path, 'pch.json')).mtimeMs;
      if (now - stamp > (name.startsWith('.') ? TOUCH_EVERY_MS : maxAgeMs)) retire(section, name);
    } catch {}
  }
};

const inFlight = new Map<string, Promise<PchBuildResult>>();
/** Keys queued for a background build (0), or whose build failed in this process (when). */
const notBefore = new Map<string, number>();
const RETRY_FAILED_BUILD_MS = 10 * 60_000;
const WAIT_FOR_OTHER_JUDGE_MS = 180_000;

/**
 * The language's precompiled header, built first if missing: at most once at a time per host (an flock on
 * `<key>.lock` in the cache, so judges sharing the host never build the same header twice or see half of it),
 * and once per process. `identity` stands for the toolchain's (tests simulate a compiler change with it).
 */
export const buildPrecompiledHeader = (
  language: ResolvedLanguage,
  identity = compilerIdentity(language),
): Promise<PchBuildResult> => {
  const key = pchKey(language, identity);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const promise = (async (): Promise<PchBuildResult> => {
    const section = cacheSection('pch');
    const deadline = Date.now() + WAIT_FOR_OTHER_JUDGE_MS;
    for (;;) {
      const ready = readyPrecompiledHeader(language, identity);
      if (ready) return { ok: true, includeDir: ready.includeDir, built: false };
      const fd = await tryLockFile(join(section, `${key}.lock`));
      if (fd === undefined) {
        // Another judge on this host is building it.
        if (Date.now() > deadline) return { ok: false, message: 'another judge is still building this header' };
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      try {
        const again = readyPrecompiledHeader(language, identity);
        if (again) return { ok: true, includeDir: again.includeDir, built: false };
        return await buildInSandbox(language, key, identity);
      } finally {
        closeSync(fd);
      }
    }
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
};

/** Sources wait for nobody: a missing header is built in the background (one at a time per process) while
 * the compile that wanted it runs without it. A header that failed to build is tried again 10 minutes later. */
let backgroundQueue: Promise<unknown> = Promise.resolve();
export const buildPrecompiledHeaderInBackground = (language: ResolvedLanguage): void => {
  const key = pchKey(language);
  const failedAt = notBefore.get(key);
  if (
    inFlight.has(key) ||
    (failedAt !== undefined && (failedAt === 0 || Date.now() - failedAt < RETRY_FAILED_BUILD_MS))
  )
    return;
  notBefore.set(key, 0);
  backgroundQueue = backgroundQueue.then(async () => {
    let message: string | undefined;
    try {
      const result = await buildPrecompiledHeader(language);
      if (!result.ok) message = result.message;
    } catch (error) {
      message = `precompiled header build failed: ${(error as Error).message}`;
    }
    if (message === undefined) notBefore.delete(key);
    else {
      notBefore.set(key, Date.now());
      process.stderr.write(`[judge] ${message}\n`);
    }
  });
};

/** Starts the background builds of the headers the offered languages use (a worker calls it once it knows its
 * languages): ready ones are left alone, so only a new toolchain, a changed header or an empty cache builds anything,
 * one at a time while the worker already judges. */
export const prepareOfferedHeaders = (offered: readonly string[]): void => {
  if (!pchEnabled()) return;
  for (const name of offered) {
    try {
      const resolution = resolveLanguage(name);
      if (!resolution.ok || !resolution.language.definition.precompiledHeader) continue;
      if (!readyPrecompiledHeader(resolution.language)) buildPrecompiledHeaderInBackground(resolution.language);
    } catch (error) {
      // Sources then compile without them, as with any header that failed to build.
      process.stderr.write(`[judge] precompiled headers of ${name}: ${(error as Error).message}\n`);
    }
  }
};
