import { type Comment, comment as commentContract, group as g, isAdminRole, isRoot, type Reply } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import { type DiscussionService, roleOf } from '../discussion/discussion.service.js';
import type { PostPlace } from '../discussion/posting-rule.js';
import type { MessageService } from '../message/message.service.js';
import type { SiteService } from '../site/site.service.js';
import type { CommentFilter, CommentRepository, CommentRow, Place, ReplyRow } from './comment.repository.js';

type CommentWithAuthor = NonNullable<Awaited<ReturnType<CommentRepository['commentWithAuthor']>>>;
type ReplyWithAuthor = NonNullable<Awaited<ReturnType<CommentRepository['replyWithAuthor']>>>;

const toReply = (r: ReplyWithAuthor): Reply => ({
  id: r.r.id,
  commentId: r.r.commentId,
  fromUid: r.r.uid,
  fromName: r.fromName,
  fromAvatar: r.fromAvatar,
  fromRole: r.r.role,
  fromTitleName: r.fromTitleName,
  fromTitleColor: r.fromTitleColor,
  toUid: r.r.toUid,
  toName: r.toName,
  toAvatar: r.toAvatar,
  content: r.r.content,
  gmtCreate: r.r.gmtCreate.toISOString(),
});

const toComment = (c: CommentWithAuthor, replyList: Reply[]): Comment => ({
  id: c.c.id,
  did: c.c.did,
  cid: c.c.cid,
  fromUid: c.c.uid,
  fromName: c.fromName,
  fromAvatar: c.fromAvatar,
  fromRole: c.c.role,
  fromTitleName: c.fromTitleName,
  fromTitleColor: c.fromTitleColor,
  content: c.c.content,
  likeNum: c.c.likeNum,
  totalReplyNum: c.replyCount,
  replyList,
  gmtCreate: c.c.gmtCreate.toISOString(),
});

/** What a message quotes of a comment or reply: its text, cut for the list. */
const excerpt = (text: string) => (text.length > 250 ? `${text.slice(0, 250)}…` : text);

/** Where a comment lives and the caller's standing there. */
interface Context {
  place: Place;
  sourceType: 'Discussion' | 'Contest';
  sourceId: number;
  /** Deletes others' comments: a site admin under the site's discussions, a group admin under a group's, a contest
   * admin in a contest. */
  admin: boolean;
  /** Where the messages about it point. */
  url: string;
  /** A discussion's author hears of comments on it. */
  postAuthor?: string;
  /** In a contest: its creator (with root, its admins' comments may not be replied to by others). */
  creatorUid?: string;
  /** A running contest shows a participant only their own and its admins' comments. */
  visibleTo?: CommentFilter['visibleTo'];
  /** Where a comment here goes for the posting rule. */
  posting: PostPlace;
}

