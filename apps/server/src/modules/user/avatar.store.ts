import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { moveFile } from '../upload/uploaded-file.js';

/** Image types accepted for avatars, recognised by their first bytes (never by the name or the declared type). */
export const sniffImage = (b: Uint8Array): { ext: string; contentType: string } | null => {
  const at = (i: number, bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (at(0, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) {
    return { ext: 'gif', contentType: 'image/gif' };
  }
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  if (at(0, [0x42, 0x4d]) && b.length >= 26) return { ext: 'bmp', contentType: 'image/bmp' };
  return null;
};

/** Public images under OJ_DATA_DIR/public/img, served at /api/public/img/<name>. Names are random, so a name
 * never reveals or collides with another upload. */
/** The shape of every stored image's name; anything else names no image (and is never looked up). */
export const isImageName = (name: string) => /^[0-9a-f]{32}\.[a-z]{3,4}$/.test(name);

export const createImageStore = (dataDir: string) => {
  const dir = path.join(dataDir, 'public', 'img');
  const fresh = (ext: string) => `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  return {
    dir,
    /** Stores bytes held in memory (images embedded in an imported statement). */
    async save(bytes: Uint8Array, ext: string) {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = fresh(ext);
      await fs.promises.writeFile(path.join(dir, name), bytes);
      return name;
    },
    /** Takes over an uploaded file (moved, not copied) under a fresh name. */
    async saveFile(file: string, ext: string) {
      const name = fresh(ext);
      await moveFile(file, path.join(dir, name));
      return name;
    },
    /** A stream of a stored image, or null for an unknown or malformed name. */
    open(name: string) {
      if (!isImageName(name)) return null;
      const file = path.join(dir, name);
      return fs.existsSync(file) ? fs.createReadStream(file) : null;
    },
    /** Removes a stored image; one removed already is fine. */
    async remove(name: string) {
      if (isImageName(name)) await fs.promises.rm(path.join(dir, name), { force: true });
    },
  };
};
export type ImageStore = ReturnType<typeof createImageStore>;
