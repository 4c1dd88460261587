import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { decodeExamples, type FirstFailure, JUDGE_STATUS, type Locale, type MessageKey, message } from '@oj/shared';
import type { ProblemRow } from '../problem/problem-queries.js';
import { feedbackSight, type Sight } from './submission-visibility.js';

/** The first case of a submission that is not Accepted, with what the judge kept of it and its test files. */
export interface FailingCase {
  seq: number;
  status: number;
  message: string | null;
  userOutput: string | null;
  outputFromLine: number | null;
  outputBytes: number | null;
  input: { sha256: string; size: number } | null;
  expected: { sha256: string; size: number } | null;
}

/** Lines shown around the first difference: this many before it, and up to WINDOW_LINES in all. */
const CONTEXT_BEFORE = 2;
const WINDOW_LINES = 10;
/** A shown line is cut at this many characters, the input at this many lines and characters. */
const LINE_CHARS = 300;
const INPUT_LINES = 30;
const INPUT_CHARS = 2048;
/** An input longer than this is no sample (the statement's examples are short). */
const SAMPLE_MAX_BYTES = 64 * 1024;
/** How far into an expected output the server reads for the window (past it: not shown). */
const EXPECTED_SCAN_BYTES = 16 * 1024 * 1024;

/** Lines of a text: `lines` from line `from` (1-based) on, `complete` when they run to the text's end. A text
 * ending in a newline ends in an empty line, so a missing final newline is a difference like any other. */
interface Excerpt {
  from: number;
  lines: string[];
  complete: boolean;
}

/** Lines `from`..`from + count - 1` (1-based) of a stream, CR kept (the page shows it), reading at most
 * EXPECTED_SCAN_BYTES. A text ending in a newline ends in an empty line. */
const readLines = async (stream: Readable, from: number, count: number): Promise<Excerpt> => {
  const decoder = new StringDecoder('utf8');
  const lines: string[] = [];
  let n = 1;
  let rest = '';
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (n >= from) lines.push(line);
        n += 1;
        if (n >= from + count) return { from, lines, complete: false };
      }
      if (bytes > EXPECTED_SCAN_BYTES) return { from, lines, complete: false };
    }
  } finally {
    stream.destroy();
  }
  if (n >= from) lines.push(rest + decoder.end());
  return { from, lines, complete: true };
};

/** Whether two lines are the same to the comparison the judge made (trailing blanks ignored with isRemoveEndBlank). */
const sameLine = (a: string, b: string, removeEndBlank: boolean) =>
  removeEndBlank
    ? a.replace(/[ \t\r]+$/, '') === b.replace(/[ \t\r]+$/, '')
    : a.replace(/\r$/, '') === b.replace(/\r$/, '');

const isBlank = (line: string) => /^[ \t\r]*$/.test(line);

/** How many of an excerpt's lines are content: a complete text that ends in a newline ends in an empty line that
 * only says so. */
const contentLength = (x: Excerpt) =>
  x.complete && x.lines.length > 0 && x.lines[x.lines.length - 1] === '' ? x.lines.length - 1 : x.lines.length;

/** The index in `output` and `expected` (aligned, both from the same line) of the first line that differs, a
 * missing or extra line or final newline included; -1: none within what both hold. */
const firstDifference = (output: Excerpt, expected: Excerpt, removeEndBlank: boolean) => {
  const endO = contentLength(output);
  const endE = contentLength(expected);
  for (let i = 0; i < Math.max(endO, endE); i++) {
    if (i < endO && i < endE) {
      if (!sameLine(output.lines[i], expected.lines[i], removeEndBlank)) return i;
      continue;
    }
    if (!output.complete || !expected.complete) return -1;
    // With isRemoveEndBlank, blank lines at the end do not count.
    const longer = i < endO ? output.lines.slice(i, endO) : expected.lines.slice(i, endE);
    return removeEndBlank && longer.every(isBlank) ? -1 : i;
  }
  if (removeEndBlank || !output.complete || !expected.complete) return -1;
  // The same lines: one ends in a newline, the other does not.
  return endO < output.lines.length === endE < expected.lines.length ? -1 : endO;
};

type Reason = { key: MessageKey; vars?: Record<string, string> };

