#!/usr/bin/env node
// `node scripts/run.mjs <program> [args...]`: runs one of the built programs (scripts/build-node.mjs: server, judge,
// backup, judgeToken) in this process with the arguments after its name, building them first when a source changed.
// The npm scripts (`npm run judge`, `judge:local`, `backup`, `restore`, `judge-token`) are this.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, PROGRAMS } from './build-node.mjs';

const [name, ...args] = process.argv.slice(2);
const program = PROGRAMS[name];
if (!program || name === 'plagiarismWorker') {
  console.error(
    `usage: node scripts/run.mjs <${Object.keys(PROGRAMS)
      .filter((p) => p !== 'plagiarismWorker')
      .join('|')}> [args...]`,
  );
  process.exit(2);
}
await ensureBuilt();
const file = path.resolve(import.meta.dirname, '..', program.out);
// The program reads its arguments from process.argv as if started as `node <bundle> args...`.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
