import { group as groupContract, JUDGE_STATUS } from '@oj/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, preparedQuery } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  announcements,
  contests,
  discussions,
  files,
  groupMembers,
  groups,
  problems,
  submissions,
  trainings,
  users,
} from '../../db/schema.js';
import { listedUser } from '../user/user-queries.js';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/** Levels 3-5: the members proper (applicants and the refused are rows too). */
const MEMBER_MIN = 3;

/** Which unique key a write ran into (PostgreSQL's unique_violation with its constraint), or undefined. */
const uniqueViolation = (e: unknown): string | undefined => {
  const err = e as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!err) return undefined;
  if (err.code === '23505') return err.constraint ?? '';
  return err.cause !== undefined ? uniqueViolation(err.cause) : undefined;
};
/** The field a taken name or short name collides on. */
export type TakenField = 'name' | 'shortName';
const takenField = (constraint: string): TakenField | undefined =>
  constraint === 'groups_name_key' ? 'name' : constraint === 'groups_short_name_key' ? 'shortName' : undefined;

export interface GroupListFilter {
  /** The caller: their invisible groups are listed, and `onlyMine` needs them. */
  uid?: string;
  superAdmin: boolean;
  onlyMine: boolean;
  keyword?: string;
  auth?: number;
}

const memberCount =
  sql<number>`(select count(*) from ${groupMembers} m where m.gid = ${groups.id} and m.auth >= ${MEMBER_MIN})`.mapWith(
    Number,
  );

/** The groups a user is a member of (levels 3-5), off the (uid, auth, gid) index. */
const myGroups = (db: Db, uid: string | Placeholder) =>
  db
    .select({ gid: groupMembers.gid })
    .from(groupMembers)
    .where(and(eq(groupMembers.uid, uid), gte(groupMembers.auth, MEMBER_MIN)));

/** Which groups a list shows: the super admin every one, banned ones too (to lift a ban); others the normal ones
 * that are visible or that they are a member of; `onlyMine` their own. */
const listWhere = (db: Db, f: GroupListFilter, uid: string | Placeholder = f.uid ?? '') => {
  const where: SQL[] = f.superAdmin ? [] : [eq(groups.status, 0)];
  if (f.onlyMine) where.push(inArray(groups.id, myGroups(db, uid)));
  else if (!f.superAdmin) {
    where.push(
      f.uid ? (or(eq(groups.visible, 1), inArray(groups.id, myGroups(db, uid))) as SQL) : eq(groups.visible, 1),
    );
  }
  if (f.auth !== undefined) where.push(eq(groups.auth, f.auth));
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    // The expression of the trigram index groups_search_idx (migration 0016), so the index serves it.
    where.push(sql`(${groups.name} || E'\n' || ${groups.shortName} || E'\n' || ${groups.brief}) ilike ${like}`);
  }
  return where.length ? and(...where) : undefined;
};

/** A page of the list, newest first, without descriptions (the cards show the brief). */
const listPage = (db: Db, where: SQL | undefined) => {
  const { description: _, ...columns } = getTableColumns(groups);
  return db
    .select({ group: columns, owner: users.username, memberCount })
    .from(groups)
    .innerJoin(users, eq(users.uid, groups.uid))
    .where(where)
    .orderBy(desc(groups.id));
};
/** The list as it opens (no keyword, no type filter) for a visitor, a signed-in user and "My Group": prepared once
 * per connection. */
const listPageQuery = (name: string, f: GroupListFilter) =>
  preparedQuery((db) =>
    listPage(db, listWhere(db, f, sql.placeholder('uid')))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
const listPageQueries = {
  visitor: listPageQuery('group_list_visitor', { superAdmin: false, onlyMine: false }),
  signedIn: listPageQuery('group_list_signed_in', { uid: '-', superAdmin: false, onlyMine: false }),
  mine: listPageQuery('group_list_mine', { uid: '-', superAdmin: false, onlyMine: true }),
};

/** A member or application list of one group: levels within `levels`, one level, a username or real name. */
export interface MemberFilter {
  gid: number;
  levels: [number, number];
  keyword?: string;
  auth?: number;
}
const memberWhere = (f: MemberFilter) => {
  const where: SQL[] = [
    eq(groupMembers.gid, f.gid),
    gte(groupMembers.auth, f.levels[0]),
    lte(groupMembers.auth, f.levels[1]),
  ];
  if (f.auth !== undefined) where.push(eq(groupMembers.auth, f.auth));
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    where.push(or(ilike(users.username, like), ilike(users.realname, like)) as SQL);
  }
  return and(...where);
};

