import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';

/** Image records of imported statements, so /api/public/img serves them with their sniffed type. */
export const createProblemImportRepository = (db: Db) => ({
  async saveImage(image: {
    uid: string | null;
    name: string;
    contentType: string;
    size: number;
    originalName: string;
  }) {
    await db.insert(files).values({ ...image, type: 'markdown' });
  },
  /** The records of images removed again (a remote import that failed after storing them). */
  async removeImages(names: string[]) {
    if (names.length) await db.delete(files).where(inArray(files.name, names));
  },
});
export type ProblemImportRepository = ReturnType<typeof createProblemImportRepository>;
