import { type ImageStore, sniffImage } from '../user/avatar.store.js';
import type { ProblemImportRepository } from './problem-import.repository.js';

/** The rows of the statement images an import stored, as other importers (remote imports) keep them. They depend
 * on this type, never on the repository. */
export type ImportImageStore = Pick<ProblemImportRepository, 'saveImage' | 'removeImages'>;

/** Stores an imported statement's image as a site image with its `files` row (served by /api/public/img with its
 * sniffed type), by every importer; its stored name, or null when the bytes are no image the site serves. */
export const saveStatementImage = async (
  stores: { images: ImageStore; records: ImportImageStore },
  bytes: Buffer,
  image: { uid: string | null; originalName: string },
): Promise<string | null> => {
  const kind = sniffImage(bytes);
  if (!kind) return null;
  const name = await stores.images.save(bytes, kind.ext);
  await stores.records.saveImage({
    uid: image.uid,
    name,
    contentType: kind.contentType,
    size: bytes.length,
    originalName: image.originalName || name,
  });
  return name;
};

/** A text with each [from, to] of the statement's images replaced (old addresses by the stored copies'). */
export const withImagesReplaced = (replacements: [string, string][]) => (s: string) =>
  replacements.reduce((acc, [from, to]) => acc.split(from).join(to), s);
