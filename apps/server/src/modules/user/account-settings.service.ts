import crypto from 'node:crypto';
import { type Locale, message, type UploadedFile, type UserInfo } from '@oj/shared';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import { hashPassword, sha256, verifyPassword } from '../../lib/password.js';
import type { LoginFailureStore } from '../auth/login-failure-store.js';
import type { AuthUser, SessionService } from '../auth/session.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SiteService } from '../site/site.service.js';
import type { UploadQuotaService } from '../upload/upload-quota.service.js';
import { readHead } from '../upload/uploaded-file.js';
import { type ImageStore, isImageName, sniffImage } from './avatar.store.js';
import { toUserInfo } from './user.mapper.js';
import type { UserRepository } from './user.repository.js';
import type { ProfilePatch, UserAccountRepository } from './user-account.repository.js';

/** Wrong current passwords allowed before the 30-minute lock, as in HOJ. */
const PASSWORD_TRIES = 5;
const PASSWORD_LOCK_MS = 30 * 60 * 1000;
const CODE_TTL_MS = 10 * 60 * 1000;
const RESET_RESEND_MS = 90 * 1000;
const EMAIL_RESEND_MS = 60 * 1000;

const PURPOSE = { reset: 'reset-password', changeEmail: 'change-email' } as const;

/** Settings of one's own account and the e-mail password reset. */
export const createAccountSettingsService = (deps: {
  users: UserRepository;
  accounts: UserAccountRepository;
  failures: LoginFailureStore;
  sessions: SessionService;
  mail: MailService;
  site: SiteService;
  images: ImageStore;
  quota: UploadQuotaService;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  // Kept apart from login failures by a prefix no username can have (usernames have no ':').
  const failureKey = (uid: string) => `password:${uid}`;

  const me = async (uid: string) => {
    const u = await deps.users.findByUid(uid);
    if (!u) throw notFound();
    return u;
  };
  const info = async (uid: string): Promise<UserInfo> => toUserInfo(await me(uid), await deps.users.roleNames(uid));

  /** Checks the current password, counting wrong ones: the fifth locks changes for 30 minutes (429). */
  const checkPassword = async (uid: string, password: string, wrongKey: 'oldPasswordWrong' | 'passwordWrong') => {
    const at = now();
    const row = await deps.failures.find(failureKey(uid), '');
    if (row?.lockedUntil && row.lockedUntil > at) throw new AppError(429, 'passwordChangeLocked');
    const u = await me(uid);
    if (await verifyPassword(password, u.passwordHash)) {
      if (row) await deps.failures.clear(failureKey(uid), '');
      return;
    }
    const fresh = !row || at.getTime() - row.windowStart.getTime() > PASSWORD_LOCK_MS;
    const failures = fresh ? 1 : row.failures + 1;
    await deps.failures.save({
      username: failureKey(uid),
      ip: '',
      failures,
      windowStart: fresh ? at : row.windowStart,
      lockedUntil: failures >= PASSWORD_TRIES ? new Date(at.getTime() + PASSWORD_LOCK_MS) : null,
    });
    if (failures >= PASSWORD_TRIES) throw new AppError(429, 'passwordChangeLocked');
    throw badRequest(wrongKey, 'oldPassword');
  };

  /** Stores a fresh code (hashed) unless one was sent less than `resendMs` ago (429), then mails it. */
  const issueCode = async (
    purpose: string,
    uid: string,
    email: string,
    code: string,
    resendMs: number,
    mail: { subject: string; text: string },
    locale: Locale,
  ) => {
    const at = now();
    const previous = await deps.accounts.findCode(purpose, uid);
    if (previous && at.getTime() - previous.sentAt.getTime() < resendMs) {
      const seconds = Math.ceil((resendMs - (at.getTime() - previous.sentAt.getTime())) / 1000);
      throw new AppError(429, 'emailCodeTooFrequent', { seconds: String(seconds) });
    }
    await deps.accounts.saveCode({
      purpose,
      uid,
      email,
      codeHash: sha256(`${purpose}:${uid}:${code}`),
      sentAt: at,
      expiresAt: new Date(at.getTime() + CODE_TTL_MS),
    });
    let sent: boolean;
    try {
      sent = await deps.mail.send({ to: email, ...mail });
    } catch {
      // Let the user ask again at once: the code never arrived.
      await deps.accounts.deleteCode(purpose, uid);
      throw new AppError(500, 'emailSendFailed');
    }
    return { sent, msg: message(sent ? 'emailCodeSent' : 'emailCodeLogged', locale) };
  };

  /** The live code of (purpose, uid), or a 400; a code works once. */
  const useCode = async (purpose: string, uid: string, code: string) => {
    const row = await deps.accounts.findCode(purpose, uid);
    const ok = row && row.expiresAt > now() && row.codeHash === sha256(`${purpose}:${uid}:${code.trim()}`);
    if (!row || !ok) throw badRequest('emailCodeWrong', 'code');
    await deps.accounts.deleteCode(purpose, uid);
    return row;
  };

  return {
    /** A new password ends every other session of the user; this one stays. */
    async changePassword(user: AuthUser, input: { oldPassword: string; newPassword: string }, locale: Locale) {
      await checkPassword(user.uid, input.oldPassword, 'oldPasswordWrong');
      const at = now();
      await deps.accounts.setPassword(user.uid, await hashPassword(input.newPassword), at);
      await deps.accounts.revokeOtherSessions(user.uid, user.sessionId, at);
      deps.sessions.forgetUser(user.uid);
      return { code: 200, msg: message('passwordChanged', locale), userInfo: await info(user.uid) };
    },

    async sendChangeEmailCode(user: AuthUser, email: string, locale: Locale) {
      const owner = await deps.accounts.findByEmail(email);
      if (owner && owner.uid !== user.uid) throw badRequest('emailTaken', 'email');
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const site = await deps.site.websiteConfig();
      return issueCode(
        PURPOSE.changeEmail,
        user.uid,
        email,
        code,
        EMAIL_RESEND_MS,
        {
          subject: `${site.shortName}: e-mail verification code`,
          text: `Your verification code for changing the e-mail of ${user.username} is ${code}. It is valid for 10 minutes.`,
        },
        locale,
      );
    },

    async changeEmail(user: AuthUser, input: { password: string; newEmail: string; code: string }, locale: Locale) {
      await checkPassword(user.uid, input.password, 'passwordWrong');
      const row = await deps.accounts.findCode(PURPOSE.changeEmail, user.uid);
      if (!row || row.email.toLowerCase() !== input.newEmail.toLowerCase()) throw badRequest('emailCodeWrong', 'code');
      await useCode(PURPOSE.changeEmail, user.uid, input.code);
      const owner = await deps.accounts.findByEmail(input.newEmail);
      if (owner && owner.uid !== user.uid) throw badRequest('emailTaken', 'newEmail');
      await deps.accounts.setEmail(user.uid, input.newEmail, now());
      return { code: 200, msg: message('emailChanged', locale), userInfo: await info(user.uid) };
    },

    /** Fields sent are set (an empty text clears); fields left out stay as they are. */
    async changeProfile(user: AuthUser, input: ProfilePatch) {
      const patch: ProfilePatch = {};
      for (const [k, v] of Object.entries(input) as [keyof ProfilePatch, string | null | undefined][]) {
        if (v !== undefined) patch[k] = v === '' ? null : v;
      }
      if (Object.keys(patch).length) await deps.accounts.setProfile(user.uid, patch, now());
      return info(user.uid);
    },

    /** The new avatar replaces the old one: its file is removed and its row marked deleted, so changing avatars
     * never piles files up. */
    async uploadAvatar(user: AuthUser, image: UploadedFile) {
      const kind = sniffImage(await readHead(image.path));
      if (!kind) throw badRequest('avatarType', 'image');
      await deps.quota.check(user, image.size);
      const name = await deps.images.saveFile(image.path, kind.ext);
      const url = `/api/public/img/${name}`;
      const replaced = await deps.accounts.setAvatar(
        user.uid,
        { name, contentType: kind.contentType, size: image.size },
        url,
        now(),
      );
      // A file left behind by a failure here has a deleted row: the storage collector removes it.
      await Promise.all(replaced.map((old) => deps.images.remove(old)));
      const u = await me(user.uid);
      return { uid: u.uid, username: u.username, nickname: u.nickname, avatar: url };
    },

    /** A public image: its stored type (sniffed at upload), never a type guessed from the request. A name of
     * another shape is not looked up at all; a deleted image is gone. */
    async publicImage(name: string) {
      if (!isImageName(name)) throw notFound();
      const file = await deps.accounts.fileByName(name);
      const body = file && file.deleted === 0 ? deps.images.open(name) : null;
      if (!file || !body) throw notFound();
      return { body, contentType: file.contentType };
    },

    /** Mails a reset link (username and code prefilled) to the account's address; one per 90 s. */
    async applyResetPassword(input: { username?: string; email?: string }, locale: Locale) {
      const found = input.username
        ? await deps.users.findByUsername(input.username)
        : input.email
          ? await deps.accounts.findByEmail(input.email)
          : undefined;
      if (!found || found.status !== 0) throw badRequest('usernameNotExist', 'username');
      const user = await me(found.uid);
      if (!user.email) throw badRequest('userHasNoEmail', 'username');
      const code = crypto.randomBytes(16).toString('base64url').slice(0, 21);
      const site = await deps.site.websiteConfig();
      const link = `${site.baseUrl.replace(/\/$/, '')}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
      return issueCode(
        PURPOSE.reset,
        user.uid,
        user.email,
        code,
        RESET_RESEND_MS,
        {
          subject: `${site.shortName}: reset your password`,
          text: `Someone asked to reset the password of ${user.username}. Open this link within 10 minutes to choose a new one:\n${link}\n\nCode: ${code}\nIf it was not you, ignore this mail.`,
        },
        locale,
      );
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(input: { username: string; password: string; code: string }) {
      const user = await deps.users.findByUsername(input.username);
      if (!user || user.status !== 0) throw badRequest('usernameNotExist', 'username');
      await useCode(PURPOSE.reset, user.uid, input.code);
      await deps.accounts.setPassword(user.uid, await hashPassword(input.password), now());
      await deps.sessions.revokeAll(user.uid);
      return null;
    },
  };
};
export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
