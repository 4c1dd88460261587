import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';

/** The programs as `npm start` and the npm scripts run them: the bundles scripts/build-node.mjs makes (test/global-setup.ts
 * builds them when a source changed). A test that starts the server, a judge worker or a tool runs these, so what is
 * tested is what ships. */
export const BUILT = {
  server: path.join(REPO_ROOT, 'apps/server/dist/main.js'),
  judge: path.join(REPO_ROOT, 'apps/judge/dist/cli.js'),
  judgeToken: path.join(REPO_ROOT, 'apps/server/dist/judge-token-cli.js'),
  backup: path.join(REPO_ROOT, 'apps/server/dist/backup-cli.js'),
} as const;
