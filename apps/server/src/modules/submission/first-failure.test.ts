import { Readable } from 'node:stream';
import { message, JUDGE_STATUS as S } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { explainFirstFailure, type FailingCase } from './first-failure.js';
import type { Sight } from './submission-visibility.js';

/** Test files by name; streamed in 7-byte chunks so that lines and characters straddle chunk boundaries. */
const filesOf = (files: Record<string, string>) => ({
  read: async (sha: string) => Buffer.from(files[sha]),
  stream: (sha: string) => {
    const bytes = Buffer.from(files[sha]);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    return Readable.from(chunks);
  },
});

const OWNER: Sight = {
  own: true,
  admin: false,
  code: true,
  listed: true,
  runHidden: false,
  contestRunning: false,
  masked: false,
  problem: { displayId: '1000', title: 'A+B' },
};
const OPEN = {
  openCaseResult: 1,
  showFirstFailure: true,
  isRemoveEndBlank: 0,
  examples: '<input>1 2</input><output>3</output>',
  judgeMode: 'default',
};

/** Explains one case whose expected output is `expected` and whose program printed `output`. */
const explain = (
  c: Partial<Omit<FailingCase, 'input' | 'expected'>> & { output: string; expected?: string; input?: string },
  problem: Partial<typeof OPEN> = {},
  sight: Sight = OWNER,
) => {
  const { output, expected, input, ...rest } = c;
  const files = { in: input ?? '7 8\n', out: expected ?? '' };
  return explainFirstFailure({
    sight,
    problem: { ...OPEN, ...problem },
    failing: async () => ({
      seq: 2,
      status: S.WRONG_ANSWER,
      message: '',
      userOutput: output,
      outputFromLine: null,
      outputBytes: Buffer.byteLength(output),
      input: { sha256: 'in', size: Buffer.byteLength(files.in) },
      expected: { sha256: 'out', size: Buffer.byteLength(files.out) },
      ...rest,
    }),
    files: filesOf(files),
    locale: 'en-US',
  });
};
const reason = (key: Parameters<typeof message>[0], vars: Record<string, string> = {}) => message(key, 'en-US', vars);

