import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('gmt_create', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const modifiedAt = () => timestamp('gmt_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    username: text('username').notNull(),
    /** scrypt$N$r$p$salt$hash (see password.ts); never leaves the repository layer. */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    realname: text('realname'),
    email: text('email'),
    gender: text('gender'),
    school: text('school'),
    course: text('course'),
    number: text('number'),
    signature: text('signature'),
    github: text('github'),
    blog: text('blog'),
    cfUsername: text('cf_username'),
    avatar: text('avatar'),
    titleName: text('title_name'),
    titleColor: text('title_color'),
    /** 0 normal, 1 banned. */
    status: integer('status').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`)],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  role: text('role').notNull().unique(),
  description: text('description').notNull(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  permission: text('permission').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.uid, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when a refresh replaced this session; it then lives only for the grace period. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_uid_idx').on(t.uid)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Site configuration and switches, one JSON value per key (reference §1.6). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  gmtModified: modifiedAt(),
});

export const homeCarousel = pgTable('home_carousel', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
  gmtCreate: createdAt(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    /** 0 visible, 1 hidden. */
    status: integer('status').notNull().default(0),
    /** Group announcements carry their group; site announcements have none. */
    gid: integer('gid'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('announcements_list_idx').on(t.gid, t.status, t.gmtCreate)],
);
