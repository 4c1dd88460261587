import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSandboxProcesses, requireSandbox } from '../test/judge-fixtures.js';
import { pendingRemovals } from './deferred-removal.js';
import { createRunDir, removeRunDir } from './run-dirs.js';
import { MIB, runSandbox, type SandboxSpec, sandboxMechanism, startSandbox } from './sandbox.js';

// The native launcher (apps/judge/native/oj-sandbox.c, decision 0032) as the judge uses it: through runSandbox.
beforeAll(requireSandbox);

const spec = (argv: string[], overrides: Partial<SandboxSpec> = {}): SandboxSpec => ({
  argv,
  workDir: { kind: 'tmpfs', sizeBytes: 16 * MIB },
  stdin: { kind: 'none' },
  stdout: { kind: 'capture', limitBytes: MIB },
  stderrLimitBytes: MIB,
  cpuLimitMs: 5000,
  wallLimitMs: 15000,
  memoryLimitBytes: 256 * MIB,
  stackLimitBytes: 8 * MIB,
  pidsMax: 16,
  fileSizeLimitBytes: 4 * MIB,
  openFilesMax: 40,
  ...overrides,
});
const sh = (script: string, overrides: Partial<SandboxSpec> = {}) =>
  runSandbox(spec(['/bin/sh', '-c', script], overrides));

