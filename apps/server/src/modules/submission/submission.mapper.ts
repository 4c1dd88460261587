import type { Submission } from '@oj/shared';
import type { SubmissionWithTitle } from './submission-query.repository.js';

/** Field by field; what the viewer may see of code, error text and IP is decided by the caller. */
export const toSubmission = (
  r: SubmissionWithTitle,
  shown: { code: string | null; errorMessage: string | null; ip: string | null },
): Submission => {
  const s = r.submission;
  return {
    submitId: s.submitId,
    pid: s.pid,
    displayPid: s.displayPid,
    displayId: s.displayPid,
    title: r.title,
    uid: s.uid,
    username: s.username,
    realName: r.realname,
    submitTime: s.submitTime.toISOString(),
    status: s.status,
    share: s.share === 1,
    errorMessage: shown.errorMessage,
    time: s.timeMs,
    memory: s.memoryKb,
    score: s.score,
    oiRankScore: s.oiRankScore,
    length: s.length,
    code: shown.code,
    language: s.language,
    cid: s.cid,
    cpid: s.cpid,
    gid: s.gid,
    source: null,
    judger: s.judger,
    ip: shown.ip,
    version: s.version,
    isManual: s.isManual === 1,
    vjudgeSubmitId: null,
    vjudgeUsername: null,
    vjudgePassword: null,
    gmtCreate: s.gmtCreate.toISOString(),
    gmtModified: s.gmtModified.toISOString(),
  };
};

/** File extension of a downloaded source by language. */
export const sourceExtension = (language: string) => {
  if (language === 'C' || language.startsWith('C With')) return 'c';
  if (language.startsWith('C++')) return 'cpp';
  if (language === 'Java') return 'java';
  if (/^(Python|PyPy)/.test(language)) return 'py';
  if (language === 'Golang') return 'go';
  if (language.startsWith('JavaScript')) return 'js';
  if (language === 'Rust') return 'rs';
  return 'txt';
};
