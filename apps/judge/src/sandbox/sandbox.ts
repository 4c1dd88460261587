import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, lstatSync, openSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { judgeConfig } from '../config.js';
import { type CgroupBackend, detectCgroupBackend, type RunCgroup } from './cgroup.js';
import { favorCgroupDynmods } from './cgroup-favor-dynmods.js';
import { judgeInstance, onInstanceExit, sweepDeadInstances, sweepLegacyRunDirs } from './judge-instance.js';
import { runServed } from './launcher-server.js';
import { buildNativeSandbox, type NativeSandbox } from './native-sandbox.js';
import { chownTree } from './run-dirs.js';
import { acquireSandboxUid, releaseSandboxUid } from './sandbox-users.js';
import { buildSeccompFilter } from './seccomp-filter.js';

export const BWRAP_PATH = '/usr/bin/bwrap';
export const PRLIMIT_PATH = '/usr/bin/prlimit';

export const KIB = 1024;
export const MIB = 1024 * 1024;

export interface ReadOnlyBind {
  source: string;
  target: string;
  /** Skipped when the source is gone (a cache entry evicted meanwhile) instead of failing the run. */
  optional?: boolean;
}

export type SandboxWorkDir =
  /** Size-capped tmpfs at /w: files the program writes are charged to its memory cgroup. */
  | { kind: 'tmpfs'; sizeBytes: number }
  /** A host directory bound writable at /w (compiles, checkers); chowned to the sandbox uid for the run. */
  | { kind: 'host'; path: string };

export type SandboxStdin = { kind: 'file'; path: string } | { kind: 'pipe' } | { kind: 'none' };
export type SandboxStdout = { kind: 'capture'; limitBytes: number } | { kind: 'pipe' };

export interface SandboxSpec {
  /** argv inside the sandbox; argv[0] is an absolute path visible inside. */
  argv: string[];
  env?: Record<string, string>;
  workDir: SandboxWorkDir;
  /** Read-only binds besides the base system (artifacts, checker files). */
  binds?: ReadOnlyBind[];
  /** Extra host paths bound read-only at the same place when they exist (/etc/java-17-openjdk ...). */
  systemPaths?: string[];
  stdin: SandboxStdin;
  stdout: SandboxStdout;
  stderrLimitBytes: number;
  /** The run is killed when its cgroup's CPU time passes this. */
  cpuLimitMs: number;
  wallLimitMs: number;
  memoryLimitBytes: number;
  stackLimitBytes: number;
  pidsMax: number;
  fileSizeLimitBytes: number;
  openFilesMax: number;
  tmpSizeBytes?: number;
  signal?: AbortSignal;
}

export type KillReason = 'cpu' | 'wall' | 'stdout' | 'stderr' | 'abort';

export interface SandboxResult {
  /** Set when the sandbox itself could not start the program: never the program's fault. */
  setupError?: string;
  exitCode: number | null;
  /** Fatal signal of the program (bwrap folds it into exit status 128+n). */
  signal: number | null;
  cpuMs: number;
  wallMs: number;
  memoryKb: number;
  oomKilled: boolean;
  killedBy: KillReason | null;
  stdout: Buffer;
  stdoutBytes: number;
  /** The first STDERR_KEEP_BYTES of stderr, as text. */
  stderr: string;
  /** The last STDERR_KEEP_BYTES of stderr when there was more than the start holds (a runtime reports an uncaught
   * exception last), as text. */
  stderrTail?: string;
  stderrBytes: number;
}

export interface RunningSandbox {
  /** The program's stdin when `stdin.kind` is 'pipe'. */
  stdin?: Writable;
  /** The program's stdout when `stdout.kind` is 'pipe'. */
  stdout?: Readable;
  result: Promise<SandboxResult>;
}

const STDERR_KEEP_BYTES = 64 * KIB;
const CPU_POLL_MS = 20;

let prepared: CgroupBackend | undefined;
let seccompFilter: Buffer | undefined;
let native: NativeSandbox | undefined;
let runCount = 0;

/** SIGKILLs of the sandboxes running now (each its bwrap and everything in its cgroup). */
const activeRuns = new Set<() => void>();

/** Kills every sandbox this process runs, at once (a worker whose server is gone, process exit). */
export const killActiveSandboxes = (): void => {
  for (const kill of activeRuns) kill();
};

/**
 * One-time host preparation: cgroup subtree, this judge instance, and removal of what dead judge instances
 * left behind (only theirs: decision 0013). Throws with a readable message when the host cannot sandbox (the
 * doctor shows it).
 */
