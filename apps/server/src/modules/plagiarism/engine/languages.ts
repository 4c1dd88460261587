/** The engine's languages and the site's submission language names that map to them. */

export type EngineLanguage = 'c' | 'cpp' | 'java' | 'python' | 'javascript' | 'go';

export const ENGINE_LANGUAGES: readonly EngineLanguage[] = ['c', 'cpp', 'java', 'python', 'javascript', 'go'];

/** The engine language of a site language name (`LANGUAGE_NAMES` in packages/shared/src/judge.ts: 'C With O2',
 * 'C++ 17', 'PyPy3', 'Golang', 'JavaScript Node' ...), or null for a language that is not checked (Rust). */
export function engineLanguage(siteLanguage: string): EngineLanguage | null {
  const name = siteLanguage.trim();
  if (/^C\+\+($|\s)/i.test(name)) return 'cpp';
  if (/^C($|\s)/i.test(name)) return 'c';
  if (/^Java$/i.test(name)) return 'java';
  if (/^(Python|PyPy)\s*[23]?$/i.test(name)) return 'python';
  if (/^JavaScript($|\s)/i.test(name)) return 'javascript';
  if (/^(Golang|Go)$/i.test(name)) return 'go';
  return null;
}
