import type { AdminNotice, notice as contract, NoticeType, Page } from '@oj/shared';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/app-error.js';
import type { AdminUserQueries } from '../admin-user/admin-user-queries.js';
import type { Actor } from '../audit/audit.service.js';
import type { NoticeRepository } from './notice.repository.js';

type NoticeInput = z.output<(typeof contract.createNotice)['input']>;

/** System notices (HOJ's msg/AdminNoticeController). Recipients are kept as uids; the future message
 * centre reads "All" and "Admin" notices by type, "Single" ones by recipient. */
export const createNoticeService = (deps: { repo: NoticeRepository; users: AdminUserQueries; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());

  const recipientsOf = async (n: NoticeInput): Promise<string[]> => {
    if (n.type !== 'Single') return [];
    const names = [...new Set((n.recipients ?? []).map((r) => r.toLowerCase()))];
    const found = await deps.users.findUidsByUsernames(names);
    const missing = names.find((name) => !found.some((f) => f.username.toLowerCase() === name));
    if (missing) throw badRequest('noticeRecipientUnknown', 'recipients', { username: missing });
    const uids = found.map((f) => f.uid);
    if (n.recipientId) {
      if (!(await deps.users.findByUid(n.recipientId))) throw badRequest('noticeRecipientUnknown', 'recipientId');
      uids.push(n.recipientId);
    }
    return [...new Set(uids)];
  };

  return {
    async list(q: { currentPage: number; limit: number; type?: string }): Promise<Page<AdminNotice>> {
      const { total, rows } = await deps.repo.page(q.type, (q.currentPage - 1) * q.limit, q.limit);
      const names = await deps.repo.usernamesOf([...new Set(rows.flatMap((r) => r.notice.recipientUids))]);
      return {
        records: rows.map(({ notice: n, adminUsername }) => ({
          id: n.id,
          title: n.title,
          content: n.content,
          type: n.type as NoticeType,
          state: n.state === 1,
          adminUsername: adminUsername ?? '',
          recipients: n.recipientUids.map((uid) => names.get(uid)).filter((x): x is string => !!x),
          gmtCreate: n.gmtCreate.toISOString(),
          gmtModified: n.gmtModified.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },
    async create(actor: Actor, n: NoticeInput) {
      await deps.repo.insert({
        title: n.title,
        content: n.content,
        type: n.type,
        recipientUids: await recipientsOf(n),
        adminUid: actor.uid,
        gmtCreate: now(),
        gmtModified: now(),
      });
      return null;
    },
    async update(n: NoticeInput & { id: number }) {
      const ok = await deps.repo.update(n.id, {
        title: n.title,
        content: n.content,
        type: n.type,
        recipientUids: await recipientsOf(n),
        gmtModified: now(),
      });
      if (!ok) throw notFound();
      return null;
    },
    async remove(id: number) {
      if (!(await deps.repo.remove(id))) throw notFound();
      return null;
    },
  };
};
export type NoticeService = ReturnType<typeof createNoticeService>;
