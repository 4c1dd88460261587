import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { type Lang, type Role, slugOf } from './sweep-routes';

/** Screenshot sweep for human review: with OJ_SWEEP_SHOTS set, the layout sweep (specs/layout-sweep.spec.ts)
 * visits every route of sweep-routes.ts as visitor, student and root, in zh-CN and en-US, at 390 px and 1366 px
 * (without it, the student in zh-CN only and 1366 px once a route), and writes a full-page PNG of each visit,
 * `<route-slug>-<role>-<lang>-<width>.png`, into that directory.
 *
 * Run (after `npm run build -w @oj/web`), either of:
 *   OJ_E2E_PORT=18091 OJ_SWEEP_SHOTS=/tmp/sweep npx playwright test -c e2e/playwright.config.ts e2e/specs/layout-sweep.spec.ts
 *   node --import tsx e2e/screenshot-sweep.ts /tmp/sweep
 * OJ_SWEEP_ROLES (e.g. `root`) limits the screenshot mode to those roles, OJ_SWEEP_ROUTES (a regular expression on
 * the route pattern, e.g. `^/admin/user`) to those routes. The layout checks run as usual (the run
 * still fails when they find something); the PNGs are written either way. */

export const SHOTS_DIR = process.env.OJ_SWEEP_SHOTS ?? '';

/** Writes the page's full-page PNG when the sweep takes screenshots. */
export const shoot = async (page: Page, pattern: string, role: Role, lang: Lang, width: number) => {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS_DIR, `${slugOf(pattern)}-${role}-${lang}-${width}.png`),
    fullPage: true,
    animations: 'disabled',
    timeout: 15_000,
  });
};

// Run directly: the same spec, with the directory of the first argument (default /tmp/sweep).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? '/tmp/sweep');
  const repoRoot = path.resolve(import.meta.dirname, '..');
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'e2e/specs/layout-sweep.spec.ts'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, OJ_SWEEP_SHOTS: dir, OJ_E2E_PORT: process.env.OJ_E2E_PORT ?? '18091' },
    },
  );
  console.log(`Screenshots: ${dir}`);
  process.exit(run.status ?? 1);
}
