import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const HASH = /^[0-9a-f]{64}$/;

/** A pass-through stream that hashes and counts what flows through it. */
export const hashingStream = () => {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
};

/** Test files stored by content hash under OJ_DATA_DIR/testdata: equal files are stored once, a judge asks for
 * exactly the bytes it lacks, and a changed file is a new hash (so caches never serve stale data).
 *
 * Files are written to a temporary name and renamed, so a reader never sees a partial file. Storing content that
 * is there already refreshes the file's modification time: the storage collector only removes unreferenced files
 * older than its grace period, so content about to be referenced again is never collected under the writer. */
export const createTestDataStore = (dataDir: string) => {
  const dir = path.join(dataDir, 'testdata');
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (sha256: string) => {
    if (!HASH.test(sha256)) throw new Error('bad test data hash');
    return path.join(dir, sha256.slice(0, 2), sha256);
  };
  const tempOf = (target: string) => `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const tempIn = (folder: string) =>
    path.join(folder, `incoming.${process.pid}.${crypto.randomBytes(8).toString('hex')}.tmp`);

  /** True when the content is stored (and now counts as fresh); false when it must be written. */
  const refresh = async (target: string) => {
    const at = new Date();
    try {
      await fs.promises.utimes(target, at, at);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
  };

  /** Moves a finished temporary file to its hash's name (or drops it when the content is stored already). */
  const settle = async (tmp: string, sha256: string) => {
    const target = pathOf(sha256);
    if (await refresh(target)) {
      await fs.promises.rm(tmp, { force: true });
      return;
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tmp, target);
  };

  const putStream = async (source: Readable): Promise<{ sha256: string; size: number }> => {
    await fs.promises.mkdir(dir, { recursive: true });
    const tmp = tempIn(dir);
    const hashing = hashingStream();
    try {
      await pipeline(source, hashing.stream, fs.createWriteStream(tmp, { flags: 'wx' }));
      const stored = hashing.result();
      await settle(tmp, stored.sha256);
      return stored;
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  };

  return {
    dir,
    pathOf,
    /** Where archives are unpacked before their files move in: inside OJ_DATA_DIR, so a move is a rename. */
    scratchDir: path.join(dataDir, 'tmp', 'extract'),

    /** Stores bytes held in memory (small texts: samples, statements' data) and returns their hash and size. */
    async put(content: Buffer | string): Promise<{ sha256: string; size: number }> {
      const buf = typeof content === 'string' ? Buffer.from(content) : content;
      const sha256 = crypto.createHash('sha256').update(buf).digest('hex');
      const target = pathOf(sha256);
      if (!(await refresh(target))) {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const tmp = tempOf(target);
        await fs.promises.writeFile(tmp, buf);
        await fs.promises.rename(tmp, target);
      }
      return { sha256, size: buf.length };
    },

    /** Stores a stream, hashing it while it is copied: never more than a chunk in memory. */
    putStream,

    /**
     * Stores a file on disk. By default it is copied (hashed on the way). With `move`, the file is renamed into
     * the store instead (it should be on the same file system, e.g. under OJ_DATA_DIR/tmp) and is gone afterwards
     * unless the content was stored already; `known` may then give the hash and size the caller computed while
     * writing the file (an archive entry), which saves reading it again (and the file need not exist any more
     * when that content is stored already).
     */
    async putFile(file: string, opts: { move?: boolean; known?: { sha256: string; size: number } } = {}) {
      if (!opts.move) return putStream(fs.createReadStream(file));
      let known = opts.known;
      if (!known) {
        const hash = crypto.createHash('sha256');
        let size = 0;
        for await (const chunk of fs.createReadStream(file)) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
        }
        known = { sha256: hash.digest('hex'), size };
      }
      const { sha256, size } = known;
      const target = pathOf(sha256);
      if (await refresh(target)) return { sha256, size };
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(file, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        const tmp = tempOf(target);
        await fs.promises.copyFile(file, tmp);
        await fs.promises.rename(tmp, target);
      }
      return { sha256, size };
    },

    exists: (sha256: string) => fs.existsSync(pathOf(sha256)),
    read: (sha256: string) => fs.promises.readFile(pathOf(sha256)),
    stream: (sha256: string) => fs.createReadStream(pathOf(sha256)),
    /** Removes one stored file (the storage collector's job); a file removed already is fine. */
    remove: (sha256: string) => fs.promises.rm(pathOf(sha256), { force: true }),
  };
};
export type TestDataStore = ReturnType<typeof createTestDataStore>;
