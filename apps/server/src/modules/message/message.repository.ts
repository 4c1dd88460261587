import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  adminNotices,
  comments,
  contests,
  discussions,
  mineMessages,
  noticeStates,
  replies,
  userMessages,
  users,
} from '../../db/schema.js';

/** The user message actions of each list. */
export const USER_MESSAGE_ACTIONS = {
  Discuss: ['Discuss'],
  Reply: ['Reply'],
  Like: ['Like_Post', 'Like_Discuss'],
} as const;
export type UserMessageList = keyof typeof USER_MESSAGE_ACTIONS;

export type NewUserMessage = typeof userMessages.$inferInsert;

/** The admin notices a user receives: pushed ones to all users, to them by name, or to the admins if they are one. */
const noticesFor = (uid: string, admin: boolean): SQL =>
  and(
    eq(adminNotices.state, 1),
    sql`(${adminNotices.type} = 'All'
      or (${adminNotices.type} = 'Single' and ${adminNotices.recipientUids} @> jsonb_build_array(${uid}::text))
      or (${adminNotices.type} = 'Admin' and ${admin}))`,
  ) as SQL;

/** The message centre's tables: user messages, the site's Mine messages, and each user's state of admin notices. */
export const createMessageRepository = (db: Db) => ({
  /** The five unread counts in one statement (every signed-in page asks). */
  async unread(uid: string, admin: boolean) {
    const result = (await db.execute(sql`
      select
        (select count(*) from ${userMessages} m where m.recipient_uid = ${uid} and m.state = 0 and m.action = 'Discuss')::int as comment,
        (select count(*) from ${userMessages} m where m.recipient_uid = ${uid} and m.state = 0 and m.action = 'Reply')::int as reply,
        (select count(*) from ${userMessages} m
          where m.recipient_uid = ${uid} and m.state = 0 and m.action in ('Like_Post', 'Like_Discuss'))::int as "like",
        (select count(*) from ${adminNotices}
          where ${noticesFor(uid, admin)} and not exists (
            select 1 from ${noticeStates} s where s.uid = ${uid} and s.notice_id = ${adminNotices.id}))::int as sys,
        (select count(*) from ${mineMessages} n where n.recipient_uid = ${uid} and n.state = 0)::int as mine`)) as unknown as {
      rows: { comment: number; reply: number; like: number; sys: number; mine: number }[];
    };
    return result.rows[0];
  },

  async send(m: NewUserMessage) {
    await db.insert(userMessages).values(m);
  },

  async sendMine(m: { recipientUids: string[]; title: string; content: string; vars: Record<string, string> }) {
    if (!m.recipientUids.length) return;
    const { recipientUids, ...rest } = m;
    await db.insert(mineMessages).values(recipientUids.map((recipientUid) => ({ recipientUid, ...rest })));
  },

  /** One page of a user list, newest first, with the sender and the source's title; the page is marked read. */
  async userPage(uid: string, list: UserMessageList, offset: number, limit: number) {
    const where = and(
      eq(userMessages.recipientUid, uid),
      inArray(userMessages.action, [...USER_MESSAGE_ACTIONS[list]]),
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          m: userMessages,
          senderUsername: users.username,
          senderAvatar: users.avatar,
          sourceTitle: sql<string | null>`case ${userMessages.sourceType}
            when 'Discussion' then (select ${discussions.title} from ${discussions} where ${discussions.id} = ${userMessages.sourceId})
            when 'Contest' then (select ${contests.title} from ${contests} where ${contests.id} = ${userMessages.sourceId})
            end`,
          quoteContent: sql<string | null>`case ${userMessages.quoteType}
            when 'Comment' then (select ${comments.content} from ${comments} where ${comments.id} = ${userMessages.quoteId})
            when 'Reply' then (select ${replies.content} from ${replies} where ${replies.id} = ${userMessages.quoteId})
            end`,
        })
        .from(userMessages)
        .leftJoin(users, eq(users.uid, userMessages.senderUid))
        .where(where)
        .orderBy(desc(userMessages.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(userMessages).where(where),
    ]);
    const unread = rows.filter((r) => r.m.state === 0).map((r) => r.m.id);
    if (unread.length) await db.update(userMessages).set({ state: 1 }).where(inArray(userMessages.id, unread));
    return { rows, total };
  },

  /** The admin notices the user has not cleaned, newest first, with their read state; the page is marked read. */
  async sysPage(uid: string, admin: boolean, offset: number, limit: number) {
    const state = and(eq(noticeStates.noticeId, adminNotices.id), eq(noticeStates.uid, uid)) as SQL;
    const where = and(noticesFor(uid, admin), sql`coalesce(${noticeStates.cleaned}, 0) = 0`);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ n: adminNotices, read: sql<boolean>`${noticeStates.uid} is not null` })
        .from(adminNotices)
        .leftJoin(noticeStates, state)
        .where(where)
        .orderBy(desc(adminNotices.gmtCreate), desc(adminNotices.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(adminNotices).leftJoin(noticeStates, state).where(where),
    ]);
    const unread = rows.filter((r) => !r.read).map((r) => r.n.id);
    if (unread.length) {
      await db
        .insert(noticeStates)
        .values(unread.map((noticeId) => ({ noticeId, uid })))
        .onConflictDoNothing();
    }
    return { rows, total };
  },

  async minePage(uid: string, offset: number, limit: number) {
    const where = eq(mineMessages.recipientUid, uid);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(mineMessages).where(where).orderBy(desc(mineMessages.id)).limit(limit).offset(offset),
      db.select({ total: count() }).from(mineMessages).where(where),
    ]);
    const unread = rows.filter((r) => r.state === 0).map((r) => r.id);
    if (unread.length) await db.update(mineMessages).set({ state: 1 }).where(inArray(mineMessages.id, unread));
    return { rows, total };
  },

  /** Removes one message (`id`) or all of a user list. */
  async cleanUser(uid: string, list: UserMessageList, id?: number) {
    await db
      .delete(userMessages)
      .where(
        and(
          eq(userMessages.recipientUid, uid),
          inArray(userMessages.action, [...USER_MESSAGE_ACTIONS[list]]),
          id ? eq(userMessages.id, id) : undefined,
        ),
      );
  },

  async cleanMine(uid: string, id?: number) {
    await db
      .delete(mineMessages)
      .where(and(eq(mineMessages.recipientUid, uid), id ? eq(mineMessages.id, id) : undefined));
  },

  /** An admin notice leaves the user's list (one, or every one they receive); the notice itself stays. */
  async cleanSys(uid: string, admin: boolean, id?: number) {
    const ids = (
      await db
        .select({ id: adminNotices.id })
        .from(adminNotices)
        .where(and(noticesFor(uid, admin), id ? eq(adminNotices.id, id) : undefined))
    ).map((r) => r.id);
    if (!ids.length) return;
    await db
      .insert(noticeStates)
      .values(ids.map((noticeId) => ({ noticeId, uid, cleaned: 1 })))
      .onConflictDoUpdate({ target: [noticeStates.uid, noticeStates.noticeId], set: { cleaned: 1 } });
  },
});
export type MessageRepository = ReturnType<typeof createMessageRepository>;
