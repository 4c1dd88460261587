import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT } from '../test/programs.js';

// Every command a newcomer types answers --help with what it does and exits, instead of starting something: the site
// (`npm start`), the backup and restore, the judge token. (The judge's own CLI: apps/judge/src/cli.test.ts.)
const repo = join(import.meta.dirname, '../../..');
const node = (args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
    // A site these commands would touch, were they to run: never reached.
    env: { ...process.env, OJ_DATA_DIR: join(repo, 'does-not-exist'), PORT: '1' },
  });

describe('the commands answer --help', () => {
  it('npm start prints its usage and exits 0; an unknown argument is refused (2) before anything runs', () => {
    const help = node(['scripts/start.mjs', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm start/);
    expect(help.stdout).toContain('DATABASE_URL');
    const typo = node(['scripts/start.mjs', '--prot', '9090']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('unknown argument: --prot 9090');
    expect(typo.stdout).not.toContain('[start]');
  });

  it('backup, restore and judge-token print their usage and exit 0', () => {
    for (const args of [
      [BUILT.backup, 'backup', '--help'],
      [BUILT.backup, 'restore', '-h'],
      [BUILT.judgeToken, '--help'],
    ]) {
      const run = node(args);
      expect(run.status, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toMatch(/usage: npm run/);
    }
  });
});