export const prepareSandboxHost = (): CgroupBackend => {
  if (prepared) return prepared;
  if (process.getuid?.() !== 0)
    throw new Error('the judge must run as root to create cgroups and drop to sandbox uids');
  native = buildNativeSandbox();
  if (!native.ok && !existsSync(BWRAP_PATH)) throw new Error(`bubblewrap not found at ${BWRAP_PATH}`);
  if (!native.ok && !existsSync(PRLIMIT_PATH)) throw new Error(`prlimit not found at ${PRLIMIT_PATH}`);
  const backend = detectCgroupBackend();
  backend.prepare();
  const instance = judgeInstance();
  // Without it, an attach after an idle spell waits for an RCU grace period (5-25 ms); never fatal.
  favorCgroupDynmods();
  onInstanceExit(() => {
    killActiveSandboxes();
    return backend.removeInstance(instance.id);
  });
  sweepDeadInstances((id) => backend.removeInstance(id));
  backend.sweepLegacy();
  sweepLegacyRunDirs();
  seccompFilter = buildSeccompFilter();
  prepared = backend;
  return backend;
};

/** What starts the sandboxes: the native launcher, or bubblewrap behind prlimit (and why). */
export const sandboxMechanism = (): { native: true; path: string } | { native: false; reason: string } => {
  prepareSandboxHost();
  return native?.ok ? { native: true, path: native.path } : { native: false, reason: native?.reason ?? 'not built' };
};

const isSymlink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** The base view of the system: /usr read-only plus what the dynamic loader and alternatives need. Looked at once
 * per process (ten file-system calls a run otherwise): the host's layout does not change under a running judge. */
let baseSystem: string[] | undefined;
const baseSystemArgs = (): string[] => {
  baseSystem ??= readBaseSystemArgs();
  return baseSystem;
};
const readBaseSystemArgs = (): string[] => {
  const args = ['--ro-bind', '/usr', '/usr'];
  // Merged-/usr hosts (Debian 12) have /lib -> usr/lib etc.; older layouts get the real directories.
  for (const dir of ['/lib', '/lib64', '/lib32', '/libx32', '/bin', '/sbin']) {
    if (isSymlink(dir)) args.push('--symlink', `usr${dir}`, dir);
    else if (existsSync(dir)) args.push('--ro-bind', dir, dir);
  }
  for (const path of ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/alternatives']) {
    if (existsSync(path)) args.push('--ro-bind', path, path);
  }
  return args;
};

/**
 * The sandbox's environment and file system, in the syntax bwrap and the native launcher share (they differ
 * only in how a size-capped tmpfs is written), ending with the program's argv.
 */
const viewArgs = (spec: SandboxSpec, tmpfs: (sizeBytes: number, path: string) => string[]): string[] => {
  const args: string[] = [];
  const env = { PATH: '/usr/bin:/bin', HOME: '/w', LANG: 'C.UTF-8', ...spec.env };
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  args.push(...baseSystemArgs());
  for (const path of spec.systemPaths ?? []) args.push('--ro-bind-try', path, path);
  args.push('--proc', '/proc', '--dev', '/dev');
  args.push(...tmpfs(spec.tmpSizeBytes ?? 64 * MIB, '/tmp'));
  if (spec.workDir.kind === 'tmpfs') args.push(...tmpfs(spec.workDir.sizeBytes, '/w'));
  else args.push('--bind', spec.workDir.path, '/w');
  for (const bind of spec.binds ?? [])
    args.push(bind.optional ? '--ro-bind-try' : '--ro-bind', bind.source, bind.target);
  // The new root is a tmpfs: make it read-only so only /w and /tmp (size-capped) are writable.
  args.push('--remount-ro', '/', '--chdir', '/w', '--', ...spec.argv);
  return args;
};

const bwrapArgs = (spec: SandboxSpec): string[] => [
  '--info-fd',
  '3',
  '--block-fd',
  '4',
  '--seccomp',
  '5',
  '--unshare-all',
  '--unshare-user',
  '--disable-userns',
  '--die-with-parent',
  '--new-session',
  '--cap-drop',
  'ALL',
  '--hostname',
  'judge',
  '--clearenv',
  ...viewArgs(spec, (size, path) => ['--size', String(size), '--tmpfs', path]),
];

