import {
  acRate,
  type Group,
  type GroupAnnouncement,
  type GroupRankRow,
  group as g,
  isAdminRole,
  isRoot,
  type Locale,
  type Page,
  type UploadedFile,
} from '@oj/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { countCache } from '../../lib/count-cache.js';
import { startOfDay } from '../../lib/start-of-day.js';
import { type Cell, writeXlsx, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import { acceptedProblems } from '../rank/rank-queries.js';
import type { SiteService } from '../site/site.service.js';
import type { UploadQuotaService } from '../upload/upload-quota.service.js';
import { readHead } from '../upload/uploaded-file.js';
import { type ImageStore, sniffImage } from '../user/avatar.store.js';
import type { GroupListFilter, GroupRepository, GroupRow, TakenField } from './group.repository.js';
import type { GroupPolicy } from './group-policy.js';

const { GROUP_AUTH, isGroupRoot, seesGroupRealNames } = g;

type GroupFormInput = z.output<typeof g.createGroup.input>;
type GroupUpdateInput = z.output<typeof g.updateGroup.input>;
type ListQuery = z.output<typeof g.getGroupList.input>;
type AnnouncementInput = z.output<typeof g.createAnnouncement.input>;
type AnnouncementUpdate = z.output<typeof g.updateAnnouncement.input>;
type RankQuery = z.output<typeof g.getGroupRankList.input>;

/** The rank download's column titles. */
const RANK_LABELS: Record<
  Locale,
  Record<'rank' | 'username' | 'nickname' | 'realname' | 'ac' | 'total' | 'rating' | 'score', string>
> = {
  'zh-CN': {
    rank: '排名',
    username: '用户名',
    nickname: '昵称',
    realname: '真实姓名',
    ac: '通过',
    total: '提交',
    rating: '通过率(%)',
    score: '总分',
  },
  'en-US': {
    rank: 'Rank',
    username: 'Username',
    nickname: 'Nickname',
    realname: 'Real Name',
    ac: 'AC',
    total: 'Total',
    rating: 'AC rate (%)',
    score: 'Score',
  },
};

/** The group's card: the invitation code only for its root (owner or super admin). */
export const toGroup = (
  row: { group: Omit<GroupRow, 'description'> & { description?: string }; owner: string; memberCount: number },
  withCode: boolean,
): Group => ({
  id: row.group.id,
  name: row.group.name,
  shortName: row.group.shortName,
  brief: row.group.brief,
  description: row.group.description ?? null,
  owner: row.owner,
  uid: row.group.uid,
  auth: row.group.auth,
  code: withCode ? row.group.code : null,
  visible: row.group.visible === 1,
  avatar: row.group.avatar,
  status: row.group.status,
  memberCount: row.memberCount,
  minAcToPost: row.group.minAcToPost,
  gmtCreate: row.group.gmtCreate.toISOString(),
  gmtModified: row.group.gmtModified.toISOString(),
});

/** How long a group list's total may be reused (the records themselves are always read fresh). */
const LIST_TOTAL_MS = 10_000;

const takenError = (field: TakenField) =>
  badRequest(field === 'name' ? 'groupNameTaken' : 'groupShortNameTaken', field);

/** Groups themselves, their announcements and their rank (decision 0022);
 * membership is group-member.service. Every call asks the group policy first. */
export const createGroupService = (deps: {
  db: Db;
  repo: GroupRepository;
  policy: GroupPolicy;
  site: SiteService;
  messages: MessageService;
  images: ImageStore;
  quota: UploadQuotaService;
  now?: () => Date;
}) => {
  const { repo, policy } = deps;
  const now = deps.now ?? (() => new Date());

  /** The list's totals, counted at most every LIST_TOTAL_MS per filter; this server's changes count them again. */
  const listTotals = countCache((f: GroupListFilter) => repo.count(f), LIST_TOTAL_MS);

  const card = async (gid: number, viewer: AuthUser) => {
    const a = await policy.access(gid, viewer);
    return toGroup(a, isGroupRoot(a.role));
  };

  /** Ordinary users create groups as the switches allow: enough accepted problems, at most so many
   * a day and in all. Admin roles are not limited. */
  const checkCreateLimits = async (viewer: AuthUser) => {
    if (isAdminRole(viewer.roles)) return;
    const s = await deps.site.switches();
    if ((await acceptedProblems(deps.db, viewer.uid)) < s.defaultCreateGroupACInitValue) {
      throw new AppError(403, 'groupCreateAcRequired', { count: String(s.defaultCreateGroupACInitValue) });
    }
    const made = await repo.createdBy(viewer.uid, startOfDay(now()));
    // 0 is no limit, as for discussions.
    if (s.defaultCreateGroupDailyLimit > 0 && made.recent >= s.defaultCreateGroupDailyLimit) {
      throw new AppError(429, 'groupCreateDailyLimit', { count: String(s.defaultCreateGroupDailyLimit) });
    }
    if (s.defaultCreateGroupLimit > 0 && made.total >= s.defaultCreateGroupLimit) {
      throw new AppError(403, 'groupCreateLimit', { count: String(s.defaultCreateGroupLimit) });
    }
  };

  const toAnnouncement = (r: Awaited<ReturnType<GroupRepository['announcementPage']>>['rows'][number]) =>
    ({
      id: r.a.id,
      title: r.a.title,
      content: r.a.content,
      uid: r.a.uid,
      username: r.username,
      status: r.a.status,
      gid: r.a.gid ?? 0,
      gmtCreate: r.a.gmtCreate.toISOString(),
      gmtModified: r.a.gmtModified.toISOString(),
    }) satisfies GroupAnnouncement;

  /** A group announcement the caller may change: its author or the group's root, being at least a group admin. */
  const ownAnnouncement = async (id: number, viewer: AuthUser) => {
    const a = await repo.announcement(id);
    if (!a?.gid) throw notFound();
    const access = await policy.require(a.gid, viewer, 'admin');
    if (a.uid !== viewer.uid && !isGroupRoot(access.role)) throw forbidden();
    return a;
  };

  return {
    /** Membership changed: the list totals that depend on it are counted again. */
    listChanged: () => listTotals.clear(),

    async list(q: ListQuery, viewer: AuthUser | undefined): Promise<Page<Group>> {
      if (q.onlyMine && !viewer) return { records: [], total: 0, size: q.limit, current: q.currentPage };
      const superAdmin = !!viewer && isRoot(viewer.roles);
      const filter = {
        // The super admin's whole list is the same for every super admin.
        uid: superAdmin && !q.onlyMine ? undefined : viewer?.uid,
        superAdmin,
        onlyMine: !!q.onlyMine,
        keyword: q.keyword,
        auth: q.auth,
      };
      const [rows, total] = await Promise.all([
        repo.page(filter, (q.currentPage - 1) * q.limit, q.limit),
        listTotals.of(filter),
      ]);
      return {
        records: rows.map((r) => toGroup(r, false)),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    detail: card,

    async access(gid: number, viewer: AuthUser) {
      const a = await policy.access(gid, viewer);
      return { access: g.isGroupMember(a.role) };
    },

    /** The caller's level; the owner is 5 whatever their row says. */
    async auth(gid: number, viewer: AuthUser) {
      const a = await policy.access(gid, viewer);
      return a.group.uid === viewer.uid ? g.MEMBER_LEVEL.ROOT : a.level;
    },

    async create(form: GroupFormInput, viewer: AuthUser) {
      await checkCreateLimits(viewer);
      const made = await repo.create({
        name: form.name,
        shortName: form.shortName,
        brief: form.brief,
        description: form.description,
        uid: viewer.uid,
        auth: form.auth,
        code: form.auth === GROUP_AUTH.PUBLIC ? null : (form.code ?? null),
        visible: form.visible ? 1 : 0,
        minAcToPost: form.minAcToPost ?? null,
      });
      if ('taken' in made) throw takenError(made.taken);
      listTotals.clear();
      return card(made.id, viewer);
    },

    /** The owner or the super admin; only the super admin bans (status). */
    async update(form: GroupUpdateInput, viewer: AuthUser) {
      const access = await policy.require(form.id, viewer, 'root');
      const failed = await repo.update(form.id, {
        name: form.name,
        shortName: form.shortName,
        brief: form.brief,
        description: form.description,
        auth: form.auth,
        code: form.auth === GROUP_AUTH.PUBLIC ? null : (form.code ?? null),
        visible: form.visible ? 1 : 0,
        // Absent keeps the group's threshold (a client that does not know the field), null gives it back to the site.
        ...(form.minAcToPost !== undefined ? { minAcToPost: form.minAcToPost } : {}),
        ...(access.role === 'super' && form.status !== undefined ? { status: form.status } : {}),
        gmtModified: now(),
      });
      if (failed) throw takenError(failed.taken);
      listTotals.clear();
      return card(form.id, viewer);
    },

    /** Disband: the owner or the super admin. Members are told. */
    async remove(gid: number, viewer: AuthUser) {
      const access = await policy.require(gid, viewer, 'root');
      const members = await repo.remove(gid);
      if (!members) throw notFound();
      listTotals.clear();
      if (access.group.avatarFile) await deps.images.remove(access.group.avatarFile);
      await deps.messages.tell({
        recipientUid: members.filter((uid) => uid !== viewer.uid),
        title: 'mineGroupDisbandedTitle',
        content: 'mineGroupDisbanded',
        vars: { group: access.group.name },
      });
      return null;
    },

    /** The group's avatar, an image by its bytes (gif, jpeg, png, bmp, webp; 2 MB by the upload cap): its root. */
    async uploadAvatar(gid: number, image: UploadedFile, viewer: AuthUser) {
      await policy.require(gid, viewer, 'root');
      const kind = sniffImage(await readHead(image.path));
      if (!kind) throw badRequest('avatarType', 'image');
      await deps.quota.check(viewer, image.size);
      const name = await deps.images.saveFile(image.path, kind.ext);
      const replaced = await repo.setAvatar(
        gid,
        { uid: viewer.uid, name, contentType: kind.contentType, size: image.size },
        `/api/public/img/${name}`,
      );
      if (replaced) await deps.images.remove(replaced);
      return card(gid, viewer);
    },

    // ---- announcements --------------------------------------------------------------------------------------

    async announcements(q: { gid: number; currentPage: number; limit: number }, viewer: AuthUser, all: boolean) {
      await policy.require(q.gid, viewer, all ? 'admin' : 'member');
      const { rows, total } = await repo.announcementPage(q.gid, all, (q.currentPage - 1) * q.limit, q.limit);
      return { records: rows.map(toAnnouncement), total, size: q.limit, current: q.currentPage };
    },

    async createAnnouncement(b: AnnouncementInput, viewer: AuthUser) {
      await policy.require(b.gid, viewer, 'admin');
      await repo.insertAnnouncement({
        gid: b.gid,
        title: b.title,
        content: b.content,
        status: b.status,
        uid: viewer.uid,
      });
      return null;
    },

    async updateAnnouncement(b: AnnouncementUpdate, viewer: AuthUser) {
      await ownAnnouncement(b.id, viewer);
      await repo.updateAnnouncement(b.id, { title: b.title, content: b.content, status: b.status, gmtModified: now() });
      return null;
    },

    async deleteAnnouncement(id: number, viewer: AuthUser) {
      await ownAnnouncement(id, viewer);
      await repo.deleteAnnouncement(id);
      return null;
    },

    // ---- rank -----------------------------------------------------------------------------------------------

    /** The members' rank (decision 0041): real names only for those `seesGroupRealNames` lets see them. */
    async rank(q: RankQuery, viewer: AuthUser): Promise<Page<GroupRankRow>> {
      const a = await policy.require(q.gid, viewer, 'member');
      const realnames = seesGroupRealNames(a.role, viewer.roles);
      const { rows, total } = await repo.rank(
        q.gid,
        { oi: q.type === 1, searchUser: q.searchUser },
        { offset: (q.currentPage - 1) * q.limit, limit: q.limit },
      );
      return {
        records: rows.map((r) => ({
          uid: r.uid,
          username: r.username,
          nickname: r.nickname,
          realname: realnames ? r.realname : null,
          signature: r.signature ? r.signature.slice(0, 100) : null,
          avatar: r.avatar,
          titleName: r.titleName,
          titleColor: r.titleColor,
          ac: r.ac,
          total: r.total,
          score: r.score,
          acRate: acRate(r.ac, r.total),
        })),
        total: total ?? rows.length,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** The whole rank as an xlsx workbook, for whoever may read the rank; the real-name column as `rank`. */
    async rankFile(q: { gid: number; type: 0 | 1 }, viewer: AuthUser, locale: Locale): Promise<BinaryAnswer> {
      const a = await policy.require(q.gid, viewer, 'member');
      const realnames = seesGroupRealNames(a.role, viewer.roles);
      const oi = q.type === 1;
      const { rows } = await repo.rank(q.gid, { oi });
      const L = RANK_LABELS[locale];
      const header: Cell[] = [
        L.rank,
        L.username,
        L.nickname,
        ...(realnames ? [L.realname] : []),
        L.ac,
        L.total,
        oi ? L.score : L.rating,
      ];
      const body = rows.map((r, i): Cell[] => [
        i + 1,
        r.username,
        r.nickname ?? null,
        ...(realnames ? [r.realname ?? null] : []),
        r.ac,
        r.total,
        oi ? r.score : acRate(r.ac, r.total),
      ]);
      const name = `group_${q.gid}_${oi ? 'oi' : 'acm'}_rank`;
      const bytes = await writeXlsx([
        { name, header: true, rows: [header, ...body], widths: [6, 20, 20, ...(realnames ? [14] : []), 8, 8, 12] },
      ]);
      return { body: bytes, contentType: XLSX_CONTENT_TYPE, filename: `${name}.xlsx` };
    },
  };
};
export type GroupService = ReturnType<typeof createGroupService>;
