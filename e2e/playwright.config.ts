import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, PORT, ROOT_PASSWORD } from './env';

const repoRoot = path.resolve(import.meta.dirname, '..');

// A fresh data directory per run: the journeys start from a just-installed site. Worker processes load this
// file too; only the main process starts the server, so the extra empty directories are harmless.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-'));

export default defineConfig({
  testDir: './specs',
  // At the repository root, where git and Biome already ignore it.
  outputDir: path.join(repoRoot, 'test-results'),
  // One server, one database: journeys run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The product's default language; the language journey switches to English itself.
    locale: 'zh-CN',
    // The browser asks for less motion, which the app honours (antd's motions off, lib/use-media-query.ts): pages
    // settle and controls hold still without waiting out opening and sliding animations.
    reducedMotion: 'reduce',
    // No trace by default: recording one (a screencast and a DOM snapshot per action) nearly doubled the journeys'
    // time on a 2-core machine (the layout sweep: 148 s without, 269 s with). A failed journey keeps a screenshot;
    // to record traces add `--trace retain-on-failure` to the command (e2e/README.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium (the machines reach only the npm and Debian registries, so Playwright's own browser download
      // fails), as its headless shell: the same Blink and V8 without the full browser's windowing and services, what
      // Playwright itself runs for headless chromium. The journeys took 25-45 % less of chromium's CPU with it than
      // with the full browser's headless mode (decision 0060). env.ts names it.
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The real server (it serves apps/web/dist, so the web must be built first: `npm run build`).
    command: 'node scripts/run.mjs server',
    cwd: repoRoot,
    url: `http://localhost:${PORT}/api/get-website-config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      OJ_DATA_DIR: dataDir,
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      LOG_LEVEL: 'warn',
      // Password hashes at the lowest cost (a login at the default cost takes 0.2 s of a core here; the journeys log
      // in about a hundred times).
      OJ_PASSWORD_COST: '10',
      // The embedded judge offers the languages the journeys submit in (C and C++ in every standard, Python3): the
      // Java, Go, Rust, PyPy and Node toolchains are not probed at its start, beside the first journeys.
      OJ_JUDGE_LANGUAGES: 'C,C With O2,C++,C++ With O2,C++ 17,C++ 17 With O2,C++ 20,C++ 20 With O2,Python3',
    },
  },
});