/** Why a Wrong Answer or Presentation Error differs at index `i` of the aligned excerpts (line `line`). */
const differenceReason = (
  output: Excerpt,
  expected: Excerpt,
  i: number,
  line: number,
  presentation: boolean,
): Reason => {
  const at = { line: String(line) };
  const endO = contentLength(output);
  const endE = contentLength(expected);
  const o = i < endO ? output.lines[i] : undefined;
  const e = i < endE ? expected.lines[i] : undefined;
  if (o === undefined && e === undefined)
    return { key: endE < expected.lines.length ? 'feedbackMissingFinalNewline' : 'feedbackPresentation' };
  if (o === undefined) {
    return {
      key: expected.lines.slice(i, endE).every(isBlank) ? 'feedbackMissingBlankLine' : 'feedbackOutputEndsEarly',
      vars: at,
    };
  }
  if (e === undefined) {
    if (output.lines.slice(i, endO).every(isBlank)) return { key: 'feedbackExtraBlankLineAtEnd' };
    return { key: 'feedbackExtraOutput', vars: at };
  }
  const oc = o.replace(/\r$/, '');
  const ec = e.replace(/\r$/, '');
  if (isBlank(oc) && !isBlank(ec)) return { key: 'feedbackExtraBlankLine', vars: at };
  if (!isBlank(oc) && isBlank(ec)) return { key: 'feedbackMissingBlankLine', vars: at };
  if (oc.replace(/\s+/g, '') === ec.replace(/\s+/g, '')) {
    if (oc.trimEnd() === ec.trimEnd())
      return { key: /[ \t]$/.test(oc) ? 'feedbackTrailingSpace' : 'feedbackMissingTrailingSpace', vars: at };
    if (oc.trimStart() === ec.trimStart()) return { key: 'feedbackLeadingSpace', vars: at };
    if (oc.replace(/\t/g, ' ') === ec.replace(/\t/g, ' '))
      return { key: oc.includes('\t') ? 'feedbackTabForSpace' : 'feedbackSpaceForTab', vars: at };
    return { key: 'feedbackSpacing', vars: at };
  }
  // Only whitespace differs overall, yet this line's characters do: the lines are broken elsewhere.
  if (presentation) return { key: 'feedbackLineBreaks', vars: at };
  return { key: 'feedbackLineDiffers', vars: at };
};

const SIGNALS: Record<string, MessageKey> = {
  SIGSEGV: 'feedbackSegfault',
  SIGBUS: 'feedbackSegfault',
  SIGFPE: 'feedbackDivision',
  SIGABRT: 'feedbackAbort',
};
const STACK_OVERFLOW = /^(RecursionError|java\.lang\.StackOverflowError)$/;

/** A Runtime Error's words, from the case message the judge wrote (apps/judge/src/pipeline/run-program.ts
 * `classifyRun`, and ` (uncaught <Type>)` from uncaught-exception.ts). */
export const runtimeReason = (text: string): Reason => {
  const uncaught = /\(uncaught ([^)]+)\)\s*$/.exec(text)?.[1];
  if (uncaught) {
    return {
      key: STACK_OVERFLOW.test(uncaught) ? 'feedbackStackOverflow' : 'feedbackUncaught',
      vars: { type: uncaught },
    };
  }
  if (/^Output Limit Exceeded/.test(text)) return { key: 'feedbackOutputLimit' };
  const signal = /^Killed by (SIG[A-Z]+|signal \d+)/.exec(text)?.[1];
  if (signal) return { key: SIGNALS[signal] ?? 'feedbackKilled', vars: { signal } };
  const code = /^Exited with code (\d+)/.exec(text)?.[1];
  if (code) return { key: 'feedbackExitCode', vars: { code } };
  return { key: 'feedbackRuntimeError' };
};

const otherReason = (c: FailingCase): Reason => {
  switch (c.status) {
    case JUDGE_STATUS.TIME_LIMIT_EXCEEDED:
      return { key: /wall/i.test(c.message ?? '') ? 'feedbackWallTime' : 'feedbackCpuTime' };
    case JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED:
      return { key: 'feedbackMemory' };
    case JUDGE_STATUS.RUNTIME_ERROR:
      return runtimeReason(c.message ?? '');
    case JUDGE_STATUS.SYSTEM_ERROR:
      return { key: 'feedbackSystemError' };
    default:
      return { key: 'feedbackWrongAnswer' };
  }
};

const cut = (line: string) =>
  line.length > LINE_CHARS ? { text: line.slice(0, LINE_CHARS), cut: true } : { text: line, cut: false };

/** The input's head: its first INPUT_LINES lines, at most INPUT_CHARS characters. */
const inputHead = (text: string, size: number) => {
  const lines = text.slice(0, INPUT_CHARS).split('\n').slice(0, INPUT_LINES);
  const shown = lines.join('\n');
  return { text: shown, truncated: Buffer.byteLength(shown) < size };
};

/** Whether a case's input is one of the statement's examples (compared without CR and trailing blanks). */
const isSample = (input: string, examples: string) => {
  const norm = (s: string) => s.replace(/\r\n/g, '\n').replace(/\s+$/, '');
  const wanted = norm(input);
  return decodeExamples(examples).some((e) => norm(e.input) === wanted);
};

