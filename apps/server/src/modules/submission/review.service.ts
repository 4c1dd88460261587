import { codeLineCount, isRoot, type Review, type ReviewReply } from '@oj/shared';
import { badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { MessageService } from '../message/message.service.js';
import type { ClaimedReview, MineText, ReviewRepository } from './review.repository.js';
import type { SubmissionPublicService } from './submission-public.service.js';
import type { SubmissionRow } from './submission-query.repository.js';
import type { Sight } from './submission-visibility.js';

/** What one viewer may do with the reviews of one submission, from what he may see of it (submission-visibility.ts):
 * the one rule every review endpoint applies. */
export const reviewStanding = (sight: Sight) => {
  // Whoever sees the code and administers its scope: the site's admins for a bank submission, the contest's for a
  // contest's, the group's for a group's (the sight rules already say who those are; a site admin outside a group
  // sees nothing of its submissions).
  const reviewer = sight.code && sight.admin;
  // Its owner, but not while its contest runs for him (the contest itself or his virtual run of it).
  const ownerWaits = sight.own && !reviewer && sight.contestRunning;
  const owner = sight.own && !ownerWaits;
  return { reviewer, owner, ownerWaits, reads: reviewer || owner };
};
export type ReviewStanding = ReturnType<typeof reviewStanding>;

/** User text inside a message's markdown (a name, a problem's title) shows as written, never as markup. */
export const markdownText = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/** Where a message about a submission points: its group's page for a group's, the submission page otherwise. */
export const reviewUrl = (s: { submitId: number; cid: number; gid: number | null }) =>
  s.cid === 0 && s.gid !== null
    ? `/group/${s.gid}/submission-detail/${s.submitId}`
    : `/submission-detail/${s.submitId}`;

/** The owner's message about a review (decision 0053). */
export const reviewNotice = (c: ClaimedReview): MineText => ({
  title: 'mineReviewTitle',
  content: c.fromLine === c.toLine ? 'mineReviewLine' : 'mineReviewLines',
  vars: {
    reviewer: markdownText(c.reviewerName),
    submitId: String(c.submitId),
    url: reviewUrl(c),
    problem: markdownText(`${c.displayId} ${c.title}`.trim()),
    from: String(c.fromLine),
    to: String(c.toLine),
  },
});

type ReviewWithAuthor = NonNullable<Awaited<ReturnType<ReviewRepository['reviewWithAuthor']>>>;
type ReplyWithAuthor = NonNullable<Awaited<ReturnType<ReviewRepository['replyWithAuthor']>>>;

/** Teachers' reviews of a submission's lines and the answers under them (decision 0053). */
export const createReviewService = (deps: {
  repo: ReviewRepository;
  submissions: Pick<SubmissionPublicService, 'seen'>;
  messages: Pick<MessageService, 'tell'>;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The submission as the viewer sees it (its rule's refusal otherwise) and what he may do with its reviews. */
  const standingOn = async (submitId: number, viewer: AuthUser) => {
    const { r, sight } = await deps.submissions.seen(submitId, viewer);
    return { r, sight, standing: reviewStanding(sight) };
  };
  /** A review and the caller's standing on its submission; 404 for a review he may not read. */
  const reviewFor = async (id: number, viewer: AuthUser) => {
    const review = await repo.review(id);
    if (!review) throw notFound();
    const seen = await standingOn(review.submitId, viewer);
    if (!seen.standing.reads && !seen.standing.ownerWaits) throw forbidden('reviewHidden');
    return { review, ...seen };
  };

  const toReply = (x: ReplyWithAuthor, ownerUid: string): ReviewReply => ({
    id: x.r.id,
    reviewId: x.r.reviewId,
    uid: x.r.uid,
    username: x.username,
    avatar: x.avatar,
    byOwner: x.r.uid === ownerUid,
    content: x.r.content,
    gmtCreate: x.r.gmtCreate.toISOString(),
  });
  const toReview = (x: ReviewWithAuthor, replies: ReplyWithAuthor[], ownerUid: string, viewer: AuthUser): Review => ({
    id: x.r.id,
    submitId: x.r.submitId,
    uid: x.r.uid,
    username: x.username,
    avatar: x.avatar,
    fromLine: x.r.fromLine,
    toLine: x.r.toLine,
    content: x.r.content,
    gmtCreate: x.r.gmtCreate.toISOString(),
    gmtModified: x.r.gmtModified.toISOString(),
    mine: x.r.uid === viewer.uid,
    deletable: x.r.uid === viewer.uid || isRoot(viewer.roles),
    replies: replies.map((y) => toReply(y, ownerUid)),
  });
  /** One review as the caller reads it now, with its replies. */
  const reviewNow = async (id: number, ownerUid: string, viewer: AuthUser) => {
    const x = await repo.reviewWithAuthor(id);
    if (!x) throw notFound();
    return toReview(x, await repo.repliesOf([id]), ownerUid, viewer);
  };
  const problemOf = (r: SubmissionRow, sight: Sight) => {
    const displayId = sight.problem.displayId || r.submission.displayPid;
    return markdownText(`${displayId} ${sight.problem.displayId ? sight.problem.title : r.title}`.trim());
  };

  return {
    async list(submitId: number, viewer: AuthUser) {
      const { r, standing } = await standingOn(submitId, viewer);
      // While the contest runs for its owner the reviews wait, and the list says nothing of them.
      if (standing.ownerWaits) return { reviews: [], canReview: false, canReply: false };
      if (!standing.reads) throw forbidden('reviewHidden');
      const rows = await repo.reviewsOf(submitId);
      const replies = await repo.repliesOf(rows.map((x) => x.r.id));
      const owner = r.submission.uid;
      return {
        reviews: rows.map((x) =>
          toReview(
            x,
            replies.filter((y) => y.r.reviewId === x.r.id),
            owner,
            viewer,
          ),
        ),
        canReview: standing.reviewer,
        canReply: true,
      };
    },

    /** A reviewer's remark on lines of the code; its owner is told now, or once its contest has ended. */
    async add(q: { submitId: number; fromLine: number; toLine: number; content: string }, viewer: AuthUser) {
      const { r, standing } = await standingOn(q.submitId, viewer);
      if (!standing.reviewer) throw forbidden('reviewNotReviewer');
      const lines = codeLineCount(r.submission.code);
      if (q.toLine > lines)
        throw badRequest('reviewLinesOutOfRange', 'toLine', { field: 'toLine', lines: String(lines) });
      const row = await repo.add({ ...q, uid: viewer.uid, at: now() });
      // The owner's message waits in the row until its submission no longer does (the sweep sends it then).
      await repo.notifyOwners(now(), reviewNotice, row.id);
      return reviewNow(row.id, r.submission.uid, viewer);
    },

    async update(q: { id: number; content: string }, viewer: AuthUser) {
      const { review, r, standing } = await reviewFor(q.id, viewer);
      if (!standing.reviewer) throw forbidden('reviewNotReviewer');
      if (review.uid !== viewer.uid) throw forbidden('reviewNotOwned');
      await repo.update(review.id, q.content, now());
      return reviewNow(review.id, r.submission.uid, viewer);
    },

    /** Its author, or root (who reviews every submission he sees); its replies go with it. */
    async remove(id: number, viewer: AuthUser) {
      const { review, standing } = await reviewFor(id, viewer);
      if (!standing.reviewer) throw forbidden('reviewNotReviewer');
      if (review.uid !== viewer.uid && !isRoot(viewer.roles)) throw forbidden('reviewNotOwned');
      await repo.remove(review.id);
      return null;
    },

    /** An answer under a review: its author hears of it, and the owner when someone else answers (once his message
     * about the review has gone out; until then that message brings him here). */
    async reply(q: { reviewId: number; content: string }, viewer: AuthUser): Promise<ReviewReply> {
      const { review, r, sight, standing } = await reviewFor(q.reviewId, viewer);
      if (standing.ownerWaits) throw forbidden('reviewContestRunning');
      const row = await repo.addReply({ reviewId: review.id, uid: viewer.uid, content: q.content, at: now() });
      const owner = r.submission.uid;
      const told = new Set<string>([review.uid]);
      if (review.notifiedAt) told.add(owner);
      told.delete(viewer.uid);
      if (told.size) {
        await deps.messages.tell({
          recipientUid: [...told],
          title: 'mineReviewReplyTitle',
          content: 'mineReviewReply',
          vars: {
            user: markdownText(viewer.username),
            submitId: String(r.submission.submitId),
            url: reviewUrl(r.submission),
            problem: problemOf(r, sight),
          },
        });
      }
      const made = await repo.replyWithAuthor(row.id);
      if (!made) throw notFound();
      return toReply(made, owner);
    },

    /** Sends the owners' messages that waited for their contests to end; the number sent (main.ts's sweeper). */
    sweep: () => repo.notifyOwners(now(), reviewNotice),
  };
};
export type ReviewService = ReturnType<typeof createReviewService>;
