import {
  type AdminProblem,
  adminProblem,
  groupCases,
  isSubtaskMode,
  type ProblemDto,
  spreadScoresFor,
  subtaskScore,
} from '@oj/shared';

/** One test case row of the form: file names (uploaded data) or texts (entered by hand). */
export interface CaseRow {
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

export interface ExtraFileRow {
  name: string;
  content: string;
}

export interface ProblemFormState {
  id?: number;
  problemId: string;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  auth: number;
  type: 0 | 1;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  tags: string[];
  languages: string[];
  templates: { language: string; code: string; status: boolean }[];
  judgeMode: 'default' | 'spj' | 'interactive';
  spjCode: string;
  spjLanguage: 'C' | 'C++';
  /** The stored checker's last compile on a judge (queued by the server on every save); null without a checker. */
  checkerState: AdminProblem['checkerState'];
  checkerError: string | null;
  userExtraFiles: ExtraFileRow[];
  judgeExtraFiles: ExtraFileRow[];
  judgeCaseMode: string;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  showFirstFailure: boolean;
  codeShare: boolean;
  isUploadTestCase: boolean;
  uploadTestcaseDir: string | null;
  cases: CaseRow[];
}

/** The languages a new problem accepts at first: those the judges offer now (a language is offered when a judge has
 * declared it; docs/architecture.md, "Judging"), in the site's order; every known one while no judge has declared any.
 */
export const defaultProblemLanguages = (known: readonly string[], offered: readonly string[]): string[] => {
  if (offered.length === 0) return [...known];
  return [...known.filter((l) => offered.includes(l)), ...offered.filter((l) => !known.includes(l))];
};

/** A new problem with the shared defaults (`adminProblem.PROBLEM_DEFAULTS`); teachers start private since only root
 * and problem admins may publish. */
export const emptyProblemForm = (canPublish: boolean, languages: string[]): ProblemFormState => ({
  problemId: '',
  title: '',
  timeLimit: adminProblem.PROBLEM_DEFAULTS.timeLimit,
  memoryLimit: adminProblem.PROBLEM_DEFAULTS.memoryLimit,
  stackLimit: adminProblem.PROBLEM_DEFAULTS.stackLimit,
  difficulty: adminProblem.PROBLEM_DEFAULTS.difficulty,
  auth: canPublish ? adminProblem.PROBLEM_DEFAULTS.auth : 2,
  type: 0,
  description: '',
  input: '',
  output: '',
  hint: '',
  source: '',
  examples: [{ input: '', output: '' }],
  tags: [],
  languages,
  templates: [],
  judgeMode: 'default',
  spjCode: '',
  spjLanguage: 'C++',
  checkerState: null,
  checkerError: null,
  userExtraFiles: [],
  judgeExtraFiles: [],
  judgeCaseMode: 'default',
  isRemoveEndBlank: true,
  openCaseResult: true,
  showFirstFailure: false,
  codeShare: true,
  isUploadTestCase: true,
  uploadTestcaseDir: null,
  cases: [],
});

const filesOf = (json: string | null): ExtraFileRow[] => {
  if (!json) return [];
  try {
    return Object.entries(JSON.parse(json) as Record<string, string>).map(([name, content]) => ({ name, content }));
  } catch {
    return [];
  }
};

/** The form for a stored problem, from the admin endpoints' answers. */
export const problemToForm = (
  p: AdminProblem,
  settings: { languages: string[]; codeTemplates: ProblemFormState['templates']; tags: { name: string }[] },
  cases: { input: string; output: string; score: number; groupNum: number }[],
): ProblemFormState => ({
  id: p.id,
  problemId: p.problemId,
  title: p.title,
  timeLimit: p.timeLimit,
  memoryLimit: p.memoryLimit,
  stackLimit: p.stackLimit,
  difficulty: p.difficulty,
  auth: p.auth,
  type: p.type === 1 ? 1 : 0,
  description: p.description,
  input: p.input,
  output: p.output,
  hint: p.hint,
  source: p.source,
  examples: adminProblem.decodeExamples(p.examples),
  tags: settings.tags.map((t) => t.name),
  languages: settings.languages,
  templates: settings.codeTemplates,
  judgeMode: p.judgeMode as ProblemFormState['judgeMode'],
  spjCode: p.spjCode ?? '',
  spjLanguage: p.spjLanguage === 'C' ? 'C' : 'C++',
  checkerState: p.checkerState ?? null,
  checkerError: p.checkerError ?? null,
  userExtraFiles: filesOf(p.userExtraFile),
  judgeExtraFiles: filesOf(p.judgeExtraFile),
  judgeCaseMode: p.judgeCaseMode,
  isRemoveEndBlank: p.isRemoveEndBlank,
  openCaseResult: p.openCaseResult,
  showFirstFailure: p.showFirstFailure,
  codeShare: p.codeShare,
  isUploadTestCase: p.isUploadCase,
  uploadTestcaseDir: null,
  cases: cases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum })),
});

