import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Generated account lists (usernames and plain passwords) waiting for their one download, as files under
 * OJ_DATA_DIR/tmp/generated-accounts: every server instance shares the data directory, so the download may reach
 * another instance than the one that generated the list. A file is named by the key's SHA-256 (the
 * directory does not give the keys away), readable by the server's user only, its mtime set to its expiry; a
 * download takes it by renaming it, so two downloads at once (on any instances) get it once.
 */
export const createGeneratedListStore = (dataDir: string, now: () => Date = () => new Date()) => {
  const dir = path.join(dataDir, 'tmp', 'generated-accounts');
  const fileOf = (key: string) => path.join(dir, `${crypto.createHash('sha256').update(key).digest('hex')}.csv`);
  const removeExpired = () => {
    const at = now().getTime();
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const p = path.join(dir, name);
      const stat = fs.statSync(p, { throwIfNoEntry: false });
      if (stat && stat.mtimeMs <= at) fs.rmSync(p, { force: true });
    }
  };
  return {
    put(key: string, csv: string, expiresAt: number) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      removeExpired();
      const file = fileOf(key);
      const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      fs.writeFileSync(partial, csv, { mode: 0o600 });
      fs.utimesSync(partial, new Date(expiresAt), new Date(expiresAt));
      fs.renameSync(partial, file);
    },
    /** The list, once; null when there is none, it was taken or it expired. */
    take(key: string): string | null {
      const file = fileOf(key);
      const taken = `${file}.${crypto.randomBytes(6).toString('hex')}.taken`;
      try {
        fs.renameSync(file, taken);
      } catch {
        return null;
      }
      try {
        if (fs.statSync(taken).mtimeMs <= now().getTime()) return null;
        return fs.readFileSync(taken, 'utf8');
      } finally {
        fs.rmSync(taken, { force: true });
      }
    },
  };
};
export type GeneratedListStore = ReturnType<typeof createGeneratedListStore>;
