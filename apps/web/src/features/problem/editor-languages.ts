import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import type { Extension } from '@codemirror/state';

/** The CodeMirror mode of a judge language, by the language's name on the wire (reference §4.2), or by a remote
 * judge's own name on an imported problem ("GNU G++17 7.3.0", "Java 21 64bit", "Go 1.22.2", "Node.js 15.8.0"). */
export const languageExtension = (language: string): Extension[] => {
  if (language === 'C' || language.startsWith('C ') || language.startsWith('C++')) return [cpp()];
  if (/g\+\+|gcc|clang|c\+\+|msvc/i.test(language)) return [cpp()];
  if (/^java\b/i.test(language)) return [java()];
  if (/^py/i.test(language)) return [python()];
  if (/^go(lang)?\b/i.test(language)) return [go()];
  if (/javascript|node/i.test(language)) return [javascript()];
  if (/^rust\b/i.test(language)) return [rust()];
  return [];
};
