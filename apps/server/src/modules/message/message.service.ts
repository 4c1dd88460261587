import {
  isAdminRole,
  isMessageKey,
  type Locale,
  type MessageKey,
  message,
  type Page,
  type SysMessage,
  type UnreadCounts,
  type UserMessage,
} from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageRepository, NewUserMessage, UserMessageList } from './message.repository.js';

/** The message centre (decision 0020): the unread counts, the five lists (each marks what it returns read) and
 * cleaning. Other modules tell users things through `notify` (Discuss, Reply, Like) and `tell` (Mine). */
export const createMessageService = (deps: { repo: MessageRepository }) => {
  const { repo } = deps;
  const admin = (viewer: AuthUser) => isAdminRole(viewer.roles);

  const userList = async (
    list: UserMessageList,
    q: { currentPage: number; limit: number },
    viewer: AuthUser,
  ): Promise<Page<UserMessage>> => {
    const { rows, total } = await repo.userPage(viewer.uid, list, (q.currentPage - 1) * q.limit, q.limit);
    return {
      records: rows.map(({ m, senderUsername, senderAvatar, sourceTitle, quoteContent }) => ({
        id: m.id,
        action: m.action,
        sourceId: m.sourceId,
        sourceType: m.sourceType,
        sourceTitle,
        sourceContent: m.sourceContent,
        quoteId: m.quoteId,
        quoteType: m.quoteType,
        quoteContent,
        url: m.url,
        state: m.state === 1,
        senderId: m.senderUid,
        senderUsername,
        senderAvatar,
        gmtCreate: m.gmtCreate.toISOString(),
      })),
      total,
      size: q.limit,
      current: q.currentPage,
    };
  };

  return {
    async unread(viewer: AuthUser): Promise<UnreadCounts> {
      return repo.unread(viewer.uid, admin(viewer));
    },
    comments: (q: { currentPage: number; limit: number }, viewer: AuthUser) => userList('Discuss', q, viewer),
    replies: (q: { currentPage: number; limit: number }, viewer: AuthUser) => userList('Reply', q, viewer),
    likes: (q: { currentPage: number; limit: number }, viewer: AuthUser) => userList('Like', q, viewer),

    async sys(q: { currentPage: number; limit: number }, viewer: AuthUser): Promise<Page<SysMessage>> {
      const { rows, total } = await repo.sysPage(viewer.uid, admin(viewer), (q.currentPage - 1) * q.limit, q.limit);
      return {
        records: rows.map(({ n, read }) => ({
          id: n.id,
          title: n.title,
          content: n.content,
          adminId: n.adminUid,
          type: 'Sys' as const,
          state: read,
          gmtCreate: n.gmtCreate.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** Mine messages are stored as message keys with their values, and read in the reader's language. */
    async mine(q: { currentPage: number; limit: number }, viewer: AuthUser, locale: Locale): Promise<Page<SysMessage>> {
      const { rows, total } = await repo.minePage(viewer.uid, (q.currentPage - 1) * q.limit, q.limit);
      const text = (key: string, vars: Record<string, string>) =>
        isMessageKey(key)
          ? message(
              key,
              locale,
              Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, isMessageKey(v) ? message(v, locale) : v])),
            )
          : key;
      return {
        records: rows.map((n) => ({
          id: n.id,
          title: text(n.title, n.vars),
          content: text(n.content, n.vars),
          adminId: null,
          type: 'Mine' as const,
          state: n.state === 1,
          gmtCreate: n.gmtCreate.toISOString(),
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async clean(q: { type: 'Discuss' | 'Reply' | 'Like' | 'Sys' | 'Mine'; id?: number }, viewer: AuthUser) {
      if (q.type === 'Sys') await repo.cleanSys(viewer.uid, admin(viewer), q.id);
      else if (q.type === 'Mine') await repo.cleanMine(viewer.uid, q.id);
      else await repo.cleanUser(viewer.uid, q.type, q.id);
      return null;
    },

    /** Tells a user what someone did to their post; nothing when they did it themselves. */
    async notify(m: NewUserMessage) {
      if (m.senderUid && m.senderUid === m.recipientUid) return;
      await repo.send(m);
    },

    /** The site's own message to one user, or the same to several (Mine): message keys for its title and text, and
     * their values (a value that is a message key is shown in the reader's language too). */
    tell: (m: {
      recipientUid: string | string[];
      title: MessageKey;
      content: MessageKey;
      vars?: Record<string, string>;
    }) =>
      repo.sendMine({
        recipientUids: typeof m.recipientUid === 'string' ? [m.recipientUid] : m.recipientUid,
        title: m.title,
        content: m.content,
        vars: m.vars ?? {},
      }),
  };
};
export type MessageService = ReturnType<typeof createMessageService>;
