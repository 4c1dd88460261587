/** The judge engine's public API, shared by the local CLI and the online worker. */
export { availableLanguages, type LanguageProbe, probeLanguages } from './languages/available-languages.js';
export { LANGUAGES, type LanguageDefinition } from './languages/languages.js';
export { compareOutput } from './pipeline/compare-output.js';
export { compileChecker } from './pipeline/compile-checker-api.js';
export {
  type CaseResult,
  defaultCaseConcurrency,
  type JudgeOptions,
  type JudgeProgress,
  type JudgeResult,
  judge,
} from './pipeline/judge.js';
export {
  type PackageFileSource,
  type PackageTask,
  type PackageTaskOptions,
  packageTaskSteps,
  runPackageTask,
  SOLUTION_TAG_RULES,
  solutionMatchesTag,
} from './pipeline/package-task.js';
export type { CheckerSource } from './pipeline/run-checker.js';
export { type TestRunProblem, type TestRunResult, testRun } from './pipeline/test-run.js';
export { type LoadedProblemPackage, loadProblemPackage, ProblemPackageError } from './problem/load-problem-package.js';
export type { JudgeCase, LoadedProblem } from './problem/loaded-problem.js';
export { prepareSandboxHost } from './sandbox/sandbox.js';