/** 100 points spread as the case mode scores them: evenly over the cases, the remainder one point each on the last;
 * in the subtask modes evenly over the subtasks, every case of a subtask carrying its subtask's score. */
export const spreadScores = (cases: CaseRow[], mode: string): CaseRow[] => {
  const scores = spreadScoresFor(cases, mode);
  return cases.map((c, i) => ({ ...c, score: scores[i] }));
};

export { isSubtaskMode };

/** One subtask of the editor: its group number (null for a case without one, a subtask of its own), its cases (their
 * indexes in the form), the score the judge gives it with every case accepted, and its cases' scores when they
 * differ (an imported package may give a subtask's cases different scores; the judge then takes the lowest or the
 * rounded average). */
export interface SubtaskRow {
  groupNum: number | null;
  cases: number[];
  score: number;
  differing: number[] | null;
}

export const subtaskRows = (cases: CaseRow[], mode: 'subtask_lowest' | 'subtask_average'): SubtaskRow[] =>
  groupCases(cases.map((c, index) => ({ ...c, index }))).map((group) => {
    const scores = group.map((c) => c.score ?? 0);
    return {
      groupNum: group[0].groupNum,
      cases: group.map((c) => c.index),
      score: subtaskScore(mode, scores),
      differing: new Set(scores).size > 1 ? scores : null,
    };
  });

/** Case numbers (from 1) in short: consecutive runs as ranges ("1-3, 7"). */
export const caseRanges = (indexes: number[]): string => {
  const runs: [number, number][] = [];
  for (const i of indexes) {
    const last = runs.at(-1);
    if (last && i === last[1] + 1) last[1] = i;
    else runs.push([i, i]);
  }
  return runs.map(([a, b]) => (a === b ? `${a + 1}` : `${a + 1}-${b + 1}`)).join(', ');
};

/** The form's own checks, as message keys; the server checks the same and more. */
export const formProblems = (f: ProblemFormState): string[] => {
  const out: string[] = [];
  if (!f.title.trim()) out.push('Problem_Title_Required');
  if (!f.input.trim()) out.push('Input_Description_Required');
  if (!f.output.trim()) out.push('Output_Description_Required');
  if (f.languages.length === 0) out.push('Need_Language');
  if (f.cases.length === 0) out.push('Need_Test_Data');
  if (!f.isUploadTestCase && f.cases.some((c) => !c.input && !c.output)) out.push('Need_Test_Data');
  if (isSubtaskMode(f.judgeCaseMode) && f.cases.some((c) => !c.groupNum)) out.push('Need_Group_Num');
  if (f.judgeMode !== 'default' && !f.spjCode.trim()) out.push('checkerRequired');
  return out;
};

const fileMap = (rows: ExtraFileRow[]) =>
  Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.content]));

/** ProblemDTO as HOJ's admin form sends it. */
export const formToDto = (f: ProblemFormState): ProblemDto => ({
  problem: {
    id: f.id ?? null,
    problemId: f.problemId.trim() || null,
    title: f.title,
    type: f.type,
    timeLimit: f.timeLimit,
    memoryLimit: f.memoryLimit,
    stackLimit: f.stackLimit,
    description: f.description,
    input: f.input,
    output: f.output,
    hint: f.hint,
    source: f.source,
    examples: adminProblem.encodeExamples(f.examples.filter((e) => e.input || e.output)),
    difficulty: f.difficulty,
    auth: f.auth,
    codeShare: f.codeShare,
    spjCode: f.judgeMode === 'default' ? null : f.spjCode,
    spjLanguage: f.judgeMode === 'default' ? null : f.spjLanguage,
    userExtraFile: JSON.stringify(fileMap(f.userExtraFiles)),
    judgeExtraFile: JSON.stringify(fileMap(f.judgeExtraFiles)),
    isRemoveEndBlank: f.isRemoveEndBlank,
    openCaseResult: f.openCaseResult,
    showFirstFailure: f.showFirstFailure,
    judgeMode: f.judgeMode,
    judgeCaseMode: f.judgeCaseMode as ProblemDto['problem']['judgeCaseMode'],
  },
  samples: f.cases.map((c) => ({
    input: c.input,
    output: c.output,
    score: f.type === 1 ? (c.score ?? 0) : null,
    groupNum: isSubtaskMode(f.judgeCaseMode) ? c.groupNum : null,
  })),
  isUploadTestCase: f.isUploadTestCase,
  uploadTestcaseDir: f.uploadTestcaseDir,
  judgeMode: f.judgeMode,
  languages: f.languages.map((name) => ({ name })),
  tags: f.tags.map((name) => ({ name })),
  codeTemplates: f.templates
    .filter((t) => f.languages.includes(t.language))
    .map((t) => ({ language: t.language, code: t.code, status: t.status })),
});
