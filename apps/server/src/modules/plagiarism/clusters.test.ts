import { describe, expect, it } from 'vitest';
import { clustersOf } from './clusters.js';

const edge = (leftUid: string, rightUid: string, similarity: number, pid = 1) => ({
  leftUid,
  rightUid,
  pid,
  similarity,
});

describe('clustersOf', () => {
  it('joins users connected through pairs at or above the threshold, across problems', () => {
    const clusters = clustersOf(
      [edge('a', 'b', 0.9), edge('b', 'c', 0.5, 2), edge('d', 'e', 0.7), edge('c', 'f', 0.49), edge('a', 'a', 1)],
      0.5,
    );
    expect(clusters).toEqual([
      { uids: ['a', 'b', 'c'], pids: [1, 2], maxSimilarity: 0.9 },
      { uids: ['d', 'e'], pids: [1], maxSimilarity: 0.7 },
    ]);
  });

  it('has no cluster when no pair reaches the threshold', () => {
    expect(clustersOf([edge('a', 'b', 0.3)], 0.5)).toEqual([]);
  });
});
