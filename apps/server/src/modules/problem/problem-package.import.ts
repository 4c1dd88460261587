import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  compareCaseNames,
  fullScoreOf,
  LANGUAGE_NAMES,
  type ProblemPackage,
  problemPackageSchema,
  spreadCaseScores,
} from '@oj/shared';
import type { ProblemGraph, ProblemRepository } from './problem.repository.js';
import type { TestDataStore } from './test-data.store.js';

export class PackageError extends Error {}

const CHECKER_FILES = { spj: 'checker.cpp', interactive: 'interactor.cpp' } as const;
/** Files at a package root that are part of the format itself, not extra files for the checker. */
const FORMAT_FILES = new Set(['problem.json', 'checker.cpp', 'interactor.cpp']);

/** HOJ's string encoding of examples. */
export const encodeExamples = (examples: { input: string; output: string }[]) =>
  examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');

/** A version that changes exactly when the test data (or its scoring) changes. */
export const caseVersionOf = (
  cases: { inputSha256: string; outputSha256: string; score: number; groupNum: number }[],
) =>
  crypto
    .createHash('sha256')
    .update(cases.map((c) => `${c.inputSha256}:${c.outputSha256}:${c.score}:${c.groupNum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);

/** Reads a problem package folder (problem.json as @oj/shared's problemPackageSchema says, test files, a checker)
 * into a problem graph, storing its test files (streamed, never read whole; with `move`, a scratch folder's test
 * files are moved into the store). */
export const readPackageFolder = async (
  dir: string,
  store: TestDataStore,
  opts: { move?: boolean } = {},
): Promise<{ pkg: ProblemPackage; graph: ProblemGraph }> => {
  const jsonPath = path.join(dir, 'problem.json');
  if (!fs.existsSync(jsonPath)) throw new PackageError(`${dir}: problem.json is missing`);
  const parsed = problemPackageSchema.safeParse(JSON.parse(fs.readFileSync(jsonPath, 'utf8')));
  if (!parsed.success)
    throw new PackageError(
      `${dir}/problem.json: ${parsed.error.issues[0].path.join('.')} ${parsed.error.issues[0].message}`,
    );
  const pkg = parsed.data;

  const testsDir = path.join(dir, 'tests');
  const files = fs.existsSync(testsDir) ? fs.readdirSync(testsDir) : [];
  const names = files
    .filter((f) => f.endsWith('.in'))
    .map((f) => f.slice(0, -3))
    .sort(compareCaseNames);
  const answerOf = (name: string) => [`${name}.out`, `${name}.ans`].find((f) => files.includes(f));
  const chosen =
    pkg.cases ?? names.map((name, i) => ({ name, score: spreadCaseScores(names.length)[i], groupNum: undefined }));
  if (chosen.length === 0) throw new PackageError(`${dir}: no test cases in tests/`);

  // A file two cases name is stored once (with `move` it is gone after the first time).
  const stored = new Map<string, Promise<{ sha256: string; size: number }>>();
  const put = (file: string) => {
    const done = stored.get(file) ?? store.putFile(file, opts);
    stored.set(file, done);
    return done;
  };
  const cases = [];
  for (const [i, c] of chosen.entries()) {
    const answer = answerOf(c.name);
    if (!files.includes(`${c.name}.in`)) throw new PackageError(`${dir}: tests/${c.name}.in is missing`);
    if (!answer && pkg.judgeMode !== 'interactive') throw new PackageError(`${dir}: tests/${c.name}.out is missing`);
    const input = await put(path.join(testsDir, `${c.name}.in`));
    const output = answer ? await put(path.join(testsDir, answer)) : await store.put('');
    cases.push({
      seq: i + 1,
      inputName: `${c.name}.in`,
      outputName: answer ?? `${c.name}.out`,
      inputSha256: input.sha256,
      outputSha256: output.sha256,
      inputSize: input.size,
      outputSize: output.size,
      score: c.score,
      groupNum: c.groupNum ?? 1,
    });
  }

  let spjCode: string | null = null;
  const judgeExtraFile: Record<string, string> = {};
  if (pkg.judgeMode !== 'default') {
    const checkerPath = path.join(dir, CHECKER_FILES[pkg.judgeMode]);
    if (!fs.existsSync(checkerPath)) throw new PackageError(`${dir}: ${CHECKER_FILES[pkg.judgeMode]} is missing`);
    spjCode = fs.readFileSync(checkerPath, 'utf8');
  }
  // Files beside problem.json are the judge's extra files (testlib.h ...), whatever the mode: an exported problem
  // keeps them even while its checker is switched off.
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && !FORMAT_FILES.has(entry.name) && !entry.name.startsWith('.')) {
      judgeExtraFile[entry.name] = fs.readFileSync(path.join(dir, entry.name), 'utf8');
    }
  }

  const graph: ProblemGraph = {
    problem: {
      problemId: pkg.problemId ?? '',
      title: pkg.title,
      author: pkg.author ?? '',
      type: pkg.type,
      timeLimitMs: pkg.timeLimitMs,
      memoryLimitMb: pkg.memoryLimitMb,
      stackLimitMb: pkg.stackLimitMb,
      description: pkg.description,
      input: pkg.input,
      output: pkg.output,
      examples: encodeExamples(pkg.examples),
      hint: pkg.hint,
      source: pkg.source,
      difficulty: pkg.difficulty,
      ioScore: pkg.type === 1 ? fullScoreOf(cases, pkg.judgeCaseMode) : 100,
      judgeMode: pkg.judgeMode,
      judgeCaseMode: pkg.judgeCaseMode,
      spjCode,
      spjLanguage: spjCode ? pkg.checkerLanguage : null,
      judgeExtraFile,
      userExtraFile: pkg.userExtraFile,
      isRemoveEndBlank: pkg.isRemoveEndBlank ? 1 : 0,
      auth: pkg.auth,
      codeShare: pkg.codeShare ? 1 : 0,
      openCaseResult: pkg.openCaseResult ? 1 : 0,
      showFirstFailure: pkg.showFirstFailure,
      isUploadCase: pkg.isUploadCase ? 1 : 0,
      caseVersion: caseVersionOf(cases),
    },
    cases,
    // An empty list in a package means every language; the bank stores them explicitly, as HOJ does.
    languages: pkg.languages.length ? pkg.languages : [...LANGUAGE_NAMES],
    codeTemplates: pkg.codeTemplates as Record<string, string>,
    disabledCodeTemplates: pkg.disabledCodeTemplates as Record<string, string>,
    tagNames: pkg.tags,
  };
  return { pkg, graph };
};

/** Imports one package folder; a taken problemId is replaced by a fresh one, which the answer reports. */
export const importPackageFolder = async (dir: string, deps: { problems: ProblemRepository; store: TestDataStore }) => {
  const { graph } = await readPackageFolder(dir, deps.store);
  const wanted = graph.problem.problemId;
  const taken = wanted ? !!(await deps.problems.findByProblemId(wanted)) : true;
  if (taken) graph.problem.problemId = `TMP-${crypto.randomUUID()}`;
  let row = await deps.problems.create(graph);
  if (taken) row = await deps.problems.setProblemId(row.id, `P${row.id}`);
  return { pid: row.id, problemId: row.problemId, renamedFrom: taken && wanted ? wanted : undefined };
};
