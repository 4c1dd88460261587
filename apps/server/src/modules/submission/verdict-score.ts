import { JUDGE_STATUS } from '@oj/shared';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contests, problems } from '../../db/schema.js';

/** Where a verdict is scored: the problem's type and full score, and whether the submission is in an OI contest
 * (a group's contest too). */
export interface ScoringPlace {
  type: number;
  ioScore: number;
  oiContest: boolean;
}

/** The score a verdict stores, one rule for every writer of a verdict (a judge's or a remote site's report, a manual
 * judge, a cancel). An OI-type problem scores what it was judged. An ACM-type problem has no cases' scores: in an OI
 * contest it scores its full score (`ioScore`) on Accepted and 0 otherwise, so the OI board counts it
 * (docs/decisions/0039-full-scores.md); elsewhere its verdict has no score. */
export const verdictScore = (place: ScoringPlace, status: number, judged: number | null): number | null => {
  if (place.type === 1) return judged;
  if (!place.oiContest) return null;
  return status === JUDGE_STATUS.ACCEPTED ? place.ioScore : 0;
};

/** The columns of a ScoringPlace with the problem's case mode, read from `problems` for a verdict in contest `cid` (a
 * value, or a column of the query's submission; 0: outside contests). */
export const scoringColumns = (cid: number | SQLWrapper) => ({
  type: problems.type,
  ioScore: problems.ioScore,
  judgeCaseMode: problems.judgeCaseMode,
  oiContest: sql<boolean>`exists (select 1 from ${contests} where ${contests.id} = ${cid} and ${contests.type} = 1)`,
});

/** The ScoringPlace of a verdict on problem `pid` in contest `cid` (0: outside contests), with the problem's case
 * mode; undefined when the problem is gone. Both writers of verdicts read it in their transaction (the judge queue's
 * report, with the submission it locks: judge-queue.repository.ts; submission.service's verdict by hand). */
export const scoringPlaceOf = async (tx: Tx, pid: number, cid: number) =>
  (await tx.select(scoringColumns(cid)).from(problems).where(eq(problems.id, pid)))[0] as
    | (ScoringPlace & { judgeCaseMode: string })
    | undefined;
