import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qBool, qInt, qStr, wireInt } from '../api.js';
import type { LANGUAGE_NAMES } from '../judge.js';

/** Problems of the public bank: the problem list and the problem detail. */

/** Remote judge keys (HOJ's); `oj=Mine` (or ME) is the local bank, empty or All is everything. */
export const REMOTE_OJS = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ'] as const;

export const tag = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  oj: z.string(),
  gid: z.number().int().nullable(),
  tcid: z.number().int().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Tag = z.infer<typeof tag>;

export const tagClassification = z.object({
  id: z.number().int(),
  name: z.string(),
  oj: z.string(),
  rank: z.number().int(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});

const statusCounts = {
  total: z.number().int(),
  ac: z.number().int(),
  mle: z.number().int(),
  tle: z.number().int(),
  re: z.number().int(),
  pe: z.number().int(),
  ce: z.number().int(),
  wa: z.number().int(),
  se: z.number().int(),
  pa: z.number().int(),
};
export const problemCount = z.object({ pid: z.number().int(), ...statusCounts });
export type ProblemCount = z.infer<typeof problemCount>;

export const problemListItem = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  tags: z.array(tag),
  ...statusCounts,
  score: z.number().int().nullable(),
});
export type ProblemListItem = z.infer<typeof problemListItem>;

/** `tagId` arrives as "1,2" (HOJ's client) or as a JSON array "[1,2]"; empty means none. */
const tagIdList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) return v;
    const text = String(v).trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return [text];
      }
    }
    return text.split(',').filter((x) => x.trim() !== '');
  },
  z.array(wireInt(z.number().int().positive())).max(20),
);

export const getProblemList = endpoint({
  method: 'GET',
  path: '/api/get-problem-list',
  access: 'public',
  input: z.object({
    ...pageQuery(10),
    keyword: qStr().pipe(z.string().max(100).optional()),
    difficulty: wireInt(z.number().int().min(0).max(2).optional()),
    oj: qStr(),
    tagId: tagIdList,
  }),
  output: page(problemListItem),
});

export const getAllProblemTags = endpoint({
  method: 'GET',
  path: '/api/get-all-problem-tags',
  access: 'public',
  input: z.object({ oj: qStr() }),
  output: z.array(tag),
});

export const getProblemTagsAndClassification = endpoint({
  method: 'GET',
  path: '/api/get-problem-tags-and-classification',
  access: 'public',
  input: z.object({ oj: qStr() }),
  output: z.array(z.object({ classification: tagClassification.nullable(), tagList: z.array(tag) })),
});

export const getUserProblemStatus = endpoint({
  method: 'POST',
  path: '/api/get-user-problem-status',
  access: 'user',
  exam: 'contest',
  input: z.object({
    pidList: z.array(wireInt(z.number().int())).max(500),
    isContestProblemList: z.boolean().optional(),
    cid: wireInt(z.number().int().nullish()),
    gid: wireInt(z.number().int().nullish()),
    containsEnd: z.boolean().optional(),
  }),
  /** pid → {status, score}: any AC wins, else the latest status; -10 never submitted. */
  output: z.record(z.string(), z.object({ status: z.number().int(), score: z.number().int().nullable() })),
});

export const getRandomProblem = endpoint({
  method: 'GET',
  path: '/api/get-random-problem',
  access: 'public',
  input: z.object({}),
  output: z.object({ problemId: z.string() }),
});