/** Comments and replies (decision 0021). */
export const createCommentService = (deps: {
  db: Db;
  repo: CommentRepository;
  site: SiteService;
  discussions: Pick<DiscussionService, 'readable' | 'posting' | 'postPlaceOf' | 'newPostPermission'>;
  contests: {
    commentAccess(
      cid: number,
      viewer: AuthUser | undefined,
    ): Promise<{ admin: boolean; creatorUid: string; running: boolean; examClosed: boolean }>;
  };
  messages: Pick<MessageService, 'notify'>;
}) => {
  const { repo } = deps;

  /** The area's switch (root is never closed out), then the place's own rule: a discussion its reader may read, a
   * contest the view rule lets them into. */
  const contextOf = async (q: { did?: number | null; cid?: number | null }, viewer: AuthUser | undefined) => {
    if (!!q.did === !!q.cid) throw badRequest('fieldRequired', 'did', { field: 'did' });
    const switches = await deps.site.switches();
    const open = (on: boolean) => {
      if (!on && !(viewer && isRoot(viewer.roles))) throw new AppError(403, 'areaClosed');
    };
    if (q.did) {
      // The discussion's rule checks its area's switch (the site's or the groups'); a group's comments are managed by
      // the group's admins, the site's by the site's.
      const d = await deps.discussions.readable(q.did, viewer);
      return {
        place: { did: q.did },
        sourceType: 'Discussion',
        sourceId: q.did,
        admin: d.d.gid === null ? !!viewer && isAdminRole(viewer.roles) : !!d.groupRole && g.isGroupAdmin(d.groupRole),
        postAuthor: d.d.uid,
        url: d.d.gid === null ? `/discussion-detail/${q.did}` : `/group/${d.d.gid}/discussion-detail/${q.did}`,
        posting: deps.discussions.postPlaceOf(d),
      } satisfies Context as Context;
    }
    const cid = q.cid as number;
    open(switches.openContestComment);
    const c = await deps.contests.commentAccess(cid, viewer);
    // An exam's comments are closed while it runs (contest-access.ts, examCommentsClosed).
    if (c.examClosed) throw new AppError(403, 'examCommentsClosed');
    return {
      place: { cid },
      sourceType: 'Contest',
      sourceId: cid,
      admin: c.admin,
      creatorUid: c.creatorUid,
      url: `/contest/${cid}/comment`,
      visibleTo: c.running && !c.admin && viewer ? { uid: viewer.uid, creatorUid: c.creatorUid } : undefined,
      posting: { area: 'contest' },
    } satisfies Context as Context;
  };

  const placeOf = (c: CommentRow) => ({ did: c.did, cid: c.cid });

  /** A comment as the caller may see it (404 when the running contest hides it from them). */
  const visibleComment = async (
    id: number,
    viewer: AuthUser | undefined,
    claimed?: { did?: number | null; cid?: number | null },
  ) => {
    const c = await repo.comment(id);
    if (!c) throw notFound();
    if (claimed && ((claimed.did && claimed.did !== c.did) || (claimed.cid && claimed.cid !== c.cid))) {
      throw badRequest('commentPlaceMismatch', claimed.did ? 'did' : 'cid');
    }
    const ctx = await contextOf(placeOf(c), viewer);
    const v = ctx.visibleTo;
    if (v && c.uid !== v.uid && c.uid !== v.creatorUid && c.role !== 'root') throw notFound();
    return { c, ctx };
  };

  /** The posting rule (discussion/posting-rule.ts) for a comment or reply here: under a discussion the group's or the
   * site's threshold of accepted problems, none in a contest. */
  const checkThreshold = (ctx: Context, viewer: AuthUser) =>
    deps.discussions.posting.require(viewer, 'comment', ctx.posting);

  const mayRemove = (ownerUid: string, ctx: Context, viewer: AuthUser) => ownerUid === viewer.uid || ctx.admin;

  return {
    /** May the caller post here (GET /api/discussion-post-permission): a comment under a discussion (`did`) or in a
     * contest (`cid`), else a new discussion in the site's area or a group's (`gid`). A place the caller may not
     * read answers as its calls do. */
    async postPermission(q: { gid?: number; did?: number; cid?: number }, viewer: AuthUser | undefined) {
      const named = (['gid', 'did', 'cid'] as const).filter((k) => q[k] !== undefined);
      if (named.length > 1) throw badRequest('fieldInvalid', named[1], { field: named[1], rule: 'one place' });
      if (q.did !== undefined || q.cid !== undefined) {
        const ctx = await contextOf(q, viewer);
        return deps.discussions.posting.permission(viewer, 'comment', ctx.posting);
      }
      return deps.discussions.newPostPermission(q.gid ?? null, viewer);
    },

    async list(
      q: { did?: number | null; cid?: number | null; currentPage: number; limit: number },
      viewer: AuthUser | undefined,
    ) {
      const ctx = await contextOf(q, viewer);
      const { rows, total } = await repo.page(
        { place: ctx.place, visibleTo: ctx.visibleTo },
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      const ids = rows.map((r) => r.c.id);
      const [latest, liked] = await Promise.all([
        repo.latestReplies(ids, commentContract.REPLIES_SHOWN),
        viewer ? repo.likedOf(viewer.uid, ids) : Promise.resolve([] as number[]),
      ]);
      return {
        commentList: {
          records: rows.map((r) => toComment(r, latest.filter((x) => x.r.commentId === r.c.id).map(toReply))),
          total,
          size: q.limit,
          current: q.currentPage,
        },
        commentLikeMap: Object.fromEntries(liked.map((id) => [String(id), true])),
      };
    },

    /** A comment on a discussion tells its author (Discuss); none in contests, none to oneself. */
    async add(q: { did?: number | null; cid?: number | null; content: string }, viewer: AuthUser): Promise<Comment> {
      const ctx = await contextOf(q, viewer);
      await checkThreshold(ctx, viewer);
      const row = await repo.addComment({
        did: ctx.place.did ?? null,
        cid: ctx.place.cid ?? null,
        uid: viewer.uid,
        role: roleOf(viewer),
        content: q.content,
      });
      if (ctx.postAuthor) {
        await deps.messages.notify({
          action: 'Discuss',
          sourceId: ctx.sourceId,
          sourceType: ctx.sourceType,
          sourceContent: excerpt(q.content),
          url: ctx.url,
          recipientUid: ctx.postAuthor,
          senderUid: viewer.uid,
        });
      }
      const made = await repo.commentWithAuthor(row.id);
      if (!made) throw notFound();
      return toComment(made, []);
    },

    /** Its author always; a site admin under discussions, a contest admin in a contest. */
    async remove(q: { id: number; did?: number | null; cid?: number | null }, viewer: AuthUser) {
      const { c, ctx } = await visibleComment(q.id, viewer, q);
      if (!mayRemove(c.uid, ctx, viewer)) throw forbidden('commentNotOwned');
      await repo.removeComment(c);
      return null;
    },

    async like(q: { cid: number; toLike: boolean }, viewer: AuthUser) {
      const { c, ctx } = await visibleComment(q.cid, viewer);
      const changed = await repo.setLike(c.id, viewer.uid, q.toLike);
      if (changed && q.toLike) {
        await deps.messages.notify({
          action: 'Like_Discuss',
          sourceId: ctx.sourceId,
          sourceType: ctx.sourceType,
          sourceContent: excerpt(c.content),
          url: ctx.url,
          recipientUid: c.uid,
          senderUid: viewer.uid,
        });
      }
      return null;
    },

    async replies(q: { commentId: number; cid?: number | null }, viewer: AuthUser | undefined): Promise<Reply[]> {
      const { c } = await visibleComment(q.commentId, viewer);
      return (await repo.allReplies(c.id)).map(toReply);
    },

    /** A reply answers the quoted comment or reply, whose author hears of it (Reply). In a contest, its admins'
     * comments are answered by its admins only. */
    async addReply(
      q: {
        reply: { commentId: number; content: string };
        did?: number | null;
        cid?: number | null;
        quoteId?: number | null;
        quoteType?: 'Comment' | 'Reply' | null;
      },
      viewer: AuthUser,
    ): Promise<Reply> {
      const { c, ctx } = await visibleComment(q.reply.commentId, viewer, q);
      if (ctx.sourceType === 'Contest' && c.uid !== viewer.uid && !ctx.admin) {
        if (c.role === 'root' || c.uid === ctx.creatorUid) throw forbidden('commentReplyRefused');
      }
      await checkThreshold(ctx, viewer);
      let toUid = c.uid;
      let quoted: { id: number; type: 'Comment' | 'Reply' } = { id: c.id, type: 'Comment' };
      if (q.quoteType === 'Reply') {
        const r: ReplyRow | undefined = q.quoteId ? await repo.reply(q.quoteId) : undefined;
        if (!r || r.commentId !== c.id) throw badRequest('replyQuoteMismatch', 'quoteId');
        toUid = r.uid;
        quoted = { id: r.id, type: 'Reply' };
      } else if (q.quoteId && q.quoteId !== c.id) {
        throw badRequest('replyQuoteMismatch', 'quoteId');
      }
      const row = await repo.addReply(
        { commentId: c.id, uid: viewer.uid, role: roleOf(viewer), toUid, content: q.reply.content },
        c.did,
      );
      await deps.messages.notify({
        action: 'Reply',
        sourceId: ctx.sourceId,
        sourceType: ctx.sourceType,
        sourceContent: excerpt(q.reply.content),
        quoteId: quoted.id,
        quoteType: quoted.type,
        url: ctx.url,
        recipientUid: toUid,
        senderUid: viewer.uid,
      });
      const made = await repo.replyWithAuthor(row.id);
      if (!made) throw notFound();
      return toReply(made);
    },

    async removeReply(q: { reply: { id: number }; did?: number | null; cid?: number | null }, viewer: AuthUser) {
      const r = await repo.reply(q.reply.id);
      if (!r) throw notFound();
      const { c, ctx } = await visibleComment(r.commentId, viewer, q);
      if (!mayRemove(r.uid, ctx, viewer)) throw forbidden('commentNotOwned');
      await repo.removeReply(r, c.did);
      return null;
    },
  };
};
export type CommentService = ReturnType<typeof createCommentService>;
