import { eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginProofs, slidePuzzles } from '../../db/schema.js';

export type SlidePuzzleRow = typeof slidePuzzles.$inferSelect;

/** The slide puzzles handed out and the proofs of solved ones (decision 0014). Puzzles and proofs are taken by a
 * DELETE ... RETURNING: of parallel requests with the same key or token, exactly one gets the row. */
export const createLoginVerificationRepository = (db: Db) => ({
  async insertPuzzle(row: SlidePuzzleRow) {
    await db.insert(slidePuzzles).values(row);
  },
  /** The puzzle behind `key`, removed: each puzzle is checked once, right or wrong. */
  async takePuzzle(key: string): Promise<SlidePuzzleRow | undefined> {
    const [row] = await db.delete(slidePuzzles).where(eq(slidePuzzles.key, key)).returning();
    return row;
  },
  async insertProof(tokenHash: string, expiresAt: Date) {
    await db.insert(loginProofs).values({ tokenHash, expiresAt });
  },
  /** Whether a live proof had one of these hashes (the ways one token may be kept, of which at most one is); it is
   * used up either way. */
  async takeProof(tokenHashes: string[], at: Date): Promise<boolean> {
    const rows = await db
      .delete(loginProofs)
      .where(inArray(loginProofs.tokenHash, tokenHashes))
      .returning({ expiresAt: loginProofs.expiresAt });
    return rows.some((row) => row.expiresAt > at);
  },
  /** Drops what has expired; asked when something new is handed out, never on a refused request. */
  async purgeExpired(at: Date) {
    await db.delete(slidePuzzles).where(lt(slidePuzzles.expiresAt, at));
    await db.delete(loginProofs).where(lt(loginProofs.expiresAt, at));
  },
});
export type LoginVerificationRepository = ReturnType<typeof createLoginVerificationRepository>;
