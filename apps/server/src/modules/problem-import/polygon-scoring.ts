/** How a Polygon package's points become the site's scoring (decision 0054). */
import { spreadCaseScores } from '@oj/shared';
import type { PolygonGroup, PolygonTest } from './polygon-package.js';

export interface PolygonScoring {
  /** 0 ACM (no points anywhere), 1 OI. */
  type: 0 | 1;
  judgeCaseMode: 'default' | 'subtask_lowest';
  /** Per test, in order: its score and group number. */
  cases: { score: number; groupNum: number }[];
}

/**
 * - No points anywhere: an ACM problem, 100 points spread over the tests.
 * - Points, no group scored as a whole: OI, each test its own points.
 * - A group with policy complete-group: OI in subtask_lowest, where every case of a subtask carries the subtask's
 *   points (the group's `points`, else the sum of its tests' points). A test outside such a group (no group, or an
 *   each-test group) is a subtask of its own with its own points.
 */
export const polygonScoring = (tests: PolygonTest[], groups: PolygonGroup[]): PolygonScoring => {
  const anyPoints = tests.some((t) => t.points !== null) || groups.some((g) => g.points !== null);
  if (!anyPoints) {
    const scores = spreadCaseScores(tests.length);
    return { type: 0, judgeCaseMode: 'default', cases: tests.map((_, i) => ({ score: scores[i], groupNum: 1 })) };
  }
  const whole = groups.filter((g) => g.pointsPolicy === 'complete-group');
  if (!whole.length) {
    return {
      type: 1,
      judgeCaseMode: 'default',
      cases: tests.map((t) => ({ score: Math.max(0, Math.round(t.points ?? 0)), groupNum: 1 })),
    };
  }
  const groupPoints = new Map(
    whole.map((g) => [
      g.name,
      Math.max(
        0,
        Math.round(g.points ?? tests.filter((t) => t.group === g.name).reduce((sum, t) => sum + (t.points ?? 0), 0)),
      ),
    ]),
  );
  const groupNums = new Map(whole.map((g, i) => [g.name, i + 1]));
  let single = whole.length;
  return {
    type: 1,
    judgeCaseMode: 'subtask_lowest',
    cases: tests.map((t) => {
      const num = t.group !== null ? groupNums.get(t.group) : undefined;
      if (num !== undefined) return { score: groupPoints.get(t.group as string) ?? 0, groupNum: num };
      single += 1;
      return { score: Math.max(0, Math.round(t.points ?? 0)), groupNum: single };
    }),
  };
};
