import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './plain-excerpt';

describe('plainExcerpt', () => {
  it('shows a markdown description in the list as plain text', () => {
    expect(plainExcerpt('## Warm up\nSolve **A+B** and `sort`.\n\n- read\n1. submit')).toBe(
      'Warm up Solve A+B and sort. · read · submit',
    );
    expect(plainExcerpt('See [the guide](http://x/y) ![pic](/a.png) > quoted')).toBe('See the guide > quoted');
    expect(plainExcerpt('> tip: *carefully*, a*b*c stays')).toBe('tip: carefully, a*b*c stays');
  });
});
