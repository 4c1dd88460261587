import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qStr, wireInt } from '../api.js';

/** System notices (HOJ's AdminNoticeController and AdminSysNotice): root only. Stored with
 * their recipients so the message centre (/api/msg/sys) can show them once it exists. */

/** HOJ's recipient types: every user, chosen users, or the admins. */
export const NOTICE_TYPES = ['All', 'Single', 'Admin'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const adminNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTICE_TYPES),
  /** Pushed to the message centre (HOJ's `state`). */
  state: z.boolean(),
  adminUsername: z.string(),
  /** Usernames of the chosen recipients (type Single). */
  recipients: z.array(z.string()),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type AdminNotice = z.infer<typeof adminNotice>;

const body = {
  title: z.string().trim().min(1, { error: 'fieldRequired' }).max(255),
  content: z.string().trim().min(1, { error: 'fieldRequired' }).max(65535),
  type: z.enum(NOTICE_TYPES),
  /** HOJ's single recipient (a uid). */
  recipientId: z.string().nullish(),
  /** Ours: chosen recipients by username. */
  recipients: z.array(z.string().trim().min(1).max(20)).max(1000).optional(),
};
const needsRecipient = (v: { type: NoticeType; recipientId?: string | null; recipients?: string[] }) =>
  v.type !== 'Single' || !!v.recipientId || (v.recipients?.length ?? 0) > 0;

export const getNoticeList = endpoint({
  method: 'GET',
  path: '/api/admin/msg/notice',
  access: 'root',
  input: z.object({ ...pageQuery(10), type: qStr() }),
  output: page(adminNotice),
});

export const createNotice = endpoint({
  method: 'POST',
  path: '/api/admin/msg/notice',
  access: 'root',
  input: z.object(body).refine(needsRecipient, { error: 'noticeRecipientRequired', path: ['recipients'] }),
  output: z.null(),
});

export const updateNotice = endpoint({
  method: 'PUT',
  path: '/api/admin/msg/notice',
  access: 'root',
  input: z
    .object({ id: wireInt(z.number().int().positive()), ...body })
    .refine(needsRecipient, { error: 'noticeRecipientRequired', path: ['recipients'] }),
  output: z.null(),
});

export const deleteNotice = endpoint({
  method: 'DELETE',
  path: '/api/admin/msg/notice',
  access: 'root',
  input: z.object({ id: wireInt(z.number().int().positive()) }),
  output: z.null(),
});
