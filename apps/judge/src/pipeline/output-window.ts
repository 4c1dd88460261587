import { USER_OUTPUT_KEEP_CHARS } from './judge-limits.js';

/** Lines kept before the first differing line when the kept output has to start further down. */
export const OUTPUT_WINDOW_LINES_BEFORE = 3;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

interface Line {
  /** Byte offsets of the line's text: without its newline, and without the CR of a CRLF (compare-output.ts
   * compares with CRLF made LF). */
  start: number;
  end: number;
  /** Where the next line starts. */
  next: number;
  /** Ends with a newline (the last line of an output need not). */
  terminated: boolean;
}

const lineAt = (buffer: Buffer, start: number): Line | undefined => {
  if (start >= buffer.length) return undefined;
  const newline = buffer.indexOf(LF, start);
  if (newline === -1) return { start, end: buffer.length, next: buffer.length, terminated: false };
  const end = newline > start && buffer[newline - 1] === CR ? newline - 1 : newline;
  return { start, end, next: newline + 1, terminated: true };
};

/** The end of the line's text without the spaces and tabs it ends with (compare-output.ts's removeEndBlank). */
const trimmedEnd = (buffer: Buffer, line: Line): number => {
  let end = line.end;
  while (end > line.start && (buffer[end - 1] === SPACE || buffer[end - 1] === TAB)) end--;
  return end;
};

const sameLine = (a: Buffer, lineA: Line, b: Buffer, lineB: Line, isRemoveEndBlank: boolean): boolean => {
  if (isRemoveEndBlank)
    return a.subarray(lineA.start, trimmedEnd(a, lineA)).equals(b.subarray(lineB.start, trimmedEnd(b, lineB)));
  return (
    lineA.terminated === lineB.terminated &&
    a.subarray(lineA.start, lineA.end).equals(b.subarray(lineB.start, lineB.end))
  );
};

/** Whether every line from `start` on is blank (spaces and tabs only): blank lines at the end do not count with
 * isRemoveEndBlank. */
const onlyBlankLinesFrom = (buffer: Buffer, start: number): boolean => {
  for (let line = lineAt(buffer, start); line; line = lineAt(buffer, line.next))
    if (trimmedEnd(buffer, line) > line.start) return false;
  return true;
};

export interface FirstDifference {
  /** 1-based line number. */
  line: number;
  /** Where that line of the program's output starts and where its text ends (both the output's length when the
   * program printed fewer lines). */
  outputStart: number;
  outputEnd: number;
}

/**
 * The first line where the program's output differs from the expected answer, in the default comparison's terms
 * (compare-output.ts): CRLF counts as LF; with `isRemoveEndBlank` a line's trailing spaces and tabs do not count, and
 * neither do blank lines at the end; without it a line differs also when only one of the two ends with a newline. A
 * missing or an extra line is the difference at that line. Undefined when the two are equal.
 */
export const firstDifference = (
  output: Buffer,
  expected: Buffer,
  isRemoveEndBlank: boolean,
): FirstDifference | undefined => {
  let outputLine = lineAt(output, 0);
  let expectedLine = lineAt(expected, 0);
  for (let number = 1; ; number++) {
    if (!outputLine && !expectedLine) return undefined;
    if (!outputLine || !expectedLine) {
      // One side ran out of lines: the rest of the other is the difference, unless it is blank lines at the end.
      if (isRemoveEndBlank && onlyBlankLinesFrom(outputLine ? output : expected, (outputLine ?? expectedLine)!.start))
        return undefined;
      return outputLine
        ? { line: number, outputStart: outputLine.start, outputEnd: outputLine.end }
        : { line: number, outputStart: output.length, outputEnd: output.length };
    }
    if (!sameLine(output, outputLine, expected, expectedLine, isRemoveEndBlank))
      return { line: number, outputStart: outputLine.start, outputEnd: outputLine.end };
    outputLine = lineAt(output, outputLine.next);
    expectedLine = lineAt(expected, expectedLine.next);
  }
};

/** Where 1-based line `line` of `buffer` starts. */
const lineStart = (buffer: Buffer, line: number): number => {
  let start = 0;
  for (let number = 1; number < line; number++) {
    const newline = buffer.indexOf(LF, start);
    if (newline === -1) return buffer.length;
    start = newline + 1;
  }
  return start;
};

export interface OutputWindow {
  /** The kept output: at most `keepBytes` bytes of it, as text. */
  text: string;
  /** The 1-based line of the output `text` starts at. */
  fromLine: number;
}

/**
 * The part of a Wrong Answer's or Presentation Error's output kept with the case: its start, as for every case,
 * when the first differing line lies wholly within it; otherwise `keepBytes` from OUTPUT_WINDOW_LINES_BEFORE lines
 * before that line, so whoever reads it sees where the output went wrong.
 */
export const outputWindow = (
  output: Buffer,
  expected: Buffer,
  isRemoveEndBlank: boolean,
  keepBytes: number = USER_OUTPUT_KEEP_CHARS,
): OutputWindow => {
  const difference = firstDifference(output, expected, isRemoveEndBlank);
  const fromLine =
    difference && difference.outputEnd > keepBytes ? Math.max(1, difference.line - OUTPUT_WINDOW_LINES_BEFORE) : 1;
  const start = fromLine === 1 ? 0 : lineStart(output, fromLine);
  return { text: output.subarray(start, start + keepBytes).toString('utf8'), fromLine };
};
