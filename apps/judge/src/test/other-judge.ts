// Another judge on this host, for tests: a separate process (so a judge instance of its own) that runs
// `/bin/sleep <seconds>` in its sandbox, prints "running <sandbox uid>" once the program is started, and exits
// when it ends.
//   node --import tsx apps/judge/src/test/other-judge.ts <seconds>
import { MIB, startSandbox } from '../sandbox/sandbox.js';
import { ownedSandboxUids } from '../sandbox/sandbox-users.js';

const seconds = Number(process.argv[2] ?? 60);
const running = await startSandbox({
  argv: ['/bin/sleep', String(seconds)],
  workDir: { kind: 'tmpfs', sizeBytes: MIB },
  stdin: { kind: 'none' },
  stdout: { kind: 'capture', limitBytes: MIB },
  stderrLimitBytes: MIB,
  cpuLimitMs: 5_000,
  wallLimitMs: (seconds + 5) * 1000,
  memoryLimitBytes: 64 * MIB,
  stackLimitBytes: 8 * MIB,
  pidsMax: 8,
  fileSizeLimitBytes: MIB,
  openFilesMax: 32,
});
process.stdout.write(`running ${ownedSandboxUids().join(' ')}\n`);
await running.result;
