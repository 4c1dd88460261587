import { addCaseScores, JUDGE_STATUS } from '@oj/shared/judging';

/** What scoring needs to know about one case. */
export interface ScoredCase {
  status: number;
  /** Points the case earned (full score on AC, floor(percentage x score) on PA, else 0). */
  score: number;
  /** The case's full score. */
  fullScore: number;
  groupNum?: number;
}

export const caseScore = (status: number, fullScore: number, percentage?: number): number => {
  if (status === JUDGE_STATUS.ACCEPTED) return fullScore;
  if (status === JUDGE_STATUS.PARTIAL_ACCEPTED && percentage !== undefined)
    return Math.floor((percentage / 100) * fullScore);
  return 0;
};

export { groupCases } from '@oj/shared/judging';

export interface ProblemScore {
  status: number;
  score: number;
  /** The score with every case accepted (HOJ's io_score). */
  fullScore: number;
  oiRankScore?: number;
}

/**
 * Final status and score of a submission from its case results under the case mode. `cases` holds every case in
 * order, including Cancelled ones of subtask_lowest; for ergodic_without_error only the executed ones.
 */
export const scoreProblem = (
  cases: ScoredCase[],
  problem: { type: 0 | 1; judgeCaseMode: string; difficulty: number },
  allCasesFullScores: ScoredCase[] = cases,
): ProblemScore => {
  const failing = cases.filter((c) => c.status !== JUDGE_STATUS.ACCEPTED);
  const firstFailure = failing.find((c) => c.status !== JUDGE_STATUS.CANCELLED) ?? failing[0];
  if (problem.type === 0) {
    const status = firstFailure ? firstFailure.status : JUDGE_STATUS.ACCEPTED;
    return { status, score: status === JUDGE_STATUS.ACCEPTED ? 100 : 0, fullScore: 100 };
  }
  const mode = problem.judgeCaseMode;
  const fullScore = addCaseScores(allCasesFullScores, mode, (c) => c.fullScore);
  const earned =
    failing.length === 0
      ? fullScore
      : Math.min(
          addCaseScores(cases, mode, (c) => c.score),
          fullScore,
        );
  let status: number;
  if (!firstFailure) status = JUDGE_STATUS.ACCEPTED;
  else if (problem.judgeCaseMode === 'ergodic_without_error') status = firstFailure.status;
  else if (failing.length === cases.length) status = firstFailure.status;
  else status = JUDGE_STATUS.PARTIAL_ACCEPTED;
  const oiRankScore =
    failing.length === 0
      ? Math.round(fullScore * 0.1 + 2 * problem.difficulty)
      : Math.round(earned * 0.1 + (fullScore > 0 ? (2 * problem.difficulty * earned) / fullScore : 0));
  return { status, score: earned, fullScore, oiRankScore };
};
