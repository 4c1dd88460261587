import path from 'node:path';
import {
  type adminAnnouncement,
  adminConfig,
  type DbAndRedisConfig,
  type EmailConfig,
  type SwitchConfig,
  type UploadedFile,
} from '@oj/shared';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { RemoteAccountStore } from '../remote-judge/remote-account-store.js';
import type { SiteService } from '../site/site.service.js';
import type { UploadQuotaService } from '../upload/upload-quota.service.js';
import { readHead } from '../upload/uploaded-file.js';
import { type ImageStore, sniffImage } from '../user/avatar.store.js';
import type { AdminSiteRepository } from './admin-site.repository.js';

type WebConfigInput = z.output<(typeof adminConfig.setWebConfig)['input']>;
type EmailInput = z.output<(typeof adminConfig.setEmailConfig)['input']>;
type SwitchInput = z.output<(typeof adminConfig.updateSwitchConfig)['input']>;
type AnnouncementInput = z.output<(typeof adminAnnouncement.createAnnouncement)['input']>;

/** Only the keys whose value changes, as {from, to}, for the audit log. */
const diff = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(after)
      .filter(([k, v]) => v !== undefined && before[k] !== v)
      .map(([k, v]) => [k, { from: before[k] ?? null, to: v }]),
  );

/** Website configuration, mail settings, switches, carousel and site announcements: root's settings pages. */
export const createAdminSiteService = (deps: {
  repo: AdminSiteRepository;
  site: SiteService;
  mail: MailService;
  images: ImageStore;
  quota: UploadQuotaService;
  audit: AuditService;
  remoteAccounts: RemoteAccountStore;
  /** The server's data directory, where the embedded database lives. */
  dataDir: string;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const prefixes = Object.entries(adminConfig.REMOTE_ACCOUNT_LISTS) as [adminConfig.RemoteAccountListPrefix, string][];

  /** The account lists of an update, checked whole before anything is stored (400 names the site). */
  const accountPools = async (input: SwitchInput) => {
    const pools: Record<string, { username: string; password: string }[]> = {};
    for (const [prefix, oj] of prefixes) {
      const names = input[`${prefix}UsernameList`];
      const passwords = input[`${prefix}PasswordList`];
      if (names === undefined && passwords === undefined) continue;
      const site = oj === 'AC' ? 'AtCoder' : oj;
      if ((names ?? []).length !== (passwords ?? []).length)
        throw badRequest('remoteAccountListsMismatch', `${prefix}PasswordList`, { site });
      const list = names ?? [];
      if (list.some((n) => n === '') || new Set(list).size !== list.length)
        throw badRequest('remoteAccountUsernameInvalid', `${prefix}UsernameList`, { site });
      const accounts = list.map((username, i) => ({ username, password: (passwords ?? [])[i] ?? '' }));
      for (const a of accounts)
        if (!a.password && !(await deps.remoteAccounts.has(oj, a.username)))
          throw badRequest('remoteAccountPasswordRequired', `${prefix}PasswordList`, { site, username: a.username });
      pools[oj] = accounts;
    }
    return pools;
  };

  return {
    /** HOJ's WebConfigDTO shape: strings but `register` (decision 0018); the switches are on the switch page. */
    async webConfig(): Promise<adminConfig.AdminWebConfig> {
      // The notice time of a waiting submission is the server's configuration (decision 0036), not this page's.
      const { openPublicDiscussion, openGroupDiscussion, openContestComment, judgeWaitNoticeSeconds, ...web } =
        await deps.site.websiteConfig();
      return web;
    },

    /** The discussion and comment flags are switches; the rest is the web configuration. */
    async setWebConfig(actor: Actor, input: WebConfigInput) {
      const before = await deps.site.websiteConfig();
      const { openPublicDiscussion, openGroupDiscussion, openContestComment, ...web } = input;
      const defined = <T extends object>(o: T) =>
        Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
      await deps.site.updateWebsiteConfig(defined(web));
      const switches = defined({ openPublicDiscussion, openGroupDiscussion, openContestComment });
      if (Object.keys(switches).length) await deps.site.updateSwitches(switches);
      const changed = diff(before, input);
      if (Object.keys(changed).length)
        await deps.audit.record(actor, 'webConfig', { type: 'config', id: 'web' }, changed);
      return null;
    },

    /** HOJ's database and Redis settings, read from the connection itself; no password is ever sent. */
    async dbAndRedisConfig(): Promise<DbAndRedisConfig> {
      const db = await deps.repo.databaseIdentity();
      const embedded = db.version.includes('PGlite');
      return {
        dbKind: embedded ? 'pglite' : 'postgres',
        // The embedded database has no host: its files are the data directory's pgdata.
        dbName: embedded ? path.join(deps.dataDir, 'pgdata') : db.name,
        dbHost: embedded ? '' : (db.host ?? 'localhost'),
        dbPort: embedded ? null : (db.port ?? null),
        dbUsername: db.username,
        dbPassword: '',
        redisHost: '',
        redisPort: null,
        redisPassword: '',
      };
    },

    /** HOJ's form would change the database here; the server's environment sets it. */
    setDbAndRedisConfig(): never {
      throw badRequest('databaseFromEnvironment');
    },

    async emailConfig(): Promise<EmailConfig> {
      const s = await deps.mail.settings();
      return {
        emailHost: s?.host ?? '',
        emailPort: s?.port ?? 465,
        emailUsername: s?.user ?? '',
        emailPassword: '',
        emailSsl: s?.ssl ?? (s ? s.port === 465 : true),
        emailBGImg: s?.bgImg ?? '',
        emailFrom: s?.from ?? '',
        hasPassword: !!s?.pass,
      };
    },

    async setEmailConfig(actor: Actor, input: EmailInput) {
      const before = await deps.mail.settings();
      // An empty password keeps the stored one: the form never receives it.
      const pass = input.emailPassword ? input.emailPassword : (before?.pass ?? '');
      await deps.mail.setSettings({
        host: input.emailHost,
        port: input.emailPort,
        user: input.emailUsername,
        pass,
        from: input.emailFrom ?? before?.from ?? '',
        ssl: input.emailSsl ?? input.emailPort === 465,
        bgImg: input.emailBGImg ?? before?.bgImg ?? '',
      });
      await deps.audit.record(
        actor,
        'emailConfig',
        { type: 'config', id: 'smtp' },
        {
          host: input.emailHost,
          port: input.emailPort,
          user: input.emailUsername,
          passwordChanged: !!input.emailPassword,
        },
      );
      return null;
    },

    async testEmail(to: string) {
      if (!(await deps.mail.settings())) throw badRequest('smtpNotConfigured');
      try {
        await deps.mail.send({
          to,
          subject: 'Test e-mail / 测试邮件',
          text: 'The mail settings of the online judge work. / 在线评测系统的邮件设置可用。',
        });
      } catch {
        throw new AppError(400, 'emailSendFailed');
      }
      return null;
    },

    /** The switches and the account pools' usernames; a stored password is never sent: each password list holds
     * an empty string per username (decision 0026). */
    async switches(): Promise<SwitchConfig> {
      const s = await deps.site.switches();
      const names = await deps.remoteAccounts.usernames();
      const lists = Object.fromEntries(
        prefixes.flatMap(([prefix, oj]) => [
          [`${prefix}UsernameList`, names[oj] ?? []],
          [`${prefix}PasswordList`, (names[oj] ?? []).map(() => '')],
        ]),
      ) as Pick<SwitchConfig, `${adminConfig.RemoteAccountListPrefix}${'Username' | 'Password'}List`>;
      return { ...s, ...lists };
    },

    /** Switches and account pools: every list checked before anything changes; the audit names the accounts
     * added, removed or given a new password, never a password. */
    async updateSwitches(actor: Actor, input: SwitchInput) {
      const pools = await accountPools(input);
      const before = await deps.site.switches();
      const patch = Object.fromEntries(
        Object.entries(input).filter(
          ([k, v]) => v !== undefined && !k.endsWith('UsernameList') && !k.endsWith('PasswordList'),
        ),
      );
      if (Object.keys(patch).length) await deps.site.updateSwitches(patch);
      const changed: Record<string, unknown> = diff(before as unknown as Record<string, unknown>, patch);
      const accounts = Object.keys(pools).length ? await deps.remoteAccounts.replacePools(pools) : {};
      if (Object.keys(accounts).length) changed.remoteJudgeAccounts = accounts;
      if (Object.keys(changed).length) {
        await deps.audit.record(actor, 'switchConfig', { type: 'config', id: 'switch' }, changed);
      }
      return null;
    },

    /** Images only, recognised by their bytes: an SVG or an HTML page renamed .png is refused. */
    async uploadCarousel(actor: Actor, file: UploadedFile) {
      const kind = sniffImage(await readHead(file.path));
      if (!kind) throw badRequest('imageTypeNotSupported', 'file');
      // Root only today (and root is exempt), but the carousel counts like every other upload.
      await deps.quota.check({ uid: actor.uid }, file.size);
      const name = await deps.images.saveFile(file.path, kind.ext);
      const url = `/api/public/img/${name}`;
      const row = await deps.repo.addCarousel(
        { uid: actor.uid, name, contentType: kind.contentType, size: file.size },
        url,
      );
      await deps.audit.record(actor, 'carousel', { type: 'carousel', id: row.id }, { added: url });
      return { id: row.id, url };
    },

    async deleteCarousel(actor: Actor, id: number) {
      const row = await deps.repo.deleteCarousel(id);
      if (!row) throw notFound();
      await deps.images.remove(row.url.split('/').pop() ?? '');
      await deps.audit.record(actor, 'carousel', { type: 'carousel', id }, { removed: row.url });
      return null;
    },

    /** Hidden ones included: the admin list shows everything the home page may show. */
    announcements: (currentPage: number, limit: number) => deps.site.announcements(currentPage, limit, true),
    async createAnnouncement(actor: Actor, a: AnnouncementInput) {
      await deps.repo.insertAnnouncement({ title: a.title, content: a.content, status: a.status, uid: actor.uid });
      return null;
    },
    async updateAnnouncement(a: AnnouncementInput & { id: number }) {
      const ok = await deps.repo.updateAnnouncement(a.id, {
        title: a.title,
        content: a.content,
        status: a.status,
        gmtModified: now(),
      });
      if (!ok) throw notFound();
      return null;
    },
    async deleteAnnouncement(id: number) {
      if (!(await deps.repo.deleteAnnouncement(id))) throw notFound();
      return null;
    },
  };
};
export type AdminSiteService = ReturnType<typeof createAdminSiteService>;