/** RLIMIT_CPU is a per-process backstop in whole seconds behind the cgroup poll. */
const cpuRlimitSeconds = (spec: SandboxSpec) => Math.ceil(spec.cpuLimitMs / 1000) + 1;

/**
 * The native launcher's arguments: it also sets the rlimits, drops to the uid itself (it runs as root), and
 * attaches the sandbox's init to the run's cgroup and releases it without waiting for us.
 */
const nativeArgs = (spec: SandboxSpec, uid: number, cgroup: RunCgroup, served: boolean): string[] => {
  const cpu = cpuRlimitSeconds(spec);
  const limit = (name: string, soft: number, hard = soft) => ['--rlimit', name, String(soft), String(hard)];
  const files = cgroup.launcherFiles();
  return [
    '--uid',
    String(uid),
    '--gid',
    String(uid),
    '--info-fd',
    '3',
    ...files.attach.flatMap((file) => ['--cgroup-attach', file]),
    ...files.reset.flatMap(([file, value]) => ['--cgroup-reset', file, value]),
    ...(files.cpuStat ? ['--cgroup-cpu-stat', files.cpuStat] : []),
    // A served launcher read the filter once when it started.
    ...(served ? [] : ['--seccomp', '5']),
    '--hostname',
    'judge',
    ...limit('cpu', cpu, cpu + 1),
    ...limit('fsize', spec.fileSizeLimitBytes),
    ...limit('stack', spec.stackLimitBytes),
    ...limit('nofile', spec.openFilesMax),
    ...limit('core', 0),
    ...viewArgs(spec, (size, path) => ['--tmpfs', String(size), path]),
  ];
};

