import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupBackend, CgroupLimits, CgroupUsage, RunCgroup } from './cgroup.js';
import { removeDirOrDefer } from './deferred-removal.js';
import { legacyOwnerGone } from './judge-instance.js';

const CONTROLLERS = ['memory', 'pids', 'cpu'];

const readKeyed = (file: string, key: string): number => {
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(readFileSync(file, 'utf8'));
  return match ? Number(match[1]) : 0;
};

class RunCgroupV2 implements RunCgroup {
  private cpuBaseUs = 0;

  constructor(
    readonly name: string,
    private readonly dir: string,
  ) {}

  attach(pid: number): void {
    writeFileSync(join(this.dir, 'cgroup.procs'), String(pid));
  }

  resetCounters(): void {
    // cpu.stat cannot be reset; remember the start. memory.peak of a fresh cgroup only holds bwrap's init.
    this.cpuBaseUs = readKeyed(join(this.dir, 'cpu.stat'), 'usage_usec');
    const peak = join(this.dir, 'memory.peak');
    try {
      // Kernels from 6.12 reset the peak for writers; older ones reject the write, which is fine.
      writeFileSync(peak, '0');
    } catch {}
  }

  launcherFiles() {
    return {
      attach: [join(this.dir, 'cgroup.procs')],
      reset: [[join(this.dir, 'memory.peak'), '0']] as Array<[string, string]>,
      cpuStat: join(this.dir, 'cpu.stat'),
    };
  }

  adoptAttached(cpuBaseUs?: number): void {
    this.cpuBaseUs = cpuBaseUs ?? 0;
  }

  cpuNs(): number {
    return (readKeyed(join(this.dir, 'cpu.stat'), 'usage_usec') - this.cpuBaseUs) * 1000;
  }

  usage(): CgroupUsage {
    const peakFile = join(this.dir, 'memory.peak');
    const peak = existsSync(peakFile)
      ? Number(readFileSync(peakFile, 'utf8').trim())
      : Number(readFileSync(join(this.dir, 'memory.current'), 'utf8').trim());
    return {
      cpuNs: this.cpuNs(),
      memoryPeakBytes: peak,
      oomKilled: readKeyed(join(this.dir, 'memory.events'), 'oom_kill') > 0,
    };
  }

  killAll(): void {
    const killFile = join(this.dir, 'cgroup.kill');
    if (existsSync(killFile)) {
      writeFileSync(killFile, '1');
      return;
    }
    for (const pid of readFileSync(join(this.dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {}
    }
  }

  remove(): void {
    removeDirOrDefer(this.dir);
  }
}

/** Enables the run controllers for a directory's children. */
const enableControllers = (dir: string) => {
  const available = readFileSync(join(dir, 'cgroup.controllers'), 'utf8').split(/\s+/);
  const missing = CONTROLLERS.filter((c) => !available.includes(c));
  if (missing.length > 0) throw new Error(`cgroup v2 controllers missing in ${dir}: ${missing.join(', ')}`);
  writeFileSync(join(dir, 'cgroup.subtree_control'), CONTROLLERS.map((c) => `+${c}`).join(' '));
};

/**
 * cgroup v2: the judge's subtree sits directly under the root (as root) or under OJ_JUDGE_CGROUP_PARENT when a
 * systemd unit delegates one (Delegate=yes); memory, pids and cpu are enabled for the run leaves.
 */
export class CgroupV2 implements CgroupBackend {
  readonly version = 2 as const;
  private readonly parent: string;

  constructor(
    private readonly root: string,
    parentName: string,
  ) {
    this.parent = join(root, parentName);
  }

  prepare(): void {
    const parentOfParent = join(this.parent, '..');
    if (parentOfParent === this.root || existsSync(join(parentOfParent, 'cgroup.controllers')))
      enableControllers(parentOfParent);
    mkdirSync(this.parent, { recursive: true });
    enableControllers(this.parent);
  }

  create(instanceId: string, name: string, limits: CgroupLimits): RunCgroup {
    const instanceDir = join(this.parent, instanceId);
    const dir = join(instanceDir, name);
    try {
      mkdirSync(dir);
    } catch (error) {
      // The instance's subtree is made on first use, and again should something have removed it while empty.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(instanceDir, { recursive: true });
      enableControllers(instanceDir);
      mkdirSync(dir);
    }
    writeFileSync(join(dir, 'memory.max'), String(limits.memoryLimitBytes));
    const swap = join(dir, 'memory.swap.max');
    if (existsSync(swap)) writeFileSync(swap, '0');
    writeFileSync(join(dir, 'pids.max'), String(limits.pidsMax));
    return new RunCgroupV2(name, dir);
  }

  removeInstance(instanceId: string): boolean {
    const dir = join(this.parent, instanceId);
    if (!existsSync(dir)) return true;
    // cgroup.kill takes the whole subtree.
    try {
      new RunCgroupV2(instanceId, dir).killAll();
    } catch {}
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const run = new RunCgroupV2(entry.name, join(dir, entry.name));
      try {
        run.killAll();
      } catch {}
      run.remove();
    }
    removeDirOrDefer(dir);
    return !existsSync(dir);
  }

  sweepLegacy(): void {
    if (!existsSync(this.parent)) return;
    for (const entry of readdirSync(this.parent, { withFileTypes: true })) {
      if (!entry.isDirectory() || !legacyOwnerGone(entry.name)) continue;
      const run = new RunCgroupV2(entry.name, join(this.parent, entry.name));
      try {
        run.killAll();
      } catch {}
      run.remove();
    }
  }
}
