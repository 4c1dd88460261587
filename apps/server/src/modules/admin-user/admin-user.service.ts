import crypto from 'node:crypto';
import { type AdminUser, type adminUser as contract, type Page, ROLE_IDS, roleById } from '@oj/shared';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { generatePassword, hashPassword } from '../../lib/password.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { SessionService } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import type { AdminUserRepository, AdminUserRow, UserPatch } from './admin-user.repository.js';
import type { GeneratedListStore } from './generated-list.store.js';

type EditInput = z.output<(typeof contract.editUser)['input']>;
type GenerateInput = z.output<(typeof contract.generateUser)['input']>;

/** Plain passwords of generated accounts are kept for one download within this time. */
const DOWNLOAD_TTL_MS = 30 * 60 * 1000;

const rowSchema = z.object({
  username: z
    .string()
    .min(1, { error: 'Username_Check_Required' })
    .max(20, { error: 'Username_Check_Max' })
    .regex(/^\S+$/, { error: 'fieldInvalid' }),
  password: z.string().min(6, { error: 'Password_Check_Between' }).max(20, { error: 'Password_Check_Between' }),
  email: z.union([z.literal(''), z.email({ error: 'fieldInvalid' })]),
  realname: z.string().max(50, { error: 'fieldInvalid' }),
  gender: z.string(),
  nickname: z.string().max(50, { error: 'fieldInvalid' }),
  school: z.string().max(100, { error: 'fieldInvalid' }),
});
const ROW_FIELDS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;

/** HOJ's batch rows spell the gender male/0 or female/1; anything else is left unsaid. */
const genderOf = (g: string) => {
  const v = g.trim().toLowerCase();
  if (v === 'male' || v === '0' || v === '男') return 'male';
  if (v === 'female' || v === '1' || v === '女') return 'female';
  return 'secrecy';
};

const newUid = () => crypto.randomUUID().replaceAll('-', '');
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

