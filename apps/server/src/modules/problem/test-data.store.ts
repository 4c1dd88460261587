import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Test files stored by content hash under OJ_DATA_DIR/testdata: equal files are stored once, a judge asks for
 * exactly the bytes it lacks, and a changed file is a new hash (so caches never serve stale data). */
export const createTestDataStore = (dataDir: string) => {
  const dir = path.join(dataDir, 'testdata');
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('bad test data hash');
    return path.join(dir, sha256.slice(0, 2), sha256);
  };

  return {
    pathOf,

    /** Stores bytes and returns their hash and size; written to a temp file and renamed, so a reader never sees
     * a partial file. */
    async put(content: Buffer | string): Promise<{ sha256: string; size: number }> {
      const buf = typeof content === 'string' ? Buffer.from(content) : content;
      const sha256 = crypto.createHash('sha256').update(buf).digest('hex');
      const target = pathOf(sha256);
      if (!fs.existsSync(target)) {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
        await fs.promises.writeFile(tmp, buf);
        await fs.promises.rename(tmp, target);
      }
      return { sha256, size: buf.length };
    },

    exists: (sha256: string) => fs.existsSync(pathOf(sha256)),
    read: (sha256: string) => fs.promises.readFile(pathOf(sha256)),
    stream: (sha256: string) => fs.createReadStream(pathOf(sha256)),
  };
};
export type TestDataStore = ReturnType<typeof createTestDataStore>;
