import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qStr } from '../api.js';
import { LIMITS } from '../limits.js';

/** Registration and password reset by mobile code, registration by e-mail code, and their administration (HOJ's
 * PassportController; decision 0025). Accounts wait for an admin's approval unless the admin made approval
 * automatic. */

/** The resend waits (60 s, 90 s for a reset), the codes' life and the daily caps. */
export const REGISTRATION = {
  registerResendS: 60,
  resetResendS: 90,
  codeTtlMs: 10 * 60_000,
  /** Codes sent a day to one mobile (or e-mail address) and from one address. */
  dailyPerAddress: 10,
  dailyPerIp: 30,
} as const;

/** The methods the site may offer; none when the register switch is off. */
export const REGISTER_METHODS = ['mobile', 'email'] as const;
export type RegisterMethod = (typeof REGISTER_METHODS)[number];

/** A Chinese mobile or landline number, as the forms accept. Only a mobile receives an SMS. */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A registration's state: waiting for an admin, or refused (approved accounts have none). */
export const REGISTRATION_STATES = ['pending', 'refused'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

const required = (max: number, tooLong: string) =>
  z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(max, { error: tooLong });

const username = z
  .string({ error: 'Username_Check_Required' })
  .trim()
  .min(1, { error: 'Username_Check_Required' })
  .max(LIMITS.usernameMax, { error: 'Username_Check_Max' });
const password = z
  .string({ error: 'Password_Check_Required' })
  .min(LIMITS.passwordMin, { error: 'Password_Check_Between' })
  .max(LIMITS.passwordMax, { error: 'Password_Check_Between' });
const phone = z
  .string({ error: 'fieldRequired' })
  .trim()
  .min(1, { error: 'fieldRequired' })
  .regex(PHONE_PATTERN, { error: 'mobileInvalid' });
const captcha = {
  captcha: z
    .string({ error: 'captchaWrong' })
    .trim()
    .min(1, { error: 'captchaWrong' })
    .max(8, { error: 'captchaWrong' }),
  captchaKey: z.string({ error: 'captchaWrong' }).min(1, { error: 'captchaWrong' }).max(64),
};
const smsCode = z
  .string({ error: 'smsCodeWrong' })
  .trim()
  .regex(/^\d{6}$/, { error: 'smsCodeWrong' });

/** Where a code went and when another may be asked for. */
export const codeSent = z.object({ resendAfterS: z.number().int(), msg: z.string() });

/** Checks (and uses up) the captcha, then texts a 6-digit code to the mobile; a landline is 400. */
export const sendRegisterSms = endpoint({
  method: 'POST',
  path: '/api/send-register-sms',
  access: 'public',
  input: z.object({ mobile: phone, ...captcha }),
  output: codeSent,
});

/** HOJ's other name of send-register-sms. */
export const sendSmsCode = endpoint({ ...sendRegisterSms, path: '/api/send-sms-code' });

/** Username and mobile must name one account. */
export const sendResetSms = endpoint({
  method: 'POST',
  path: '/api/send-reset-sms',
  access: 'public',
  input: z.object({ username, mobile: phone, ...captcha }),
  output: codeSent,
});

/** E-mail registration (when the site chose it): the code goes to the address. */
export const getRegisterCode = endpoint({
  method: 'GET',
  path: '/api/get-register-code',
  access: 'public',
  input: z.object({
    email: qStr().pipe(z.email({ error: 'emailInvalid' }).max(100)),
    captcha: qStr().pipe(captcha.captcha),
    captchaKey: qStr().pipe(captcha.captchaKey),
  }),
  output: codeSent.extend({ email: z.string() }),
});

/** `true` means taken (HOJ's answer). */
export const checkUsernameOrEmail = endpoint({
  method: 'POST',
  path: '/api/check-username-or-email',
  access: 'public',
  input: z.object({
    username: z.string().trim().max(LIMITS.usernameMax).optional(),
    email: z.string().trim().max(100).optional(),
  }),
  output: z.object({ username: z.boolean(), email: z.boolean() }),
});

/** One call for both methods: the mobile form (every field required) or the e-mail
 * form (email and code). `roleId` is ignored: a registered account is role 1003 (internal student). */
export const register = endpoint({
  method: 'POST',
  path: '/api/register',
  access: 'public',
  input: z.object({
    username,
    password,
    realname: required(15, 'fieldTooLong').optional(),
    city: required(25, 'fieldTooLong').optional(),
    school: required(20, 'fieldTooLong').optional(),
    grade: required(20, 'fieldTooLong').optional(),
    mobile: phone.optional(),
    smsCode: smsCode.optional(),
    email: z.email({ error: 'emailInvalid' }).max(100).optional(),
    code: z.string().trim().min(1).max(64).optional(),
    captcha: z.string().max(8).optional(),
    captchaKey: z.string().max(64).optional(),
    roleId: z.unknown().optional(),
  }),
  /** `pending` until an admin approves, `approved` when approval is automatic. */
  output: z.object({ state: z.enum(['pending', 'approved']) }),
});

// ---- administration ----

export const registration = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  city: z.string().nullable(),
  school: z.string().nullable(),
  grade: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  state: z.enum(REGISTRATION_STATES),
  gmtCreate: isoDate,
});
export type Registration = z.infer<typeof registration>;

