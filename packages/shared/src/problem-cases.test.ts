import { describe, expect, it } from 'vitest';
import { fullScoreOf, groupCases, spreadScoresFor } from './problem-cases.js';

const scored = (groups: (number | null)[], scores: number[]) =>
  groups.map((groupNum, i) => ({ groupNum, score: scores[i] }));

describe('a problem full score, as the judge adds case scores up', () => {
  const cases = scored([1, 1, 1, 2, 2, 2], [10, 10, 10, 23, 23, 23]);

  it('adds up the cases in the default and ergodic modes', () => {
    expect(fullScoreOf(cases, 'default')).toBe(99);
    expect(fullScoreOf(cases, 'ergodic_without_error')).toBe(99);
  });

  it('counts each subtask once: its lowest case, or its cases average rounded', () => {
    expect(fullScoreOf(cases, 'subtask_lowest')).toBe(33);
    expect(fullScoreOf(cases, 'subtask_average')).toBe(33);
    const uneven = scored([1, 1, 2], [10, 21, 50]);
    expect(fullScoreOf(uneven, 'subtask_lowest')).toBe(60);
    expect(fullScoreOf(uneven, 'subtask_average')).toBe(66);
  });

  it('makes a case without a group a subtask of its own', () => {
    expect(groupCases(scored([null, 1, null, 1], [1, 2, 3, 4])).map((g) => g.map((c) => c.score))).toEqual([
      [1],
      [2, 4],
      [3],
    ]);
    expect(fullScoreOf(scored([null, null], [40, 60]), 'subtask_lowest')).toBe(100);
  });

  it('spreads 100 points over the subtasks in a subtask mode, so the full score is 100', () => {
    const groups = [2, 2, 1, 3, 3];
    const spread = spreadScoresFor(
      groups.map((groupNum) => ({ groupNum })),
      'subtask_lowest',
    );
    expect(spread).toEqual([33, 33, 33, 34, 34]);
    expect(fullScoreOf(scored(groups, spread), 'subtask_lowest')).toBe(100);
    expect(spreadScoresFor([{ groupNum: 1 }, { groupNum: 1 }, { groupNum: 1 }], 'default')).toEqual([33, 33, 34]);
  });
});
