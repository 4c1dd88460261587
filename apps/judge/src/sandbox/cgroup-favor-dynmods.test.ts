import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { favorCgroupDynmods } from './cgroup-favor-dynmods.js';
import { prepareSandboxHost } from './sandbox.js';

describe('cgroup attach without the RCU wait (favordynmods, decision 0032)', () => {
  it('the prepared host has a cgroup hierarchy mounted with favordynmods', () => {
    prepareSandboxHost();
    const state = favorCgroupDynmods();
    expect(state).toMatchObject({ on: true });
    const mounts = readFileSync('/proc/self/mounts', 'utf8').split('\n');
    const withOption = mounts.filter((line) => / cgroup2? /.test(line) && /[ ,]favordynmods[ ,]/.test(line));
    expect(withOption.length).toBeGreaterThan(0);
    if (state.on) expect(withOption.some((line) => line.split(' ')[1] === state.mountPoint)).toBe(true);
  });

  it('a second preparation (another judge on the host) finds the option and mounts nothing more', () => {
    const before = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .filter((l) => l.includes('favordynmods'));
    const other = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "const m = await import('./apps/judge/src/sandbox/cgroup-favor-dynmods.ts'); console.log(JSON.stringify(m.favorCgroupDynmods()));",
      ],
      { cwd: new URL('../../../..', import.meta.url).pathname, encoding: 'utf8' },
    );
    expect(JSON.parse(other.stdout.trim().split('\n').pop() ?? '{}')).toMatchObject({ on: true, how: 'found' });
    const after = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .filter((l) => l.includes('favordynmods'));
    expect(after).toEqual(before);
  });
});
