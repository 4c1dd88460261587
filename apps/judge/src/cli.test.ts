import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireSandbox } from './test/judge-fixtures.js';

const repo = join(import.meta.dirname, '../../..');
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/judge/src/cli.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 120_000,
  });

beforeAll(requireSandbox);

describe('judge CLI', () => {
  it('judges a sample package and prints exactly one JSON line last on stdout', () => {
    const run = cli([
      'local',
      '--problem',
      'samples/problems/a-plus-b',
      '--source',
      'samples/problems/a-plus-b/solutions/main.c',
      '--language',
      'C',
      '--json',
    ]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]);
    expect(result).toMatchObject({ status: 0, statusName: 'Accepted', score: 100, errorMessage: '' });
    expect(result.cases).toHaveLength(10);
    expect(run.stderr).toContain('Accepted');
  });

  it('exits 2 on usage and package errors, printing nothing on stdout', () => {
    const missing = cli(['local', '--problem', 'samples/problems/nope', '--source', 'x.c', '--language', 'C']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    const language = cli(['local', '--problem', 'samples/problems/a-plus-b', '--source', 'x', '--language', 'Cobol']);
    expect(language.status).toBe(2);
    expect(language.stderr).toContain('unknown language');
  });
});
