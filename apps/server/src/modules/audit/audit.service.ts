import type { AuditAction, AuditEntry, Page } from '@oj/shared';
import { badRequest } from '../../http/app-error.js';
import type { AuditFilter, AuditRepository } from './audit.repository.js';

/** Who acts: the admin's account and address, as the routes know them. */
export interface Actor {
  uid: string;
  username: string;
  ip: string;
}

const dateOf = (v: string | undefined, field: string) => {
  if (!v) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest('fieldInvalid', field, { field, rule: 'ISO-8601 date' });
  return d;
};

/** The audit log: who changed what. Details hold what changed, never a password. */
export const createAuditService = (deps: { repo: AuditRepository; now?: () => Date }) => ({
  async record(
    actor: Actor,
    action: AuditAction,
    target: { type: string; id: string | number },
    detail: Record<string, unknown> = {},
  ) {
    await deps.repo.insert({
      uid: actor.uid,
      username: actor.username,
      action,
      targetType: target.type,
      targetId: String(target.id),
      detail,
      ip: actor.ip,
      gmtCreate: deps.now?.() ?? new Date(),
    });
  },

  async list(
    q: { currentPage: number; limit: number } & Omit<AuditFilter, 'from' | 'to'> & { from?: string; to?: string },
  ): Promise<Page<AuditEntry>> {
    const filter: AuditFilter = {
      action: q.action,
      username: q.username,
      targetId: q.targetId,
      from: dateOf(q.from, 'from'),
      to: dateOf(q.to, 'to'),
    };
    const { total, rows } = await deps.repo.page(filter, (q.currentPage - 1) * q.limit, q.limit);
    return {
      records: rows.map((r) => ({
        id: r.id,
        action: r.action as AuditAction,
        uid: r.uid,
        username: r.username,
        targetType: r.targetType,
        targetId: r.targetId,
        detail: r.detail,
        ip: r.ip,
        gmtCreate: r.gmtCreate.toISOString(),
      })),
      total,
      size: q.limit,
      current: q.currentPage,
    };
  },
});
export type AuditService = ReturnType<typeof createAuditService>;
