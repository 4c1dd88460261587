import type { Comment, Reply } from '@oj/shared';
import { comment as contract } from '@oj/shared';

/** The rules of the comment area as plain functions, so they are testable without React. */

const { COMMENT_LIMITS, COMMENT_PAGE, REPLIES_SHOWN } = contract;

export { COMMENT_PAGE, REPLIES_SHOWN };

/** Where the comments live: a discussion, or a contest with who runs it. */
export type CommentPlace =
  | { did: number }
  | {
      cid: number;
      /** The viewer is a contest admin (root or the contest's author). */
      contestAdmin: boolean;
      /** The contest creator's username (a contest names its author, HOJ's `author`). */
      contestAuthor: string;
    };

export const isContestPlace = (p: CommentPlace): p is Extract<CommentPlace, { cid: number }> => 'cid' in p;

/** The `did` / `cid` pair every comment call carries. */
export const placeInput = (p: CommentPlace) => (isContestPlace(p) ? { cid: p.cid } : { did: p.did });

/** One comment as the page shows it: the comment (its `replyList` is what is shown), whether the viewer likes it, the
 * full reply list once fetched (HOJ's backupReplyList) and whether it is expanded (HOJ's hadOpen). */
export interface CommentItem {
  comment: Comment;
  liked: boolean;
  allReplies: Reply[] | null;
  expanded: boolean;
}

export const toItems = (records: Comment[], likeMap: Record<string, boolean> | null | undefined): CommentItem[] =>
  records.map((c) => ({ comment: c, liked: !!likeMap?.[String(c.id)], allReplies: null, expanded: false }));

/** The replies shown before "view more": the newest three, oldest first (the server's own `replyList`). */
export const sliceReplies = (replies: readonly Reply[]) => replies.slice(-REPLIES_SHOWN);

/** "View more" appears while some replies are not shown. */
export const hasHiddenReplies = (item: CommentItem) =>
  !item.expanded && item.comment.totalReplyNum > item.comment.replyList.length;

/** Every reply fetched: shown all, marked expanded. */
export const expandReplies = (item: CommentItem, all: Reply[]): CommentItem => ({
  ...item,
  allReplies: all,
  expanded: true,
  comment: { ...item.comment, replyList: all, totalReplyNum: all.length },
});

/** Collapse returns to three. */
export const collapseReplies = (item: CommentItem): CommentItem => ({
  ...item,
  expanded: false,
  comment: { ...item.comment, replyList: sliceReplies(item.allReplies ?? item.comment.replyList) },
});

/** A new reply: counted and shown. With more than three replies the comment expands; `fetchAll` says the full list
 * has to be fetched first (it was never loaded). */
export const addReplyTo = (item: CommentItem, reply: Reply): { item: CommentItem; fetchAll: boolean } => {
  const total = item.comment.totalReplyNum + 1;
  const expand = total > REPLIES_SHOWN;
  if (item.allReplies) {
    const all = [...item.allReplies, reply];
    return {
      item: {
        ...item,
        allReplies: all,
        expanded: expand || item.expanded,
        comment: {
          ...item.comment,
          totalReplyNum: total,
          replyList: expand || item.expanded ? all : sliceReplies(all),
        },
      },
      fetchAll: false,
    };
  }
  return {
    item: {
      ...item,
      comment: { ...item.comment, totalReplyNum: total, replyList: [...item.comment.replyList, reply] },
    },
    fetchAll: expand,
  };
};

/** A deleted reply: removed and the list re-sliced to three. Without a cached full list, `fetchAll` says the replies
 * hidden behind the three have to be fetched again to fill the slice. */
export const removeReplyFrom = (item: CommentItem, replyId: number): { item: CommentItem; fetchAll: boolean } => {
  const total = Math.max(0, item.comment.totalReplyNum - 1);
  if (item.allReplies) {
    const all = item.allReplies.filter((r) => r.id !== replyId);
    return {
      item: {
        ...item,
        allReplies: all,
        expanded: false,
        comment: { ...item.comment, totalReplyNum: total, replyList: sliceReplies(all) },
      },
      fetchAll: false,
    };
  }
  const shown = item.comment.replyList.filter((r) => r.id !== replyId);
  return {
    item: { ...item, comment: { ...item.comment, totalReplyNum: total, replyList: shown } },
    fetchAll: total > shown.length,
  };
};

/** A refetch after a delete: cached, shown as three, not expanded. */
export const resliceReplies = (item: CommentItem, all: Reply[]): CommentItem => ({
  ...item,
  allReplies: all,
  expanded: false,
  comment: { ...item.comment, totalReplyNum: all.length, replyList: sliceReplies(all) },
});

