import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffImage } from '../user/avatar.store.js';

export interface CachedImage {
  body: fs.ReadStream;
  contentType: string;
  size: number;
}

export type StoreResult = 'stored' | 'tooLarge' | 'notImage';

/** The bytes a type is recognised by (sniffImage looks at most this far). */
const HEAD_BYTES = 32;
/** A temporary file older than this belongs to a fetch that died with its process. */
const ORPHAN_MS = 3600_000;

class Stop extends Error {
  constructor(readonly result: Exclude<StoreResult, 'stored'>) {
    super(result);
  }
}

export const cacheKeyOf = (url: string) => crypto.createHash('sha256').update(url).digest('hex');

const remove = (file: string) => fs.promises.rm(file, { force: true }).catch(() => {});

/** Fetched images on disk, one file per URL named by the URL's sha256. A file holds only the image's bytes: the
 * type is sniffed again when it is served and the fetch time is the file's mtime, so an entry is one file that
 * appears whole or not at all (written aside, then renamed). Server instances sharing OJ_DATA_DIR share it. */
export const createImageCache = (dir: string, o: { ttlMs: number; maxTotalBytes: number; now: () => Date }) => {
  const fileOf = (key: string) => path.join(dir, key);
  return {
    dir,

    /** The fresh entry of `key`, or null when there is none or it is older than the TTL. */
    async open(key: string): Promise<CachedImage | null> {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch {
        return null;
      }
      try {
        const st = await handle.stat();
        const head = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
        const kind = sniffImage(head.subarray(0, bytesRead));
        if (!kind || o.now().getTime() - st.mtimeMs > o.ttlMs) {
          await handle.close();
          return null;
        }
        // The open handle keeps the bytes readable even if another instance replaces or evicts the entry now.
        return { body: handle.createReadStream({ start: 0 }), contentType: kind.contentType, size: st.size };
      } catch (e) {
        await handle.close().catch(() => {});
        throw e;
      }
    },

    /** Streams `body` into the entry of `key`, stopping at the first byte over `maxBytes` or as soon as the first
     * bytes show it is no image (png, jpeg, gif, webp, bmp: never SVG or HTML). */
    async store(key: string, body: Readable, maxBytes: number): Promise<StoreResult> {
      await fs.promises.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `${key}.${crypto.randomBytes(8).toString('hex')}.part`);
      let size = 0;
      let head = Buffer.alloc(0);
      let checked = false;
      const check = () => {
        checked = true;
        return sniffImage(head) ? null : new Stop('notImage');
      };
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new Stop('tooLarge'));
          if (!checked && head.length < HEAD_BYTES) {
            head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
            if (head.length >= HEAD_BYTES) {
              const stop = check();
              if (stop) return done(stop);
            }
          }
          done(null, chunk);
        },
        flush(done) {
          done(checked ? null : check());
        },
      });
      const out = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(body, guard, out);
        const at = o.now();
        await fs.promises.utimes(temp, at, at);
        await fs.promises.rename(temp, fileOf(key));
        return 'stored';
      } catch (e) {
        // A stream stopped before its file was open still opens (and creates) it: remove the file once it is closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await remove(temp);
        if (e instanceof Stop) return e.result;
        throw e;
      }
    },

    /** Drops expired entries, orphaned temporary files, and then the oldest entries until the cache fits its
     * size. Several instances may sweep at once: a file already gone is simply skipped. */
    async sweep() {
      let names: string[];
      try {
        names = await fs.promises.readdir(dir);
      } catch {
        return;
      }
      const nowMs = o.now().getTime();
      const entries: { file: string; size: number; mtimeMs: number }[] = [];
      for (const name of names) {
        const file = path.join(dir, name);
        const st = await fs.promises.stat(file).catch(() => null);
        if (!st?.isFile()) continue;
        if (name.endsWith('.part')) {
          if (Date.now() - st.mtimeMs > ORPHAN_MS) await remove(file);
        } else if (/^[0-9a-f]{64}$/.test(name)) {
          if (nowMs - st.mtimeMs > o.ttlMs) await remove(file);
          else entries.push({ file, size: st.size, mtimeMs: st.mtimeMs });
        }
      }
      let total = entries.reduce((sum, e) => sum + e.size, 0);
      entries.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const e of entries) {
        if (total <= o.maxTotalBytes) break;
        await remove(e.file);
        total -= e.size;
      }
    },
  };
};
export type ImageCache = ReturnType<typeof createImageCache>;
