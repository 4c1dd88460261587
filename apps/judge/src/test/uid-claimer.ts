// A judge process that only claims sandbox uids, for tests: it claims <count> uids as a judge does when that many
// sandboxes run at once, prints "holding <uid> <uid> ...", and keeps them until its stdin closes.
//   OJ_JUDGE_RUN_ROOT=<dir> node --import tsx apps/judge/src/test/uid-claimer.ts <count>
import { acquireSandboxUid, ownedSandboxUids } from '../sandbox/sandbox-users.js';

const count = Number(process.argv[2] ?? 1);
await Promise.all(Array.from({ length: count }, () => acquireSandboxUid()));
process.stdout.write(`holding ${ownedSandboxUids().join(' ')}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
