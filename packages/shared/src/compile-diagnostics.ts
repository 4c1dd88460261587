import type { Diagnostic } from './contract/submission.js';

/**
 * A compile error's text read into messages with a place (decision 0053): what the judge's compile step printed
 * (apps/judge/src/languages/languages.ts names each language's compiler and source file) as file, line, column,
 * severity and message, for the submission page's list and the problem page's editor marks.
 *
 * The reading is line by line and forgiving: a line it does not understand is skipped, never an error. The file is
 * always a base name (`main.cpp`), never a path inside the sandbox; a column the compiler does not give is 0.
 */

/** At most this many messages (a template error in C++ can print hundreds of notes). */
export const DIAGNOSTICS_MAX = 50;
/** A message's first line and its continuation are each cut to this many characters. */
const MESSAGE_LINE_MAX_CHARS = 300;

type Format = 'gcc' | 'javac' | 'python' | 'go' | 'rust' | 'node';

/** The compiler each language's compile step runs (apps/judge/src/languages/languages.ts). */
const formatOf = (language: string): Format[] => {
  if (language === 'C' || language.startsWith('C ') || language.startsWith('C++')) return ['gcc'];
  if (language === 'Java') return ['javac'];
  if (language.startsWith('Python') || language.startsWith('PyPy')) return ['python'];
  if (language === 'Golang') return ['go'];
  if (language === 'Rust') return ['rust'];
  if (language === 'JavaScript Node') return ['node'];
  // Another site's language (a remote judge's message): every format whose lines name their severity.
  return ['gcc', 'javac', 'python', 'rust', 'node'];
};

const SOURCE_FILES: Record<Format, string> = {
  gcc: 'main.cpp',
  javac: 'Main.java',
  python: 'main.py',
  go: 'main.go',
  rust: 'main.rs',
  node: 'main.js',
};

/** The file a language's source is compiled as (apps/judge/src/languages/languages.ts `sourceFile`): the file whose
 * lines the code view marks. Null for another site's language. */
export const sourceFileOf = (language: string): string | null => {
  if (language === 'C' || language.startsWith('C With')) return 'main.c';
  const formats = formatOf(language);
  return formats.length === 1 ? SOURCE_FILES[formats[0]] : null;
};

/** How far a tab reaches in a column the compiler gives: GCC counts display columns, a tab to the next multiple of 8
 * (its -ftabstop); the others count characters. */
export const columnTabWidthOf = (language: string): number => (formatOf(language)[0] === 'gcc' ? 8 : 1);

const baseName = (path: string) => path.replace(/\\/g, '/').split('/').pop() ?? path;

/** Paths of the sandbox's own directories (the work dir /w, the program at /prog, /tmp) in a message, cut to their
 * base name as the file is. */
const SANDBOX_PATH = /(?<![\w.])\/(?:w|prog|tmp)\/(?:[^\s/'"‘’`:()]+\/)*([^\s/'"‘’`:()]+)/g;

const clip = (text: string) => {
  const flat = text.replace(SANDBOX_PATH, '$1').trim();
  return flat.length <= MESSAGE_LINE_MAX_CHARS ? flat : `${flat.slice(0, MESSAGE_LINE_MAX_CHARS - 1)}…`;
};

const severityOf = (word: string): Diagnostic['severity'] =>
  word === 'warning' ? 'warning' : word === 'note' || word === 'remark' ? 'note' : 'error';

/** `main.cpp:12:5: error: ...` (GCC, Clang; Go without the severity word), `Main.java:3: error: ...` (javac). */
const LOCATED = /^([^\s:]+):(\d+)(?::(\d+))?: (?:(fatal error|error|warning|note|remark): )?(.*)$/;
/** Rust's header, its place on a ` --> ` line below. */
const RUST_HEADER = /^(error|warning|note)(?:\[(\w+)\])?: (.+)$/;
const RUST_PLACE = /^\s*--> ([^\s:]+):(\d+):(\d+)\s*$/;
/** py_compile: `  File "main.py", line 3`, then the code, maybe a caret line, and `SyntaxError: ...`. */
const PYTHON_PLACE = /^\s*File "([^"]+)", line (\d+)/;
const PYTHON_ERROR = /^(\w*(?:Error|Warning|Exception)): (.*)$/;
/** py_compile's other errors on one line: `Sorry: IndentationError: unexpected indent (main.py, line 3)`. */
const PYTHON_SORRY = /^Sorry: (\w+): (.*) \(([^,()]+), line (\d+)\)\s*$/;
/** node --check: `/w/main.js:3`, then the code, a caret line, a blank line and `SyntaxError: ...`. */
const NODE_PLACE = /^(\S+\.[cm]?js):(\d+)$/;
const NODE_ERROR = /^(\w*Error): (.*)$/;
const CARET = /^(\s*)\^[~^]*\s*$/;
/** javac's short explanation under the caret: `  symbol:   variable x`. */
const JAVAC_DETAIL = /^\s+(symbol|location|required|found|reason):\s/;