export const createAdminUserService = (deps: {
  repo: AdminUserRepository;
  sessions: SessionService;
  audit: AuditService;
  /** Role and ban changes are told to the user (Mine). */
  messages: Pick<MessageService, 'tell'>;
  /** Generated lists until their download (shared by every server instance). */
  generatedLists: GeneratedListStore;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  const toAdminUser = (u: AdminUserRow, roles: AdminUser['roles']): AdminUser => ({
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    realname: u.realname,
    email: u.email,
    school: u.school,
    number: u.number,
    gender: u.gender,
    titleName: u.titleName,
    titleColor: u.titleColor,
    status: u.status,
    regState: u.regState === 'pending' || u.regState === 'refused' ? u.regState : null,
    gmtCreate: u.gmtCreate.toISOString(),
    gmtModified: u.gmtModified.toISOString(),
    roles,
  });

  return {
    async list(q: { currentPage: number; limit: number; keyword?: string; onlyAdmin?: boolean }) {
      const { total, rows } = await deps.repo.page(q, (q.currentPage - 1) * q.limit, q.limit);
      const roles = await deps.repo.rolesOf(rows.map((r) => r.uid));
      const page: Page<AdminUser> = {
        records: rows.map((u) =>
          toAdminUser(
            u,
            roles.filter((r) => r.uid === u.uid).map((r) => ({ id: r.id, role: r.role, description: r.description })),
          ),
        ),
        total,
        size: q.limit,
        current: q.currentPage,
      };
      return page;
    },

    /** One edit may change several things; each kind of change gets its own audit entry. */
    async edit(actor: Actor, input: EditInput) {
      const user = await deps.repo.findByUid(input.uid);
      if (!user) throw notFound();
      const [current] = (await deps.repo.rolesOf([user.uid])).map((r) => r.id);
      const self = actor.uid === user.uid;
      const roleChange = input.type !== undefined && input.type !== current ? input.type : undefined;
      const statusChange = input.status !== undefined && input.status !== user.status ? input.status : undefined;
      // Root could lock itself out of the admin area for good.
      if (self && (roleChange !== undefined || statusChange !== undefined)) throw badRequest('cannotChangeSelf');

      const patch: UserPatch = {};
      if (input.username !== undefined && input.username !== user.username) {
        if (await deps.repo.usernameTakenByOther(input.username, user.uid)) {
          throw badRequest('usernameTaken', 'username', { username: input.username });
        }
        patch.username = input.username;
      }
      if (input.realname !== undefined) patch.realname = input.realname || null;
      if (input.email !== undefined) {
        const email = input.email || null;
        if (email && (await deps.repo.emailTakenByOther(email, user.uid))) throw badRequest('emailTaken', 'email');
        patch.email = email;
      }
      if (input.titleName !== undefined) patch.titleName = input.titleName || null;
      if (input.titleColor !== undefined) patch.titleColor = input.titleColor || null;
      if (statusChange !== undefined) patch.status = statusChange;
      if (input.setNewPwd && input.password) patch.passwordHash = await hashPassword(input.password);

      await deps.repo.update(user.uid, patch, roleChange, now());
      const target = { type: 'user', id: user.uid };
      if (patch.passwordHash || statusChange === 1) await deps.sessions.revokeAll(user.uid);
      else deps.sessions.forgetUser(user.uid);
      // The user hears of it under Mine (a banned user reads it once the ban is lifted).
      const roleName = roleChange !== undefined ? roleById(roleChange)?.name : undefined;
      if (roleName) {
        await deps.messages.tell({
          recipientUid: user.uid,
          title: 'mineRoleChangedTitle',
          content: 'mineRoleChanged',
          vars: { role: `role_${roleName}` },
        });
      }
      if (statusChange !== undefined) {
        await deps.messages.tell({
          recipientUid: user.uid,
          title: statusChange === 1 ? 'mineBannedTitle' : 'mineUnbannedTitle',
          content: statusChange === 1 ? 'mineBanned' : 'mineUnbanned',
        });
      }
      if (roleChange !== undefined) {
        await deps.audit.record(actor, 'userRole', target, {
          username: user.username,
          from: roleById(current ?? 0)?.name ?? null,
          to: roleById(roleChange)?.name ?? null,
        });
      }
      if (statusChange !== undefined) {
        await deps.audit.record(actor, 'userStatus', target, {
          username: user.username,
          from: user.status,
          to: statusChange,
        });
      }
      if (patch.passwordHash) await deps.audit.record(actor, 'userPassword', target, { username: user.username });
      const other = (['username', 'realname', 'email', 'titleName', 'titleColor'] as const).filter(
        (k) => k in patch && patch[k] !== user[k],
      );
      if (other.length) {
        await deps.audit.record(actor, 'userEdit', target, {
          username: user.username,
          changed: Object.fromEntries(other.map((k) => [k, { from: user[k], to: patch[k] }])),
        });
      }
      return null;
    },

    async remove(actor: Actor, uids: string[]) {
      if (uids.includes(actor.uid)) throw badRequest('cannotChangeSelf', 'ids');
      const deleted = await deps.repo.remove([...new Set(uids)], actor.uid);
      for (const uid of uids) deps.sessions.forgetUser(uid);
      if (deleted)
        await deps.audit.record(actor, 'userDelete', { type: 'user', id: uids.join(',') }, { count: deleted });
      return { deleted };
    },

    async signOut(actor: Actor, uid: string) {
      const user = await deps.repo.findByUid(uid);
      if (!user) throw notFound();
      await deps.sessions.revokeAll(uid);
      await deps.audit.record(actor, 'userSignOut', { type: 'user', id: uid }, { username: user.username });
      return null;
    },

    /** Every row is checked on its own; good rows are created, bad ones reported with the reason. */
    async importRows(actor: Actor, rows: string[][], locale: (key: string, vars?: Record<string, string>) => string) {
      const failed: { row: number; username: string; reason: string }[] = [];
      const parsed: { row: number; data: z.output<typeof rowSchema> }[] = [];
      const seen = new Set<string>();
      const seenEmail = new Set<string>();
      rows.forEach((cells, i) => {
        const row = i + 1;
        const raw = Object.fromEntries(ROW_FIELDS.map((f, k) => [f, (cells[k] ?? '').trim()]));
        const r = rowSchema.safeParse(raw);
        if (!r.success) {
          const issue = r.error.issues[0];
          failed.push({
            row,
            username: raw.username,
            reason: locale(issue.message, { field: String(issue.path[0]), rule: issue.message }),
          });
          return;
        }
        const key = r.data.username.toLowerCase();
        if (seen.has(key)) {
          failed.push({ row, username: raw.username, reason: locale('usernameTaken', { username: raw.username }) });
          return;
        }
        if (r.data.email && seenEmail.has(r.data.email.toLowerCase())) {
          failed.push({ row, username: raw.username, reason: locale('emailTaken') });
          return;
        }
        seen.add(key);
        if (r.data.email) seenEmail.add(r.data.email.toLowerCase());
        parsed.push({ row, data: r.data });
      });
      const taken = await deps.repo.existingUsernames(parsed.map((p) => p.data.username));
      const fresh = [];
      for (const p of parsed) {
        if (taken.has(p.data.username.toLowerCase())) {
          failed.push({
            row: p.row,
            username: p.data.username,
            reason: locale('usernameTaken', { username: p.data.username }),
          });
        } else if (p.data.email && (await deps.repo.emailTakenByOther(p.data.email, ''))) {
          failed.push({ row: p.row, username: p.data.username, reason: locale('emailTaken') });
        } else fresh.push(p);
      }
      // scrypt runs on libuv's thread pool: hashing concurrently uses every worker thread.
      const hashes = await Promise.all(fresh.map((p) => hashPassword(p.data.password)));
      await deps.repo.createMany(
        fresh.map((p, i) => ({
          uid: newUid(),
          username: p.data.username,
          passwordHash: hashes[i],
          email: p.data.email || null,
          realname: p.data.realname || null,
          gender: genderOf(p.data.gender),
          nickname: p.data.nickname || null,
          school: p.data.school || null,
        })),
        ROLE_IDS.user,
      );
      failed.sort((a, b) => a.row - b.row);
      if (fresh.length) {
        await deps.audit.record(
          actor,
          'userImport',
          { type: 'user', id: 'batch' },
          {
            created: fresh.length,
            failed: failed.length,
          },
        );
      }
      return { created: fresh.length, failed };
    },

    /** Creates the accounts and keeps their plain passwords in memory for one download; the database only ever
     * holds the hashes. */
    async generate(actor: Actor, input: GenerateInput) {
      const names: string[] = [];
      for (let n = input.number_from; n <= input.number_to; n += 1) names.push(`${input.prefix}${n}${input.suffix}`);
      const taken = await deps.repo.existingUsernames(names);
      const fresh = names.filter((n) => !taken.has(n.toLowerCase()));
      const accounts = fresh.map((username) => ({ username, password: generatePassword(input.password_length) }));
      const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
      await deps.repo.createMany(
        accounts.map((a, i) => ({ uid: newUid(), username: a.username, passwordHash: hashes[i] })),
        ROLE_IDS.user,
      );
      const at = now().getTime();
      const key = crypto.randomBytes(24).toString('base64url');
      const csv = `\uFEFFusername,password\r\n${accounts.map((a) => `${csvCell(a.username)},${csvCell(a.password)}`).join('\r\n')}\r\n`;
      deps.generatedLists.put(key, csv, at + DOWNLOAD_TTL_MS);
      await deps.audit.record(
        actor,
        'userGenerate',
        { type: 'user', id: 'batch' },
        {
          from: names[0],
          to: names.at(-1),
          created: accounts.length,
          skipped: names.length - accounts.length,
        },
      );
      return { key, created: accounts.length, skipped: names.filter((n) => taken.has(n.toLowerCase())) };
    },

    /** The one download of a generated list: the entry is gone after it. */
    download(key: string): BinaryAnswer {
      const csv = deps.generatedLists.take(key);
      if (csv === null) throw new AppError(400, 'downloadExpired');
      return { body: Buffer.from(csv, 'utf8'), contentType: 'text/csv; charset=utf-8', filename: 'users.csv' };
    },
  };
};
export type AdminUserService = ReturnType<typeof createAdminUserService>;
