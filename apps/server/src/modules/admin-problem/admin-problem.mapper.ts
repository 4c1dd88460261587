import type { AdminProblem, ProblemCase } from '@oj/shared';
import { fileMap, toPublicProblem } from '../problem/problem.mapper.js';
import type { ProblemCaseRow, ProblemRow } from '../problem/problem-queries.js';

/** The admin's view: the public one (wire names of HOJ) with what it hides, the checker and the judge's files. */
export const toAdminProblem = (p: ProblemRow): AdminProblem => ({
  ...toPublicProblem(p),
  spjCode: p.spjCode,
  spjLanguage: p.spjLanguage,
  judgeExtraFile: fileMap(p.judgeExtraFile),
  checkerState: p.checkerState ?? null,
  checkerError: p.checkerError ?? null,
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
