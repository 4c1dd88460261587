import crypto from 'node:crypto';
import {
  registration as contract,
  type Locale,
  message,
  type Page,
  type Registration,
  type RegistrationConfig,
  type SmsMessage,
} from '@oj/shared';
import { AppError, badRequest, forbidden } from '../../http/app-error.js';
import { hashPassword, sha256 } from '../../lib/password.js';
import type { RateLimitStore } from '../access/rate-limit-store.js';
import type { SessionService } from '../auth/session.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { CaptchaService } from '../site/captcha.service.js';
import type { SiteService } from '../site/site.service.js';
import type { UserPasswords, UserQueries } from '../user/user-queries.js';
import type { RegistrationRepository } from './registration.repository.js';
import type { SmsService } from './sms.service.js';

const { REGISTRATION, MOBILE_PATTERN } = contract;
/** Role 1003, the internal student (what registration gives, whatever roleId the client sends). */
const STUDENT_ROLE = 1003;
const DAY_MS = 24 * 3600_000;

type Purpose = 'register' | 'reset' | 'registerEmail';
const resendMsOf: Record<Purpose, number> = {
  register: REGISTRATION.registerResendS * 1000,
  registerEmail: REGISTRATION.registerResendS * 1000,
  reset: REGISTRATION.resetResendS * 1000,
};

const codeHash = (purpose: Purpose, address: string, code: string) => sha256(`${purpose}:${address}:${code.trim()}`);
const sixDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

type RegisterInput = {
  username: string;
  password: string;
  realname?: string;
  city?: string;
  school?: string;
  grade?: string;
  mobile?: string;
  smsCode?: string;
  email?: string;
  code?: string;
};

/**
 * Registration by mobile or e-mail code, waiting for an admin's approval, and password reset by mobile
 * (decision 0025). The captcha is checked and used up by the calls that send a code; a code is six
 * digits, lives 10 minutes, works once, and is sent no sooner than 60 s (90 s for a reset) after the last one to
 * the same address, at most REGISTRATION.dailyPerAddress a day to an address and REGISTRATION.dailyPerIp from an
 * address of the sender (the shared rate-limit rows, so every server instance counts alike).
 */
