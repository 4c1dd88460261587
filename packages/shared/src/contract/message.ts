import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, wireInt } from '../api.js';

/** The message centre (HOJ's UserMessageController and NoticeController; decision 0020): what others did to my posts
 * (Discuss, Reply, Like), the admins' notices (Sys) and what the site tells me (Mine). Each list marks what it returns
 * as read. */

export const MESSAGE_KINDS = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** 6 per page for the user messages, 8 for system and mine. */
export const MESSAGE_PAGE = { user: 6, notice: 8 } as const;

/** HOJ's UserUnreadMsgCountVO. */
export const unreadCounts = z.object({
  comment: z.number().int(),
  reply: z.number().int(),
  like: z.number().int(),
  sys: z.number().int(),
  mine: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** HOJ's UserMsgVO: `action` is Discuss, Reply, Like_Post or Like_Discuss; the source is what was acted on (a
 * discussion, or a contest for contest comments), the quote what the sender wrote or liked. */
export const userMessage = z.object({
  id: z.number().int(),
  action: z.string(),
  sourceId: z.number().int(),
  sourceType: z.string(),
  sourceTitle: z.string().nullable(),
  sourceContent: z.string().nullable(),
  quoteId: z.number().int().nullable(),
  quoteType: z.string().nullable(),
  quoteContent: z.string().nullable(),
  url: z.string().nullable(),
  /** Read. */
  state: z.boolean(),
  senderId: z.string().nullable(),
  senderUsername: z.string().nullable(),
  senderAvatar: z.string().nullable(),
  gmtCreate: isoDate,
});
export type UserMessage = z.infer<typeof userMessage>;

/** HOJ's SysMsgVO: an admin's notice (Sys) or the site's message to the user (Mine). */
export const sysMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  adminId: z.string().nullable(),
  type: z.enum(['Sys', 'Mine']),
  state: z.boolean(),
  gmtCreate: isoDate,
});
export type SysMessage = z.infer<typeof sysMessage>;

export const getUnreadCounts = endpoint({
  method: 'GET',
  path: '/api/msg/unread',
  access: 'user',
  input: z.object({}),
  output: unreadCounts,
});

const userPage = z.object({ ...pageQuery(MESSAGE_PAGE.user) });
const noticePage = z.object({ ...pageQuery(MESSAGE_PAGE.notice) });

export const getCommentMessages = endpoint({
  method: 'GET',
  path: '/api/msg/comment',
  access: 'user',
  input: userPage,
  output: page(userMessage),
});

export const getReplyMessages = endpoint({
  method: 'GET',
  path: '/api/msg/reply',
  access: 'user',
  input: userPage,
  output: page(userMessage),
});

export const getLikeMessages = endpoint({
  method: 'GET',
  path: '/api/msg/like',
  access: 'user',
  input: userPage,
  output: page(userMessage),
});

export const getSysMessages = endpoint({
  method: 'GET',
  path: '/api/msg/sys',
  access: 'user',
  input: noticePage,
  output: page(sysMessage),
});

export const getMineMessages = endpoint({
  method: 'GET',
  path: '/api/msg/mine',
  access: 'user',
  input: noticePage,
  output: page(sysMessage),
});

/** One message (`id`) or every message of the kind. */
export const cleanMessages = endpoint({
  method: 'DELETE',
  path: '/api/msg/clean',
  access: 'user',
  input: z.object({ type: z.enum(MESSAGE_KINDS), id: wireInt(z.number().int().positive().optional()) }),
  output: z.null(),
});
