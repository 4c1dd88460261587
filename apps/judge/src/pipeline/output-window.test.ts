import { describe, expect, it } from 'vitest';
import { S } from '../test/judge-fixtures.js';
import { compareOutput } from './compare-output.js';
import { firstDifference, outputWindow } from './output-window.js';

const b = (text: string) => Buffer.from(text, 'utf8');
const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');
const diffLine = (output: string, expected: string, isRemoveEndBlank = true) =>
  firstDifference(b(output), b(expected), isRemoveEndBlank)?.line;

describe('firstDifference', () => {
  it('finds the first line that differs, and nothing in equal outputs', () => {
    expect(diffLine('1\n2\n3\n', '1\n2\n4\n')).toBe(3);
    expect(diffLine('1\n2\n3\n', '1\n2\n3\n')).toBeUndefined();
  });

  it('counts a missing final line and an extra line as the difference at that line', () => {
    expect(diffLine('1\n2\n', '1\n2\n3\n')).toBe(3);
    expect(diffLine('1\n2\n3\n4\n', '1\n2\n3\n')).toBe(4);
    expect(diffLine('', '0\n')).toBe(1);
  });

  it('compares as the default comparison does: CRLF as LF; with isRemoveEndBlank, trailing blanks do not count', () => {
    expect(diffLine('1\r\n2\r\n', '1\n2\n', false)).toBeUndefined();
    expect(diffLine('1 \t\n2\n\n\n', '1\n2', true)).toBeUndefined();
    expect(diffLine('1\n \n2\n', '1\n2\n', true)).toBe(2);
    expect(diffLine('1\n2 \n', '1\n2\n', false)).toBe(2);
    // Without isRemoveEndBlank, a last line without its newline differs, and so does a blank line at the end.
    expect(diffLine('1\n2', '1\n2\n', false)).toBe(2);
    expect(diffLine('1\n2\n\n', '1\n2\n', false)).toBe(3);
    expect(diffLine('1  2\n', '1 2\n', true)).toBe(1);
  });

  it('finds a difference exactly when the default comparison does not accept (5000 small outputs)', () => {
    // A fixed pseudo-random sequence of outputs made of digits, blanks, LF and CRLF.
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const pieces = ['1', '2', ' ', '\t', '\n', '\r\n', '\r'];
    const text = () => Array.from({ length: next() % 7 }, () => pieces[next() % pieces.length]).join('');
    for (let i = 0; i < 5000; i++) {
      const output = text();
      const expected = next() % 3 === 0 ? output.replace(/\n/g, ' \n') : text();
      for (const isRemoveEndBlank of [true, false]) {
        const accepted = compareOutput(output, expected, isRemoveEndBlank) === S.ACCEPTED;
        expect(diffLine(output, expected, isRemoveEndBlank) === undefined, JSON.stringify([output, expected])).toBe(
          accepted,
        );
      }
    }
  });
});

describe('outputWindow', () => {
  it('keeps the start of the output when the differing line is within it', () => {
    const window = outputWindow(b(lines(1, 5)), b(`${lines(1, 3)}wrong\nline 5\n`), true, 100);
    expect(window).toEqual({ text: lines(1, 5), fromLine: 1 });
  });

  it('starts 3 lines before a differing line beyond the kept start', () => {
    // Lines "line 1\n" ... are 7 to 9 bytes: 2000 of them are far more than the 200 bytes kept.
    const output = lines(1, 2000);
    const expected = `${lines(1, 1499)}line 1500 differs\n${lines(1501, 2000)}`;
    const window = outputWindow(b(output), b(expected), true, 200);
    expect(window.fromLine).toBe(1497);
    expect(window.text.startsWith('line 1497\nline 1498\nline 1499\nline 1500\n')).toBe(true);
    expect(window.text).toHaveLength(200);
  });

  it('shows the last lines of an output that stops early, and the first extra line', () => {
    const missing = outputWindow(b(lines(1, 100)), b(lines(1, 120)), true, 50);
    expect(missing).toEqual({ text: lines(98, 100), fromLine: 98 });
    const extra = outputWindow(b(lines(1, 200)), b(lines(1, 100)), true, 50);
    expect(extra.fromLine).toBe(98);
    expect(extra.text.startsWith('line 98\nline 99\nline 100\nline 101\n')).toBe(true);
  });

  it('counts CRLF lines as the comparison does and keeps the bytes as printed', () => {
    const output = lines(1, 50).replace(/\n/g, '\r\n');
    const expected = lines(1, 50).replace('line 40\n', 'line 40!\n');
    const window = outputWindow(b(output), b(expected), true, 60);
    expect(window.fromLine).toBe(37);
    expect(window.text.startsWith('line 37\r\nline 38\r\n')).toBe(true);
  });

  it('keeps the start when the output is short, whatever the difference', () => {
    expect(outputWindow(b('1\n2\n'), b('1\n2\n3\n4\n5\n6\n'), true, 100)).toEqual({ text: '1\n2\n', fromLine: 1 });
  });
});
