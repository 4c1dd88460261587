import type { TrainingRankRow } from '@oj/shared';
import { JUDGE_STATUS } from '@oj/shared';
import { isInProgress } from '../submission/judge-status';

/** Progress colours of the training list: a bar takes the colour of the first threshold its percentage
 * does not exceed (20, 40, 60, 80, 100 %). */
export const PROGRESS_COLORS = [
  { upTo: 20, color: '#909399' },
  { upTo: 40, color: '#f56c6c' },
  { upTo: 60, color: '#e6a23c' },
  { upTo: 80, color: '#1989fa' },
  { upTo: 100, color: '#67c23a' },
] as const;

/** The caller's progress in a training as a percentage (0-100, two decimals); a training without problems is
 * complete. */
export const trainingPercent = (acCount: number, problemCount: number) => {
  if (problemCount <= 0) return 100;
  const p = (Math.max(0, acCount) / problemCount) * 100;
  return Math.min(100, Math.round(p * 100) / 100);
};

export const progressColor = (percent: number) =>
  (PROGRESS_COLORS.find((c) => percent <= c.upTo) ?? PROGRESS_COLORS[PROGRESS_COLORS.length - 1]).color;

/** ac over total as a percent with two decimals; nothing submitted yet reads 0.00%. */
export const passingRate = (ac: number, total: number) => (total > 0 ? `${((ac / total) * 100).toFixed(2)}%` : '0.00%');

type RankCell = TrainingRankRow['submissionInfo'][string];
export type RankCellState = 'ac' | 'wrong' | 'pending' | 'none';

/** A rank cell: solved, tried and wrong, still judging, or untouched. */
export const rankCellState = (cell: RankCell | undefined): RankCellState => {
  if (!cell) return 'none';
  if (cell.isAC || cell.status === JUDGE_STATUS.ACCEPTED) return 'ac';
  if (cell.status === JUDGE_STATUS.NOT_SUBMITTED) return 'none';
  if (isInProgress(cell.status)) return 'pending';
  return 'wrong';
};

export const RANK_CELL_COLORS: Record<RankCellState, string | undefined> = {
  ac: '#d9f7be',
  wrong: '#ffccc7',
  pending: '#fff1b8',
  none: undefined,
};

/** The rank number of the i-th row of a page. */
export const rankNumber = (currentPage: number, limit: number, index: number) => (currentPage - 1) * limit + index + 1;

/** The submissions of a user on one problem, as the status page reads its query; a
 * group training's go to the group's submission list. */
export const userProblemStatusPath = (username: string, problemId: string, gid?: number | null) =>
  `${gid ? `/group/${gid}/status` : '/status'}?${new URLSearchParams({ username, problemID: problemId }).toString()}`;
