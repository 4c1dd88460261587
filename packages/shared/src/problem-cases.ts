/** A problem's cases and examples: helpers free of zod, so the browser bundle carries them (decision 0005);
 * the package's entries (index.ts, client.ts) export them all, and contract/admin-problem.ts the example codec. */

/**
 * 100 OI points spread over n cases: 100/n each, the remainder one point more on the last cases.
 */
export const spreadCaseScores = (caseCount: number, totalScore = 100): number[] => {
  if (caseCount <= 0) return [];
  const base = Math.floor(totalScore / caseCount);
  const remainder = totalScore - base * caseCount;
  return Array.from({ length: caseCount }, (_, i) => (i >= caseCount - remainder ? base + 1 : base));
};

/** The case modes whose cases form subtasks, each scored as a whole. */
export const isSubtaskMode = (mode: string): mode is 'subtask_lowest' | 'subtask_average' =>
  mode === 'subtask_lowest' || mode === 'subtask_average';

/** Subtasks in order of first appearance, by group number; a case without one is a subtask of its own. */
export const groupCases = <T extends { groupNum?: number | null }>(cases: T[]): T[][] => {
  const groups = new Map<string, T[]>();
  cases.forEach((testCase, index) => {
    const key = testCase.groupNum == null ? `case-${index}` : `group-${testCase.groupNum}`;
    const group = groups.get(key);
    if (group) group.push(testCase);
    else groups.set(key, [testCase]);
  });
  return [...groups.values()];
};

/** A subtask's score from its cases' scores: the lowest (subtask_lowest) or their average rounded to the nearest
 * point (subtask_average). */
export const subtaskScore = (mode: 'subtask_lowest' | 'subtask_average', values: number[]): number =>
  mode === 'subtask_lowest' ? Math.min(...values) : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

/** How case scores add up to a problem's score under its case mode: in the subtask modes every subtask scores as
 * `subtaskScore` says and the subtasks add up; in the others the cases add up. The judge scores a submission with
 * it (apps/judge/src/pipeline/judge-case-modes.ts) and the server computes a problem's full score with it. */
export const addCaseScores = <T extends { groupNum?: number | null }>(
  cases: T[],
  mode: string,
  pick: (c: T) => number,
): number => {
  if (!isSubtaskMode(mode)) return cases.reduce((sum, c) => sum + pick(c), 0);
  return groupCases(cases).reduce((sum, group) => sum + subtaskScore(mode, group.map(pick)), 0);
};

/** An OI problem's full score (HOJ's ioScore): what a solution accepted on every case gets. */
export const fullScoreOf = (cases: { score?: number | null; groupNum?: number | null }[], mode: string): number =>
  addCaseScores(cases, mode, (c) => c.score ?? 0);

/** 100 points spread as the case mode scores them: evenly over the cases (`spreadCaseScores`), or in the subtask
 * modes evenly over the subtasks, every case of a subtask carrying its subtask's score. */
export const spreadScoresFor = (cases: { groupNum?: number | null }[], mode: string): number[] => {
  if (!isSubtaskMode(mode)) return spreadCaseScores(cases.length);
  const indexed = cases.map((c, index) => ({ groupNum: c.groupNum, index }));
  const groups = groupCases(indexed);
  const perGroup = spreadCaseScores(groups.length);
  const out = new Array<number>(cases.length).fill(0);
  groups.forEach((group, g) => {
    for (const c of group) out[c.index] = perGroup[g];
  });
  return out;
};

/** Case order of a package: by name, numerically where both names are numbers. */
export const compareCaseNames = (a: string, b: string): number => {
  const numberA = /^\d+$/.test(a) ? Number(a) : Number.NaN;
  const numberB = /^\d+$/.test(b) ? Number(b) : Number.NaN;
  if (!Number.isNaN(numberA) && !Number.isNaN(numberB)) return numberA - numberB || a.localeCompare(b);
  return a.localeCompare(b, 'en', { numeric: true });
};

/** Examples in HOJ's string encoding `<input>..</input><output>..</output>`. */
export const encodeExamples = (examples: { input: string; output: string }[]) =>
  examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');

export const decodeExamples = (text: string | null | undefined): { input: string; output: string }[] => {
  const out: { input: string; output: string }[] = [];
  const re = /<input>([\s\S]*?)<\/input><output>([\s\S]*?)<\/output>/g;
  for (const m of (text ?? '').matchAll(re)) out.push({ input: m[1], output: m[2] });
  return out;
};
