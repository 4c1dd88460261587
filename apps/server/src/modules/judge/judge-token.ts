import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from '../../lib/password.js';

/** OJ_JUDGE_TOKEN, or one generated on first start into OJ_DATA_DIR (readable by the server's user only). */
export const loadJudgeToken = (configured: string | undefined, dataDir: string) => {
  if (configured) return configured;
  const file = path.join(dataDir, 'judge-token');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const token = randomToken();
  fs.writeFileSync(file, token, { mode: 0o600 });
  return token;
};