/** The public view of a problem: the checker, its language and the judge's extra files are never sent. */
export const problem = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  type: z.number().int(),
  judgeMode: z.string(),
  judgeCaseMode: z.string(),
  timeLimit: z.number().int(),
  memoryLimit: z.number().int(),
  stackLimit: z.number().int(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  examples: z.string(),
  isRemote: z.boolean(),
  source: z.string(),
  difficulty: z.number().int(),
  hint: z.string(),
  auth: z.number().int(),
  ioScore: z.number().int(),
  codeShare: z.boolean(),
  spjCode: z.null(),
  spjLanguage: z.null(),
  /** HOJ's encoding: a JSON string {fileName: content} (the problem annex), or null. */
  userExtraFile: z.string().nullable(),
  judgeExtraFile: z.null(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  showFirstFailure: z.boolean(),
  isUploadCase: z.boolean(),
  caseVersion: z.string(),
  modifiedUser: z.string().nullable(),
  isGroup: z.boolean(),
  gid: z.number().int().nullable(),
  applyPublicProgress: z.number().int().nullable(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Problem = z.infer<typeof problem>;

/** The limits each of a problem's languages is judged with (`effectiveLimits`, judge.ts: non-C/C++ doubled, except
 * CF-/GYM- problems), keyed by the language's name; every problem page (bank, group, training, contest) carries it. */
export const languageLimits = z.record(
  z.string(),
  z.object({ timeLimit: z.number().int(), memoryLimit: z.number().int() }),
);

export const getProblemDetail = endpoint({
  method: 'GET',
  path: '/api/get-problem-detail',
  access: 'public',
  input: z.object({ problemId: z.string().trim().min(1).max(100), gid: qInt() }),
  output: z.object({
    problem,
    tags: z.array(tag),
    languages: z.array(z.string()),
    problemCount,
    codeTemplate: z.record(z.string(), z.string()),
    languageLimits,
  }),
});

export const codeTemplate = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  language: z.string(),
  code: z.string(),
  status: z.boolean(),
});

export const getProblemCodeTemplate = endpoint({
  method: 'GET',
  path: '/api/get-problem-code-template',
  access: 'public',
  input: z.object({ pid: wireInt(z.number().int()) }),
  output: z.array(codeTemplate),
});

export const language = z.object({
  id: z.number().int(),
  contentType: z.string(),
  description: z.string(),
  name: z.string(),
  compileCommand: z.string(),
  template: z.string(),
  codeTemplate: z.string(),
  isSpj: z.boolean(),
  oj: z.string(),
  seq: z.number().int(),
});
export type Language = z.infer<typeof language>;

/** Display data of the languages (CodeMirror mode, compiler shown to users); the judge owns how they run. */
export const LANGUAGE_INFO: Record<(typeof LANGUAGE_NAMES)[number], { contentType: string; description: string }> = {
  C: { contentType: 'text/x-csrc', description: 'GCC' },
  'C With O2': { contentType: 'text/x-csrc', description: 'GCC -O2' },
  'C++': { contentType: 'text/x-c++src', description: 'G++' },
  'C++ With O2': { contentType: 'text/x-c++src', description: 'G++ -O2' },
  'C++ 17': { contentType: 'text/x-c++src', description: 'G++ -std=c++17' },
  'C++ 17 With O2': { contentType: 'text/x-c++src', description: 'G++ -std=c++17 -O2' },
  'C++ 20': { contentType: 'text/x-c++src', description: 'G++ -std=c++20' },
  'C++ 20 With O2': { contentType: 'text/x-c++src', description: 'G++ -std=c++20 -O2' },
  Java: { contentType: 'text/x-java', description: 'OpenJDK' },
  Python3: { contentType: 'text/x-python', description: 'Python 3' },
  Python2: { contentType: 'text/x-python', description: 'Python 2' },
  PyPy3: { contentType: 'text/x-python', description: 'PyPy 3' },
  Golang: { contentType: 'text/x-go', description: 'Go' },
  'JavaScript Node': { contentType: 'text/javascript', description: 'Node.js' },
  Rust: { contentType: 'text/x-rustsrc', description: 'rustc' },
};

export const languages = endpoint({
  method: 'GET',
  path: '/api/languages',
  access: 'public',
  input: z.object({ pid: qInt(), all: qBool() }),
  output: z.array(language),
});

export const getProblemLanguages = endpoint({
  method: 'GET',
  path: '/api/get-problem-languages',
  access: 'public',
  input: z.object({ pid: wireInt(z.number().int()) }),
  output: z.array(language),
});

export const getLastAcCode = endpoint({
  method: 'GET',
  path: '/api/get-last-ac-code',
  access: 'user',
  input: z.object({ pid: wireInt(z.number().int()), cid: qInt() }),
  output: z.object({ code: z.string(), language: z.string() }),
});

/** HOJ's ProblemFullScreenListVO: a problem of the set a focus-mode page belongs to, as the set names it, with the
 * caller's status on it (-10 never submitted; the seal's -5 in a sealed OI contest). */
export const fullScreenProblem = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  status: z.number().int(),
  score: z.number().int().nullable(),
});
export type FullScreenProblem = z.infer<typeof fullScreenProblem>;

/** The problem switcher of the focus-mode pages: a contest's problems (`cid`) or a training's (`tid`), each by its
 * own access rule. One of the two is required. */
export const getFullScreenProblemList = endpoint({
  method: 'GET',
  path: '/api/get-full-screen-problem-list',
  access: 'user',
  exam: 'contest',
  input: z.object({ cid: qInt(), tid: qInt() }),
  output: z.array(fullScreenProblem),
});

/** Among the calls the site must answer, without a payload, and called by no version of HOJ's client we have: the tags
 * of the local bank, as get-all-problem-tags answers them (decision 0017). */
export const getProblemTestTags = endpoint({
  method: 'GET',
  path: '/api/get-problem-test-tags',
  access: 'public',
  input: z.object({}),
  output: z.array(tag),
});

export const getRecentUpdatedProblem = endpoint({
  method: 'GET',
  path: '/api/get-recent-updated-problem',
  access: 'public',
  input: z.object({}),
  output: z.array(
    z.object({
      id: z.number().int(),
      problemId: z.string(),
      title: z.string(),
      type: z.number().int(),
      gmtCreate: isoDate,
      gmtModified: isoDate,
    }),
  ),
});

export const getLastWeekSubmissionStatistics = endpoint({
  method: 'GET',
  path: '/api/get-last-week-submission-statistics',
  access: 'public',
  /** Only root may force a refresh of the 30-minute cache; others get the cached figures. */
  input: z.object({ forceRefresh: qBool() }),
  output: z.object({
    dateStrList: z.array(z.string()),
    acCountList: z.array(z.number().int()),
    totalCountList: z.array(z.number().int()),
  }),
});

/** One file of the problem annex (userExtraFile), as an attachment. */
export const downloadProblemAnnex = endpoint({
  method: 'GET',
  path: '/api/download-problem-annex',
  access: 'public',
  exam: 'contest',
  input: z.object({ problemId: z.string().trim().min(1).max(100), name: z.string().min(1).max(255) }),
  output: z.unknown(),
  binary: true,
});
