/** A problem's cases and examples: helpers free of zod, so the browser bundle carries them (decision 0005);
 * problem-package.ts and contract/admin-problem.ts re-export them. */

/**
 * 100 OI points spread over n cases: 100/n each, the remainder one point more on the last cases.
 */
export const spreadCaseScores = (caseCount: number, totalScore = 100): number[] => {
  if (caseCount <= 0) return [];
  const base = Math.floor(totalScore / caseCount);
  const remainder = totalScore - base * caseCount;
  return Array.from({ length: caseCount }, (_, i) => (i >= caseCount - remainder ? base + 1 : base));
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
