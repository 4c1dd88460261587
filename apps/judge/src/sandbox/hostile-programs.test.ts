import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  judgeSource,
  liveProcessesOf,
  liveSandboxProcesses,
  makeProblem,
  requireSandbox,
  S,
} from '../test/judge-fixtures.js';
import { judgeInstance } from './judge-instance.js';
import { runRoot } from './run-dirs.js';
import { ownedSandboxUids, sandboxUidRange } from './sandbox-users.js';

// Every program here tries to escape or harm the host. Each test asserts the verdict the user sees and that
// the host is unharmed. None of this may run unless the sandbox guard passed.
beforeAll(requireSandbox);

const problem = makeProblem([{ input: '', answer: 'contained\n' }], { timeLimitMs: 1000, memoryLimitMb: 64 });
const REPO_ROOT = join(import.meta.dirname, '../../../..');
const otherProblemData = join(REPO_ROOT, 'samples/problems/a-plus-b/tests/1.in');
const threadBomb = `#include <pthread.h>
static void *spin(void *a){volatile unsigned long x=0;for(;;)x++;return a;}
int main(void){pthread_t t;for(;;)pthread_create(&t,0,spin,0);}`;

const settleSandboxProcesses = async () => {
  // Exited sandboxes leave only zombies (reaped by init); a live process would be an escape.
  for (let i = 0; i < 100 && liveSandboxProcesses().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return liveSandboxProcesses();
};

describe('hostile programs are contained', () => {
  let server: Server;
  let port = 0;
  let sentinel: ReturnType<typeof spawn>;

  beforeAll(async () => {
    server = createServer((socket) => socket.end('host secret\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    sentinel = spawn('/bin/sleep', ['600'], { stdio: 'ignore' });
  });
  afterAll(() => {
    server.close();
    sentinel.kill();
  });

  it('fork bomb: limited by pids.max, judged by a limit, nothing survives', async () => {
    const result = await judgeSource(problem, '#include <unistd.h>\nint main(void){for(;;)fork();}', 'C');
    // Usually TLE; on a loaded host the kernel memory of the endless failing forks is charged to the run's memory
    // cgroup faster than it is given back, and the run is OOM-killed first (seen once in CI): MLE, also a limit.
    expect([S.TIME_LIMIT_EXCEEDED, S.MEMORY_LIMIT_EXCEEDED]).toContain(result.status);
    expect(await settleSandboxProcesses()).toEqual([]);
  });

  it('thread bomb: contained and judged, nothing survives', async () => {
    const result = await judgeSource(problem, threadBomb, 'C');
    expect([S.TIME_LIMIT_EXCEEDED, S.RUNTIME_ERROR, S.MEMORY_LIMIT_EXCEEDED]).toContain(result.status);
    expect(await settleSandboxProcesses()).toEqual([]);
  });

  it('another judge on the host: its sandbox keeps running untouched, and only our own runs are ours', async () => {
    // A second judge process (as a server test's worker is during `npm test`) keeps a program running in its
    // sandbox while we judge: it must not count as something of ours that survived, and we must not touch it.
    // It has a work root of its own: the sandbox uids are the host's whatever the work root, so it never runs
    // as a uid of ours.
    const otherRoot = mkdtempSync(join(tmpdir(), 'oj-other-judge-'));
    onTestFinished(() => rmSync(otherRoot, { recursive: true, force: true }));
    const other = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'apps/judge/src/test/other-judge.ts'), '60'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, OJ_JUDGE_RUN_ROOT: otherRoot },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let theirUid = -1;
    const theirs = () => liveProcessesOf((uid) => uid === theirUid);
    try {
      theirUid = await new Promise<number>((resolve, reject) => {
        other.stdout?.on('data', (chunk: Buffer) => {
          const uid = /running (\d+)/.exec(chunk.toString())?.[1];
          if (uid) resolve(Number(uid));
        });
        other.once('exit', (code) => reject(new Error(`the other judge exited with ${code}`)));
      });
      expect(theirUid).toBeGreaterThanOrEqual(sandboxUidRange().first);
      expect(theirUid).toBeLessThanOrEqual(sandboxUidRange().last);
      for (let i = 0; i < 50 && !theirs().some((p) => p.endsWith(' sleep')); i++)
        await new Promise((r) => setTimeout(r, 100));
      const running = theirs();
      expect(running.some((p) => p.endsWith(' sleep'))).toBe(true);

      const result = await judgeSource(problem, threadBomb, 'C');
      expect([S.TIME_LIMIT_EXCEEDED, S.RUNTIME_ERROR, S.MEMORY_LIMIT_EXCEEDED]).toContain(result.status);
      expect(await settleSandboxProcesses()).toEqual([]);
      expect(ownedSandboxUids()).not.toContain(theirUid);
      expect(theirs()).toEqual(running);
    } finally {
      other.kill('SIGKILL');
    }
    // Its sandbox dies with it (bwrap --die-with-parent).
    for (let i = 0; i < 50 && theirs().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(theirs()).toEqual([]);
  });

  it('memory hog: killed at the memory limit, MLE', async () => {
    const source =
      '#include <stdlib.h>\n#include <string.h>\nint main(void){for(;;){char*p=malloc(16<<20);if(p)memset(p,7,16<<20);}}';
    const result = await judgeSource(problem, source, 'C');
    expect(result.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });

  it('cannot write outside its work dir, read secrets, other problems data or other runs', async () => {
    const source = `#include <stdio.h>
#include <dirent.h>
int main(void){
  const char *writes[] = {"/usr/evil", "/etc/evil", "/prog/evil", "/var/lib/oj-judge/evil", "/root/evil", "/evil", 0};
  const char *reads[] = {"/etc/shadow", "/etc/passwd", "/root/.bashrc", "${otherProblemData}", 0};
  const char *dirs[] = {"${runRoot()}/judges", "/var/lib", "/home", "/work", "/sys/fs/cgroup", 0};
  int leaks = 0;
  for (int i = 0; writes[i]; i++) { FILE *f = fopen(writes[i], "w"); if (f) { printf("wrote %s\\n", writes[i]); leaks++; } }
  for (int i = 0; reads[i]; i++) { FILE *f = fopen(reads[i], "r"); if (f) { printf("read %s\\n", reads[i]); leaks++; } }
  for (int i = 0; dirs[i]; i++) { DIR *d = opendir(dirs[i]); if (d) { printf("listed %s\\n", dirs[i]); leaks++; } }
  FILE *own = fopen("/w/scratch", "w"); /* its own work dir is writable */
  if (!own) { puts("work dir not writable"); leaks++; }
  if (!leaks) puts("contained");
  return 0;
}`;
    const result = await judgeSource(problem, source, 'C');
    expect(result.cases[0].userOutput).toBe('contained\n');
    expect(result.status).toBe(S.ACCEPTED);
    for (const path of ['/usr/evil', '/etc/evil', '/evil', join(runRoot(), 'evil')])
      expect(existsSync(path)).toBe(false);
  });

  it('has no network: TCP to a host listener, UDP and VSOCK all fail', async () => {
    const source = `#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <linux/vm_sockets.h>
int main(void){
  int leaks = 0;
  int tcp = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in host = {0}; host.sin_family = AF_INET; host.sin_port = htons(${port}); host.sin_addr.s_addr = htonl(0x7f000001);
  if (tcp >= 0 && connect(tcp, (struct sockaddr *)&host, sizeof host) == 0) { puts("tcp connected"); leaks++; }
  int udp = socket(AF_INET, SOCK_DGRAM, 0);
  struct sockaddr_in dns = {0}; dns.sin_family = AF_INET; dns.sin_port = htons(53); dns.sin_addr.s_addr = inet_addr("8.8.8.8");
  if (udp >= 0 && sendto(udp, "x", 1, 0, (struct sockaddr *)&dns, sizeof dns) == 1) { puts("udp sent"); leaks++; }
  int vsock = socket(AF_VSOCK, SOCK_STREAM, 0);
  if (vsock >= 0) { puts("vsock created"); leaks++; }
  int inet6 = socket(AF_INET6, SOCK_STREAM, 0);
  if (inet6 >= 0) { puts("inet6 created"); leaks++; }
  if (!leaks) puts("contained");
  return 0;
}`;
    const result = await judgeSource(problem, source, 'C');
    expect(result.cases[0].userOutput).toBe('contained\n');
  });

  it('kill(-1, SIGKILL) and killing host pids reach nothing outside the sandbox', async () => {
    const source = `#include <signal.h>
#include <stdio.h>
int main(void){
  /* Host pids do not exist in its pid namespace; pid 1 there is the sandbox's own init. */
  int reached = kill(${process.pid}, SIGKILL) == 0 || kill(${sentinel.pid}, SIGKILL) == 0;
  kill(1, SIGKILL);
  kill(-1, SIGKILL);
  puts(reached ? "reached host" : "contained");
  return 0;
}`;
    const result = await judgeSource(problem, source, 'C');
    expect(result.cases[0].userOutput).toBe('contained\n');
    expect(sentinel.exitCode).toBeNull();
    expect(sentinel.signalCode).toBeNull();
  });

  it('huge stdout and huge stderr are cut: Runtime Error "Output Limit Exceeded"', async () => {
    const stdout =
      '#include <stdio.h>\n#include <string.h>\nint main(void){static char b[1<<16];memset(b,65,sizeof b);for(;;)fwrite(b,1,sizeof b,stdout);}';
    const stderr =
      '#include <stdio.h>\n#include <string.h>\nint main(void){static char b[1<<16];memset(b,65,sizeof b);for(;;)fwrite(b,1,sizeof b,stderr);}';
    // Cutting is the judge's reading of the pipe (32 MiB of stdout, 16 MiB of stderr): on a loaded host that reading
    // took more than the 1 s problem's 3.6 s of wall time. The verdict must not depend on the host's load, so the
    // limits here are roomy and only the output limit can end the program.
    const roomy = makeProblem([{ input: '', answer: '' }], { timeLimitMs: 5000, memoryLimitMb: 64 });
    for (const source of [stdout, stderr]) {
      const result = await judgeSource(roomy, source, 'C');
      expect(result.status).toBe(S.RUNTIME_ERROR);
      expect(result.cases[0].message).toBe('Output Limit Exceeded');
    }
  });

  it('a spawned shell runs inside the sandbox as the sandbox user', async () => {
    const source = `#include <stdlib.h>
int main(void){ return system("id -u > /w/uid; cat /etc/shadow 2>/dev/null && echo leaked; touch /usr/shell-was-here 2>/dev/null && echo wrote; test $(cat /w/uid) -ne 0 && echo contained"); }`;
    const result = await judgeSource(problem, source, 'C');
    expect(result.cases[0].userOutput).toBe('contained\n');
    expect(existsSync('/usr/shell-was-here')).toBe(false);
  });

  it('sleeping forever is TLE by wall clock', async () => {
    const result = await judgeSource(problem, 'import time\ntime.sleep(10**6)\n', 'Python3');
    expect(result.status).toBe(S.TIME_LIMIT_EXCEEDED);
  });

  it('a fork that outlives its parent is killed with the sandbox', async () => {
    const source = `#include <unistd.h>
#include <stdio.h>
int main(void){ if (fork() == 0) { setsid(); for(;;) sleep(1); } puts("contained"); return 0; }`;
    const result = await judgeSource(problem, source, 'C');
    expect(result.status).toBe(S.ACCEPTED);
    expect(await settleSandboxProcesses()).toEqual([]);
  });

  it('compile bombs end as Compile Error within the compile limits', async () => {
    const started = Date.now();
    const zero = await judgeSource(problem, '#include "/dev/zero"\nint main(){}', 'C++');
    expect(zero.status).toBe(S.COMPILE_ERROR);
    const recursion = `template<int N> struct R { enum { v = R<N + 1>::v + R<N + 2>::v }; };
int main() { return R<0>::v; }`;
    const templates = await judgeSource(problem, recursion, 'C++');
    expect(templates.status).toBe(S.COMPILE_ERROR);
    expect(templates.errorMessage.length).toBeLessThanOrEqual(64 * 1024 + 100);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('leaves no run directories or sandbox processes behind', async () => {
    expect(await settleSandboxProcesses()).toEqual([]);
    const mine = readdirSync(judgeInstance().runDir);
    // Cached checkers of this judge may stay; user builds and per-run dirs must be gone.
    expect(mine.filter((name) => !name.startsWith('build-'))).toEqual([]);
  });
});
