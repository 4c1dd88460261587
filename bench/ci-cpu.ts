// Where `npm test`'s CPU time goes: every process that ran, from the kernel's process accounting (Debian's acct),
// summed per stage of scripts/test.mjs (each stage's process tree) and per command. The stages run side by side on
// two cores, so a stage's share of the CPU, not its wall time, says what makes the run long. Figures printed, never
// asserted. As root, with acct installed (`apt-get install acct`):
//   touch /tmp/ci.acct && accton /tmp/ci.acct && npm test; accton off
//   node --import tsx bench/ci-cpu.ts /tmp/ci.acct
// A process whose parent ended first is reparented and leaves its stage's tree: chromium's renderers and helpers
// (forked by its zygote) and the journeys' server are summed as "reparented", by command.
import { execFileSync } from 'node:child_process';

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx bench/ci-cpu.ts <accounting file>');
  process.exit(2);
}

interface Proc {
  comm: string;
  cpu: number;
  wall: number;
  pid: number;
  ppid: number;
  kids: Proc[];
}
// dump-acct's fields: command | version | user | system | elapsed (ticks of 1/100 s) | uid | gid | memory | io | pid |
// ppid | flags | exit code | tty | start.
const procs = new Map<number, Proc>();
for (const line of execFileSync('dump-acct', [file], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n')) {
  const f = line.split('|').map((s) => s.trim());
  if (f.length < 11) continue;
  const pid = Number(f[9]);
  procs.set(pid, {
    comm: f[0],
    cpu: (Number(f[2]) + Number(f[3])) / 100,
    wall: Number(f[4]) / 100,
    pid,
    ppid: Number(f[10]),
    kids: [],
  });
}
for (const p of procs.values()) procs.get(p.ppid)?.kids.push(p);
const tree = (p: Proc): number => p.cpu + p.kids.reduce((sum, k) => sum + tree(k), 0);
const total = [...procs.values()].reduce((sum, p) => sum + p.cpu, 0);
const s = (n: number) => `${n.toFixed(0).padStart(6)} s`;

// scripts/test.mjs is the node process that started the stages: every stage is a node process to the kernel (npx,
// npm and `nice` exec into node, whose process title the accounting does not see), so it is the node process with the
// largest process tree among the node processes with several node children (a Vitest run's holds less), each stage
// one of its children, in the order the run started them (scripts/test.mjs's steps).
const nodeKids = (p: Proc) => p.kids.filter((k) => k.comm === 'node').length;
const runner = [...procs.values()]
  .filter((p) => p.comm === 'node' && nodeKids(p) >= 4)
  .sort((a, b) => tree(b) - tree(a))[0];
console.log(`${s(total)} of CPU in all, ${procs.size} processes`);
if (runner) {
  console.log(
    `\nper stage, in the order started (its process tree; scripts/test.mjs ran ${runner.wall.toFixed(0)} s):`,
  );
  for (const stage of [...runner.kids].sort((a, b) => a.pid - b.pid))
    console.log(`${s(tree(stage))}  ${stage.comm} pid ${stage.pid} (${stage.wall.toFixed(0)} s of wall)`);
}
/** `cpuOf` summed per command, the largest `n` first. */
const byCommand = (list: Proc[], cpuOf: (p: Proc) => number, n: number) => {
  const sums = new Map<string, number>();
  for (const p of list) sums.set(p.comm, (sums.get(p.comm) ?? 0) + cpuOf(p));
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, n);
};
// The run's own root (the shell that started `npm test`) is not one of them.
let top: Proc | undefined = runner;
while (top && procs.has(top.ppid)) top = procs.get(top.ppid);
const reparented = [...procs.values()].filter((p) => !procs.has(p.ppid) && p !== top && p.comm !== 'accton');
console.log('\nreparented or started outside the run (their trees), by command:');
for (const [comm, cpu] of byCommand(reparented, tree, 8)) console.log(`${s(cpu)}  ${comm}`);
console.log('\nper command, every process:');
for (const [comm, cpu] of byCommand([...procs.values()], (p) => p.cpu, 12)) console.log(`${s(cpu)}  ${comm}`);
