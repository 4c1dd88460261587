import type { Extension } from '@codemirror/state';

/** The CodeMirror modes the editor highlights. */
export type LanguageMode = 'cpp' | 'java' | 'python' | 'go' | 'javascript' | 'rust';

/** The CodeMirror mode of a judge language, by the language's name on the wire (HOJ's names), or by a remote
 * judge's own name on an imported problem ("GNU G++17 7.3.0", "Java 21 64bit", "Go 1.22.2", "Node.js 15.8.0"); null
 * for a language without one (plain text). */
export const languageMode = (language: string): LanguageMode | null => {
  if (language === 'C' || language.startsWith('C ') || language.startsWith('C++')) return 'cpp';
  if (/g\+\+|gcc|clang|c\+\+|msvc/i.test(language)) return 'cpp';
  if (/^java\b/i.test(language)) return 'java';
  if (/^py/i.test(language)) return 'python';
  if (/^go(lang)?\b/i.test(language)) return 'go';
  if (/javascript|node/i.test(language)) return 'javascript';
  if (/^rust\b/i.test(language)) return 'rust';
  return null;
};

/** Each mode's parser is its own chunk, loaded for the language in use only: together they are larger than the
 * editor itself (decision 0038). */
const LOADERS: Record<LanguageMode, () => Promise<Extension>> = {
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  rust: () => import('@codemirror/lang-rust').then((m) => m.rust()),
};

const loaded = new Map<LanguageMode, Extension>();
const loading = new Map<LanguageMode, Promise<Extension>>();

/** The mode's extension if it has arrived (the editor then starts highlighted), else undefined. */
export const loadedLanguage = (mode: LanguageMode): Extension | undefined => loaded.get(mode);

/** Loads the mode's parser once; later calls share the first. */
export const loadLanguage = (mode: LanguageMode): Promise<Extension> => {
  let p = loading.get(mode);
  if (!p) {
    p = LOADERS[mode]().then((ext) => {
      loaded.set(mode, ext);
      return ext;
    });
    p.catch(() => loading.delete(mode));
    loading.set(mode, p);
  }
  return p;
};
