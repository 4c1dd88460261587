import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Test files cached by sha256 in a root-only directory (sandboxed programs must never read another problem's
 * data). A file is checked against its hash before it is kept, so a broken download is never judged with. */
export const createTestDataCache = (dir: string, fetchBytes: (sha256: string) => Promise<Buffer>) => {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const inFlight = new Map<string, Promise<string>>();

  const download = async (sha256: string, target: string) => {
    const bytes = await fetchBytes(sha256);
    const actual = crypto.createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256) throw new Error(`test data ${sha256} arrived corrupted (got ${actual})`);
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, bytes, { mode: 0o600 });
    await fs.promises.rename(tmp, target);
    return target;
  };

  return {
    /** Local path of the file with this hash, downloaded once even when several runs ask at the same time. */
    async path(sha256: string): Promise<string> {
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`bad test data hash ${sha256}`);
      const target = path.join(dir, sha256);
      if (fs.existsSync(target)) return target;
      let pending = inFlight.get(sha256);
      if (!pending) {
        pending = download(sha256, target).finally(() => inFlight.delete(sha256));
        inFlight.set(sha256, pending);
      }
      return pending;
    },
  };
};
export type TestDataCache = ReturnType<typeof createTestDataCache>;