describe('native sandbox launcher', () => {
  it('is what this host runs its sandboxes with (gcc is installed)', () => {
    expect(sandboxMechanism()).toMatchObject({ native: true });
  });

  it('reports exit codes and fatal signals as the program ended', async () => {
    expect(await sh('exit 7')).toMatchObject({ exitCode: 7, signal: null, setupError: undefined });
    expect(await sh('exit 0')).toMatchObject({ exitCode: 0, signal: null });
    expect(await sh('kill -SEGV $$')).toMatchObject({ exitCode: null, signal: 11 });
    // The program is not the namespace's init: SIGABRT stays SIGABRT (with --as-pid-1 it would turn into SIGSEGV).
    expect(await sh('kill -ABRT $$')).toMatchObject({ signal: 6 });
    expect(await sh('kill -XFSZ $$')).toMatchObject({ signal: 25 });
  });

  it('sets the rlimits of the spec (CPU backstop, file size, stack, open files, no core)', async () => {
    const result = await sh('ulimit -t; ulimit -Ht; ulimit -f; ulimit -s; ulimit -n; ulimit -c', {
      cpuLimitMs: 1500,
    });
    // sh prints file size in 512-byte blocks and the stack in KiB.
    expect(result.stdout.toString().split('\n').slice(0, 6)).toEqual([
      '3',
      '4',
      String((4 * MIB) / 512),
      String((8 * MIB) / 1024),
      '40',
      '0',
    ]);
  });

  it('writing past the file size limit is SIGXFSZ', async () => {
    const result = await sh('head -c 5000000 /dev/zero > /w/big', { fileSizeLimitBytes: MIB });
    expect(result.signal === 25 || result.exitCode !== 0).toBe(true);
  });

  it('isolates: unprivileged uid, own namespaces, read-only root, writable /w and /tmp, no nested user namespace', async () => {
    const result = await sh(
      [
        'id -u',
        'echo pid $$',
        'hostname',
        'cat /proc/self/uid_map',
        'touch /evil 2>/dev/null && echo root-writable || echo root-read-only',
        'touch /w/a /tmp/b && echo work-writable',
        'unshare -U true 2>/dev/null && echo nested-userns || echo no-nested-userns',
        'ls /home /root /var 2>/dev/null | wc -l',
        'grep -E "^(CapEff|CapBnd|NoNewPrivs|Seccomp):" /proc/self/status',
      ].join('; '),
    );
    const lines = result.stdout.toString().trim().split('\n');
    expect(Number(lines[0])).toBeGreaterThanOrEqual(60000);
    expect(Number(lines[1].split(' ')[1])).toBeLessThan(10);
    expect(lines[2]).toBe('judge');
    expect(lines[3].trim().split(/\s+/)).toEqual([lines[0], lines[0], '1']);
    expect(lines.slice(4, 8)).toEqual(['root-read-only', 'work-writable', 'no-nested-userns', '0']);
    expect(lines.slice(8).map((l) => l.replace(/\s+/g, ' '))).toEqual([
      'CapEff: 0000000000000000',
      'CapBnd: 0000000000000000',
      'NoNewPrivs: 1',
      'Seccomp: 2',
    ]);
  });

  it('measures CPU and peak memory in the run cgroup, and OOM is reported', async () => {
    const burn = await sh('i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done');
    expect(burn.exitCode).toBe(0);
    expect(burn.cpuMs).toBeGreaterThan(50);
    expect(burn.cpuMs).toBeLessThan(burn.wallMs + 50);
    const hog = await sh('x=$(head -c 100000000 /dev/zero | tr "\\0" a); echo done', {
      memoryLimitBytes: 32 * MIB,
    });
    expect(hog.oomKilled).toBe(true);
    expect(hog.memoryKb).toBeGreaterThan(30 * 1024);
  });

  it('the CPU limit kills by the cgroup poll and the wall limit by the timer', async () => {
    const pending = pendingRemovals();
    expect(await sh('while :; do :; done', { cpuLimitMs: 300 })).toMatchObject({ killedBy: 'cpu' });
    expect(await sh('sleep 30', { wallLimitMs: 300 })).toMatchObject({ killedBy: 'wall' });
    // Killed through the cgroup, the init is still reaped by the launcher: its cgroup is removed at once.
    expect(pendingRemovals()).toBe(pending);
  });

  it('leaves nothing behind: background forks die with the run, the cgroup goes at once', async () => {
    const pending = pendingRemovals();
    const result = await sh('sleep 60 & sleep 60 & echo started');
    expect(result.stdout.toString()).toBe('started\n');
    for (let i = 0; i < 50 && liveSandboxProcesses().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(liveSandboxProcesses()).toEqual([]);
    // The launcher reaps the sandbox's init itself: no zombie pins the run's cgroup (bwrap left one to init).
    expect(pendingRemovals()).toBe(pending);
  });

  it('a missing bind source is a setup error; an optional one is skipped', async () => {
    const missing = await sh('true', { binds: [{ source: '/nonexistent/oj', target: '/prog' }] });
    expect(missing.setupError).toMatch(/\/nonexistent\/oj/);
    const optional = await sh('ls /prog 2>&1; exit 0', {
      binds: [{ source: '/nonexistent/oj', target: '/prog', optional: true }],
    });
    expect(optional).toMatchObject({ setupError: undefined, exitCode: 0 });
  });

  it('read-only binds and a host work dir owned by the sandbox uid', async () => {
    const dir = createRunDir('native-test');
    const data = join(dir, 'data');
    const work = join(dir, 'work');
    mkdirSync(data);
    mkdirSync(work);
    writeFileSync(join(data, 'f'), 'hello\n');
    try {
      const result = await sh('cat /data/f; echo x > /data/g 2>/dev/null || echo data-read-only; echo out > /w/o', {
        workDir: { kind: 'host', path: work },
        binds: [{ source: data, target: '/data' }],
      });
      expect(result.stdout.toString()).toBe('hello\ndata-read-only\n');
      expect(readFileSync(join(work, 'o'), 'utf8')).toBe('out\n');
      expect(statSync(join(work, 'o')).uid).toBeGreaterThanOrEqual(60000);
      expect(existsSync(join(data, 'g'))).toBe(false);
    } finally {
      removeRunDir(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pipes both ways (interactive problems)', async () => {
    const running = await startSandbox(spec(['/bin/cat'], { stdin: { kind: 'pipe' }, stdout: { kind: 'pipe' } }));
    const chunks: Buffer[] = [];
    running.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    running.stdin!.end('ping\n');
    const result = await running.result;
    expect(result.exitCode).toBe(0);
    expect(Buffer.concat(chunks).toString()).toBe('ping\n');
  });

  it('runs go to kept launchers; one that dies between runs is replaced, one that dies during a run is a setup error', async () => {
    const launchers = () =>
      readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--serve');
          } catch {
            return false;
          }
        })
        .map(Number);
    expect((await sh('exit 0')).exitCode).toBe(0);
    const kept = launchers();
    expect(kept.length).toBeGreaterThan(0);
    for (const pid of kept) process.kill(pid, 'SIGKILL');
    // The judge learns of a launcher's death when it reaps it: once the killed ones are gone from /proc, the next run
    // goes to a new launcher. (A fixed 100 ms was too short on a loaded machine: the run went to a launcher whose
    // death had not been reaped yet and ended as a setup error.)
    for (let i = 0; i < 100 && kept.some((pid) => existsSync(`/proc/${pid}`)); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await sh('echo again')).toMatchObject({ exitCode: 0, setupError: undefined });
    const running = sh('sleep 10');
    // Killed once the run is under way (its sleep is running in the sandbox), however slow the machine.
    for (let i = 0; i < 200 && liveSandboxProcesses().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    for (const pid of launchers()) process.kill(pid, 'SIGKILL');
    const result = await running;
    expect(result.setupError).toMatch(/launcher ended/);
    for (let i = 0; i < 50 && liveSandboxProcesses().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(liveSandboxProcesses()).toEqual([]);
  });

  it('no two runs share a network namespace: a unix socket bound in one cannot be reached from another', async () => {
    const python = (code: string, overrides: Partial<SandboxSpec> = {}) =>
      runSandbox(spec(['/usr/bin/python3', '-c', code], { pidsMax: 16, ...overrides }));
    const listen =
      "import socket,time\nl=socket.socket(socket.AF_UNIX)\nl.bind('\\0oj-judge-test')\nl.listen()\nprint('bound',flush=True)\ntime.sleep(2)";
    const connect =
      "import socket\ns=socket.socket(socket.AF_UNIX)\ntry:\n  s.connect('\\0oj-judge-test')\n  print('reached')\nexcept OSError as e:\n  print('refused')";
    const listening = python(listen);
    await new Promise((r) => setTimeout(r, 1000));
    // At the same time (on another kept launcher) and afterwards (possibly on the same one).
    expect((await python(connect)).stdout.toString()).toBe('refused\n');
    expect((await listening).stdout.toString()).toBe('bound\n');
    expect((await python(connect)).stdout.toString()).toBe('refused\n');
    // Control: inside one run the socket is reachable, so "refused" above is the namespace, not the code.
    const both = await python(`${listen.replace('time.sleep(2)', '')}\n${connect}`);
    expect(both.stdout.toString()).toBe('bound\nreached\n');
  });
});
