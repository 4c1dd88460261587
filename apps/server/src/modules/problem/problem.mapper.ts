import type { problem as problemContract, Tag } from '@oj/shared';
import type { z } from 'zod';
import type { ProblemRow } from './problem.repository.js';
import type { ProblemCountRow, TagRow } from './problem-catalog.repository.js';

export const toTag = (t: TagRow): Tag => ({
  id: t.id,
  name: t.name,
  color: t.color,
  oj: t.oj,
  gid: t.gid,
  tcid: t.tcid,
  gmtCreate: t.gmtCreate.toISOString(),
  gmtModified: t.gmtModified.toISOString(),
});

const ZERO = { total: 0, ac: 0, mle: 0, tle: 0, re: 0, pe: 0, ce: 0, wa: 0, se: 0, pa: 0 };

export const toCounts = (c: ProblemCountRow | null | undefined) =>
  c
    ? { total: c.total, ac: c.ac, mle: c.mle, tle: c.tle, re: c.re, pe: c.pe, ce: c.ce, wa: c.wa, se: c.se, pa: c.pa }
    : { ...ZERO };

/** A problem's extra files as the wire carries them: a JSON object of name → content, or null for none. */
export const fileMap = (files: Record<string, string> | null) =>
  files && Object.keys(files).length ? JSON.stringify(files) : null;

/** The public view: the checker code, its language and the judge's extra files stay on the server. */
export const toPublicProblem = (p: ProblemRow): z.infer<typeof problemContract.problem> => ({
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
  spjCode: null,
  spjLanguage: null,
  userExtraFile: fileMap(p.userExtraFile),
  judgeExtraFile: null,
  isRemoveEndBlank: p.isRemoveEndBlank === 1,
  openCaseResult: p.openCaseResult === 1,
  showFirstFailure: p.showFirstFailure,
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
