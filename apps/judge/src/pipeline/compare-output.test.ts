import { describe, expect, it } from 'vitest';
import { S } from '../test/judge-fixtures.js';
import { compareOutput, compareTestRunOutput } from './compare-output.js';

describe('compareOutput', () => {
  it('normalizes CRLF on both sides', () => {
    expect(compareOutput('1\r\n2\r\n', '1\n2\n', false)).toBe(S.ACCEPTED);
    expect(compareOutput('1\n2\n', '1\r\n2\r\n', false)).toBe(S.ACCEPTED);
  });
  it('ignores trailing spaces, tabs and blank lines with isRemoveEndBlank', () => {
    expect(compareOutput('1 2 \t\n3\n\n\n', '1 2\n3', true)).toBe(S.ACCEPTED);
    expect(compareOutput('1 2', '1 2\n', true)).toBe(S.ACCEPTED);
  });
  it('is exact without isRemoveEndBlank: whitespace-only differences are PE', () => {
    expect(compareOutput('1 2 \n', '1 2\n', false)).toBe(S.PRESENTATION_ERROR);
    expect(compareOutput('1 2', '1 2\n', false)).toBe(S.PRESENTATION_ERROR);
  });
  it('gives PE for inner whitespace differences and WA for different content', () => {
    expect(compareOutput('1  2\n', '1 2\n', true)).toBe(S.PRESENTATION_ERROR);
    expect(compareOutput('\n3\n', '3\n', true)).toBe(S.PRESENTATION_ERROR);
    expect(compareOutput('12\n', '1 3\n', true)).toBe(S.WRONG_ANSWER);
    expect(compareOutput('', '0\n', true)).toBe(S.WRONG_ANSWER);
  });
  it('compares test-run output as AC/WA only', () => {
    expect(compareTestRunOutput('3 \n', '3', true)).toBe(true);
    expect(compareTestRunOutput('3 \n', '3', false)).toBe(false);
  });
});
