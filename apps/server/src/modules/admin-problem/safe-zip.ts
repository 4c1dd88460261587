import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { file as fileContract, ZIP_TEXT_ENTRY_MAX_BYTES } from '@oj/shared';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../../http/app-error.js';
import { hashingStream } from '../problem/test-data.store.js';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: fileContract.UPLOAD_LIMITS.zipMaxEntries,
  maxTotalBytes: fileContract.UPLOAD_LIMITS.unzippedMaxBytes,
};

/** An entry read into memory (small archives only: tests, spreadsheets, an export read back). */
export interface ZipFileEntry {
  /** Path inside the archive, forward slashes, never absolute and never with `..`. */
  name: string;
  data: Buffer;
}

/** An entry streamed to disk: its bytes are in `path` (a file of the extraction directory, not named after the
 * entry), hashed and counted on the way. */
export interface ExtractedEntry {
  name: string;
  path: string;
  size: number;
  sha256: string;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MB = 1024 * 1024;

const tooLarge = (limits: ZipLimits) =>
  new AppError(400, 'zipTooLarge', { max: String(Math.round(limits.maxTotalBytes / MB)) });

/** yauzl's own refusals, translated into messages an admin can act on; failures of the server itself (a full
 * disk, a missing directory) stay what they are. */
const translate = (err: unknown, limits: ZipLimits): Error => {
  if (err instanceof AppError) return err;
  if (!(err instanceof Error)) return new AppError(400, 'zipInvalid');
  if ((err as NodeJS.ErrnoException).code && (err as NodeJS.ErrnoException).syscall) return err;
  const m = err.message;
  const name = /: (.*)$/.exec(m)?.[1] ?? '';
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(m)) {
    return new AppError(400, 'zipUnsafePath', { name });
  }
  if (/too many bytes|too few bytes|uncompressedSize/i.test(m)) return tooLarge(limits);
  return new AppError(400, 'zipInvalid');
};

const openZip = (source: string | Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    // validateEntrySizes makes yauzl fail a stream that inflates to more than its declared size.
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true };
    const done = (err: Error | null, zip?: yauzl.ZipFile) =>
      err || !zip ? reject(err ?? new AppError(400, 'zipInvalid')) : resolve(zip);
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });

/** Every file entry of the central directory, checked before a single byte is inflated: no zip slip, no
 * symbolic link, at most `maxEntries` entries and `maxTotalBytes` declared. */
const listEntries = (zip: yauzl.ZipFile, limits: ZipLimits) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      return reject(new AppError(400, 'zipTooManyEntries', { max: String(limits.maxEntries) }));
    }
    const out: yauzl.Entry[] = [];
    let declared = 0;
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      reject(e);
    };
    // Stays attached after the listing: later failures arrive through the entries' streams.
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (settled) return;
      const name = entry.fileName;
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) return fail(new AppError(400, 'zipSymlink', { name }));
      if (name.split('/').some((part) => part === '..') || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) {
        return fail(new AppError(400, 'zipUnsafePath', { name }));
      }
      if (!name.endsWith('/')) {
        declared += entry.uncompressedSize;
        if (declared > limits.maxTotalBytes) return fail(tooLarge(limits));
        out.push(entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });

export interface ExtractOptions {
  limits?: ZipLimits;
  /** Which file entries to inflate (all by default); the others are skipped unread. */
  select?: (name: string) => boolean;
  /** Sees the names of all file entries once the directory passed, before anything is inflated: it may refuse
   * an archive that cannot be right (by throwing) before a byte is written. */
  inspect?: (names: string[]) => void;
}

/** A caller's own refusal, passed on as it is (not read as a broken archive). */
class Untranslated {
  constructor(readonly error: unknown) {}
}

/**
 * Opens a zip (a file path, or bytes in memory), checks its directory, then hands the selected entries one at a
 * time to `handle` as streams. The bytes actually inflated are counted against `maxTotalBytes` across entries, on
 * top of yauzl's check of each entry against its declared size, so a lying header cannot smuggle a zip bomb.
 */
