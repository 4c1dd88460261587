import { z } from 'zod';
import { endpoint, isoDate, qStr } from '../api.js';
import { LIMITS } from '../limits.js';
import { isProfileUrl } from '../profile-links.js';
import { userInfo } from './account.js';
import { uploadedFile } from './file.js';

/** User home and settings, and the password reset. */

export const userHome = z.object({
  uid: z.string(),
  username: z.string(),
  school: z.string().nullable(),
  signature: z.string().nullable(),
  nickname: z.string().nullable(),
  gender: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  /** Non-contest, non-group submissions. */
  total: z.number().int(),
  /** Distinct problems accepted outside contests and groups, as the global rank counts them. */
  ac: z.number().int(),
  /** AC over total in percent, 2 decimals: the rank lists' rating column (`acRate` in ac-rate.ts). */
  acRate: z.number(),
  /** HOJ's Codeforces rating field (not the AC rate): null unless set. */
  rating: z.number().int().nullable(),
  /** Best OI rank score per problem with a score. */
  scoreList: z.array(z.number().int()),
  /** Display ids of the solved problems, in order of first AC. */
  solvedList: z.array(z.string()),
  solvedGroupByDifficulty: z.record(
    z.string(),
    z.array(z.object({ id: z.number().int(), problemId: z.string(), difficulty: z.number().int() })),
  ),
  recentLoginTime: isoDate.nullable(),
  roleList: z.array(z.string()),
});
export type UserHome = z.infer<typeof userHome>;

const whoQuery = z.object({ uid: qStr(), username: qStr() });

export const getUserHomeInfo = endpoint({
  method: 'GET',
  path: '/api/get-user-home-info',
  access: 'public',
  input: whoQuery,
  output: userHome,
});

export const getUserCalendarHeatmap = endpoint({
  method: 'GET',
  path: '/api/get-user-calendar-heatmap',
  access: 'public',
  input: whoQuery,
  output: z.object({
    endDate: z.string(),
    dataList: z.array(z.object({ date: z.string(), count: z.number().int() })),
  }),
});

const newPassword = z
  .string({ error: 'Password_Check_Required' })
  .min(1, { error: 'Password_Check_Required' })
  .min(LIMITS.passwordMin, { error: 'Password_Check_Between' })
  .max(LIMITS.passwordMax, { error: 'Password_Check_Between' });

/** HOJ's ChangeAccountVO; failures are error envelopes (body status = HTTP status), so `code` is 200
 * here. */
export const changeAccountResult = z.object({ code: z.number().int(), msg: z.string(), userInfo: userInfo.nullable() });

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/change-password',
  access: 'user',
  input: z.object({ oldPassword: z.string().min(1).max(100), newPassword }),
  output: changeAccountResult,
});

/** Whether the code went out by e-mail (`sent`) or, with no mail server configured, into the server log. */
export const codeDelivery = z.object({ sent: z.boolean(), msg: z.string() });

const email = z.string().trim().max(100).pipe(z.email());

export const getChangeEmailCode = endpoint({
  method: 'GET',
  path: '/api/get-change-email-code',
  access: 'user',
  input: z.object({ email }),
  output: codeDelivery,
});

export const changeEmail = endpoint({
  method: 'POST',
  path: '/api/change-email',
  access: 'user',
  input: z.object({
    password: z.string().min(1).max(100),
    newEmail: email,
    code: z.string().trim().min(1).max(64),
  }),
  output: changeAccountResult,
});

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export { isProfileUrl } from '../profile-links.js';

/** A profile link (GitHub, blog): empty, or an http(s) address (profile-links.ts); anything else is refused with
 * `error`. */
const profileUrl = (error: 'githubUrlInvalid' | 'blogUrlInvalid') =>
  z
    .string()
    .trim()
    .max(255)
    .refine((value) => value === '' || isProfileUrl(value), { error })
    .nullish();

export const changeUserInfo = endpoint({
  method: 'POST',
  path: '/api/change-userInfo',
  access: 'user',
  input: z.object({
    nickname: optionalText(20),
    realname: optionalText(50),
    school: optionalText(100),
    course: optionalText(100),
    number: optionalText(200),
    gender: z.enum(['male', 'female', 'secrecy']).nullish(),
    github: profileUrl('githubUrlInvalid'),
    blog: profileUrl('blogUrlInvalid'),
    cfUsername: optionalText(255),
    signature: optionalText(10_000),
  }),
  output: userInfo,
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Multipart with the file in field `image` (gif, jpg, jpeg, png, bmp, webp by content; at most 2 MB). */
export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/api/file/upload-avatar',
  access: 'user',
  upload: { maxBytes: AVATAR_MAX_BYTES, tooLarge: 'avatarTooLarge' },
  input: z.object({ image: uploadedFile() }),
  output: z.object({ uid: z.string(), username: z.string(), nickname: z.string().nullable(), avatar: z.string() }),
});

export const applyResetPassword = endpoint({
  method: 'POST',
  path: '/api/apply-reset-password',
  access: 'public',
  input: z
    .object({
      username: z.string().trim().max(LIMITS.usernameMax, { error: 'Username_Check_Max' }).optional(),
      /** HOJ's client asks by e-mail; ours by username. Either works. */
      email: z.string().trim().max(100).optional(),
      captcha: z.string().optional(),
      captchaKey: z.string().optional(),
    })
    .refine((b) => !!b.username || !!b.email, { error: 'Username_Check_Required', path: ['username'] }),
  output: codeDelivery,
});

/** Either the e-mailed link's `code`, or the mobile and the texted `smsCode` (send-reset-sms; decision 0025). */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/reset-password',
  access: 'public',
  input: z
    .object({
      username: z
        .string({ error: 'Username_Check_Required' })
        .trim()
        .min(1, { error: 'Username_Check_Required' })
        .max(LIMITS.usernameMax, { error: 'Username_Check_Max' }),
      password: newPassword,
      code: z.string().trim().min(1).max(64).optional(),
      mobile: z.string().trim().max(20).optional(),
      smsCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: 'smsCodeWrong' })
        .optional(),
      captcha: z.string().max(8).optional(),
      captchaKey: z.string().max(64).optional(),
    })
    .refine((b) => !!b.code || (!!b.mobile && !!b.smsCode), { error: 'smsCodeWrong', path: ['smsCode'] }),
  output: z.null(),
});
