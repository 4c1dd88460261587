import { existsSync, readFileSync } from 'node:fs';
import { judgeConfig } from '../config.js';
import { CgroupV1 } from './cgroup-v1.js';
import { CgroupV2 } from './cgroup-v2.js';

/** Limits applied to one run's cgroup. */
export interface CgroupLimits {
  memoryLimitBytes: number;
  pidsMax: number;
}

/** What a run's cgroup measured once the run is over. */
export interface CgroupUsage {
  cpuNs: number;
  memoryPeakBytes: number;
  oomKilled: boolean;
}

/** One run's cgroup, whatever the hierarchy. */
export interface RunCgroup {
  readonly name: string;
  attach(pid: number): void;
  /** Zeroes the counters after attach, so bwrap's own setup is not charged to the program. */
  resetCounters(): void;
  /**
   * The files through which the native launcher attaches the sandbox's init and resets the counters itself
   * (decision 0032); `cpuStat` is read by it when the CPU counter cannot be reset (v2).
   */
  launcherFiles(): { attach: string[]; reset: Array<[file: string, value: string]>; cpuStat?: string };
  /** The launcher attached and reset; `cpuBaseUs` is what it read from `cpuStat`. */
  adoptAttached(cpuBaseUs?: number): void;
  cpuNs(): number;
  usage(): CgroupUsage;
  /** SIGKILLs every task still in the cgroup (forks that outlived the program, bwrap's init). */
  killAll(): void;
  /** Removes the cgroup, retrying later when a reparented zombie still pins it (bwrap does not reap its
   * pid-1 helper). */
  remove(): void;
}

/**
 * The judge's cgroups: `<parent>/<judge instance id>/<run>`. Each judge instance owns its subtree (decision 0013)
 * and only removes another's after proving that instance dead through its lock.
 */
export interface CgroupBackend {
  readonly version: 1 | 2;
  /** Throws with a readable message when the hierarchy cannot be used (not root, controller missing). */
  prepare(): void;
  /** A run's cgroup in the instance's subtree; the subtree is made on first use (and again if it vanished). */
  create(instanceId: string, name: string, limits: CgroupLimits): RunCgroup;
  /** Kills every task in an instance's subtree and removes it; false when part of it is left for later (EBUSY). */
  removeInstance(instanceId: string): boolean;
  /** Removes `<pid>-<random>` run cgroups of judge versions before instance ids whose pid no longer runs. */
  sweepLegacy(): void;
}

let backend: CgroupBackend | undefined;

/**
 * v1 when the memory controller is mounted as its own v1 hierarchy (this machine: the memory controller is
 * bound to v1 and the unified mount has no controllers); v2 when the unified hierarchy offers memory.
 */
export const detectCgroupBackend = (): CgroupBackend => {
  if (backend) return backend;
  const v2Controllers = '/sys/fs/cgroup/cgroup.controllers';
  if (existsSync(v2Controllers) && readFileSync(v2Controllers, 'utf8').split(/\s+/).includes('memory')) {
    backend = new CgroupV2('/sys/fs/cgroup', judgeConfig().cgroupParent);
  } else if (existsSync('/sys/fs/cgroup/memory/memory.limit_in_bytes')) {
    backend = new CgroupV1('/sys/fs/cgroup', judgeConfig().cgroupParent);
  } else {
    throw new Error('no usable cgroup hierarchy: neither cgroup v2 with the memory controller nor v1 memory');
  }
  return backend;
};
