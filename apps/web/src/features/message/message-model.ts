import { msg, type UserMessage } from '@oj/shared';
import type { UnreadKind } from './use-unread-counts';

const { MESSAGE_PAGE } = msg;

/** The tabs of the message centre: child path, clean type, unread counter, call
 * and page size (6 for what others did to my posts, 8 for notices). */
export const MESSAGE_TABS = [
  { path: 'discuss', kind: 'Discuss', unread: 'comment', labelKey: 'Message_Tab_Discuss', user: true },
  { path: 'reply', kind: 'Reply', unread: 'reply', labelKey: 'Message_Tab_Reply', user: true },
  { path: 'like', kind: 'Like', unread: 'like', labelKey: 'Message_Tab_Like', user: true },
  { path: 'sys', kind: 'Sys', unread: 'sys', labelKey: 'Message_Tab_Sys', user: false },
  { path: 'mine', kind: 'Mine', unread: 'mine', labelKey: 'Message_Tab_Mine', user: false },
] as const satisfies readonly {
  path: string;
  kind: msg.MessageKind;
  unread: UnreadKind;
  labelKey: string;
  user: boolean;
}[];

export type MessageTab = (typeof MESSAGE_TABS)[number];

export const messageTabOf = (pathname: string): MessageTab | undefined => {
  const last = pathname.split('/').filter(Boolean).at(-1);
  return MESSAGE_TABS.find((tab) => tab.path === last);
};

export const pageSizeOf = (tab: MessageTab) => (tab.user ? MESSAGE_PAGE.user : MESSAGE_PAGE.notice);

export const endpointOf = (tab: MessageTab) =>
  ({
    Discuss: msg.getCommentMessages,
    Reply: msg.getReplyMessages,
    Like: msg.getLikeMessages,
    Sys: msg.getSysMessages,
    Mine: msg.getMineMessages,
  })[tab.kind];

/** The action text of a user message (Discuss, Reply, Like_Post, Like_Discuss). */
export const actionKey = (action: string) =>
  action === 'Discuss'
    ? 'Message_Action_Discuss'
    : action === 'Reply'
      ? 'Message_Action_Reply'
      : action === 'Like_Post'
        ? 'Message_Action_Like_Post'
        : action === 'Like_Discuss'
          ? 'Message_Action_Like_Discuss'
          : 'Message_Action_Other';

/** Where a message's source title leads: the server's in-site `url` when it is one (never another site or a
 * script URL), else the discussion, or the contest's comment page for contest comments. */
export const sourcePath = (m: Pick<UserMessage, 'url' | 'sourceId' | 'sourceType'>): string | null => {
  const url = m.url?.trim();
  if (url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  if (m.sourceType === 'Discussion') return `/discussion-detail/${m.sourceId}`;
  if (m.sourceType === 'Contest') return `/contest/${m.sourceId}/comment`;
  return null;
};
