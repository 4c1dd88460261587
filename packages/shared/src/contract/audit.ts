import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qDate, qStr } from '../api.js';

/** The audit log: who did what to which object, read by root. Not in HOJ. */
export const AUDIT_ACTIONS = [
  'rejudge',
  'manualJudge',
  'cancelJudge',
  'userRole',
  'userPassword',
  'userStatus',
  'userEdit',
  'userDelete',
  'userSignOut',
  'userImport',
  'userGenerate',
  'webConfig',
  'emailConfig',
  'switchConfig',
  'carousel',
  'judgeHeader',
  'plagiarismDecision',
  'plagiarismWatch',
  'homeworkExtension',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  uid: z.string().nullable(),
  username: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What changed, e.g. {from, to}; never a password. */
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  gmtCreate: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const getAuditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: 'root',
  input: z.object({
    ...pageQuery(20),
    action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS).optional()),
    /** The acting admin. */
    username: qStr(),
    /** Matches the target id. */
    targetId: qStr(),
    /** ISO dates, inclusive start and exclusive end. */
    from: qDate(),
    to: qDate(),
  }),
  output: page(auditEntry),
});
