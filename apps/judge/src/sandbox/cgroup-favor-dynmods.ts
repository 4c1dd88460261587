import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeConfig } from '../config.js';
import { runRoot } from './judge-instance.js';

/**
 * Moving a process into a cgroup (our attach of bwrap's init, once per run) takes the kernel's global
 * `cgroup_threadgroup_rwsem` for writing. By default that percpu rwsem favours readers (fork, exit), so its first
 * writer after an idle spell waits for an RCU grace period: 5-25 ms on this VM, in about 40 % of runs (decision
 * 0032). The cgroup mount option `favordynmods` (Linux 6.0) switches the rwsem to
 * favour writers: an attach then takes about 0.05 ms, at the price of an atomic operation more in fork and exit.
 *
 * The option belongs to a hierarchy but its effect on the rwsem is kernel-wide, so one mount with it anywhere is
 * enough. Without one, the judge mounts its own named cgroup v1 hierarchy (no controllers, no processes) with the
 * option at `<work root>/favordynmods` and leaves it mounted; where v1 hierarchies cannot be mounted (kernels
 * without cgroup v1), the cgroup2 mount is remounted with its own options plus `favordynmods`. Decision 0032.
 * `OJ_JUDGE_FAVOR_DYNMODS=0` leaves the host alone (runs are then slower, never wrong).
 */
export type FavorDynmodsState =
  | { on: true; how: 'found' | 'mounted' | 'remounted'; mountPoint: string }
  | { on: false; reason: string };

const HIERARCHY_NAME = 'oj-judge-favordynmods';
const MOUNT_PATH = '/usr/bin/mount';

interface CgroupMount {
  mountPoint: string;
  type: string;
  options: string[];
}

const cgroupMounts = (): CgroupMount[] =>
  readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields[2] === 'cgroup' || fields[2] === 'cgroup2')
    // /proc/mounts escapes spaces in paths as \040.
    .map((fields) => ({
      mountPoint: fields[1].replace(/\\040/g, ' '),
      type: fields[2],
      options: fields[3].split(','),
    }));

const mount = (args: string[]): string | undefined => {
  const result = spawnSync(MOUNT_PATH, args, { encoding: 'utf8', timeout: 10_000 });
  if (result.error) return result.error.message;
  return result.status === 0 ? undefined : (result.stderr || `mount exited with ${result.status}`).trim();
};

let state: FavorDynmodsState | undefined;

/** Makes sure a cgroup hierarchy of this host is mounted with `favordynmods` (once per process). */
export const favorCgroupDynmods = (): FavorDynmodsState => {
  if (state) return state;
  try {
    state = computeState();
  } catch (error) {
    state = { on: false, reason: (error as Error).message };
  }
  return state;
};

const computeState = (): FavorDynmodsState => {
  if (!judgeConfig().favorDynmods) return { on: false, reason: 'OJ_JUDGE_FAVOR_DYNMODS=0' };
  const found = cgroupMounts().find((m) => m.options.includes('favordynmods'));
  if (found) return { on: true, how: 'found', mountPoint: found.mountPoint };
  const mountPoint = join(runRoot(), 'favordynmods');
  mkdirSync(mountPoint, { recursive: true, mode: 0o700 });
  chmodSync(mountPoint, 0o700);
  const v1Error = mount(['-t', 'cgroup', '-o', `none,name=${HIERARCHY_NAME},favordynmods`, HIERARCHY_NAME, mountPoint]);
  if (v1Error === undefined) return { on: true, how: 'mounted', mountPoint };
  // No cgroup v1 in this kernel: the unified hierarchy takes the option on a remount. The remount must repeat
  // the mount's own options (nsdelegate, memory_recursiveprot ...), or it would clear them.
  const unified = cgroupMounts().find((m) => m.type === 'cgroup2' && m.mountPoint === '/sys/fs/cgroup');
  if (!unified) return { on: false, reason: `cannot mount a cgroup v1 hierarchy with favordynmods: ${v1Error}` };
  const options = unified.options.filter((o) => o !== 'rw' && o !== 'ro');
  const v2Error = mount(['-o', ['remount', ...options, 'favordynmods'].join(','), unified.mountPoint]);
  if (v2Error === undefined) return { on: true, how: 'remounted', mountPoint: unified.mountPoint };
  return { on: false, reason: `cannot set favordynmods: ${v1Error}; ${v2Error}` };
};
