import { z } from 'zod';
import { BIG_ID, endpoint, isoDate, page, pageQuery, qBool, qStr, wireInt } from '../api.js';
import { ROLES } from '../roles.js';
import { REGISTRATION_STATES } from './registration.js';

/** User administration (HOJ's AdminUserController): root only. */

const roleIds = ROLES.map((r) => r.id) as number[];
const password = z.string().min(6, { error: 'Password_Check_Between' }).max(20, { error: 'Password_Check_Between' });
const username = z
  .string()
  .trim()
  .min(1, { error: 'Username_Check_Required' })
  .max(20, { error: 'Username_Check_Max' });

export const adminUser = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  email: z.string().nullable(),
  school: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  status: z.number().int(),
  /** A self-registered account waiting for approval, or refused; null for every other account. */
  regState: z.enum(REGISTRATION_STATES).nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
  roles: z.array(z.object({ id: z.number().int(), role: z.string(), description: z.string() })),
});
export type AdminUser = z.infer<typeof adminUser>;

export const getUserList = endpoint({
  method: 'GET',
  path: '/api/admin/user/get-user-list',
  access: 'root',
  permission: 'user_admin',
  input: z.object({ ...pageQuery(10), onlyAdmin: qBool(), keyword: qStr() }),
  output: page(adminUser),
});

/** AdminEditUserDTO; `type` is the role id, `setNewPwd` says whether `password` is to be set. */
export const editUser = endpoint({
  method: 'PUT',
  path: '/api/admin/user/edit-user',
  access: 'root',
  permission: 'user_admin',
  input: z
    .object({
      uid: z.string().min(1),
      username: username.optional(),
      realname: z.string().max(50).nullish(),
      email: z.union([z.email(), z.literal('')]).nullish(),
      password: z.string().nullish(),
      setNewPwd: z.boolean().optional().default(false),
      type: wireInt(
        z
          .number()
          .int()
          .refine((v) => roleIds.includes(v), { error: 'fieldInvalid' })
          .optional(),
      ),
      status: wireInt(z.union([z.literal(0), z.literal(1)]).optional()),
      titleName: z.string().max(20).nullish(),
      titleColor: z.union([z.string().regex(/^#[0-9a-fA-F]{3,8}$/), z.literal('')]).nullish(),
    })
    .refine((v) => !v.setNewPwd || password.safeParse(v.password ?? '').success, {
      error: 'Password_Check_Between',
      path: ['password'],
    }),
  output: z.null(),
});

/** Body `{ids: uid[]}` (HOJ's client sends the body with DELETE). */
export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/admin/user/delete-user',
  access: 'root',
  permission: 'user_admin',
  input: z.object({
    // Our client sends the list in the query string, comma-joined.
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.string().min(1)).min(1, { error: 'fieldRequired' }).max(500),
    ),
  }),
  output: z.object({ deleted: z.number().int() }),
});

/** Ends every session of a user (not in HOJ): the "sign out everywhere" button. */
export const signOutUser = endpoint({
  method: 'POST',
  path: '/api/admin/user/sign-out',
  access: 'root',
  permission: 'user_admin',
  input: z.object({ uid: z.string().min(1) }),
  output: z.null(),
});

export const BATCH_USER_MAX_ROWS = 1000;

/** Rows `[username, password, email?, realname?, gender?, nickname?, school?]`; HOJ answers Void, ours reports
 * each row that failed and why, and creates the others. */
export const insertBatchUser = endpoint({
  method: 'POST',
  path: '/api/admin/user/insert-batch-user',
  access: 'root',
  permission: 'user_admin',
  input: z.object({
    users: z
      .array(
        z.array(
          z.union([z.string(), wireInt(z.number(), BIG_ID), z.null()]).transform((v) => (v === null ? '' : String(v))),
        ),
      )
      .min(1, { error: 'fieldRequired' })
      .max(BATCH_USER_MAX_ROWS),
  }),
  output: z.object({
    created: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), username: z.string(), reason: z.string() })),
  }),
});

export const GENERATE_USER_MAX = 500;
/** Letters, digits, `_`, `-` and `.` only: the names go into a CSV and into URLs. */
const affix = z
  .string()
  .trim()
  .max(15)
  .regex(/^[A-Za-z0-9_.-]*$/, { error: 'fieldInvalid' })
  .default('');

export const generateUser = endpoint({
  method: 'POST',
  path: '/api/admin/user/generate-user',
  access: 'root',
  permission: 'user_admin',
  input: z
    .object({
      prefix: affix,
      suffix: affix,
      number_from: wireInt(z.number().int().min(0)),
      number_to: wireInt(z.number().int().min(0)),
      password_length: wireInt(z.number().int().min(6).max(20).default(8)),
    })
    .refine((v) => v.number_to >= v.number_from, { error: 'fieldInvalid', path: ['number_to'] })
    .refine((v) => v.number_to - v.number_from < GENERATE_USER_MAX, { error: 'fieldInvalid', path: ['number_to'] })
    .refine((v) => `${v.prefix}${v.number_to}${v.suffix}`.length <= 20, {
      error: 'Username_Check_Max',
      path: ['suffix'],
    }),
  /** `key` opens the one download of the username/password list; `skipped` names the usernames already taken. */
  output: z.object({ key: z.string(), created: z.number().int(), skipped: z.array(z.string()) }),
});

/** The list of generated accounts with their plain passwords: answered once, then forgotten (HOJ streams an
 * xlsx; ours is a UTF-8 CSV with a BOM, which spreadsheets open the same way). */
export const generateUserExcel = endpoint({
  method: 'GET',
  path: '/api/file/generate-user-excel',
  access: 'root',
  permission: 'user_admin',
  input: z.object({ key: z.string().min(1).max(100) }),
  output: z.unknown(),
  binary: true,
});