const prlimitArgs = (spec: SandboxSpec): string[] => {
  // Never RLIMIT_AS: Java, Go and Node reserve far more address space than they use and fail under it.
  const cpuSeconds = cpuRlimitSeconds(spec);
  return [
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--fsize=${spec.fileSizeLimitBytes}`,
    `--stack=${spec.stackLimitBytes}`,
    `--nofile=${spec.openFilesMax}`,
    '--core=0',
    '--',
    BWRAP_PATH,
  ];
};

/** Runs one sandboxed program to completion (stdin from a file or none, stdout captured). */
export const runSandbox = async (spec: SandboxSpec): Promise<SandboxResult> => (await startSandbox(spec)).result;

/**
 * Starts one sandboxed program and resolves once it is released (its pipes exist), for callers that connect
 * two programs (interactive problems). `result` never rejects for the program's behaviour.
 */
export const startSandbox = async (spec: SandboxSpec): Promise<RunningSandbox> => {
  const backend = prepareSandboxHost();
  const uid = await acquireSandboxUid();
  let resolveStreams!: (value: { stdin?: Writable; stdout?: Readable }) => void;
  const streams = new Promise<{ stdin?: Writable; stdout?: Readable }>((r) => {
    resolveStreams = r;
  });
  const result = runWithUid(spec, uid, backend, resolveStreams).finally(() => releaseSandboxUid(uid));
  const ready = await Promise.race([streams, result.then(() => ({}))]);
  return { ...ready, result };
};

const emptyResult = (setupError: string): SandboxResult => ({
  setupError,
  exitCode: null,
  signal: null,
  cpuMs: 0,
  wallMs: 0,
  memoryKb: 0,
  oomKilled: false,
  killedBy: null,
  stdout: Buffer.alloc(0),
  stdoutBytes: 0,
  stderr: '',
  stderrBytes: 0,
});

const runWithUid = async (
  spec: SandboxSpec,
  uid: number,
  backend: CgroupBackend,
  onStreams: (streams: { stdin?: Writable; stdout?: Readable }) => void,
): Promise<SandboxResult> => {
  if (spec.workDir.kind === 'host') {
    try {
      chownTree(spec.workDir.path, uid, uid);
    } catch (error) {
      onStreams({});
      return emptyResult(`cannot prepare the work directory: ${(error as Error).message}`);
    }
  }
  let cgroup: RunCgroup;
  try {
    cgroup = backend.create(judgeInstance().id, `run-${++runCount}`, {
      memoryLimitBytes: spec.memoryLimitBytes,
      pidsMax: spec.pidsMax,
    });
  } catch (error) {
    onStreams({});
    return emptyResult(`cannot create cgroup: ${(error as Error).message}`);
  }
  let stdinFd: number | undefined;
  try {
    if (spec.stdin.kind === 'file') stdinFd = openSync(spec.stdin.path, 'r');
    return await supervise(spec, uid, cgroup, stdinFd, onStreams);
  } finally {
    if (stdinFd !== undefined) closeSync(stdinFd);
    try {
      cgroup.killAll();
    } catch {}
    cgroup.remove();
  }
};

const supervise = (
  spec: SandboxSpec,
  uid: number,
  cgroup: RunCgroup,
  stdinFd: number | undefined,
  onStreams: (streams: { stdin?: Writable; stdout?: Readable }) => void,
): Promise<SandboxResult> =>
  new Promise((resolve) => {
    const stdinOption = spec.stdin.kind === 'file' ? stdinFd! : spec.stdin.kind === 'pipe' ? 'pipe' : 'ignore';
    let child: ChildProcess;
    try {
      const stdio: Array<'pipe' | 'ignore' | number> = [stdinOption, 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'];
      // The native launcher starts as root and drops to the uid itself, after building the sandbox; bwrap must
      // be started as the uid (bwrap as root keeps capabilities inside).
      // Runs whose pipes we do not connect go to a long-lived launcher: no process spawn from Node (unless
      // OJ_JUDGE_LAUNCHER_SERVER=0 starts one per run, decision 0032).
      const served =
        native?.ok && spec.stdin.kind !== 'pipe' && spec.stdout.kind === 'capture' && judgeConfig().launcherServer;
      child = !native?.ok
        ? spawn(PRLIMIT_PATH, [...prlimitArgs(spec), ...bwrapArgs(spec)], { uid, gid: uid, env: {}, stdio })
        : served
          ? (runServed(
              native.path,
              seccompFilter!,
              nativeArgs(spec, uid, cgroup, true),
              spec.stdin.kind === 'file' ? spec.stdin.path : undefined,
            ) as unknown as ChildProcess)
          : spawn(native.path, nativeArgs(spec, uid, cgroup, false), { env: {}, stdio });
    } catch (error) {
      onStreams({});
      resolve(emptyResult(`cannot start the sandbox: ${(error as Error).message}`));
      return;
    }
    const info = child.stdio[3] as Readable;
    const block = child.stdio[4] as Writable;
    const seccomp = (child.stdio as unknown as Writable[])[5];
    const stdout = child.stdio[1] as Readable;
    const stderr = child.stdio[2] as Readable;
    for (const stream of [info, block, seccomp, stdout, stderr, child.stdin]) stream?.on('error', () => {});
    seccomp.end(seccompFilter);

    let startedAt = 0;
    let released = false;
    let killedBy: KillReason | null = null;
    let spawnError: string | undefined;
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stdoutKept = 0;
    const stderrChunks: Buffer[] = [];
    let stderrBytes = 0;
    let stderrKept = 0;
    const stderrTailChunks: Buffer[] = [];
    let stderrTailBytes = 0;
    let pollTimer: NodeJS.Timeout | undefined;
    let wallTimer: NodeJS.Timeout | undefined;

    const kill = (reason: KillReason) => {
      if (killedBy === null) killedBy = reason;
      try {
        cgroup.killAll();
      } catch {}
      // Once the sandbox runs in its cgroup, the native launcher outlives the kill above and reaps the init
      // itself, so no zombie pins the cgroup; it is killed only if it has not ended a moment later.
      if (native?.ok && released) setTimeout(() => child.kill('SIGKILL'), 500).unref();
      else child.kill('SIGKILL');
    };
    const onAbort = () => kill('abort');
    if (spec.signal?.aborted) onAbort();
    spec.signal?.addEventListener('abort', onAbort);
    activeRuns.add(onAbort);

    if (spec.stdout.kind === 'capture') {
      const limit = spec.stdout.limitBytes;
      stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutKept < limit) {
          const keep = chunk.subarray(0, limit - stdoutKept);
          stdoutChunks.push(keep);
          stdoutKept += keep.length;
        }
        if (stdoutBytes > limit) kill('stdout');
      });
    }
    stderr.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      if (stderrKept < STDERR_KEEP_BYTES) {
        const keep = chunk.subarray(0, STDERR_KEEP_BYTES - stderrKept);
        stderrChunks.push(keep);
        stderrKept += keep.length;
      }
      stderrTailChunks.push(chunk);
      stderrTailBytes += chunk.length;
      while (stderrTailBytes - stderrTailChunks[0].length >= STDERR_KEEP_BYTES)
        stderrTailBytes -= stderrTailChunks.shift()!.length;
      if (stderrBytes > spec.stderrLimitBytes) kill('stderr');
    });

    // The launcher (bwrap or native) reports the sandbox init's host pid on the info fd and then waits on the block
    // fd: attach the init (and so the program it forks) to the cgroup now, so the setup is not charged.
    let infoText = '';
    info.on('data', (chunk: Buffer) => {
      if (released) return;
      infoText += chunk.toString();
      const match = /"child-pid":\s*(\d+)/.exec(infoText);
      // The native launcher's message carries more after the pid: wait for all of it.
      if (!match || (native?.ok && !infoText.includes('}'))) return;
      released = true;
      if (native?.ok) {
        // The launcher attached the init, reset the counters and released it already.
        const base = /"cpu-base-usec":\s*(\d+)/.exec(infoText);
        cgroup.adoptAttached(base ? Number(base[1]) : undefined);
        block.destroy();
      } else {
        try {
          cgroup.attach(Number(match[1]));
          cgroup.resetCounters();
        } catch (error) {
          spawnError = `cannot attach to cgroup: ${(error as Error).message}`;
          kill('abort');
          return;
        }
        block.end('x');
      }
      startedAt = performance.now();
      pollTimer = setInterval(() => {
        try {
          if (cgroup.cpuNs() > spec.cpuLimitMs * 1e6) kill('cpu');
        } catch {}
      }, CPU_POLL_MS);
      wallTimer = setTimeout(() => kill('wall'), spec.wallLimitMs);
      onStreams({
        stdin: spec.stdin.kind === 'pipe' ? (child.stdin ?? undefined) : undefined,
        stdout: spec.stdout.kind === 'pipe' ? stdout : undefined,
      });
    });

    child.on('error', (error) => {
      spawnError = `cannot start the sandbox: ${error.message}`;
    });

    let exited = false;
    const finish = (code: number | null, signalName: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      const wallMs = startedAt ? performance.now() - startedAt : 0;
      clearInterval(pollTimer);
      clearTimeout(wallTimer);
      spec.signal?.removeEventListener('abort', onAbort);
      activeRuns.delete(onAbort);
      // Forks that outlived the program die with the pid namespace; kill anyway so nothing keeps running
      // (or holding the stdout pipe) while we collect the result.
      try {
        cgroup.killAll();
      } catch {}
      let usage = { cpuNs: 0, memoryPeakBytes: 0, oomKilled: false };
      try {
        usage = cgroup.usage();
      } catch {}
      const collect = () => {
        const stderrText = Buffer.concat(stderrChunks).toString('utf8');
        if (!released) {
          if (!spawnError)
            spawnError = `sandbox setup failed: ${stderrText.trim() || `the sandbox exited with ${code}`}`;
          onStreams({});
        }
        let exitCode: number | null = null;
        let signal: number | null = null;
        if (code !== null) {
          // bwrap's init reports a program killed by signal n as exit status 128+n.
          if (code > 128 && code < 128 + 65) signal = code - 128;
          else exitCode = code;
        } else if (signalName) {
          signal = 9;
        }
        resolve({
          setupError: spawnError,
          exitCode,
          signal,
          cpuMs: usage.cpuNs / 1e6,
          wallMs,
          memoryKb: Math.round(usage.memoryPeakBytes / KIB),
          oomKilled: usage.oomKilled,
          killedBy,
          stdout: Buffer.concat(stdoutChunks),
          stdoutBytes,
          stderr: stderrText,
          stderrTail:
            stderrBytes > STDERR_KEEP_BYTES
              ? Buffer.concat(stderrTailChunks).subarray(-STDERR_KEEP_BYTES).toString('utf8')
              : undefined,
          stderrBytes,
        });
      };
      // Drain what the pipes still hold; do not wait forever on a pipe some stray process keeps open.
      let pendingStreams = 0;
      let done = false;
      const doneOnce = () => {
        if (done) return;
        done = true;
        collect();
      };
      for (const stream of [stdout, stderr]) {
        if (stream.readableEnded || stream.destroyed) continue;
        if (spec.stdout.kind === 'pipe' && stream === stdout) continue;
        pendingStreams += 1;
        stream.once('close', () => {
          pendingStreams -= 1;
          if (pendingStreams === 0) doneOnce();
        });
      }
      if (pendingStreams === 0) doneOnce();
      else setTimeout(doneOnce, 2000).unref();
    };
    child.on('exit', finish);
    child.on('error', () => finish(null, null));
  });
