import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupBackend, CgroupLimits, CgroupUsage, RunCgroup } from './cgroup.js';
import { removeDirOrDefer } from './deferred-removal.js';
import { legacyOwnerGone } from './judge-instance.js';

const CONTROLLERS = ['memory', 'cpuacct', 'pids'] as const;
type Controller = (typeof CONTROLLERS)[number];

const readNumber = (file: string) => Number(readFileSync(file, 'utf8').trim());

const killTasksIn = (dir: string) => {
  let tasks: string[] = [];
  try {
    tasks = readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return;
  }
  for (const pid of tasks) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
};

class RunCgroupV1 implements RunCgroup {
  constructor(
    readonly name: string,
    private readonly dirs: Record<Controller, string>,
  ) {}

  attach(pid: number): void {
    for (const controller of CONTROLLERS) writeFileSync(join(this.dirs[controller], 'tasks'), String(pid));
  }

  resetCounters(): void {
    writeFileSync(join(this.dirs.cpuacct, 'cpuacct.usage'), '0');
    writeFileSync(join(this.dirs.memory, 'memory.max_usage_in_bytes'), '0');
  }

  launcherFiles() {
    return {
      attach: CONTROLLERS.map((controller) => join(this.dirs[controller], 'tasks')),
      reset: [
        [join(this.dirs.cpuacct, 'cpuacct.usage'), '0'],
        [join(this.dirs.memory, 'memory.max_usage_in_bytes'), '0'],
      ] as Array<[string, string]>,
    };
  }

  adoptAttached(): void {}

  cpuNs(): number {
    return readNumber(join(this.dirs.cpuacct, 'cpuacct.usage'));
  }

  usage(): CgroupUsage {
    const oomControl = readFileSync(join(this.dirs.memory, 'memory.oom_control'), 'utf8');
    const oomKills = Number(/oom_kill (\d+)/.exec(oomControl)?.[1] ?? 0);
    return {
      cpuNs: this.cpuNs(),
      memoryPeakBytes: readNumber(join(this.dirs.memory, 'memory.max_usage_in_bytes')),
      oomKilled: oomKills > 0,
    };
  }

  killAll(): void {
    killTasksIn(this.dirs.pids);
  }

  remove(): void {
    for (const controller of CONTROLLERS) removeDirOrDefer(this.dirs[controller]);
  }
}

export class CgroupV1 implements CgroupBackend {
  readonly version = 1 as const;
  private readonly parents: Record<Controller, string>;
  /** Whether the memory controller has the memsw files (swap accounting on): the kernel's boot setting, seen once. */
  private swapAccounting: boolean | undefined;

  constructor(root: string, parentName: string) {
    this.parents = Object.fromEntries(CONTROLLERS.map((c) => [c, join(root, c, parentName)])) as Record<
      Controller,
      string
    >;
  }

  prepare(): void {
    for (const controller of CONTROLLERS) {
      const mount = join(this.parents[controller], '..');
      if (!existsSync(join(mount, 'cgroup.procs'))) throw new Error(`cgroup v1 controller ${controller} not mounted`);
      mkdirSync(this.parents[controller], { recursive: true });
    }
  }

  create(instanceId: string, name: string, limits: CgroupLimits): RunCgroup {
    const dirs = Object.fromEntries(CONTROLLERS.map((c) => [c, join(this.parents[c], instanceId, name)])) as Record<
      Controller,
      string
    >;
    for (const controller of CONTROLLERS) {
      try {
        mkdirSync(dirs[controller]);
      } catch (error) {
        // The instance's subtree is made on first use, and again should something have removed it while empty.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(join(this.parents[controller], instanceId), { recursive: true });
        mkdirSync(dirs[controller]);
      }
    }
    const memoryLimit = String(limits.memoryLimitBytes);
    writeFileSync(join(dirs.memory, 'memory.limit_in_bytes'), memoryLimit);
    // memsw must be set after the plain limit (it may not be below it); absent when swap accounting is off.
    const memsw = join(dirs.memory, 'memory.memsw.limit_in_bytes');
    this.swapAccounting ??= existsSync(memsw);
    if (this.swapAccounting) writeFileSync(memsw, memoryLimit);
    writeFileSync(join(dirs.pids, 'pids.max'), String(limits.pidsMax));
    return new RunCgroupV1(name, dirs);
  }

  removeInstance(instanceId: string): boolean {
    let removed = true;
    for (const controller of CONTROLLERS) {
      const dir = join(this.parents[controller], instanceId);
      if (!existsSync(dir)) continue;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        killTasksIn(join(dir, entry.name));
        removeDirOrDefer(join(dir, entry.name));
      }
      killTasksIn(dir);
      removeDirOrDefer(dir);
      if (existsSync(dir)) removed = false;
    }
    return removed;
  }

  sweepLegacy(): void {
    for (const controller of CONTROLLERS) {
      const parent = this.parents[controller];
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (!entry.isDirectory() || !legacyOwnerGone(entry.name)) continue;
        const dir = join(parent, entry.name);
        killTasksIn(dir);
        removeDirOrDefer(dir);
      }
    }
  }
}