export const getRegistrations = endpoint({
  method: 'GET',
  path: '/api/admin/user/registrations',
  access: 'admin',
  permission: 'user_admin',
  input: z.object({
    ...pageQuery(10),
    state: qStr().pipe(z.enum(REGISTRATION_STATES).optional()),
    keyword: qStr().pipe(z.string().max(100).optional()),
  }),
  output: page(registration),
});

/** Approve or refuse one or many; only waiting (or refused, to approve later) accounts change. */
export const decideRegistrations = endpoint({
  method: 'PUT',
  path: '/api/admin/user/registrations',
  access: 'admin',
  permission: 'user_admin',
  input: z.object({
    uids: z.array(z.string().min(1).max(64)).min(1).max(200),
    approve: z.boolean({ error: 'fieldRequired' }),
  }),
  output: z.object({ changed: z.number().int() }),
});

/** Every SMS the site sent or tried to send, newest first (root). */
export const smsMessage = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  content: z.string(),
  provider: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  gmtCreate: isoDate,
});
export type SmsMessage = z.infer<typeof smsMessage>;

export const getSmsOutbox = endpoint({
  method: 'GET',
  path: '/api/admin/sms-outbox',
  access: 'root',
  input: z.object({ ...pageQuery(20), mobile: qStr().pipe(z.string().max(20).optional()) }),
  output: page(smsMessage),
});

/** How the site registers and texts: the method offered while the register switch is on, automatic approval, and
 * the SMS provider (the embedded outbox, or an HTTP gateway: URL, method, headers as JSON, a body template with
 * {mobile} and {code} and {content}, and a text the gateway's answer must contain). Headers are never sent back
 * (they hold the gateway's key): empty on read, and an empty value keeps them. */
export const registrationConfig = z.object({
  registerMethod: z.enum(REGISTER_METHODS),
  autoApprove: z.boolean(),
  smsProvider: z.enum(['outbox', 'http']),
  smsHttpUrl: z.string(),
  smsHttpMethod: z.enum(['POST', 'GET', 'PUT']),
  smsHttpHeaders: z.string(),
  smsHttpBody: z.string(),
  smsHttpSuccess: z.string(),
});
export type RegistrationConfig = z.infer<typeof registrationConfig>;

export const getRegistrationConfig = endpoint({
  method: 'GET',
  path: '/api/admin/config/registration',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({}),
  output: registrationConfig,
});

export const setRegistrationConfig = endpoint({
  method: 'PUT',
  path: '/api/admin/config/registration',
  access: 'root',
  permission: 'system_info_admin',
  input: z.object({
    registerMethod: z.enum(REGISTER_METHODS).optional(),
    autoApprove: z.boolean().optional(),
    smsProvider: z.enum(['outbox', 'http']).optional(),
    smsHttpUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
    smsHttpMethod: z.enum(['POST', 'GET', 'PUT']).optional(),
    smsHttpHeaders: z
      .string()
      .max(4000)
      .refine(
        (s) => {
          if (!s.trim()) return true;
          try {
            const v = JSON.parse(s);
            return !!v && typeof v === 'object' && !Array.isArray(v);
          } catch {
            return false;
          }
        },
        { error: 'fieldInvalid' },
      )
      .optional(),
    smsHttpBody: z.string().max(4000).optional(),
    smsHttpSuccess: z.string().max(200).optional(),
  }),
  output: registrationConfig,
});
