/**
 * Start-up: how soon a server started as `npm start` runs it (the built apps/server/dist/main.js, embedded PGlite,
 * the embedded judge worker) answers, and how soon it has judged a submission. The first start makes the data
 * directory (the database, the root account, the sample problems) and is not counted; each measured start then
 * opens that existing directory, as every later `npm start` does:
 * 1. first answer: spawn → /api/get-website-config answers 200;
 * 2. judged: spawn → root logs in, submits the C++ A+B sample (problem 1000, a new comment each time so it is
 *    really compiled) and the submission detail shows Accepted (polled every 20 ms).
 * The anchor, measured in the same run: spawn → exit of `node -e 0` (what any Node program costs to start here).
 *
 *   node scripts/build-node.mjs && node --import tsx bench/start-up.ts [--runs 5] [--port 18120] [--baseline DIR]
 *
 * --baseline also measures the server of another checkout (built, with its node_modules: an earlier commit's, as the
 * baseline of a change), its starts interleaved with this one's, and prints the ratios.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS } from '@oj/shared';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { arg, median } from './bench-kit.js';

const runs = Number(arg('runs', '5'));
const port = Number(arg('port', '18120'));
const base = `http://127.0.0.1:${port}`;
const ROOT_PASSWORD = 'bench-root-1';
/** What is started: this checkout and, with --baseline, another one, each on a data directory of its own. */
const targets = [
  { name: 'this checkout', root: REPO_ROOT },
  ...(arg('baseline', '') ? [{ name: 'baseline', root: path.resolve(arg('baseline', '')) }] : []),
].map((t) => {
  const main = path.join(t.root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run node scripts/build-node.mjs there first`);
  return { ...t, main, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'oj-start-up-')) };
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A call's envelope, or undefined while the server cannot be reached. */
const call = async (method: string, url: string, body?: unknown, token?: string) => {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { res, json: (await res.json()) as { status: number; msg: string; data: Record<string, unknown> } };
  } catch {
    return undefined;
  }
};

let serial = 0;
/** One start: the milliseconds to the first answer and to the judged submission; the server is stopped after. */
const start = async (target: (typeof targets)[number]) => {
  const t0 = performance.now();
  const server = spawn(process.execPath, [target.main], {
    cwd: target.root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), OJ_DATA_DIR: target.dataDir, OJ_ROOT_PASSWORD: ROOT_PASSWORD },
  });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    while ((await call('GET', '/api/get-website-config'))?.res.status !== 200) await sleep(5);
    const answered = performance.now() - t0;
    const login = await call('POST', '/api/login', { username: 'root', password: ROOT_PASSWORD });
    const token = login?.res.headers.get('authorization');
    if (!token) throw new Error(`login: ${login?.json.msg}`);
    const code = `#include <iostream>\n// start-up ${process.pid} ${Date.now()} ${++serial}\nint main(){long long a,b;while(std::cin>>a>>b)std::cout<<a+b<<'\\n';}\n`;
    // Until the embedded worker has declared its languages a submit is refused; the server waits for that before
    // it announces itself, but answers before.
    let submitId: unknown;
    while (submitId === undefined) {
      const r = await call('POST', '/api/submit-problem-judge', { pid: '1000', language: 'C++', code }, token);
      if (r?.json.status === 200) submitId = r.json.data.submitId;
      else await sleep(5);
    }
    for (;;) {
      const detail = await call('GET', `/api/get-submission-detail?submitId=${submitId}`, undefined, token);
      const status = (detail?.json.data.submission as { status: number } | undefined)?.status;
      if (status === JUDGE_STATUS.ACCEPTED) break;
      if (status !== JUDGE_STATUS.PENDING && status !== JUDGE_STATUS.COMPILING && status !== JUDGE_STATUS.JUDGING)
        throw new Error(`the submission ended with status ${status}`);
      await sleep(20);
    }
    return { answered, judged: performance.now() - t0 };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
};

const nodeStart = async () => {
  const t0 = performance.now();
  await new Promise((r) => spawn(process.execPath, ['-e', '0']).once('exit', r));
  return performance.now() - t0;
};

try {
  for (const t of targets) {
    const first = await start(t);
    console.log(
      `${t.name}: first start (new data directory, not counted): answered ${first.answered.toFixed(0)} ms, judged ${first.judged.toFixed(0)} ms`,
    );
  }
  const rows = targets.map(() => [] as { answered: number; judged: number }[]);
  const nodeRows: number[] = [];
  for (let i = 0; i < runs; i++) {
    nodeRows.push(await nodeStart());
    // Interleaved, so a noisy moment falls on both.
    for (const [k, t] of targets.entries()) {
      const r = await start(t);
      rows[k].push(r);
      console.log(`run ${i + 1}, ${t.name}: answered ${r.answered.toFixed(0)} ms, judged ${r.judged.toFixed(0)} ms`);
    }
  }
  console.log(`\nmedians of ${runs} (node -e 0: ${median(nodeRows).toFixed(0)} ms):`);
  for (const [k, t] of targets.entries()) {
    const m = (key: 'answered' | 'judged') => median(rows[k].map((r) => r[key]));
    const ratio = (key: 'answered' | 'judged') =>
      k === 0 || targets.length === 1
        ? ''
        : ` (this checkout / baseline ${(median(rows[0].map((r) => r[key])) / m(key)).toFixed(2)})`;
    console.log(
      `  ${t.name}: first answer ${m('answered').toFixed(0)} ms${ratio('answered')}, submission judged ${m('judged').toFixed(0)} ms${ratio('judged')}`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const t of targets) fs.rmSync(t.dataDir, { recursive: true, force: true });
}
