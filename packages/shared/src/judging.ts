/**
 * What judging itself takes from @oj/shared: the verdicts, the languages and their limits, the cases' scores, the
 * problem package's format and the compilers' diagnostics. The judge's pipeline and its `local` command import this
 * entry, not the main one: the main entry's contract namespaces build every endpoint's zod schema when loaded (about
 * 0.2 s of the judge's start, for schemas only its worker's protocol uses).
 */
export * from './compile-diagnostics.js';
export * from './judge.js';
export * from './problem-cases.js';
export * from './problem-package.js';