describe('the first failing case explained', () => {
  it('a trailing space: its line named, both windows from line 1 with the space kept', async () => {
    const f = await explain({ status: S.PRESENTATION_ERROR, output: '3\n5 \n9\n', expected: '3\n5\n9\n' });
    expect(f).toMatchObject({
      seq: 2,
      reason: reason('feedbackTrailingSpace', { line: '2' }),
      input: '7 8\n',
      expected: '3\n5\n9\n',
      output: '3\n5 \n9\n',
      outputFromLine: 1,
      truncated: false,
    });
  });

  it('a missing final newline, an extra blank line at the end, a tab for a space, spacing, line breaks', async () => {
    const pe = { status: S.PRESENTATION_ERROR };
    expect((await explain({ ...pe, output: '3\n5', expected: '3\n5\n' }))?.reason).toBe(
      reason('feedbackMissingFinalNewline'),
    );
    expect((await explain({ ...pe, output: '3\n5\n\n', expected: '3\n5\n' }))?.reason).toBe(
      reason('feedbackExtraBlankLineAtEnd'),
    );
    expect((await explain({ ...pe, output: '1\t2\n', expected: '1 2\n' }))?.reason).toBe(
      reason('feedbackTabForSpace', { line: '1' }),
    );
    expect((await explain({ ...pe, output: '1  2\n', expected: '1 2\n' }))?.reason).toBe(
      reason('feedbackSpacing', { line: '1' }),
    );
    expect((await explain({ ...pe, output: '1\n2\n', expected: '1 2\n' }))?.reason).toBe(
      reason('feedbackLineBreaks', { line: '1' }),
    );
    expect((await explain({ ...pe, output: '\n1\n', expected: '1\n' }))?.reason).toBe(
      reason('feedbackExtraBlankLine', { line: '1' }),
    );
  });

  it('with isRemoveEndBlank a trailing blank is no difference: the line that differs is named', async () => {
    const f = await explain({ output: '3 \n6\n\n', expected: '3\n5\n' }, { isRemoveEndBlank: 1 });
    expect(f?.reason).toBe(reason('feedbackLineDiffers', { line: '2' }));
  });

  it('CRLF line ends are no difference, and stay visible in the output shown', async () => {
    const f = await explain({ output: '3\r\n6\r\n', expected: '3\n5\n' });
    expect(f?.reason).toBe(reason('feedbackLineDiffers', { line: '2' }));
    expect(f?.output).toBe('3\r\n6\r\n');
  });

  it('output that stops early, and output past the expected end', async () => {
    expect((await explain({ output: '3\n', expected: '3\n5\n' }))?.reason).toBe(
      reason('feedbackOutputEndsEarly', { line: '2' }),
    );
    expect((await explain({ output: '3\n5\n7\n', expected: '3\n5\n' }))?.reason).toBe(
      reason('feedbackExtraOutput', { line: '3' }),
    );
  });

  it('a long file: the window starts two lines before the first difference the judge kept the output around', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => String(i + 1));
    const expected = `${lines.join('\n')}\n`;
    // The judge kept the output from line 3997 (3 lines before the difference at line 4000), as a WA past its
    // first 2 KB does.
    const kept = [...lines.slice(3996, 3999), 'wrong', ...lines.slice(4000, 4010)].join('\n');
    const f = await explain({ output: kept, outputFromLine: 3997, outputBytes: 40_000, expected });
    expect(f?.reason).toBe(reason('feedbackLineDiffers', { line: '4000' }));
    expect(f?.outputFromLine).toBe(3998);
    expect(f?.output?.split('\n').slice(0, 3)).toEqual(['3998', '3999', 'wrong']);
    expect(f?.expected?.split('\n').slice(0, 3)).toEqual(['3998', '3999', '4000']);
    expect(f).toMatchObject({ truncated: true, expectedBytes: Buffer.byteLength(expected), outputBytes: 40_000 });
  });

  it('a very long line is cut in the window, which says it is truncated', async () => {
    const f = await explain({ output: `${'x'.repeat(1000)}\n`, expected: `${'y'.repeat(1000)}\n` });
    expect(f?.output?.split('\n')[0]).toHaveLength(300);
    expect(f?.truncated).toBe(true);
  });

  it('runtime errors, time and memory in words', async () => {
    const words = async (status: number, msg: string) => (await explain({ status, message: msg, output: '' }))?.reason;
    expect(await words(S.RUNTIME_ERROR, 'Killed by SIGSEGV')).toBe(reason('feedbackSegfault', { signal: 'SIGSEGV' }));
    expect(await words(S.RUNTIME_ERROR, 'Killed by SIGFPE')).toBe(reason('feedbackDivision', { signal: 'SIGFPE' }));
    expect(await words(S.RUNTIME_ERROR, 'Killed by SIGABRT (uncaught std::out_of_range)')).toBe(
      reason('feedbackUncaught', { type: 'std::out_of_range' }),
    );
    expect(await words(S.RUNTIME_ERROR, 'Exited with code 1 (uncaught RecursionError)')).toBe(
      reason('feedbackStackOverflow', { type: 'RecursionError' }),
    );
    expect(await words(S.RUNTIME_ERROR, 'Exited with code 3')).toBe(reason('feedbackExitCode', { code: '3' }));
    expect(await words(S.RUNTIME_ERROR, 'Output Limit Exceeded')).toBe(reason('feedbackOutputLimit'));
    expect(await words(S.TIME_LIMIT_EXCEEDED, '')).toBe(reason('feedbackCpuTime'));
    expect(await words(S.TIME_LIMIT_EXCEEDED, 'Wall time limit exceeded')).toBe(reason('feedbackWallTime'));
    expect(await words(S.MEMORY_LIMIT_EXCEEDED, '')).toBe(reason('feedbackMemory'));
  });

  it("a special judge's message is passed on", async () => {
    const f = await explain({ message: 'wrong answer 1st numbers differ', output: '4\n' }, { judgeMode: 'spj' });
    expect(f).toMatchObject({ reason: reason('feedbackChecker'), checkerMessage: 'wrong answer 1st numbers differ' });
  });

  it('hidden test data: the output and the reason only; a sample case shows its input and answer anyway', async () => {
    const hidden = { showFirstFailure: false };
    const f = await explain({ output: '4\n', expected: '3\n' }, hidden);
    expect(f).toMatchObject({ input: null, expected: null, inputBytes: null, expectedBytes: null, output: '4\n' });
    expect(f?.reason).toBe(reason('feedbackLineDiffers', { line: '1' }));
    const sample = await explain({ output: '4\n', expected: '3\n', input: '1 2\r\n' }, hidden);
    expect(sample).toMatchObject({ input: '1 2\r\n', expected: '3\n' });
    // Closed case results: nothing but a sample.
    expect(await explain({ output: '4\n', expected: '3\n' }, { ...hidden, openCaseResult: 0 })).toBeNull();
    expect(
      await explain({ output: '4\n', expected: '3\n', input: '1 2\n' }, { ...hidden, openCaseResult: 0 }),
    ).toMatchObject({ input: '1 2\n' });
  });
});