const eachEntry = async (
  source: string | Buffer,
  opts: ExtractOptions,
  handle: (entry: yauzl.Entry, stream: Readable) => Promise<void>,
) => {
  const limits = opts.limits ?? DEFAULT_ZIP_LIMITS;
  const select = opts.select ?? (() => true);
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await openZip(source);
    const entries = await listEntries(zip, limits);
    try {
      opts.inspect?.(entries.map((e) => e.fileName));
    } catch (e) {
      throw new Untranslated(e);
    }
    let left = limits.maxTotalBytes;
    for (const entry of entries) {
      if (!select(entry.fileName)) continue;
      const opened = zip;
      const stream = await new Promise<Readable>((resolve, reject) =>
        opened.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s))),
      );
      const budget = new Transform({
        transform(chunk: Buffer, _enc, done) {
          left -= chunk.length;
          done(left < 0 ? tooLarge(limits) : null, chunk);
        },
      });
      stream.on('error', (e) => budget.destroy(e));
      try {
        await handle(entry, stream.pipe(budget));
      } finally {
        // A refused entry stops inflating at once (and lets the archive's file be closed).
        stream.destroy();
      }
    }
  } catch (e) {
    throw e instanceof Untranslated ? e.error : translate(e, limits);
  } finally {
    zip?.close();
  }
};

/** Reads a zip whole into memory, with every check of extractZip: for small archives only (spreadsheets, exports
 * read back, tests). Uploads go through extractZip / withExtractedZip instead. */
export const readZip = async (
  source: Uint8Array | string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipFileEntry[]> => {
  const out: ZipFileEntry[] = [];
  const bytes = typeof source === 'string' ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  await eachEntry(bytes, { limits }, async (entry, stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
  });
  return out;
};

/**
 * Streams the entries of a zip file that `select` accepts (all by default) into `dir`, one numbered file each,
 * hashing and counting them on the way: memory stays at a few buffers whatever the archive holds. Every refusal of
 * readZip applies; on a refusal the files written so far are removed.
 */
export const extractZip = async (
  zipPath: string,
  dir: string,
  opts: ExtractOptions = {},
): Promise<ExtractedEntry[]> => {
  const out: ExtractedEntry[] = [];
  const written: string[] = [];
  try {
    await eachEntry(zipPath, opts, async (entry, stream) => {
      const file = path.join(dir, `${written.length}.entry`);
      written.push(file);
      const hashing = hashingStream();
      await pipeline(stream, hashing.stream, fs.createWriteStream(file, { flags: 'wx' }));
      out.push({ name: entry.fileName, path: file, ...hashing.result() });
    });
    return out;
  } catch (e) {
    await Promise.all(written.map((f) => fs.promises.rm(f, { force: true })));
    throw e;
  }
};

/** Extracts a zip file into a fresh directory under `scratchDir` (inside OJ_DATA_DIR), runs `use` on its entries,
 * and removes the directory afterwards, whatever happened. */
export const withExtractedZip = async <T>(
  zipPath: string,
  scratchDir: string,
  opts: ExtractOptions,
  use: (entries: ExtractedEntry[]) => Promise<T>,
): Promise<T> => {
  await fs.promises.mkdir(scratchDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(scratchDir, 'zip-'));
  try {
    return await use(await extractZip(zipPath, dir, opts));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
};

/** The bytes of an extracted entry a caller needs in memory (problem.json, a statement, an FPS XML file), refused
 * beyond `maxBytes`. */
export const readExtracted = async (entry: ExtractedEntry, maxBytes: number = ZIP_TEXT_ENTRY_MAX_BYTES) => {
  checkTextEntry(entry, maxBytes);
  return fs.promises.readFile(entry.path);
};

/** Refuses an entry too large to be read into memory later. */
export const checkTextEntry = (entry: { name: string; size: number }, maxBytes: number = ZIP_TEXT_ENTRY_MAX_BYTES) => {
  if (entry.size > maxBytes) {
    throw new AppError(400, 'zipEntryTooLarge', { name: entry.name, max: String(Math.round(maxBytes / MB)) });
  }
};

/** Builds a zip in memory from (path, bytes) pairs. */
export const writeZip = (files: { name: string; data: Buffer | string }[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const f of files) zip.addBuffer(typeof f.data === 'string' ? Buffer.from(f.data) : f.data, f.name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
