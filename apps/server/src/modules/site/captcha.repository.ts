import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema.js';

export type CaptchaRow = typeof captchas.$inferSelect;

export const createCaptchaRepository = (db: Db) => ({
  /** Stores a captcha's hashed answer, dropping the expired ones first. */
  async save(row: CaptchaRow, at: Date) {
    await db.delete(captchas).where(lt(captchas.expiresAt, at));
    await db.insert(captchas).values(row);
  },
  /** Takes a captcha out (a captcha is used once, right or wrong): its row, if there was one. */
  async take(key: string): Promise<CaptchaRow | undefined> {
    const [row] = await db.delete(captchas).where(eq(captchas.key, key)).returning();
    return row;
  },
});