export const parseDiagnostics = (language: string, text: string): Diagnostic[] => {
  const formats = new Set(formatOf(language));
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Diagnostic[] = [];
  const add = (d: Omit<Diagnostic, 'message'> & { message: string; detail?: string }) => {
    if (out.length >= DIAGNOSTICS_MAX || !Number.isSafeInteger(d.line) || d.line < 1) return;
    const message = [clip(d.message), d.detail ? clip(d.detail) : ''].filter(Boolean).join('\n');
    out.push({
      file: baseName(d.file),
      line: d.line,
      column: Number.isSafeInteger(d.column) && d.column > 0 ? d.column : 0,
      severity: d.severity,
      message,
    });
  };
  /** The column of the caret under a code line `lines[at]` (javac and node print the line as written). */
  const caretColumn = (at: number) => {
    const caret = CARET.exec(lines[at + 1] ?? '');
    return caret && lines[at] !== undefined && !CARET.test(lines[at]) ? caret[1].length + 1 : 0;
  };

  for (let i = 0; i < lines.length && out.length < DIAGNOSTICS_MAX; i++) {
    const line = lines[i];

    if (formats.has('rust')) {
      const header = RUST_HEADER.exec(line);
      if (header) {
        // The place is the first ` --> ` line before the next header; a header without one (`aborting due to`) is left.
        for (let j = i + 1; j < lines.length && !RUST_HEADER.test(lines[j]); j++) {
          const place = RUST_PLACE.exec(lines[j]);
          if (!place) continue;
          add({
            file: place[1],
            line: Number(place[2]),
            column: Number(place[3]),
            severity: severityOf(header[1]),
            message: header[2] ? `${header[3]} [${header[2]}]` : header[3],
          });
          i = j;
          break;
        }
        continue;
      }
    }

    if (formats.has('python')) {
      const sorry = PYTHON_SORRY.exec(line);
      if (sorry) {
        add({
          file: sorry[3],
          line: Number(sorry[4]),
          column: 0,
          severity: 'error',
          message: `${sorry[1]}: ${sorry[2]}`,
        });
        continue;
      }
      const place = PYTHON_PLACE.exec(line);
      if (place) {
        // The error's name and text come within the next few lines (the code and the caret between). The code is shown
        // without its indentation, so the caret gives no column in the file.
        for (let j = i + 1; j < Math.min(lines.length, i + 5); j++) {
          if (PYTHON_PLACE.test(lines[j])) break;
          const error = PYTHON_ERROR.exec(lines[j]);
          if (!error) continue;
          add({
            file: place[1],
            line: Number(place[2]),
            column: 0,
            severity: error[1].endsWith('Warning') ? 'warning' : 'error',
            message: `${error[1]}: ${error[2]}`,
          });
          i = j;
          break;
        }
        continue;
      }
    }

    if (formats.has('node')) {
      const place = NODE_PLACE.exec(line);
      if (place) {
        for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) {
          const error = NODE_ERROR.exec(lines[j]);
          if (!error) continue;
          add({
            file: place[1],
            line: Number(place[2]),
            column: caretColumn(i + 1),
            severity: 'error',
            message: `${error[1]}: ${error[2]}`,
          });
          i = j;
          break;
        }
        continue;
      }
    }

    if (formats.has('gcc') || formats.has('go') || formats.has('javac')) {
      const located = LOCATED.exec(line);
      if (!located) continue;
      const [, file, lineNo, column, severity, message] = located;
      // GCC's `main.cpp:3:5:   required from here` and other lines without a severity are context, not messages; Go
      // names none at all (but always a column).
      if (!severity && !(formats.has('go') && column)) continue;
      let detail: string | undefined;
      let col = column ? Number(column) : 0;
      if (!column) {
        // javac (and GCC without columns): the code line, maybe the caret under it, then a short explanation
        // (`symbol: variable x`).
        col = caretColumn(i + 1);
        const next = lines[i + 3];
        if (col > 0 && next !== undefined && JAVAC_DETAIL.test(next)) detail = next;
      }
      add({
        file,
        line: Number(lineNo),
        column: col,
        severity: severity ? severityOf(severity) : 'error',
        message,
        detail,
      });
    }
  }
  return out;
};
