import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compareCaseNames, type ProblemPackage, problemPackageSchema, spreadCaseScores } from '@oj/shared/judging';
import type { JudgeCase, LoadedProblem } from './loaded-problem.js';

/** A package the judge cannot use: the CLI exits 2 with this message. */
export class ProblemPackageError extends Error {}

/** Root files that are part of the package format rather than files for the checker's include path. */
const RESERVED_ROOT_FILES = new Set(['problem.json', 'checker.cpp', 'interactor.cpp']);
const EXTRA_FILE_MAX_BYTES = 16 * 1024 * 1024;

export interface LoadedProblemPackage {
  problem: LoadedProblem;
  manifest: ProblemPackage;
  rootDir: string;
}

/** Loads a package folder: problem.json, tests/<name>.in with .out or .ans, checker.cpp or interactor.cpp. */
export const loadProblemPackage = (dir: string): LoadedProblemPackage => {
  const rootDir = resolve(dir);
  const manifestPath = join(rootDir, 'problem.json');
  if (!existsSync(manifestPath)) throw new ProblemPackageError(`${manifestPath} not found`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new ProblemPackageError(`problem.json is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = problemPackageSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ProblemPackageError(`problem.json is invalid: ${issues.join('; ')}`);
  }
  const manifest = parsed.data;
  const testsDir = join(rootDir, 'tests');
  if (!existsSync(testsDir)) throw new ProblemPackageError(`${testsDir} not found`);
  const files = new Set(readdirSync(testsDir));
  const available = [...files].filter((f) => f.endsWith('.in')).map((f) => f.slice(0, -3));
  const answerOf = (name: string) =>
    files.has(`${name}.out`)
      ? join(testsDir, `${name}.out`)
      : files.has(`${name}.ans`)
        ? join(testsDir, `${name}.ans`)
        : undefined;

  const entries: Array<{ name: string; score: number; groupNum?: number }> = manifest.cases
    ? manifest.cases
    : (() => {
        const names = available.sort(compareCaseNames);
        const scores = spreadCaseScores(names.length);
        return names.map((name, i) => ({ name, score: scores[i] }));
      })();
  if (entries.length === 0) throw new ProblemPackageError('the package has no test cases');
  const cases: JudgeCase[] = entries.map((entry) => {
    if (!files.has(`${entry.name}.in`)) throw new ProblemPackageError(`tests/${entry.name}.in not found`);
    const answerPath = answerOf(entry.name);
    if (!answerPath && manifest.judgeMode !== 'interactive')
      throw new ProblemPackageError(`tests/${entry.name}.out (or .ans) not found`);
    return {
      name: entry.name,
      inputPath: join(testsDir, `${entry.name}.in`),
      answerPath,
      score: entry.score,
      groupNum: entry.groupNum,
    };
  });

  const extraFiles: Record<string, Buffer> = {};
  for (const entry of readdirSync(rootDir, { withFileTypes: true })) {
    if (!entry.isFile() || RESERVED_ROOT_FILES.has(entry.name)) continue;
    const path = join(rootDir, entry.name);
    if (statSync(path).size <= EXTRA_FILE_MAX_BYTES) extraFiles[entry.name] = readFileSync(path);
  }
  const readSource = (file: string) => {
    const path = join(rootDir, file);
    if (!existsSync(path)) throw new ProblemPackageError(`${file} is required for judgeMode ${manifest.judgeMode}`);
    return { source: readFileSync(path, 'utf8'), extraFiles };
  };

  const problem: LoadedProblem = {
    problemId: manifest.problemId ?? '',
    type: manifest.type,
    judgeMode: manifest.judgeMode,
    judgeCaseMode: manifest.judgeCaseMode,
    timeLimitMs: manifest.timeLimitMs,
    memoryLimitMb: manifest.memoryLimitMb,
    stackLimitMb: manifest.stackLimitMb,
    isRemoveEndBlank: manifest.isRemoveEndBlank,
    difficulty: manifest.difficulty,
    cases,
    checker: manifest.judgeMode === 'spj' ? readSource('checker.cpp') : undefined,
    interactor: manifest.judgeMode === 'interactive' ? readSource('interactor.cpp') : undefined,
  };
  return { problem, manifest, rootDir };
};
