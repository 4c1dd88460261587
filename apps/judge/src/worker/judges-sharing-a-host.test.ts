import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeTask, ProblemForWorker } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT } from '../../../server/test/programs.js';
import { runRoot, sweepDeadInstances } from '../sandbox/judge-instance.js';
import { prepareSandboxHost } from '../sandbox/sandbox.js';
import { requireSandbox, S } from '../test/judge-fixtures.js';
import { startJudgeProtocolServer } from '../test/judge-protocol-server.js';

// Two judge workers on one host, each in its own PID namespace (as in two containers), with one work root, one
// cgroup tree, one sandbox uid range and one queue. Their pids repeat across namespaces and neither sees the
// other's processes, so nothing but the instance locks tells them apart: a judge that took the other's runs
// for a dead judge's leftovers would delete its build directories and kill its programs (wrong verdicts).
beforeAll(requireSandbox);

const REPO_ROOT = join(import.meta.dirname, '../../../..');
const TOKEN = 'judges-sharing-a-host';
const SUBMISSIONS = 50;

// Sources unique to this run: the host's compile cache outlives a run, and cache hits would let the first judge
// finish the queue before the second one starts.
const RUN = `${Date.now()}-${process.pid}`;
const ACCEPTED_C = (n: number) => `/* ${RUN} ${n} */
#include <stdio.h>
int main(void){long long a,b;while(scanf("%lld %lld",&a,&b)==2)printf("%lld\\n",a+b);return 0;}`;
// int overflows on the third case only: Wrong Answer there, Accepted on the others.
const OVERFLOW_C = (n: number) => `/* ${RUN} ${n} */
#include <stdio.h>
int main(void){int a,b;while(scanf("%d %d",&a,&b)==2)printf("%d\\n",a+b);return 0;}`;
const ACCEPTED_CPP = (n: number) => `// ${RUN} ${n}
#include <iostream>
int main(){long long a,b;while(std::cin>>a>>b)std::cout<<a+b<<'\\n';}`;

