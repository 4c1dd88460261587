import { file as fileContract } from '@oj/shared';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../../http/app-error.js';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: fileContract.UPLOAD_LIMITS.zipMaxEntries,
  maxTotalBytes: fileContract.UPLOAD_LIMITS.unzippedMaxBytes,
};

export interface ZipFileEntry {
  /** Path inside the archive, forward slashes, never absolute and never with `..`. */
  name: string;
  data: Buffer;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MB = 1024 * 1024;

/** yauzl's own refusals, translated into messages an admin can act on. */
const translate = (err: Error, limits: ZipLimits): AppError => {
  const m = err.message;
  const name = /: (.*)$/.exec(m)?.[1] ?? '';
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(m)) {
    return new AppError(400, 'zipUnsafePath', { name });
  }
  if (/too many bytes|too few bytes|uncompressedSize/i.test(m)) {
    return new AppError(400, 'zipTooLarge', { max: String(Math.round(limits.maxTotalBytes / MB)) });
  }
  return new AppError(400, 'zipInvalid');
};

/**
 * Reads a zip held in memory, refusing anything hostile before it is used: paths that escape the archive (zip
 * slip), symbolic links, more than `maxEntries` entries, and more than `maxTotalBytes` once expanded, judged on
 * the sizes the archive declares AND on the bytes actually inflated (a lying header cannot smuggle a zip bomb).
 * Nothing touches the disk: callers store the entries only once the whole archive has passed.
 */
export const readZip = (bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipFileEntry[]> =>
  new Promise((resolve, reject) => {
    const tooLarge = () => new AppError(400, 'zipTooLarge', { max: String(Math.round(limits.maxTotalBytes / MB)) });
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // validateEntrySizes makes yauzl fail a stream that inflates to more than its declared size.
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true },
      (openError, zip) => {
        if (openError || !zip)
          return reject(openError ? translate(openError, limits) : new AppError(400, 'zipInvalid'));
        let settled = false;
        const fail = (e: unknown) => {
          if (settled) return;
          settled = true;
          zip.close();
          reject(
            e instanceof AppError ? e : e instanceof Error ? translate(e, limits) : new AppError(400, 'zipInvalid'),
          );
        };
        if (zip.entryCount > limits.maxEntries) {
          return fail(new AppError(400, 'zipTooManyEntries', { max: String(limits.maxEntries) }));
        }
        const out: ZipFileEntry[] = [];
        let declared = 0;
        let inflated = 0;
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
          if (name.endsWith('/')) return zip.readEntry();
          declared += entry.uncompressedSize;
          if (declared > limits.maxTotalBytes) return fail(tooLarge());
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail(streamError ?? new AppError(400, 'zipInvalid'));
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => {
              inflated += chunk.length;
              if (inflated > limits.maxTotalBytes) {
                stream.destroy();
                return fail(tooLarge());
              }
              chunks.push(chunk);
            });
            stream.on('error', fail);
            stream.on('end', () => {
              if (settled) return;
              out.push({ name, data: Buffer.concat(chunks) });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });

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
