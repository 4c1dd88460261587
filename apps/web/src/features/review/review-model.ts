import type { Review, ReviewReply } from '@oj/shared';
import { review as contract } from '@oj/shared';

/** The lines a reviewer has picked: where the pick started and where it ends now (shift-click moves the end). */
export interface LinePick {
  anchor: number;
  head: number;
}

/** A pick as the inclusive range a review takes. */
export const rangeOf = (p: LinePick) => ({ from: Math.min(p.anchor, p.head), to: Math.max(p.anchor, p.head) });

/** A click on line `line`: with shift, the pick stretches from where it started to there; without, it starts anew
 * there, or ends when that one line was all it held. */
export const pickLine = (current: LinePick | null, line: number, extend: boolean): LinePick | null => {
  if (extend && current) return { anchor: current.anchor, head: line };
  if (current && current.anchor === line && current.head === line) return null;
  return { anchor: line, head: line };
};

/** "line 3" or "lines 3–5" in the screen's language. */
export const linesText = (t: (key: string, vars?: Record<string, unknown>) => string, from: number, to: number) =>
  from === to ? t('Review_Line', { line: from }) : t('Review_Lines', { from, to });

/** The reviews shown under each line: those ending on it, by their first line, oldest first (the server's order). */
export const reviewsByEndLine = (reviews: Review[]) => {
  const out = new Map<number, Review[]>();
  for (const r of reviews) out.set(r.toLine, [...(out.get(r.toLine) ?? []), r]);
  return out;
};

/** Every line some review is about. */
export const reviewedLines = (reviews: Review[]) => {
  const out = new Set<number>();
  for (const r of reviews) for (let l = r.fromLine; l <= r.toLine; l += 1) out.add(l);
  return out;
};

/** Why a review or reply may not be sent as typed (the server's rule, said before it is asked): a message key. */
export const contentError = (text: string): 'Review_Content_Empty' | 'Review_Content_Too_Long' | null => {
  const trimmed = text.trim();
  if (!trimmed) return 'Review_Content_Empty';
  if (trimmed.length > contract.REVIEW_LIMITS.content) return 'Review_Content_Too_Long';
  return null;
};

/** The list after a review was added or changed: in its place, else where the server would put it. */
export const withReview = (reviews: Review[], review: Review) => {
  const rest = reviews.filter((r) => r.id !== review.id);
  return [...rest, review].sort((a, b) => a.fromLine - b.fromLine || a.id - b.id);
};

export const withoutReview = (reviews: Review[], id: number) => reviews.filter((r) => r.id !== id);

export const withReply = (reviews: Review[], reply: ReviewReply) =>
  reviews.map((r) => (r.id === reply.reviewId ? { ...r, replies: [...r.replies, reply] } : r));

/** The group's page of a submission (its tab keeps the group around it), or the site's. */
export const reviewedSubmissionPath = (gid: number, submitId: number) => `/group/${gid}/submission-detail/${submitId}`;
