import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import type { Extension } from '@codemirror/state';

/** The CodeMirror mode of a judge language, by the language's name on the wire (reference §4.2). */
export const languageExtension = (language: string): Extension[] => {
  if (language === 'C' || language.startsWith('C ') || language.startsWith('C++')) return [cpp()];
  if (language === 'Java') return [java()];
  if (language.startsWith('Py')) return [python()];
  if (language === 'Golang') return [go()];
  if (language.startsWith('JavaScript')) return [javascript()];
  if (language === 'Rust') return [rust()];
  return [];
};
