import { z } from 'zod';
import { endpoint, wireInt } from '../api.js';
import { uploadedFile } from './file.js';
import { websiteConfig } from './home.js';
import { EXTERNAL_IMAGE_MODES } from './image-proxy.js';

/** Website configuration, e-mail settings, switches and the home carousel (HOJ's ConfigController,
 * SwitchController, ImageController): root only. */

const text = (max: number) => z.string().trim().max(max);
const url = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|\/)/, { error: 'fieldInvalid' }),
]);

/** HOJ's config page saves every empty field as the string "None" (decision 0018): read as empty. */
const noneAsEmpty = (v: unknown) => (v === 'None' ? '' : v);
/** An input object of HOJ's config page: `noneAsEmpty` before every field's own schema. The object stays an object
 * (its fields are listed by `.shape`); its types are those of `shape` ("None" being one more accepted string). */
const hojConfigForm = <T extends z.ZodRawShape>(shape: T) =>
  z.object(
    Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, z.preprocess(noneAsEmpty, s as z.ZodType)])),
  ) as unknown as z.ZodObject<T>;

/** WebConfigDTO: every field a string but `register`, as HOJ's config page needs (it trims every other field
 * before saving); plus our footer, preliminary link and external image mode. The discussion and comment switches
 * are on the switch page (get-switch-config). */
export const adminWebConfig = websiteConfig.omit({
  registerMethod: true,
  judgeWaitNoticeSeconds: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
});
export type AdminWebConfig = z.infer<typeof adminWebConfig>;

export const getWebConfig = endpoint({
  method: 'GET',
  path: '/api/admin/config/get-web-config',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({}),
  output: adminWebConfig,
});

/** WebConfigDTO plus our footer, preliminary link and external image mode; absent fields keep their value, "None"
 * is empty. The discussion and comment switches, still accepted here, are the site switches of the same names. */
export const setWebConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/config/set-web-config',
  access: 'root',
  permission: 'system_info_admin',
  input: hojConfigForm({
    baseUrl: url.optional(),
    name: text(100).min(1, { error: 'fieldRequired' }).optional(),
    shortName: text(30).min(1, { error: 'fieldRequired' }).optional(),
    description: text(1000).optional(),
    email: z.union([z.literal(''), z.email()]).optional(),
    register: z.boolean().optional(),
    recordName: text(100).optional(),
    recordUrl: url.optional(),
    projectName: text(100).optional(),
    projectUrl: url.optional(),
    footerBrand: text(200).optional(),
    preliminaryUrl: url.optional(),
    openPublicDiscussion: z.boolean().optional(),
    openGroupDiscussion: z.boolean().optional(),
    openContestComment: z.boolean().optional(),
    externalImages: z.enum(EXTERNAL_IMAGE_MODES).optional(),
  }),
  output: z.null(),
});

/** EmailConfigDTO. The stored password is never sent back: `emailPassword` is empty on read, and an empty one on
 * write keeps the stored password. */
export const emailConfig = z.object({
  emailHost: z.string(),
  emailPort: z.number().int(),
  emailUsername: z.string(),
  emailPassword: z.string(),
  emailSsl: z.boolean(),
  emailBGImg: z.string(),
  /** Ours: the sender address (defaults to emailUsername). */
  emailFrom: z.string(),
  hasPassword: z.boolean(),
});
export type EmailConfig = z.infer<typeof emailConfig>;

export const getEmailConfig = endpoint({
  method: 'GET',
  path: '/api/admin/config/get-email-config',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({}),
  output: emailConfig,
});

export const setEmailConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/config/set-email-config',
  access: 'root',
  permission: 'system_info_admin',
  input: hojConfigForm({
    emailHost: text(255),
    emailPort: wireInt(z.number().int().min(1).max(65535)),
    emailUsername: text(255).default(''),
    emailPassword: z.string().max(255).nullish(),
    emailSsl: z.boolean().optional(),
    emailBGImg: text(500).optional(),
    emailFrom: z.union([z.literal(''), z.email()]).optional(),
  }),
  output: z.null(),
});

export const testEmail = endpoint({
  method: 'POST',
  path: '/api/admin/config/test-email',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({ email: z.email({ error: 'fieldInvalid' }) }),
  output: z.null(),
});

/** HOJ's DBAndRedisConfigDTO, as this deployment really runs: its database (the embedded PGlite in the data
 * directory, or the PostgreSQL server of DATABASE_URL) and no Redis. Passwords are never sent: always empty. */
export const dbAndRedisConfig = z.object({
  dbName: z.string(),
  dbHost: z.string(),
  dbPort: z.number().int().nullable(),
  dbUsername: z.string(),
  dbPassword: z.string(),
  redisHost: z.string(),
  redisPort: z.number().int().nullable(),
  redisPassword: z.string(),
  /** Ours: which database this is. */
  dbKind: z.enum(['pglite', 'postgres']),
});
export type DbAndRedisConfig = z.infer<typeof dbAndRedisConfig>;

export const getDbAndRedisConfig = endpoint({
  method: 'GET',
  path: '/api/admin/config/get-db-and-redis-config',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({}),
  output: dbAndRedisConfig,
});

/** HOJ's form saves the database settings here; this server's database is set by its environment (DATABASE_URL),
 * so every call is refused (400 `databaseFromEnvironment`) and changes nothing. */
