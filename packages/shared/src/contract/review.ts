import { z } from 'zod';
import { BIG_ID, endpoint, isoDate, page, pageQuery, wireInt } from '../api.js';
import { groupId } from './group.js';

/** Teachers' remarks on the lines of a submission's code (decision 0053): written by who may review the submission
 * (its code visible to them and they an admin of its scope: the site's for a bank submission, the contest's for a
 * contest's, the group's for a group's), read by them and its owner (a contest's once the contest has ended for
 * him), answered by both. */

export const REVIEW_LIMITS = { content: 10000 } as const;
/** Rows a page of the group's reviewed submissions. */
export const REVIEWED_PAGE = 20;

const content = z
  .string({ error: 'contentEmpty' })
  .trim()
  .min(1, { error: 'contentEmpty' })
  .max(REVIEW_LIMITS.content, { error: 'fieldTooLong' });
const submitId = wireInt(z.number({ error: 'fieldRequired' }).int().positive(), BIG_ID);
const reviewId = wireInt(z.number({ error: 'fieldRequired' }).int().positive());
const line = wireInt(z.number({ error: 'fieldRequired' }).int().min(1, { error: 'reviewLineInvalid' }));

export const reviewReply = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  uid: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** Written by the submission's owner (the student), not by a reviewer. */
  byOwner: z.boolean(),
  /** Markdown, shown as comments show it (sanitised by the web's markdown view). */
  content: z.string(),
  gmtCreate: isoDate,
});
export type ReviewReply = z.infer<typeof reviewReply>;

export const review = z.object({
  id: z.number().int(),
  submitId: z.number().int(),
  uid: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The lines it is about, 1-based and inclusive, as the code view numbers them. */
  fromLine: z.number().int(),
  toLine: z.number().int(),
  content: z.string(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
  /** The caller wrote it: he may edit it. */
  mine: z.boolean(),
  /** The caller may delete it: its author, or root. */
  deletable: z.boolean(),
  /** Oldest first. */
  replies: z.array(reviewReply),
});
export type Review = z.infer<typeof review>;

/** A review on lines `fromLine`..`toLine` (within the code's lines, else 400); the owner is told in his messages (a
 * contest's submission: once the contest has ended). */
export const addReview = endpoint({
  method: 'POST',
  path: '/api/submission/review',
  access: 'user',
  input: z
    .object({ submitId, fromLine: line, toLine: line, content })
    .refine((b) => b.toLine >= b.fromLine, { error: 'reviewLinesReversed', path: ['toLine'] }),
  output: review,
});

/** Its author's new text. */
export const updateReview = endpoint({
  method: 'PUT',
  path: '/api/submission/review',
  access: 'user',
  input: z.object({ id: reviewId, content }),
  output: review,
});

/** Its author, or root; its replies go with it. `id` in the query or the body, as DELETE /api/comment takes it. */
export const deleteReview = endpoint({
  method: 'DELETE',
  path: '/api/submission/review',
  access: 'user',
  input: z.object({ id: reviewId }),
  output: z.null(),
});

/** The reviews of a submission, by line then age, each with its replies: for its owner (empty while its contest
 * runs for him) and its reviewers; 403 for anyone else who may see the submission. */
export const getReviews = endpoint({
  method: 'GET',
  path: '/api/submission/reviews',
  access: 'user',
  input: z.object({ submitId }),
  output: z.object({
    reviews: z.array(review),
    /** The caller may write reviews on this submission. */
    canReview: z.boolean(),
    /** The caller may reply under its reviews. */
    canReply: z.boolean(),
  }),
});

/** An answer under a review, by the submission's owner (not while its contest runs for him) or a reviewer; the
 * review's author is told, and the owner when a reviewer answers. */
export const addReviewReply = endpoint({
  method: 'POST',
  path: '/api/submission/review-reply',
  access: 'user',
  input: z.object({ reviewId, content }),
  output: reviewReply,
});

/** A submission of the group with reviews, for the group's admins. */
export const reviewedSubmission = z.object({
  submitId: z.number().int(),
  /** The problem's display id and title. */
  displayPid: z.string(),
  title: z.string(),
  uid: z.string(),
  username: z.string(),
  status: z.number().int(),
  submitTime: isoDate,
  reviewCount: z.number().int(),
  /** The owner's replies that no reviewer has answered since (under the same review). */
  unansweredCount: z.number().int(),
  /** The newest review, edit or reply. */
  lastActivity: isoDate,
});
export type ReviewedSubmission = z.infer<typeof reviewedSubmission>;

/** The group's own submissions (its problem set and trainings; not its contests') that have reviews, newest activity
 * first: for the group's admins. */
export const getReviewedSubmissions = endpoint({
  method: 'GET',
  path: '/api/group/reviewed-submissions',
  access: 'user',
  input: z.object({ gid: groupId, ...pageQuery(REVIEWED_PAGE) }),
  output: page(reviewedSubmission),
});
