import { describe, expect, it } from 'vitest';
import { boundedMap } from './bounded-map.js';

describe('boundedMap', () => {
  it('keeps the newest entries up to its bound; setting a key again makes it the newest', () => {
    const m = boundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3);
    m.set('c', 4);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([3, undefined, 4]);
    m.delete('a');
    expect(m.get('a')).toBeUndefined();
    m.clear();
    expect(m.get('c')).toBeUndefined();
  });
});