/** The policy's question, asked by every group call: prepared once per connection. */
const withLevelQuery = preparedQuery((db) =>
  db
    .select({
      group: groups,
      owner: users.username,
      memberCount,
      level: sql<number>`coalesce(${groupMembers.auth}, 0)`.mapWith(Number),
    })
    .from(groups)
    .innerJoin(users, eq(users.uid, groups.uid))
    .leftJoin(groupMembers, and(eq(groupMembers.gid, groups.id), eq(groupMembers.uid, sql.placeholder('uid'))))
    .where(eq(groups.id, sql.placeholder('gid')))
    .prepare('group_with_level'),
);

const memberOrder = [desc(groupMembers.auth), asc(groupMembers.id)];
/** A page of the member or application list without a search (the tab as it opens): prepared once per connection. */
const memberPageQuery = preparedQuery((db) =>
  db
    .select({ m: groupMembers, username: users.username, realname: users.realname, avatar: users.avatar })
    .from(groupMembers)
    .innerJoin(users, eq(users.uid, groupMembers.uid))
    .where(
      inArray(
        groupMembers.id,
        db
          .select({ id: groupMembers.id })
          .from(groupMembers)
          .where(
            and(
              eq(groupMembers.gid, sql.placeholder('gid')),
              gte(groupMembers.auth, sql.placeholder('lo')),
              lte(groupMembers.auth, sql.placeholder('hi')),
            ),
          )
          .orderBy(...memberOrder)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    )
    .orderBy(...memberOrder)
    .prepare('group_member_page'),
);

/** Groups, memberships, group announcements and the group rank (decision 0022). Access rules live in the group
 * policy; this only reads and writes. */
export const createGroupRepository = (db: Db) => ({
  /** The group, its owner's name, its member count and the caller's level (0 without a row), in one query: every
   * group call starts here. */
  async withLevel(gid: number, uid: string) {
    const [row] = await withLevelQuery(db).execute({ gid, uid });
    return row;
  },

  /** The highest membership level the user holds in a group that is not banned (the root level in a group of their
   * own), 0 in none: what they may do in some group, when a call does not yet say which. */
  async highestLevel(uid: string): Promise<number> {
    const [row] = await db
      .select({
        level: sql<
          number | null
        >`max(case when ${groups.uid} = ${uid} then ${groupContract.MEMBER_LEVEL.ROOT} else ${groupMembers.auth} end)`,
      })
      .from(groups)
      .leftJoin(groupMembers, and(eq(groupMembers.gid, groups.id), eq(groupMembers.uid, uid)))
      .where(
        and(eq(groups.status, groupContract.GROUP_STATUS.NORMAL), or(eq(groups.uid, uid), eq(groupMembers.uid, uid))),
      );
    return Number(row?.level ?? 0);
  },

  /** The caller's membership row, if any. */
  async membership(gid: number, uid: string) {
    const [row] = await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)));
    return row;
  },

  /** One page of the list, newest first, without descriptions (the cards show the brief). */
  async page(f: GroupListFilter, offset: number, limit: number) {
    if (!f.keyword && f.auth === undefined && !f.superAdmin) {
      const shape = f.onlyMine ? 'mine' : f.uid ? 'signedIn' : 'visitor';
      return listPageQueries[shape](db).execute({ uid: f.uid ?? '', limit, offset });
    }
    return listPage(db, listWhere(db, f)).limit(limit).offset(offset);
  },
  async count(f: GroupListFilter) {
    const [{ n }] = await db.select({ n: count() }).from(groups).where(listWhere(db, f));
    return n;
  },

  /** Groups a user created, in all and since a moment (the switches' limits for ordinary users). */
  async createdBy(uid: string, since: Date) {
    const [row] = await db
      .select({
        total: count(),
        recent: sql<number>`count(*) filter (where ${groups.gmtCreate} >= ${since.toISOString()})`.mapWith(Number),
      })
      .from(groups)
      .where(eq(groups.uid, uid));
    return row;
  },

  /** The group and its owner's level-5 membership, in one transaction; a taken name or short name answers the field. */
  async create(g: NewGroup): Promise<{ id: number } | { taken: TakenField }> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(groups).values(g).returning({ id: groups.id });
        await tx.insert(groupMembers).values({ gid: row.id, uid: g.uid, auth: 5 });
        return row;
      });
    } catch (e) {
      const field = takenField(uniqueViolation(e) ?? '-');
      if (field) return { taken: field };
      throw e;
    }
  },

  async update(gid: number, patch: Partial<NewGroup>): Promise<{ taken: TakenField } | null> {
    try {
      await db.update(groups).set(patch).where(eq(groups.id, gid));
      return null;
    } catch (e) {
      const field = takenField(uniqueViolation(e) ?? '-');
      if (field) return { taken: field };
      throw e;
    }
  },

  /** The group goes, with its memberships and announcements (foreign keys) and its problems; answers who were
   * members. */
  async remove(gid: number) {
    return db.transaction(async (tx) => {
      const members = await tx
        .select({ uid: groupMembers.uid })
        .from(groupMembers)
        .where(and(eq(groupMembers.gid, gid), gte(groupMembers.auth, MEMBER_MIN)));
      // Its own problems go with it (their submissions by their foreign key); published ones left it already. So do
      // its contests with their submissions (as a contest's deletion does), its trainings and discussions (their
      // problem lists, ranks, comments and likes by their foreign keys) and every other submission made in it.
      const ownContests = tx.select({ id: contests.id }).from(contests).where(eq(contests.gid, gid));
      await tx.delete(submissions).where(or(eq(submissions.gid, gid), inArray(submissions.cid, ownContests)));
      await tx.delete(contests).where(eq(contests.gid, gid));
      await tx.delete(trainings).where(eq(trainings.gid, gid));
      await tx.delete(discussions).where(eq(discussions.gid, gid));
      await tx.delete(problems).where(and(eq(problems.gid, gid), eq(problems.isGroup, 1)));
      const [g] = await tx.delete(groups).where(eq(groups.id, gid)).returning({ avatarFile: groups.avatarFile });
      if (g?.avatarFile) await tx.update(files).set({ deleted: 1 }).where(eq(files.name, g.avatarFile));
      return g ? members.map((m) => m.uid) : null;
    });
  },

  /** The new avatar replaces the old one, whose file row is marked deleted (the storage collector removes it). */
  async setAvatar(gid: number, file: { uid: string; name: string; contentType: string; size: number }, url: string) {
    return db.transaction(async (tx) => {
      const [old] = await tx
        .select({ avatarFile: groups.avatarFile })
        .from(groups)
        .where(eq(groups.id, gid))
        .for('update');
      await tx.insert(files).values({ type: 'group-avatar', ...file });
      await tx
        .update(groups)
        .set({ avatar: url, avatarFile: file.name, gmtModified: new Date() })
        .where(eq(groups.id, gid));
      if (old?.avatarFile) await tx.update(files).set({ deleted: 1 }).where(eq(files.name, old.avatarFile));
      return old?.avatarFile ?? null;
    });
  },

  // ---- members ----------------------------------------------------------------------------------------------

  /** One page of a group's member or application list: the page's ids come off the (gid, auth desc, id) index (the
   * users table only with a keyword) and only its rows meet their users. */
  async memberPage(f: MemberFilter, offset: number, limit: number) {
    if (!f.keyword && f.auth === undefined) {
      return memberPageQuery(db).execute({ gid: f.gid, lo: f.levels[0], hi: f.levels[1], limit, offset });
    }
    const order = memberOrder;
    const ids = f.keyword
      ? db.select({ id: groupMembers.id }).from(groupMembers).innerJoin(users, eq(users.uid, groupMembers.uid))
      : db.select({ id: groupMembers.id }).from(groupMembers);
    return db
      .select({ m: groupMembers, username: users.username, realname: users.realname, avatar: users.avatar })
      .from(groupMembers)
      .innerJoin(users, eq(users.uid, groupMembers.uid))
      .where(
        inArray(
          groupMembers.id,
          ids
            .where(memberWhere(f))
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        ),
      )
      .orderBy(...order);
  },
  async memberCount(f: MemberFilter) {
    const counted = f.keyword
      ? db.select({ n: count() }).from(groupMembers).innerJoin(users, eq(users.uid, groupMembers.uid))
      : db.select({ n: count() }).from(groupMembers);
    return (await counted.where(memberWhere(f)))[0].n;
  },

  /** A new row at `auth`; false when the user already has one (the unique key decides between parallel calls). */
  async insertMember(m: { gid: number; uid: string; auth: number; reason?: string | null }) {
    const rows = await db
      .insert(groupMembers)
      .values(m)
      .onConflictDoNothing({ target: [groupMembers.gid, groupMembers.uid] })
      .returning({ id: groupMembers.id });
    return rows.length > 0;
  },

  /** Sets the level only if it is still `from` (a concurrent change wins once); true when it did. */
  async setLevel(gid: number, uid: string, from: number, to: number) {
    const rows = await db
      .update(groupMembers)
      .set({ auth: to, gmtModified: new Date() })
      .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid), eq(groupMembers.auth, from)))
      .returning({ id: groupMembers.id });
    return rows.length > 0;
  },

  async removeMember(gid: number, uid: string) {
    const rows = await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)))
      .returning({ auth: groupMembers.auth });
    return rows[0];
  },

  // ---- bulk member changes (decision 0041): one statement each, so parallel calls settle each row once ----------

  /** Makes these users members: a new row for those without one (the unique key keeps one per user whatever runs at
   * once), then level 3 for those whose row is an application or a refusal. Answers who was inserted and who
   * promoted; the rest were members already. */
  async addMembers(gid: number, uids: string[]) {
    if (!uids.length) return { inserted: [] as string[], promoted: [] as string[] };
    const inserted = await db
      .insert(groupMembers)
      .values(uids.map((uid) => ({ gid, uid, auth: MEMBER_MIN })))
      .onConflictDoNothing({ target: [groupMembers.gid, groupMembers.uid] })
      .returning({ uid: groupMembers.uid });
    const fresh = new Set(inserted.map((r) => r.uid));
    const rest = uids.filter((uid) => !fresh.has(uid));
    const promoted = rest.length
      ? await db
          .update(groupMembers)
          .set({ auth: MEMBER_MIN, gmtModified: new Date() })
          .where(
            and(eq(groupMembers.gid, gid), inArray(groupMembers.uid, rest), lte(groupMembers.auth, MEMBER_MIN - 1)),
          )
          .returning({ uid: groupMembers.uid })
      : [];
    return { inserted: [...fresh], promoted: promoted.map((r) => r.uid) };
  },

  /** Sets the level of those rows among `uids` whose level is one of `from` (re-checked under the row's lock, so of two
   * calls one wins); answers whose it set. */
  async setLevels(gid: number, uids: string[], from: number[], to: number) {
    if (!uids.length) return [];
    const rows = await db
      .update(groupMembers)
      .set({ auth: to, gmtModified: new Date() })
      .where(and(eq(groupMembers.gid, gid), inArray(groupMembers.uid, uids), inArray(groupMembers.auth, from)))
      .returning({ uid: groupMembers.uid });
    return rows.map((r) => r.uid);
  },

  /** The rows of these users in the group. */
  async memberships(gid: number, uids: string[]) {
    if (!uids.length) return [];
    return db
      .select({ uid: groupMembers.uid, auth: groupMembers.auth })
      .from(groupMembers)
      .where(and(eq(groupMembers.gid, gid), inArray(groupMembers.uid, uids)));
  },

  /** Removes the rows of these users that are below `below` (no bound without it); answers the removed rows. */
  async removeMembers(gid: number, uids: string[], below?: number) {
    if (!uids.length) return [];
    const where: SQL[] = [eq(groupMembers.gid, gid), inArray(groupMembers.uid, uids)];
    if (below !== undefined) where.push(lte(groupMembers.auth, below - 1));
    return db
      .delete(groupMembers)
      .where(and(...where))
      .returning({ uid: groupMembers.uid, auth: groupMembers.auth });
  },

  /** The group's admins and root (told about applications). */
  async adminUids(gid: number) {
    const rows = await db
      .select({ uid: groupMembers.uid })
      .from(groupMembers)
      .where(and(eq(groupMembers.gid, gid), gte(groupMembers.auth, 4)));
    return rows.map((r) => r.uid);
  },

  async userByUid(uid: string) {
    const [row] = await db.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.uid, uid));
    return row;
  },
  async userByUsername(username: string) {
    const [row] = await db
      .select({ uid: users.uid, username: users.username })
      .from(users)
      .where(eq(users.username, username));
    return row;
  },

  /** Users whose username or real name contains the keyword, usernames starting with it first, with their level in
   * the group. */
  async searchUsers(gid: number, keyword: string, limit: number) {
    const like = containsPattern(keyword);
    const prefix = `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return db
      .select({
        uid: users.uid,
        username: users.username,
        realname: users.realname,
        auth: sql<number>`coalesce(${groupMembers.auth}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(groupMembers, and(eq(groupMembers.uid, users.uid), eq(groupMembers.gid, gid)))
      .where(and(eq(users.status, 0), or(ilike(users.username, like), ilike(users.realname, like))))
      .orderBy(sql`case when ${users.username} ilike ${prefix} then 0 else 1 end`, asc(users.username))
      .limit(limit);
  },

  // ---- announcements ----------------------------------------------------------------------------------------

  async announcementPage(gid: number, includeHidden: boolean, offset: number, limit: number) {
    const cond = includeHidden
      ? eq(announcements.gid, gid)
      : and(eq(announcements.gid, gid), eq(announcements.status, 0));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ a: announcements, username: users.username })
        .from(announcements)
        .innerJoin(users, eq(users.uid, announcements.uid))
        .where(cond)
        .orderBy(desc(announcements.gmtCreate), desc(announcements.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(announcements).where(cond),
    ]);
    return { rows, total };
  },

  /** A group's announcement (never a site one). */
  async announcement(id: number) {
    const [row] = await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), sql`${announcements.gid} is not null`));
    return row;
  },
  async insertAnnouncement(a: typeof announcements.$inferInsert) {
    await db.insert(announcements).values(a);
  },
  async updateAnnouncement(id: number, patch: Partial<typeof announcements.$inferInsert>) {
    await db.update(announcements).set(patch).where(eq(announcements.id, id));
  },
  async deleteAnnouncement(id: number) {
    await db.delete(announcements).where(eq(announcements.id, id));
  },

  // ---- rank -------------------------------------------------------------------------------------------------

  /** The rank (decision 0041): the active members (not disabled, no registration waiting) with their counts over
   * every submission made in the group (its problems, trainings and contests: `submissions.gid`): ac (distinct problems
   * accepted), total (submissions), score (the best OI rank score per problem, summed). The group's admins and owner
   * only once they have accepted something. One page, or every row without `page`. */
  async rank(gid: number, q: { oi: boolean; searchUser?: string }, page?: { offset: number; limit: number }) {
    const inGroup = eq(submissions.gid, gid);
    const stats = db
      .select({
        uid: submissions.uid,
        total: sql<number>`count(*)`.as('total'),
        ac: sql<number>`count(distinct ${submissions.pid}) filter (where ${submissions.status} = ${JUDGE_STATUS.ACCEPTED})`.as(
          'ac',
        ),
      })
      .from(submissions)
      .where(inGroup)
      .groupBy(submissions.uid)
      .as('stats');
    const best = db
      .select({
        uid: submissions.uid,
        best: sql<number>`max(coalesce(${submissions.oiRankScore}, 0))`.as('best'),
      })
      .from(submissions)
      .where(inGroup)
      .groupBy(submissions.uid, submissions.pid)
      .as('best');
    const scores = db
      .select({ uid: best.uid, score: sql<number>`sum(${best.best})`.as('score') })
      .from(best)
      .groupBy(best.uid)
      .as('scores');
    const ac = sql<number>`coalesce(${stats.ac}, 0)`.mapWith(Number);
    const total = sql<number>`coalesce(${stats.total}, 0)`.mapWith(Number);
    const score = sql<number>`coalesce(${scores.score}, 0)`.mapWith(Number);
    const where: SQL[] = [
      eq(groupMembers.gid, gid),
      gte(groupMembers.auth, MEMBER_MIN),
      listedUser() as SQL,
      // Teachers are not students: the group's admins and owner only once they have solved something in it.
      or(eq(groupMembers.auth, MEMBER_MIN), sql`${ac} > 0`) as SQL,
    ];
    if (q.searchUser) {
      const like = containsPattern(q.searchUser);
      where.push(or(ilike(users.username, like), ilike(users.nickname, like)) as SQL);
    }
    const order = q.oi ? [desc(score), desc(ac), asc(users.username)] : [desc(ac), asc(total), asc(users.username)];
    const rows = db
      .select({
        uid: users.uid,
        username: users.username,
        nickname: users.nickname,
        realname: users.realname,
        signature: users.signature,
        avatar: users.avatar,
        titleName: users.titleName,
        titleColor: users.titleColor,
        ac,
        total,
        score,
      })
      .from(groupMembers)
      .innerJoin(users, eq(users.uid, groupMembers.uid))
      .leftJoin(stats, eq(stats.uid, groupMembers.uid))
      .leftJoin(scores, eq(scores.uid, groupMembers.uid))
      .where(and(...where))
      .orderBy(...order);
    if (!page) return { rows: await rows, total: undefined };
    const [found, [{ n }]] = await Promise.all([
      rows.limit(page.limit).offset(page.offset),
      db
        .select({ n: count() })
        .from(groupMembers)
        .innerJoin(users, eq(users.uid, groupMembers.uid))
        .leftJoin(stats, eq(stats.uid, groupMembers.uid))
        .where(and(...where)),
    ]);
    return { rows: found, total: n };
  },

  /** Display names of the users given (for messages). */
  async usernames(uids: string[]) {
    if (!uids.length) return new Map<string, string>();
    const rows = await db
      .select({ uid: users.uid, username: users.username })
      .from(users)
      .where(inArray(users.uid, uids));
    return new Map(rows.map((r) => [r.uid, r.username]));
  },
});
export type GroupRepository = ReturnType<typeof createGroupRepository>;