export const createRegistrationService = (deps: {
  repo: RegistrationRepository;
  users: UserQueries;
  accounts: UserPasswords;
  sessions: Pick<SessionService, 'revokeAll'>;
  site: SiteService;
  captcha: CaptchaService;
  limits: RateLimitStore;
  sms: SmsService;
  mail: Pick<MailService, 'send'>;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** Registration must be on, by this method. */
  const openFor = async (method: RegistrationConfig['registerMethod']) => {
    const [web, config] = await Promise.all([deps.site.websiteConfig(), deps.site.registrationConfig()]);
    if (!web.register) throw forbidden('registerClosed');
    if (config.registerMethod !== method) throw badRequest('registerMethodMismatch');
    return config;
  };

  /** The resend wait of the address and the daily caps of the address and of the caller's IP. */
  const takeSendingSlot = async (purpose: Purpose, address: string, ip: string) => {
    const at = now();
    const resend = await deps.limits.take({
      uid: `addr:${address}`,
      scope: `resend:${purpose}`,
      at,
      windowMs: resendMsOf[purpose],
      maxHits: 1,
    });
    if (!resend.ok) {
      throw new AppError(429, 'smsTooFrequent', { seconds: String(Math.ceil(resend.retryAfterMs / 1000)) });
    }
    const daily = [
      { uid: `addr:${address}`, scope: 'codesDaily', maxHits: REGISTRATION.dailyPerAddress },
      { uid: `ip:${ip}`, scope: 'codesDaily', maxHits: REGISTRATION.dailyPerIp },
    ];
    for (const d of daily) {
      const taken = await deps.limits.take({ ...d, at, windowMs: DAY_MS });
      if (!taken.ok) {
        await deps.limits.giveBack(`addr:${address}`, `resend:${purpose}`);
        throw new AppError(429, 'smsDailyLimit');
      }
    }
    // A send that fails gives the resend wait back, so the user may ask again at once (the daily hits stay).
    return () => deps.limits.giveBack(`addr:${address}`, `resend:${purpose}`);
  };

  /** A fresh code for the address (replacing its last one), handed to `deliver`; a failed delivery takes it back. */
  const issue = async (purpose: Purpose, address: string, ip: string, deliver: (code: string) => Promise<void>) => {
    const release = await takeSendingSlot(purpose, address, ip);
    const code = sixDigits();
    const at = now();
    await repo.saveCode({
      purpose,
      address,
      codeHash: codeHash(purpose, address, code),
      sentAt: at,
      expiresAt: new Date(at.getTime() + REGISTRATION.codeTtlMs),
    });
    try {
      await deliver(code);
    } catch (e) {
      await repo.deleteCode(purpose, address);
      await release();
      throw e;
    }
  };

  const text = async (purpose: 'register' | 'reset', mobile: string, ip: string, locale: Locale) => {
    const site = (await deps.site.websiteConfig()).shortName;
    await issue(purpose, mobile, ip, async (code) => {
      const content = message(purpose === 'register' ? 'smsRegisterContent' : 'smsResetContent', locale, {
        site,
        code,
      });
      try {
        await deps.sms.send({ mobile, purpose, code, content });
      } catch (e) {
        throw new AppError(502, 'smsSendFailed', { reason: e instanceof Error ? e.message : String(e) });
      }
    });
  };

  /** Takes the live code of the address, or 400 naming the code's field; a code works once. */
  const useCode = async (purpose: Purpose, address: string, code: string, field: 'smsCode' | 'code') => {
    if (!(await repo.takeCode(purpose, address, codeHash(purpose, address, code), now()))) {
      throw badRequest(field === 'smsCode' ? 'smsCodeWrong' : 'registerCodeWrong', field);
    }
  };

  const cellOnly = (mobile: string) => {
    if (!MOBILE_PATTERN.test(mobile)) throw badRequest('mobileNotCell', 'mobile');
  };

  /** The gateway's headers hold its key: never sent back. */
  const publicConfig = async (): Promise<RegistrationConfig> => ({
    ...(await deps.site.registrationConfig()),
    smsHttpHeaders: '',
  });

  const required = (b: RegisterInput, fields: (keyof RegisterInput)[]) => {
    for (const f of fields) if (!b[f]) throw badRequest('fieldRequired', f, { field: f });
  };

  return {
    async sendRegisterSms(b: { mobile: string; captcha: string; captchaKey: string }, ip: string, locale: Locale) {
      await openFor('mobile');
      await deps.captcha.verify(b.captchaKey, b.captcha);
      cellOnly(b.mobile);
      if (await repo.userByMobile(b.mobile)) throw badRequest('mobileTaken', 'mobile');
      await text('register', b.mobile, ip, locale);
      return { resendAfterS: REGISTRATION.registerResendS, msg: message('smsCodeSent', locale) };
    },

    /** The username and the mobile must name one account; what is wrong is not told apart. */
    async sendResetSms(
      b: { username: string; mobile: string; captcha: string; captchaKey: string },
      ip: string,
      locale: Locale,
    ) {
      await deps.captcha.verify(b.captchaKey, b.captcha);
      cellOnly(b.mobile);
      const user = await deps.users.findByUsername(b.username);
      if (!user || user.mobile !== b.mobile || user.status !== 0 || user.regState) {
        throw badRequest('mobileNotMatch', 'mobile');
      }
      await text('reset', b.mobile, ip, locale);
      return { resendAfterS: REGISTRATION.resetResendS, msg: message('smsCodeSent', locale) };
    },

    async sendRegisterEmail(b: { email: string; captcha: string; captchaKey: string }, ip: string, locale: Locale) {
      await openFor('email');
      await deps.captcha.verify(b.captchaKey, b.captcha);
      if (await repo.emailTaken(b.email)) throw badRequest('emailTaken', 'email');
      const site = (await deps.site.websiteConfig()).shortName;
      let sent = false;
      await issue('registerEmail', b.email.toLowerCase(), ip, async (code) => {
        try {
          sent = await deps.mail.send({
            to: b.email,
            subject: `${site}: your registration code`,
            text: `Your registration code is ${code}. It is valid for 10 minutes.\nIf you did not ask for it, ignore this mail.`,
          });
        } catch {
          throw new AppError(502, 'emailSendFailed');
        }
      });
      return {
        email: b.email,
        resendAfterS: REGISTRATION.registerResendS,
        msg: message(sent ? 'registerCodeSent' : 'emailCodeLogged', locale),
      };
    },

    /** `true` means taken. */
    async check(b: { username?: string; email?: string }) {
      return {
        username: b.username ? await repo.usernameTaken(b.username) : false,
        email: b.email ? await repo.emailTaken(b.email) : false,
      };
    },

    /** An account of role 1003 waiting for approval (or approved, when approval is automatic). */
    async register(b: RegisterInput) {
      const web = await deps.site.websiteConfig();
      if (!web.register) throw forbidden('registerClosed');
      const config = await deps.site.registrationConfig();
      const byMobile = config.registerMethod === 'mobile';
      if (byMobile) {
        required(b, ['realname', 'city', 'school', 'grade', 'mobile', 'smsCode']);
        cellOnly(b.mobile as string);
      } else {
        required(b, ['email', 'code']);
      }
      if (await repo.usernameTaken(b.username)) {
        throw badRequest('usernameTaken', 'username', { username: b.username });
      }
      if (byMobile && (await repo.userByMobile(b.mobile as string))) throw badRequest('mobileTaken', 'mobile');
      if (!byMobile && (await repo.emailTaken(b.email as string))) throw badRequest('emailTaken', 'email');
      if (byMobile) await useCode('register', b.mobile as string, b.smsCode as string, 'smsCode');
      else await useCode('registerEmail', (b.email as string).toLowerCase(), b.code as string, 'code');
      const created = await repo.create(
        {
          uid: crypto.randomUUID().replaceAll('-', ''),
          username: b.username,
          passwordHash: await hashPassword(b.password),
          realname: b.realname ?? null,
          city: b.city ?? null,
          school: b.school ?? null,
          grade: b.grade ?? null,
          mobile: byMobile ? (b.mobile as string) : null,
          email: byMobile ? null : (b.email as string),
          regState: config.autoApprove ? null : 'pending',
        },
        STUDENT_ROLE,
      );
      if (!created.ok) {
        throw created.field === 'mobile'
          ? badRequest('mobileTaken', 'mobile')
          : badRequest('usernameTaken', 'username', { username: b.username });
      }
      return { state: config.autoApprove ? ('approved' as const) : ('pending' as const) };
    },

    /** A new password for the account the username and mobile name; every session of it ends. */
    async resetByMobile(b: { username: string; password: string; mobile?: string; smsCode?: string }) {
      const user = await deps.users.findByUsername(b.username);
      if (!b.mobile || !b.smsCode) throw badRequest('smsCodeWrong', 'smsCode');
      if (!user || user.mobile !== b.mobile) throw badRequest('mobileNotMatch', 'mobile');
      await useCode('reset', b.mobile, b.smsCode, 'smsCode');
      await deps.accounts.setPassword(user.uid, await hashPassword(b.password), now());
      await deps.sessions.revokeAll(user.uid);
      return null;
    },

    // ---- administration ----

    async registrations(q: {
      currentPage: number;
      limit: number;
      state?: 'pending' | 'refused';
      keyword?: string;
    }): Promise<Page<Registration>> {
      const { rows, total } = await repo.registrations(q, (q.currentPage - 1) * q.limit, q.limit);
      return {
        records: rows.map((u) => ({
          uid: u.uid,
          username: u.username,
          realname: u.realname,
          city: u.city,
          school: u.school,
          grade: u.grade,
          mobile: u.mobile,
          email: u.email,
          state: u.regState === 'refused' ? 'refused' : 'pending',
          gmtCreate: u.gmtCreate.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async decide(b: { uids: string[]; approve: boolean }) {
      return { changed: await repo.decide([...new Set(b.uids)], b.approve) };
    },

    async outbox(q: { currentPage: number; limit: number; mobile?: string }): Promise<Page<SmsMessage>> {
      const { rows, total } = await repo.outbox(q.mobile?.trim() || undefined, (q.currentPage - 1) * q.limit, q.limit);
      return {
        records: rows.map((m) => ({
          id: m.id,
          mobile: m.mobile,
          purpose: m.purpose,
          content: m.content,
          provider: m.provider,
          ok: m.ok === 1,
          error: m.error,
          gmtCreate: m.gmtCreate.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    config: publicConfig,

    /** An empty headers value keeps the stored one. */
    async setConfig(patch: Partial<RegistrationConfig>) {
      const { smsHttpHeaders, ...rest } = patch;
      await deps.site.updateRegistrationConfig(smsHttpHeaders ? { ...rest, smsHttpHeaders } : rest);
      return publicConfig();
    },
  };
};
export type RegistrationService = ReturnType<typeof createRegistrationService>;
