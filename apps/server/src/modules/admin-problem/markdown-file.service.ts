import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UploadedFile } from '@oj/shared';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { UploadQuotaService } from '../upload/upload-quota.service.js';
import { moveFile, readHead } from '../upload/uploaded-file.js';
import { type ImageStore, sniffImage } from '../user/avatar.store.js';
import type { AdminProblemRepository } from './admin-problem.repository.js';

/** How much of an attachment is read to tell its type (readHead's default). */
export const SNIFF_BYTES = 4096;

/** Attachment types recognised by their first bytes. Anything a browser could run (HTML, SVG, XML) is refused
 * even though attachments are served with nosniff and Content-Disposition: attachment. */
export const sniffAttachment = (b: Uint8Array): { ext: string } | null => {
  const image = sniffImage(b);
  if (image) return { ext: image.ext };
  const at = (bytes: number[]) => bytes.every((x, k) => b[k] === x);
  if (at([0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: 'pdf' };
  if (at([0x50, 0x4b, 0x03, 0x04]) || at([0x50, 0x4b, 0x05, 0x06])) return { ext: 'zip' };
  if (at([0x1f, 0x8b])) return { ext: 'gz' };
  if (at([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { ext: '7z' };
  // Plain text (test data, code, notes): valid UTF-8 without NUL bytes that does not look like markup. Only the
  // first SNIFF_BYTES are read: a character cut at their end is the rest of the file's, not an invalid one.
  const head = b.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: b.length >= SNIFF_BYTES });
  } catch {
    return null;
  }
  if (/<\s*(!doctype|html|svg|script|\?xml|body|iframe|object)/i.test(text)) return null;
  return { ext: 'txt' };
};

/** Images and attachments of markdown statements (HOJ's file/MarkDownFileController): images at
 * /api/public/img/<name>, attachments at /api/public/file/<name>. */
export const createMarkdownFileService = (deps: {
  repo: AdminProblemRepository;
  images: ImageStore;
  quota: UploadQuotaService;
  dataDir: string;
}) => {
  const fileDir = path.join(deps.dataDir, 'public', 'file');
  const safeName = (name: string) => /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/.test(name);

  return {
    async uploadImage(user: AuthUser, file: UploadedFile) {
      const kind = sniffImage(await readHead(file.path));
      if (!kind) throw new AppError(400, 'fileTypeNotSupported', { name: file.filename });
      await deps.quota.check(user, file.size);
      const name = await deps.images.saveFile(file.path, kind.ext);
      const row = await deps.repo.saveFile({
        uid: user.uid,
        type: 'markdown',
        name,
        contentType: kind.contentType,
        size: file.size,
        originalName: file.filename.slice(0, 255),
      });
      return { link: `/api/public/img/${name}`, fileId: row.id };
    },

    async uploadFile(user: AuthUser, file: UploadedFile) {
      const kind = sniffAttachment(await readHead(file.path));
      if (!kind) throw new AppError(400, 'fileTypeNotSupported', { name: file.filename });
      await deps.quota.check(user, file.size);
      const name = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
      await moveFile(file.path, path.join(fileDir, name));
      const row = await deps.repo.saveFile({
        uid: user.uid,
        type: 'markdown-file',
        name,
        contentType: 'application/octet-stream',
        size: file.size,
        originalName: path.basename(file.filename).slice(0, 255) || name,
      });
      return { link: `/api/public/file/${name}`, fileId: row.id };
    },

    /** The uploader or root may delete an image: it is no longer served, and its file is removed. */
    async deleteImage(user: AuthUser, fileId: number) {
      const row = await deps.repo.findFile(fileId);
      if (!row || row.type !== 'markdown') throw notFound();
      if (row.uid !== user.uid && !user.roles.includes('root')) throw forbidden();
      await deps.repo.markFileDeleted(row.id);
      // Should this fail, the row says deleted: the storage collector removes the file later.
      await deps.images.remove(row.name);
      return null;
    },

    /** An attachment to download: always as a file, never rendered by the browser. */
    async attachment(name: string) {
      if (!safeName(name)) throw notFound();
      const row = await deps.repo.findFileByName(name);
      const file = path.join(fileDir, name);
      if (!row || row.type !== 'markdown-file' || !fs.existsSync(file)) throw notFound();
      return { body: fs.createReadStream(file), filename: row.originalName ?? name };
    },
  };
};
export type MarkdownFileService = ReturnType<typeof createMarkdownFileService>;
