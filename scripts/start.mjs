#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server (which starts a judge worker).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const say = (msg) => console.log(`[start] ${msg}`);
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);
const newest = (dir) => {
  if (!fs.existsSync(dir)) return 0;
  let max = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};

// It takes no arguments: --help (or -h) prints what it does and exits; anything else is refused before anything runs,
// so a mistyped option never starts a site.
const USAGE = `usage: npm start

Installs what is missing (npm dependencies; as root, the judge's Debian packages), builds the web app and the
server when their sources changed, then runs the site and its judge on http://localhost:$PORT (8080). Settings are environment
variables (README.md, Configuration): PORT, DATABASE_URL (else embedded PGlite in OJ_DATA_DIR, ./data),
OJ_ROOT_PASSWORD, OJ_EMBEDDED_JUDGE and the others listed there.`;
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length) {
  console.error(`[start] unknown argument: ${args.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}

// 1. npm dependencies: installed when missing or older than the lock file.
if (mtime(path.join(root, 'node_modules/.package-lock.json')) < mtime(path.join(root, 'package-lock.json'))) {
  say('installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// 2. The judge's system packages: installed with apt-get when running as root, else the command is printed and
//    the site starts anyway (it says that judging is paused and why).
const SYSTEM = {
  bwrap: 'bubblewrap',
  prlimit: 'util-linux',
  gcc: 'gcc',
  'g++': 'g++',
  javac: 'default-jdk-headless',
  '/usr/bin/python3': 'python3',
};
const missing = [
  ...new Set(
    Object.entries(SYSTEM)
      .filter(([cmd]) => !has(cmd))
      .map(([, pkg]) => pkg),
  ),
];
if (missing.length) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    say(`installing the judge's system packages: ${missing.join(' ')}`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    say(`judging needs: sudo apt-get install -y ${missing.join(' ')}  (the site starts without it)`);
  }
}

// 3. The web app: built only when its sources changed since the last build.
const stamp = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(
  newest(path.join(root, 'apps/web/src')),
  newest(path.join(root, 'apps/web/public')),
  mtime(path.join(root, 'apps/web/index.html')),
  mtime(path.join(root, 'apps/web/vite.config.ts')),
  newest(path.join(root, 'packages/shared/src')),
);
if (mtime(stamp) < sources) {
  say('building the web app');
  run('npm', ['run', 'build', '-w', '@oj/web']);
}

// 4. The server, the judge and the tools as built JavaScript: built only when a source changed since the last build.
const { ensureBuilt } = await import('./build-node.mjs');
await ensureBuilt();

// 5. The server, in the foreground; Ctrl-C reaches it and it shuts down cleanly.
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