/**
 * The first failing case explained (decision 0053): where the sight allows any of it (`feedbackSight`), the window
 * of its expected output and the program's output around the first differing line, the head of its input (input
 * and expected output only where the problem opens them, the case is a sample, or the viewer administers it), one
 * line of reason in the reader's language, and a special judge's message.
 */
export const explainFirstFailure = async (o: {
  sight: Sight;
  problem: Pick<ProblemRow, 'openCaseResult' | 'showFirstFailure' | 'isRemoveEndBlank' | 'examples' | 'judgeMode'>;
  /** Read only when the sight may show anything. */
  failing: () => Promise<FailingCase | undefined>;
  files: { read(sha256: string): Promise<Buffer>; stream(sha256: string): Readable };
  locale: Locale;
}): Promise<FirstFailure | null> => {
  const { sight, problem } = o;
  // Not even a sample would be explained: nothing to read.
  if (!feedbackSight(sight, problem, true).shown) return null;
  const c = await o.failing();
  if (!c) return null;
  const small =
    c.input && c.input.size <= SAMPLE_MAX_BYTES ? (await o.files.read(c.input.sha256)).toString('utf8') : null;
  const { shown, open } = feedbackSight(sight, problem, small !== null && isSample(small, problem.examples));
  if (!shown) return null;
  const removeEndBlank = problem.isRemoveEndBlank === 1;
  const compared =
    (c.status === JUDGE_STATUS.WRONG_ANSWER || c.status === JUDGE_STATUS.PRESENTATION_ERROR) &&
    problem.judgeMode === 'default';

  // The program's output as the judge kept it, from line `from`.
  const from = c.outputFromLine ?? 1;
  const keptAll = c.outputBytes === null || Buffer.byteLength(c.userOutput ?? '') >= c.outputBytes;
  const outputLines = (c.userOutput ?? '').split('\n');
  // Past the kept characters the last line may be cut in the middle: it is not compared.
  if (!keptAll) outputLines.pop();
  const output: Excerpt = { from, lines: outputLines, complete: keptAll };

  // Read only when it is compared or shown.
  const expected =
    c.expected && (compared || open)
      ? await readLines(o.files.stream(c.expected.sha256), from, outputLines.length + WINDOW_LINES)
      : null;

  let reason: Reason = otherReason(c);
  let start = 0;
  if (compared && expected) {
    const d = firstDifference(output, expected, removeEndBlank);
    if (d >= 0) {
      reason = differenceReason(output, expected, d, from + d, c.status === JUDGE_STATUS.PRESENTATION_ERROR);
      start = Math.max(0, d - CONTEXT_BEFORE);
    } else if (c.status === JUDGE_STATUS.PRESENTATION_ERROR) {
      reason = { key: 'feedbackPresentation' };
    }
  }
  if (
    problem.judgeMode !== 'default' &&
    (c.status === JUDGE_STATUS.WRONG_ANSWER || c.status === JUDGE_STATUS.PARTIAL_ACCEPTED)
  )
    reason = { key: 'feedbackChecker' };

  let truncated = false;
  const window = (lines: string[]) => {
    const shown = lines.slice(start, start + WINDOW_LINES).map(cut);
    if (start > 0 || lines.length > start + WINDOW_LINES || shown.some((l) => l.cut)) truncated = true;
    return shown.map((l) => l.text).join('\n');
  };
  const shownOutput = window(output.lines);
  if (!output.complete) truncated = true;
  const shownExpected = open && expected ? window(expected.lines) : null;
  if (open && expected && !expected.complete) truncated = true;
  let input: string | null = null;
  if (open && c.input) {
    const text = small ?? (await readHead(o.files, c.input.sha256));
    const head = inputHead(text, c.input.size);
    input = head.text;
    truncated ||= head.truncated;
  }
  return {
    seq: c.seq,
    status: c.status,
    input,
    expected: shownExpected,
    output: shownOutput,
    outputFromLine: from + start,
    inputBytes: open && c.input ? c.input.size : null,
    expectedBytes: open && c.expected ? c.expected.size : null,
    outputBytes: c.outputBytes,
    truncated,
    reason: message(reason.key, o.locale, reason.vars),
    checkerMessage: problem.judgeMode !== 'default' && c.message ? c.message : null,
  };
};

/** The first INPUT_CHARS characters of a large input. */
const readHead = async (files: { stream(sha256: string): Readable }, sha256: string) => {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = files.stream(sha256);
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= INPUT_CHARS * 4) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
};
