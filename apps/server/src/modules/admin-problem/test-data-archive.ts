import path from 'node:path/posix';
import { compareCaseNames } from '@oj/shared';
import { AppError } from '../../http/app-error.js';

/** Two files of an archive paired into a test case. `inputEntry`/`outputEntry` are the archive entries (whatever
 * the caller read them as); an input without an answer has no `outputEntry` (an empty answer). */
export interface TestFilePair<E> {
  /** Stored names: `<base>.in` and `<base>.out` (or `.ans` as uploaded). */
  input: string;
  output: string;
  inputEntry: E;
  outputEntry: E | undefined;
}

/** Archive litter that is never test data. */
const ignored = (name: string) =>
  name.startsWith('__MACOSX/') || path.basename(name).startsWith('.') || name.endsWith('/');
const isTestFile = (n: string) => /\.(in|out|ans)$/.test(n) || (/\.txt$/.test(n) && /(input|output)/.test(n));

/** Whether an archive entry can be test data at all: the others are never unpacked. */
export const mayBeTestFile = (name: string) => !ignored(name) && isTestFile(path.basename(name));

/**
 * Pairs the test files of an uploaded archive as HOJ does: `*.in` with `*.out` or `*.ans`, or
 * `*input*.txt` with the same name with `input` replaced by `output`. Files sit at the root or all in one folder;
 * an input without an answer gets an empty one (HOJ does the same); anything else is ignored. Cases come back
 * in package order (by name, numerically where names are numbers).
 */
export const pairTestFiles = <E extends { name: string }>(entries: E[]): TestFilePair<E>[] => {
  const testFiles = entries.filter((e) => mayBeTestFile(e.name));
  if (testFiles.length === 0) throw new AppError(400, 'zipNoTestCase');
  const folders = new Set(testFiles.map((f) => path.dirname(f.name)));
  if (folders.size > 1 || [...folders].some((d) => d.includes('/'))) throw new AppError(400, 'zipTooDeep');

  const byName = new Map(testFiles.map((f) => [path.basename(f.name), f]));
  const pairs: (TestFilePair<E> & { base: string })[] = [];
  const taken = new Set<string>();
  for (const name of [...byName.keys()]) {
    let base: string;
    let answer: string | undefined;
    let answerName: string;
    if (name.endsWith('.in')) {
      base = name.slice(0, -3);
      answer = [`${base}.out`, `${base}.ans`].find((n) => byName.has(n));
      answerName = answer ?? `${base}.out`;
    } else if (name.endsWith('.txt') && name.includes('input')) {
      base = name.slice(0, -4);
      const candidate = name.replace('input', 'output');
      answer = byName.has(candidate) ? candidate : undefined;
      answerName = `${base}.out`;
    } else continue;
    // `1.in` and `1input.txt`... could claim the same stored name; the first one keeps it.
    if (taken.has(base)) continue;
    taken.add(base);
    pairs.push({
      base,
      input: `${base}.in`,
      output: answer?.endsWith('.ans') ? `${base}.ans` : answerName.endsWith('.ans') ? answerName : `${base}.out`,
      inputEntry: byName.get(name) as E,
      outputEntry: answer ? byName.get(answer) : undefined,
    });
  }
  if (pairs.length === 0) throw new AppError(400, 'zipNoTestCase');
  pairs.sort((a, b) => compareCaseNames(a.base, b.base));
  return pairs.map(({ base: _base, ...pair }) => pair);
};
