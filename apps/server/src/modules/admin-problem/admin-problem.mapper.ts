import type { AdminProblem, ProblemCase } from '@oj/shared';
import type { ProblemCaseRow, ProblemRow } from '../problem/problem.repository.js';

const fileMap = (files: Record<string, string> | null) =>
  files && Object.keys(files).length ? JSON.stringify(files) : null;

/** The admin's view: everything the public view hides (checker, judge files) included; wire names of HOJ. */
export const toAdminProblem = (p: ProblemRow): AdminProblem => ({
  id: p.id,
  problemId: p.problemId,
  title: p.title,
  author: p.author,
  type: p.type,
  judgeMode: p.judgeMode,
  judgeCaseMode: p.judgeCaseMode,
  timeLimit: p.timeLimitMs,
  memoryLimit: p.memoryLimitMb,
  stackLimit: p.stackLimitMb,
  description: p.description,
  input: p.input,
  output: p.output,
  examples: p.examples,
  isRemote: p.isRemote === 1,
  source: p.source,
  difficulty: p.difficulty,
  hint: p.hint,
  auth: p.auth,
  ioScore: p.ioScore,
  codeShare: p.codeShare === 1,
  spjCode: p.spjCode,
  spjLanguage: p.spjLanguage,
  userExtraFile: fileMap(p.userExtraFile),
  judgeExtraFile: fileMap(p.judgeExtraFile),
  isRemoveEndBlank: p.isRemoveEndBlank === 1,
  openCaseResult: p.openCaseResult === 1,
  isUploadCase: p.isUploadCase === 1,
  caseVersion: p.caseVersion,
  modifiedUser: p.modifiedUser,
  isGroup: p.isGroup === 1,
  gid: p.gid,
  applyPublicProgress: p.applyPublicProgress,
  isFileIO: false,
  ioReadFileName: null,
  ioWriteFileName: null,
  gmtCreate: p.gmtCreate.toISOString(),
  gmtModified: p.gmtModified.toISOString(),
});

/** A stored case as HOJ's ProblemCase: file names for uploaded data, or the texts for cases entered by hand. */
export const toProblemCase = (c: ProblemCaseRow, texts?: { input: string; output: string }): ProblemCase => ({
  id: c.id,
  pid: c.pid,
  input: texts ? texts.input : c.inputName,
  output: texts ? texts.output : c.outputName,
  score: c.score,
  groupNum: c.groupNum,
  status: 0,
  gmtCreate: null,
  gmtModified: null,
});
