import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailCodes, files, problems, sessions, userAcProblems, userProblemScores, users } from '../../db/schema.js';

export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type ProfilePatch = Partial<
  Pick<
    typeof users.$inferInsert,
    'nickname' | 'realname' | 'school' | 'course' | 'number' | 'gender' | 'github' | 'blog' | 'cfUsername' | 'signature'
  >
>;

/** Account data behind the user home and settings pages. */
export const createUserAccountRepository = (db: Db) => ({
  async findByEmail(email: string) {
    const [row] = await db
      .select({ uid: users.uid, username: users.username, email: users.email, status: users.status })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  },

  async setPassword(uid: string, passwordHash: string, at: Date) {
    await db.update(users).set({ passwordHash, gmtModified: at }).where(eq(users.uid, uid));
  },
  async setEmail(uid: string, email: string, at: Date) {
    await db.update(users).set({ email, gmtModified: at }).where(eq(users.uid, uid));
  },
  async setProfile(uid: string, patch: ProfilePatch, at: Date) {
    await db
      .update(users)
      .set({ ...patch, gmtModified: at })
      .where(eq(users.uid, uid));
  },

  /** Records the new avatar file, marks the user's earlier avatars deleted, and points the user at it. Answers
   * the names of the avatars it replaced, whose files the caller removes. */
  async setAvatar(
    uid: string,
    file: { name: string; contentType: string; size: number },
    url: string,
    at: Date,
  ): Promise<string[]> {
    return db.transaction(async (tx) => {
      const replaced = await tx
        .update(files)
        .set({ deleted: 1 })
        .where(and(eq(files.uid, uid), eq(files.type, 'avatar'), eq(files.deleted, 0)))
        .returning({ name: files.name });
      await tx.insert(files).values({ uid, type: 'avatar', ...file, gmtCreate: at });
      await tx.update(users).set({ avatar: url, gmtModified: at }).where(eq(users.uid, uid));
      return replaced.map((r) => r.name);
    });
  },
  async fileByName(name: string) {
    const [row] = await db.select().from(files).where(eq(files.name, name)).limit(1);
    return row;
  },

  async saveCode(row: EmailCodeRow) {
    await db
      .insert(emailCodes)
      .values(row)
      .onConflictDoUpdate({
        target: [emailCodes.purpose, emailCodes.uid],
        set: { email: row.email, codeHash: row.codeHash, sentAt: row.sentAt, expiresAt: row.expiresAt },
      });
  },
  async findCode(purpose: string, uid: string): Promise<EmailCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.uid, uid)));
    return row;
  },
  async deleteCode(purpose: string, uid: string) {
    await db.delete(emailCodes).where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.uid, uid)));
  },

  /** Ends every session of the user but the one making the call. */
  async revokeOtherSessions(uid: string, keepSessionId: number, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.uid, uid), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  },

  async lastLogin(uid: string): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.uid, uid))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return row?.at;
  },

  solved(uid: string) {
    return db
      .select({ id: problems.id, problemId: problems.problemId, difficulty: problems.difficulty })
      .from(userAcProblems)
      .innerJoin(problems, eq(problems.id, userAcProblems.pid))
      .where(eq(userAcProblems.uid, uid))
      .orderBy(asc(userAcProblems.gmtCreate), asc(userAcProblems.submitId));
  },

  async bestScores(uid: string): Promise<number[]> {
    const rows = await db
      .select({ score: userProblemScores.score })
      .from(userProblemScores)
      .where(eq(userProblemScores.uid, uid))
      .orderBy(asc(userProblemScores.pid));
    return rows.map((r) => r.score);
  },
});
export type UserAccountRepository = ReturnType<typeof createUserAccountRepository>;
