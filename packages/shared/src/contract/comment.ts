import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, wireInt } from '../api.js';

/** Comments and replies under a discussion or in a contest (HOJ's CommentController;
 * decision 0021). Note HOJ's overloaded `cid`: the contest on /api/comments and POST /api/comment, the comment on
 * /api/comment-like. */

export const COMMENT_LIMITS = { content: 10000 } as const;
/** 10 comments a request, 3 replies shown before "view more". */
export const COMMENT_PAGE = 10;
export const REPLIES_SHOWN = 3;

/** HOJ's ReplyVO. */
export const reply = z.object({
  id: z.number().int(),
  commentId: z.number().int(),
  fromUid: z.string(),
  fromName: z.string(),
  fromAvatar: z.string().nullable(),
  /** root, admin or user: the badge. */
  fromRole: z.string(),
  fromTitleName: z.string().nullable(),
  fromTitleColor: z.string().nullable(),
  toUid: z.string().nullable(),
  toName: z.string().nullable(),
  toAvatar: z.string().nullable(),
  content: z.string(),
  gmtCreate: isoDate,
});
export type Reply = z.infer<typeof reply>;

/** HOJ's CommentVO: with its newest replies (up to 3, oldest first) and the number of all of them. */
export const comment = z.object({
  id: z.number().int(),
  did: z.number().int().nullable(),
  cid: z.number().int().nullable(),
  fromUid: z.string(),
  fromName: z.string(),
  fromAvatar: z.string().nullable(),
  fromRole: z.string(),
  fromTitleName: z.string().nullable(),
  fromTitleColor: z.string().nullable(),
  content: z.string(),
  likeNum: z.number().int(),
  totalReplyNum: z.number().int(),
  replyList: z.array(reply),
  gmtCreate: isoDate,
});
export type Comment = z.infer<typeof comment>;

const content = z
  .string({ error: 'contentEmpty' })
  .trim()
  .min(1, { error: 'contentEmpty' })
  .max(COMMENT_LIMITS.content, { error: 'fieldTooLong' });

/** One of the two places a comment lives: a discussion (`did`) or a contest (`cid`). */
const place = {
  did: wireInt(z.number().int().positive().nullish()),
  cid: wireInt(z.number().int().positive().nullish()),
};

export const getComments = endpoint({
  method: 'GET',
  path: '/api/comments',
  access: 'public',
  exam: 'contest',
  input: z.object({ ...place, ...pageQuery(COMMENT_PAGE) }),
  output: z.object({
    /** `total` counts the comments and their replies. */
    commentList: page(comment),
    /** The comments of this page the caller likes. */
    commentLikeMap: z.record(z.string(), z.boolean()),
  }),
});

export const addComment = endpoint({
  method: 'POST',
  path: '/api/comment',
  access: 'user',
  exam: 'contest',
  permission: 'comment_add',
  input: z.object({ ...place, content }),
  output: comment,
});

/** HOJ's body is the comment; its `id` is what counts. */
export const deleteComment = endpoint({
  method: 'DELETE',
  path: '/api/comment',
  access: 'user',
  exam: 'contest',
  input: z.object({
    id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
    ...place,
    fromUid: z.string().max(64).nullish(),
  }),
  output: z.null(),
});

/** `cid` is the comment here; liking twice counts once. */
export const likeComment = endpoint({
  method: 'GET',
  path: '/api/comment-like',
  access: 'user',
  exam: 'contest',
  input: z.object({
    cid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
    toLike: z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.stringbool()),
    sourceId: wireInt(z.number().int().optional()),
    sourceType: z.enum(['Discussion', 'Contest']).optional(),
  }),
  output: z.null(),
});

/** Every reply of a comment, oldest first. */
export const getReplies = endpoint({
  method: 'GET',
  path: '/api/reply',
  access: 'public',
  exam: 'contest',
  input: z.object({
    commentId: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
    cid: wireInt(z.number().int().positive().nullish()),
  }),
  output: z.array(reply),
});

/** HOJ's ReplyDTO: the reply (its comment and text; whom it answers is the quoted comment's or reply's author),
 * where it lives, and what it quotes. */
export const addReply = endpoint({
  method: 'POST',
  path: '/api/reply',
  access: 'user',
  exam: 'contest',
  permission: 'reply_add',
  input: z.object({
    reply: z
      .object({
        commentId: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
        content,
        toUid: z.string().max(64).nullish(),
        toName: z.string().max(100).nullish(),
        toAvatar: z.string().max(1000).nullish(),
      })
      .passthrough(),
    ...place,
    quoteId: wireInt(z.number().int().positive().nullish()),
    quoteType: z.enum(['Comment', 'Reply']).nullish(),
  }),
  output: reply,
});

export const deleteReply = endpoint({
  method: 'DELETE',
  path: '/api/reply',
  access: 'user',
  exam: 'contest',
  input: z.object({
    reply: z.object({ id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) }).passthrough(),
    ...place,
  }),
  output: z.null(),
});