/** Like toggles and moves the count by one. */
export const toggleLike = (item: CommentItem, toLike: boolean): CommentItem => ({
  ...item,
  liked: toLike,
  comment: { ...item.comment, likeNum: Math.max(0, item.comment.likeNum + (toLike ? 1 : -1)) },
});

/** Load more while currentPage × limit < total (total counts comments and replies), and while the last
 * page was full (a short page means the server has nothing more). */
export const canLoadMore = (currentPage: number, total: number, lastPageSize = COMMENT_PAGE, limit = COMMENT_PAGE) =>
  currentPage * limit < total && lastPageSize >= limit;

/** The next page appended, without the comments already shown (new comments shift the pages). */
export const appendPage = (items: CommentItem[], next: CommentItem[]) => {
  const seen = new Set(items.map((i) => i.comment.id));
  return [...items, ...next.filter((i) => !seen.has(i.comment.id))];
};

export type ContentError = { key: 'Content_cannot_be_empty' } | { key: 'Content_Can_not_exceed'; max: number };

/** A comment's content is refused when empty after trimming, or over 10000 characters. */
export const contentError = (content: string): ContentError | null => {
  const text = content.trim();
  if (!text) return { key: 'Content_cannot_be_empty' };
  if (text.length > COMMENT_LIMITS.content) return { key: 'Content_Can_not_exceed', max: COMMENT_LIMITS.content };
  return null;
};

export interface Viewer {
  uid: string | null | undefined;
  /** Site admin (root or admin role). */
  siteAdmin: boolean;
}

/** Who may delete a comment: the author always; a site admin outside contests; a contest admin in a contest. */
export const canDelete = (author: { fromUid: string }, viewer: Viewer, place: CommentPlace) => {
  if (viewer.uid && viewer.uid === author.fromUid) return true;
  return isContestPlace(place) ? place.contestAdmin : viewer.siteAdmin;
};

/** In a contest a comment (or reply) of root or of the contest's creator cannot be replied to, unless the
 * viewer wrote it or runs the contest. The server refuses anyway. */
export const canReply = (
  author: { fromUid: string; fromName: string; fromRole: string },
  viewer: Viewer,
  place: CommentPlace,
) => {
  if (!isContestPlace(place)) return true;
  if ((viewer.uid && viewer.uid === author.fromUid) || place.contestAdmin) return true;
  return author.fromRole !== 'root' && author.fromName !== place.contestAuthor;
};

/** What a reply box answers: the comment itself or one of its replies (quoted). */
export interface ReplyTarget {
  commentId: number;
  quoteType: 'Comment' | 'Reply';
  quoteId: number;
  toUid: string;
  toName: string;
}

export const replyTargetOf = (c: Comment, r?: Reply): ReplyTarget =>
  r
    ? { commentId: c.id, quoteType: 'Reply', quoteId: r.id, toUid: r.fromUid, toName: r.fromName }
    : { commentId: c.id, quoteType: 'Comment', quoteId: c.id, toUid: c.fromUid, toName: c.fromName };

/** Markdown helper snippets. `select` is the part left selected for typing over. */
export const SNIPPETS = {
  inlineCode: { before: '`', after: '`', placeholder: 'code' },
  codeBlock: { before: '\n```\n', after: '\n```\n', placeholder: 'code' },
  link: { before: '[', after: '](https://)', placeholder: 'link' },
  bulletList: { before: '\n- ', after: '\n', placeholder: 'item' },
  numberedList: { before: '\n1. ', after: '\n', placeholder: 'item' },
} as const;
export type SnippetKey = keyof typeof SNIPPETS;

/** Wraps the selection (or a placeholder) in a snippet; gives the text and the new selection. */
export const applySnippet = (text: string, start: number, end: number, key: SnippetKey) => {
  const s = SNIPPETS[key];
  const inner = text.slice(start, end) || s.placeholder;
  const next = text.slice(0, start) + s.before + inner + s.after + text.slice(end);
  const selStart = start + s.before.length;
  return { text: next, selStart, selEnd: selStart + inner.length };
};

/** Inserts a character (an emoji) at the cursor, replacing the selection. */
export const insertAt = (text: string, start: number, end: number, insert: string) => ({
  text: text.slice(0, start) + insert + text.slice(end),
  cursor: start + insert.length,
});

const range = (from: number, to: number, skip: readonly number[] = []) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
    .filter((c) => !skip.includes(c))
    .map((c) => String.fromCodePoint(c));

/** About 200 emoji as plain characters: faces, gestures, hearts, nature and food. */
export const EMOJI: readonly string[] = [
  ...range(0x1f600, 0x1f64f),
  ...range(0x1f910, 0x1f92f),
  ...range(0x1f442, 0x1f450),
  ...range(0x1f493, 0x1f49f),
  ...range(0x1f345, 0x1f37c),
  '⭐',
  '🎉',
  '🔥',
  '💯',
  '✨',
  '🚀',
];
