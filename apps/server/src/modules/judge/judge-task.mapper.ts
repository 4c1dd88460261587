import {
  type CompileReport,
  JUDGE_STATUS,
  type JudgeHeaderForWorker,
  type JudgeTask,
  type PackageTask,
  type ProblemForWorker,
  type RemoteJudgeTask,
  type TestRunReport,
} from '@oj/shared';
import type { ProblemForJudging } from '../problem/problem-queries.js';
import type { JudgeTaskRow } from './judge-queue.repository.js';

export interface TestRunPayload {
  pid: number;
  code: string;
  userInput: string;
  expectedOutput: string | null;
}
export interface CompileCheckerPayload {
  code: string;
  mode: 'spj' | 'interactive';
  extraFiles: Record<string, string>;
  /** The saved problem whose checker this is: its answer is stored on the problem (checker_state). Absent for the
   * editor's compile button, which compiles the form's unsaved code. */
  pid?: number;
}
/** A package task (decision 0054): everything the worker gets but the task's identity and the site's judge headers;
 * `jobId` names the import job it serves (problem-import/import-job.service.ts). */
export type PackagePayload = Omit<PackageTask, 'kind' | 'taskId' | 'attempt' | 'language' | 'judgeHeaders'> & {
  jobId: number;
};

/** A remote task: the site, the problem's id there, the language's id there; `account` when it must be judged with
 * that account of the pool (a resubmit that polls a run again: the run belongs to the account). */
export interface RemotePayload {
  oj: RemoteJudgeTask['oj'];
  remoteProblemId: string;
  languageRemoteId: string;
  account?: string;
}

/** What a worker needs of a problem to judge it: its limits, modes, checker and cases (by content hash), and the
 * site's judge headers (by content hash too) for its checker or interactor compile. */
export const problemForWorker = (p: ProblemForJudging, judgeHeaders: JudgeHeaderForWorker[]): ProblemForWorker => ({
  pid: p.id,
  problemId: p.problemId,
  type: p.type,
  difficulty: p.difficulty,
  timeLimitMs: p.timeLimitMs,
  memoryLimitMb: p.memoryLimitMb,
  stackLimitMb: p.stackLimitMb,
  judgeMode: p.judgeMode as ProblemForWorker['judgeMode'],
  judgeCaseMode: p.judgeCaseMode as ProblemForWorker['judgeCaseMode'],
  isRemoveEndBlank: p.isRemoveEndBlank === 1,
  ioScore: p.ioScore,
  caseVersion: p.caseVersion,
  checkerCode: p.spjCode,
  checkerLanguage: p.spjLanguage,
  userExtraFile: p.userExtraFile ?? {},
  judgeExtraFile: p.judgeExtraFile ?? {},
  judgeHeaders: judgeHeaders.map(headerForWorker),
  cases: p.cases.map((c) => ({
    caseId: c.id,
    seq: c.seq,
    name: c.inputName.replace(/\.[^.]*$/, ''),
    inputSha256: c.inputSha256,
    outputSha256: c.outputSha256,
    inputSize: c.inputSize,
    outputSize: c.outputSize,
    score: c.score,
    groupNum: c.groupNum,
  })),
});

/** A judge header as a worker gets it, field by field. */
const headerForWorker = (h: JudgeHeaderForWorker): JudgeHeaderForWorker => ({
  name: h.name,
  sha256: h.sha256,
  size: h.size,
});

const taskBase = (task: JudgeTaskRow) => ({ taskId: task.id, attempt: task.attempt, language: task.language });

/** A submission's task as a worker gets it. */
export const judgeTaskOf = (
  task: JudgeTaskRow,
  sub: { submitId: number; code: string },
  problem: ProblemForWorker,
): JudgeTask => ({ ...taskBase(task), kind: 'judge', submitId: sub.submitId, source: sub.code, problem });

/** A test run's task as a worker gets it (its code and input are in the task's payload). */
export const testRunTaskOf = (task: JudgeTaskRow, problem: ProblemForWorker): JudgeTask => {
  const p = task.payload as TestRunPayload;
  return {
    ...taskBase(task),
    kind: 'testRun',
    source: p.code,
    problem,
    userInput: p.userInput,
    expectedOutput: p.expectedOutput,
  };
};

/** A checker (or interactor) compile's task as a worker gets it, with the site's judge headers. */
export const compileCheckerTaskOf = (task: JudgeTaskRow, judgeHeaders: JudgeHeaderForWorker[]): JudgeTask => {
  const p = task.payload as CompileCheckerPayload;
  return {
    ...taskBase(task),
    kind: 'compileChecker',
    source: p.code,
    mode: p.mode,
    extraFiles: p.extraFiles,
    judgeHeaders: judgeHeaders.map(headerForWorker),
  };
};

/** A package task as a worker gets it, with the site's judge headers (testlib.h). */
export const packageTaskOf = (task: JudgeTaskRow, judgeHeaders: JudgeHeaderForWorker[]): JudgeTask => {
  const { jobId: _job, ...p } = task.payload as PackagePayload;
  return { ...taskBase(task), kind: 'package', ...p, judgeHeaders: judgeHeaders.map(headerForWorker) };
};

/** A remote task as a remote worker gets it, with the account leased for it and the run to poll again, if any. */
export const remoteTaskOf = (
  task: JudgeTaskRow,
  attempt: number,
  sub: { submitId: number; code: string; vjudgeSubmitId: string | null },
  account: { username: string; password: string },
): RemoteJudgeTask => {
  const payload = task.payload as RemotePayload;
  return {
    kind: 'remote' as const,
    taskId: task.id,
    attempt,
    submitId: sub.submitId,
    oj: payload.oj,
    remoteProblemId: payload.remoteProblemId,
    language: task.language,
    languageRemoteId: payload.languageRemoteId,
    source: sub.code,
    account: { username: account.username, password: account.password },
    runId: sub.vjudgeSubmitId,
  };
};

/** What a failed test run or checker compile answers the admin or user waiting for it (a System Error that says
 * why); a submission's task has no answer of its own (its submission row says it). */
export const failedAnswer = (task: JudgeTaskRow, message: string): CompileReport | TestRunReport | null =>
  task.kind === 'compileChecker'
    ? { ok: false, message }
    : task.kind === 'testRun'
      ? { status: JUDGE_STATUS.SYSTEM_ERROR, time: 0, memory: 0, stderr: '', userOutput: '', errorMessage: message }
      : null;
