import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { JUDGE_ROOT, judgeConfig } from '../config.js';
import { runRoot } from './judge-instance.js';

/**
 * The native sandbox launcher (`apps/judge/native/oj-sandbox.c`, decision 0032): one static binary that sets up
 * the namespaces, mounts, rlimits, uid, user namespace, capabilities and seccomp filter that `prlimit` + `bwrap`
 * set up before, with bwrap's info-fd/block-fd handshake, so a run costs one exec instead of three.
 *
 * Built from the source in the checkout with the system's gcc when the judge prepares the host, and cached by
 * the hash of the source and the compiler's stamp in `<work root>/native/` (root-owned, 0755 binary): judges
 * sharing a host share the build, and a changed source or compiler builds a new one beside it. A host without
 * gcc, or `OJ_JUDGE_NATIVE_SANDBOX=0`, runs on bubblewrap as before (same isolation, slower).
 */
export const NATIVE_SOURCE = join(JUDGE_ROOT, 'native/oj-sandbox.c');
const GCC_PATH = '/usr/bin/gcc';

export type NativeSandbox = { ok: true; path: string } | { ok: false; reason: string };

const compilerStamp = (path: string) => {
  const info = statSync(path);
  return `${path}:${info.size}:${info.ino}:${info.mtimeMs}`;
};

const compile = (output: string, flags: string[]) =>
  spawnSync(GCC_PATH, ['-O2', '-Wall', ...flags, '-o', output, NATIVE_SOURCE], {
    encoding: 'utf8',
    timeout: 60_000,
  });

const UNUSED_BUILD_MS = 7 * 24 * 3600 * 1000;

/** Builds of other sources or compilers that no judge started with for a week (a judge touches its build). */
const removeUnusedBuilds = (dir: string, current: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === current || !name.startsWith('oj-sandbox-')) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_BUILD_MS) rmSync(path, { force: true });
    } catch {}
  }
};

/** Builds the launcher unless a build of this exact source and compiler is cached; never throws. */
export const buildNativeSandbox = (): NativeSandbox => {
  if (!judgeConfig().nativeSandbox) return { ok: false, reason: 'OJ_JUDGE_NATIVE_SANDBOX=0' };
  try {
    if (!existsSync(GCC_PATH)) return { ok: false, reason: `no C compiler at ${GCC_PATH}` };
    const source = readFileSync(NATIVE_SOURCE);
    const key = createHash('sha256').update(source).update(compilerStamp(GCC_PATH)).digest('hex').slice(0, 16);
    const dir = join(runRoot(), 'native');
    const path = join(dir, `oj-sandbox-${key}`);
    if (existsSync(path)) {
      // Its mtime is its last use by a starting judge: builds of other sources go once unused for a week.
      utimesSync(path, new Date(), new Date());
      return { ok: true, path };
    }
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    // Staged under a unique name and renamed: judges building at once never see half a binary.
    const staging = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    // Static: no dynamic loader work in each run. Hosts without libc.a get a dynamic build.
    let result = compile(staging, ['-static']);
    if (result.status !== 0) result = compile(staging, []);
    if (result.status !== 0) {
      rmSync(staging, { force: true });
      const message = (result.error?.message ?? result.stderr ?? '').trim().split('\n').slice(0, 5).join('\n');
      return { ok: false, reason: `cannot build ${NATIVE_SOURCE}: ${message}` };
    }
    chmodSync(staging, 0o755);
    renameSync(staging, path);
    removeUnusedBuilds(dir, path);
    return { ok: true, path };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
};
