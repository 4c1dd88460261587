import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT } from '../../server/test/programs.js';
import { realTestlibPath, requireSandbox, TESTLIB_SUM_CHECKER } from './test/judge-fixtures.js';

const repo = join(import.meta.dirname, '../../..');
const cli = (args: string[]) =>
  spawnSync(process.execPath, [BUILT.judge, ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 120_000,
  });

/** The CLI run without blocking this process (the test's own server must answer it meanwhile). */
const cliAsync = (args: string[], env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BUILT.judge, ...args], {
      cwd: repo,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

const testlibPath = realTestlibPath();

const SECRET = 'doctor-test-secret-token-4b1f';

/** Every line doctor prints is a heading, a setting, a check (ok, warn, FAIL), a hint under one, or the verdict. */
const DOCTOR_LINE = [
  /^Judge doctor$/,
  /^Configuration \(from the environment\):$/,
  /^Checks:$/,
  /^Languages \(hello world compiled and run in the sandbox\):$/,
  /^ {2}(OJ_[A-Z_]+|--server) +\S/,
  /^ {2}(ok {4}|warn {2}|FAIL {2})\S/,
  /^ {8}\S/,
  /^To fix: apt-get install -y /,
  /^Judging is (NOT )?possible( on this machine)?\.$/,
];

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

  it.skipIf(!testlibPath)('gives the checker the --judge-header files, unless the package has its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oj-cli-judge-header-'));
    try {
      mkdirSync(join(dir, 'tests'));
      writeFileSync(
        join(dir, 'problem.json'),
        JSON.stringify({ title: 'Sum', timeLimitMs: 1000, memoryLimitMb: 64, judgeMode: 'spj' }),
      );
      writeFileSync(join(dir, 'checker.cpp'), TESTLIB_SUM_CHECKER);
      writeFileSync(join(dir, 'tests/1.in'), '3 4\n');
      writeFileSync(join(dir, 'tests/1.out'), '7\n');
      writeFileSync(
        join(dir, 'sum.c'),
        '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}',
      );
      const local = (...extra: string[]) =>
        JSON.parse(
          cli(['local', '--problem', dir, '--source', join(dir, 'sum.c'), '--language', 'C', ...extra]).stdout,
        );
      expect(local('--judge-header', testlibPath!)).toMatchObject({ statusName: 'Accepted' });
      const missing = local();
      expect(missing.statusName).toBe('System Error');
      expect(missing.errorMessage).toContain('testlib.h: No such file or directory');
      expect(missing.errorMessage).toContain('testlib.h is not provided: root can upload it once for the whole site');
      // The package's own testlib.h wins over a header given on the command line.
      copyFileSync(testlibPath!, join(dir, 'testlib.h'));
      const broken = join(dir, 'broken', 'testlib.h');
      mkdirSync(join(dir, 'broken'));
      writeFileSync(broken, '#error site header used\n');
      expect(local('--judge-header', broken)).toMatchObject({ statusName: 'Accepted' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers --help with its usage and exits 0, after a command too, running nothing', () => {
    for (const args of [['--help'], ['local', '--help'], ['doctor', '-h'], ['worker', '--help']]) {
      const run = cli(args);
      expect(run.status, args.join(' ')).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^Usage:/m);
      expect(run.stderr).toContain('--problem');
    }
  });

  it('exits 2 on usage and package errors, printing nothing on stdout', () => {
    const missing = cli(['local', '--problem', 'samples/problems/nope', '--source', 'x.c', '--language', 'C']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    const language = cli(['local', '--problem', 'samples/problems/a-plus-b', '--source', 'x', '--language', 'Cobol']);
    expect(language.status).toBe(2);
    expect(language.stderr).toContain('unknown language');
  });

  it('doctor prints the configuration without the token, checks the server and this host, and exits 0', async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Two languages probed, not every one (a minute of compiles on a busy host): the others are named as left out.
      const run = await cliAsync(['doctor', '--server', url], {
        OJ_JUDGE_TOKEN: SECRET,
        OJ_JUDGE_UID_COUNT: '256',
        OJ_JUDGE_LANGUAGES: 'C,Python3',
      });
      expect(run.stdout).not.toContain(SECRET);
      expect(run.stderr).not.toContain(SECRET);
      const lines = run.stdout.trimEnd().split('\n');
      for (const line of lines)
        expect(
          DOCTOR_LINE.some((shape) => shape.test(line)),
          line,
        ).toBe(true);
      expect(lines[0]).toBe('Judge doctor');
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}OJ_JUDGE_TOKEN +\(set, not shown\)$/));
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}OJ_JUDGE_UID_COUNT +256$/));
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}ok {4}server ${url} reachable`)));
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}ok {4}C +\//));
      expect(lines).toContainEqual(expect.stringMatching(/^ {8}Java +left out by OJ_JUDGE_LANGUAGES$/));
      expect(lines.at(-1)).toBe('Judging is possible.');
      expect(run.status).toBe(0);
    } finally {
      server.close();
    }
  }, 300_000);

  it('doctor names a bad setting and exits 1, still without the token', async () => {
    const run = await cliAsync(['doctor'], { OJ_JUDGE_TOKEN: SECRET, OJ_JUDGE_UID_COUNT: 'many' });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stdout).toContain('FAIL  configuration: OJ_JUDGE_UID_COUNT must be a positive whole number, got "many"');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Judging is NOT possible on this machine.');
  });
});