export const setDbAndRedisConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/config/set-db-and-redis-config',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({
    dbName: z.string().max(255).nullish(),
    dbHost: z.string().max(255).nullish(),
    dbPort: wireInt(z.number().int().nullish()),
    dbUsername: z.string().max(255).nullish(),
    dbPassword: z.string().max(255).nullish(),
    redisHost: z.string().max(255).nullish(),
    redisPort: wireInt(z.number().int().nullish()),
    redisPassword: z.string().max(255).nullish(),
  }),
  output: z.null(),
});

/** The remote judges' account pools on the switch page: HOJ's list prefix → the pool's site key.
 * CF and GYM share the CF pool. */
export const REMOTE_ACCOUNT_LISTS = { hdu: 'HDU', cf: 'CF', poj: 'POJ', atcoder: 'AC', spoj: 'SPOJ' } as const;
export type RemoteAccountListPrefix = keyof typeof REMOTE_ACCOUNT_LISTS;

/** HOJ's SwitchConfigDTO with the remote judges' account lists (LibreOJ is not a site here). A stored
 * password is never sent back: each `<site>PasswordList` holds an empty string per username (decision 0030). */
export const switchConfig = z.object({
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  openPublicJudge: z.boolean(),
  openGroupJudge: z.boolean(),
  openContestJudge: z.boolean(),
  hideNonContestSubmissionCode: z.boolean(),
  defaultSubmitInterval: z.number().int(),
  defaultCreateDiscussionACInitValue: z.number().int(),
  defaultCreateDiscussionDailyLimit: z.number().int(),
  defaultCreateCommentACInitValue: z.number().int(),
  defaultCreateGroupACInitValue: z.number().int(),
  defaultCreateGroupDailyLimit: z.number().int(),
  defaultCreateGroupLimit: z.number().int(),
  hduUsernameList: z.array(z.string()),
  hduPasswordList: z.array(z.string()),
  cfUsernameList: z.array(z.string()),
  cfPasswordList: z.array(z.string()),
  pojUsernameList: z.array(z.string()),
  pojPasswordList: z.array(z.string()),
  atcoderUsernameList: z.array(z.string()),
  atcoderPasswordList: z.array(z.string()),
  spojUsernameList: z.array(z.string()),
  spojPasswordList: z.array(z.string()),
});
export type SwitchConfig = z.infer<typeof switchConfig>;

export const getSwitchConfig = endpoint({
  method: 'GET',
  path: '/api/admin/switch/info',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({}),
  output: switchConfig,
});

const count = wireInt(z.number().int().min(0).max(1_000_000));
/** A pool's list on update: at most 100 accounts; the service checks that the username and password lists have one
 * entry each (400 remoteAccountListsMismatch), that usernames are not empty or repeated, and that a new username
 * comes with a password; an empty password keeps the stored one of that username. NUL and control characters 400. */
const printable = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const accountName = z.string().trim().max(100).refine(printable, { error: 'fieldInvalid' });
const accountPassword = z.string().max(200).refine(printable, { error: 'fieldInvalid' });
const accountList = <T extends z.ZodType>(item: T) => z.array(item).max(100).optional();
/** Absent fields keep their value; an absent pair of account lists keeps that pool. */
export const updateSwitchConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/switch/update',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({
    openPublicDiscussion: z.boolean().optional(),
    openGroupDiscussion: z.boolean().optional(),
    openContestComment: z.boolean().optional(),
    openPublicJudge: z.boolean().optional(),
    openGroupJudge: z.boolean().optional(),
    openContestJudge: z.boolean().optional(),
    hideNonContestSubmissionCode: z.boolean().optional(),
    defaultSubmitInterval: wireInt(z.number().int().min(0).max(3600).optional()),
    defaultCreateDiscussionACInitValue: count.optional(),
    defaultCreateDiscussionDailyLimit: count.optional(),
    defaultCreateCommentACInitValue: count.optional(),
    defaultCreateGroupACInitValue: count.optional(),
    defaultCreateGroupDailyLimit: count.optional(),
    defaultCreateGroupLimit: count.optional(),
    hduUsernameList: accountList(accountName),
    hduPasswordList: accountList(accountPassword),
    cfUsernameList: accountList(accountName),
    cfPasswordList: accountList(accountPassword),
    pojUsernameList: accountList(accountName),
    pojPasswordList: accountList(accountPassword),
    atcoderUsernameList: accountList(accountName),
    atcoderPasswordList: accountList(accountPassword),
    spojUsernameList: accountList(accountName),
    spojPasswordList: accountList(accountPassword),
  }),
  output: z.null(),
});

export const CAROUSEL_MAX_BYTES = 2 * 1024 * 1024;

export const uploadCarouselImg = endpoint({
  method: 'POST',
  path: '/api/file/upload-carouse-img',
  access: 'root',
  permission: 'system_info_admin',
  upload: { maxBytes: CAROUSEL_MAX_BYTES },
  input: z.object({ file: uploadedFile() }),
  output: z.object({ id: z.number().int(), url: z.string() }),
});

export const deleteHomeCarousel = endpoint({
  method: 'DELETE',
  path: '/api/admin/config/home-carousel',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({ id: wireInt(z.number().int().positive()) }),
  output: z.null(),
});
