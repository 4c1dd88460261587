/** A similarity (0..1) as a percentage with one decimal. */
export const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** The engine's languages by name (PLAGIARISM_LANGUAGES in packages/shared/src/contract/plagiarism.ts). */
export const LANGUAGE_NAMES: Record<string, string> = {
  c: 'C',
  cpp: 'C++',
  java: 'Java',
  python: 'Python',
  javascript: 'JavaScript',
  go: 'Go',
};