describe('two judges on one host in separate PID namespaces', () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-two-judges-cache-'));
  const judges: Array<{ process: ChildProcess; log: () => string }> = [];
  let server: Awaited<ReturnType<typeof startJudgeProtocolServer>>;

  /** A worker as PID namespace `pidOffset` + 2 would number it (the other worker's pid is never seen here). */
  const startJudge = (pidOffset: number) => {
    const script = `i=0; while [ $i -lt ${pidOffset} ]; do /bin/true; i=$((i+1)); done; "$@"`;
    // sh stays the namespace's init and reaps what is reparented to it, as `docker run --init` would.
    const child = spawn(
      'unshare',
      ['--pid', '--fork', '--mount-proc', '--kill-child', '/bin/sh', '-c', script, 'sh', process.execPath].concat([
        BUILT.judge,
        'worker',
        '--server',
        server.url,
        '--concurrency',
        '1',
      ]),
      {
        cwd: REPO_ROOT,
        env: { ...process.env, OJ_JUDGE_TOKEN: TOKEN, OJ_JUDGE_CACHE_DIR: cacheDir },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let log = '';
    child.stderr?.on('data', (chunk) => {
      log += chunk;
    });
    judges.push({ process: child, log: () => log });
    return child;
  };

  afterAll(async () => {
    for (const judge of judges) if (judge.process.exitCode === null) judge.process.kill('SIGKILL');
    await server?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('judge 50 submissions from one queue with no wrong verdict and no crash', { timeout: 150_000 }, async () => {
    server = await startJudgeProtocolServer(TOKEN);
    const tests = [
      ['1 2\n', '3\n'],
      ['-5 5\n100 200\n', '0\n300\n'],
      ['2000000000 2000000000\n', '4000000000\n'],
    ];
    const problem: ProblemForWorker = {
      pid: 1,
      problemId: '1000',
      type: 0,
      difficulty: 0,
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      stackLimitMb: 64,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      isRemoveEndBlank: true,
      ioScore: 100,
      caseVersion: '1',
      checkerCode: null,
      checkerLanguage: null,
      userExtraFile: {},
      judgeExtraFile: {},
      judgeHeaders: [],
      cases: tests.map(([input, output], i) => {
        const inFile = server.addFile(input);
        const outFile = server.addFile(output);
        return {
          caseId: i + 1,
          seq: i + 1,
          name: String(i + 1),
          inputSha256: inFile.sha256,
          outputSha256: outFile.sha256,
          inputSize: inFile.size,
          outputSize: outFile.size,
          score: 0,
          groupNum: 0,
        };
      }),
    };
    const expected = new Map<number, number[]>();
    for (let n = 1; n <= SUBMISSIONS; n++) {
      const kind = n % 10 === 0 ? 'cpp' : n % 2 === 0 ? 'overflow' : 'accepted';
      const task: JudgeTask = {
        kind: 'judge',
        taskId: n,
        attempt: 1,
        submitId: n,
        language: kind === 'cpp' ? 'C++' : 'C',
        source: kind === 'cpp' ? ACCEPTED_CPP(n) : kind === 'overflow' ? OVERFLOW_C(n) : ACCEPTED_C(n),
        problem,
      };
      expected.set(n, kind === 'overflow' ? [S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER] : [0, 0, 0]);
      server.enqueue(task);
    }

    // The second judge starts (and sweeps the host) while the first is in the middle of judging.
    const first = startJudge(40);
    const deadline = Date.now() + 140_000;
    const until = async (what: string, done: () => boolean) => {
      while (!done()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; ${judges.map((j) => j.log()).join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until('the first judge to report', () => server.reports.length >= 3);
    const second = startJudge(0);
    await until('every submission to be judged', () => server.reports.length >= SUBMISSIONS);

    const verdicts = server.reports.map((r) => ({
      taskId: r.taskId,
      failure: r.failure,
      status: r.judge?.status,
      message: r.judge?.errorMessage || r.judge?.cases.find((c) => c.message)?.message,
      cases: r.judge?.cases.map((c) => c.status),
    }));
    const wrong = verdicts.filter(
      (v) =>
        v.failure !== undefined ||
        v.status !== (expected.get(v.taskId)!.includes(S.WRONG_ANSWER) ? S.WRONG_ANSWER : S.ACCEPTED) ||
        JSON.stringify(v.cases) !== JSON.stringify(expected.get(v.taskId)),
    );
    expect(wrong).toEqual([]);
    expect(new Set(server.reports.map((r) => r.taskId)).size).toBe(SUBMISSIONS);
    expect(server.protocolErrors).toEqual([]);
    // Both judged, and neither crashed.
    const workerNames = new Set(server.reports.map((r) => r.worker));
    expect(workerNames.size).toBe(2);
    expect(first.exitCode).toBeNull();
    expect(second.exitCode).toBeNull();
    for (const judge of judges) expect(judge.log()).not.toMatch(/Error|failed/);

    // Once both are gone (killed, no cleanup of their own), another judge removes what they owned.
    const ids = [...workerNames].map((name) => /-([0-9a-f]{16})$/.exec(name)![1]);
    for (const judge of judges) {
      const exited = new Promise((r) => judge.process.once('exit', r));
      judge.process.kill('SIGKILL');
      await exited;
    }
    const backend = prepareSandboxHost();
    const cgroupParents = ['memory', 'cpuacct', 'pids', ''].map((c) => join('/sys/fs/cgroup', c, 'oj-judge'));
    const leftovers = () =>
      ids.flatMap((id) =>
        [
          join(runRoot(), 'judges', id),
          join(runRoot(), 'judges', `${id}.lock`),
          ...cgroupParents.map((p) => join(p, id)),
        ].filter((path) => existsSync(path)),
      );
    await until('the dead judges to be swept', () => {
      sweepDeadInstances((id) => backend.removeInstance(id));
      return leftovers().length === 0;
    });
  });
});
