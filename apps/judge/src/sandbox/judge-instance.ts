import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { judgeConfig } from '../config.js';
import { tryLockFileSync } from './file-lock.js';

/**
 * The identity of one judge process (a worker, the local CLI, a test process): a random id and a lock on
 * `<work root>/judges/<id>.lock` held for the process's lifetime (decision 0013). Everything the process
 * creates on the host carries the id: its run directories under `judges/<id>/` and its cgroups under
 * `<cgroup parent>/<id>/`. Another judge removes them only once it holds that lock itself, which proves the owner
 * gone, whatever PID namespace or container either of them runs in. Sandbox uids are claimed the same way, one
 * lock file per uid, but in a directory of the host's, whatever the work root (sandbox-users.ts). Judges that
 * share a host must share the work root.
 *
 * The work root is root-owned 0711 and outside the checkout: sandbox uids may traverse it (bwrap opens bind
 * sources as the sandbox user) but cannot list it, so one run cannot find another's files.
 */
export const runRoot = (): string => judgeConfig().runRoot;

const instancesDir = () => join(runRoot(), 'judges');
const lockFileOf = (id: string) => join(instancesDir(), `${id}.lock`);
const LOCK_FILE = /^([0-9a-f]{16})\.lock$/;
const INSTANCE_DIR = /^[0-9a-f]{16}$/;

const prepareRunRoot = () => {
  const dirs: Array<[string, number]> = [
    [runRoot(), 0o711],
    [instancesDir(), 0o711],
  ];
  for (const [dir, mode] of dirs) {
    mkdirSync(dir, { recursive: true, mode });
    if (process.getuid?.() === 0 && statSync(dir).uid !== 0) chownSync(dir, 0, 0);
    chmodSync(dir, mode);
  }
};

export interface JudgeInstance {
  readonly id: string;
  /** This instance's run directories go here (root-owned 0711). */
  readonly runDir: string;
}

/** Called when the process exits; each returns false when it left something for a later sweep (a busy cgroup). */
type ExitHook = () => boolean;

let current: JudgeInstance | undefined;
let currentLockFd: number | undefined;
const exitHooks: ExitHook[] = [];

/** Takes an id whose lock file is ours: locked, and still the file at that path (a sweeper may unlink a lock
 * file it found unlocked, between our open and our flock). */
const lockNewId = (): { id: string; fd: number } => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = randomBytes(8).toString('hex');
    const path = lockFileOf(id);
    const fd = tryLockFileSync(path);
    if (fd === undefined) continue;
    try {
      if (fstatSync(fd).ino === statSync(path).ino) return { id, fd };
    } catch {}
    closeSync(fd);
  }
  throw new Error(`cannot take a judge instance lock in ${instancesDir()}`);
};

/** This process's judge instance, created (and locked) on first use, before anything is put on the host. */
export const judgeInstance = (): JudgeInstance => {
  if (current) return current;
  prepareRunRoot();
  const { id, fd } = lockNewId();
  const runDir = join(instancesDir(), id);
  mkdirSync(runDir, { mode: 0o711 });
  chmodSync(runDir, 0o711);
  current = { id, runDir };
  currentLockFd = fd;
  process.once('exit', releaseInstance);
  return current;
};

/** Registers cleanup for process exit (kill the runs, remove the cgroups); see releaseInstance. */
export const onInstanceExit = (hook: ExitHook): void => {
  exitHooks.push(hook);
};

/**
 * At exit: kill what still runs, remove this instance's directories and cgroups, and give up the lock file
 * only when nothing is left (else the next judge to start finds the lock free and finishes the job).
 */
const releaseInstance = () => {
  if (!current || currentLockFd === undefined) return;
  let clean = true;
  for (const hook of exitHooks) {
    try {
      if (!hook()) clean = false;
    } catch {
      clean = false;
    }
  }
  try {
    rmSync(current.runDir, { recursive: true, force: true });
  } catch {
    clean = false;
  }
  if (clean) {
    try {
      unlinkSync(lockFileOf(current.id));
    } catch {}
  }
  closeSync(currentLockFd);
  current = undefined;
  currentLockFd = undefined;
};

/**
 * Removes what dead judge instances left on this host: for each lock file in the work root whose lock we can
 * take (so its owner is gone), its run directories and, through `removeCgroups`, its cgroups; the lock file
 * goes last, once nothing of the instance is left. Instances whose lock is held are never touched, and
 * neither are cgroups whose instance has no lock file here (a judge with another work root may own them).
 */
export const sweepDeadInstances = (removeCgroups: (id: string) => boolean): void => {
  const self = judgeInstance();
  const entries = readdirSync(instancesDir());
  const lockIds = new Set(entries.map((name) => LOCK_FILE.exec(name)?.[1]).filter((id) => id !== undefined));
  for (const id of lockIds) {
    if (id === self.id) continue;
    let fd: number | undefined;
    try {
      fd = tryLockFileSync(lockFileOf(id));
    } catch {
      continue;
    }
    if (fd === undefined) continue;
    try {
      rmSync(join(instancesDir(), id), { recursive: true, force: true, maxRetries: 2 });
      if (removeCgroups(id)) unlinkSync(lockFileOf(id));
    } catch {
      // Left for the next sweep, which will find the lock free again.
    } finally {
      closeSync(fd);
    }
  }
  // A run directory is created after its instance's lock file and removed before it, in the same directory:
  // one without a lock file belongs to an instance that is gone.
  for (const name of entries) {
    if (!INSTANCE_DIR.test(name) || lockIds.has(name) || name === self.id) continue;
    if (existsSync(lockFileOf(name))) continue;
    rmSync(join(instancesDir(), name), { recursive: true, force: true, maxRetries: 2 });
  }
};

/** The id of a pid-named entry (`<pid>-...`) left by a judge version before instance ids. */
export const legacyOwnerPid = (name: string): number | undefined => {
  const match = /^(\d+)-/.exec(name);
  return match ? Number(match[1]) : undefined;
};

/** Legacy entries are removed by the rule their judges used: when that pid no longer runs here. */
export const legacyOwnerGone = (name: string): boolean => {
  const pid = legacyOwnerPid(name);
  return pid !== undefined && pid !== process.pid && !existsSync(`/proc/${pid}`);
};

/** Run directories of judges before instance ids (`<work root>/runs/<pid>-...`). */
export const sweepLegacyRunDirs = (): void => {
  const legacy = join(runRoot(), 'runs');
  if (!existsSync(legacy)) return;
  for (const name of readdirSync(legacy)) {
    if (legacyOwnerGone(name)) rmSync(join(legacy, name), { recursive: true, force: true, maxRetries: 2 });
  }
};
