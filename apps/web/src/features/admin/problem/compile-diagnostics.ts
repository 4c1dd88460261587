/** One error the compiler reported: in which file, at which line (and column), and what. */
export interface CompileDiagnostic {
  file: string;
  line: number;
  column: number | null;
  message: string;
}

/** The file name the judge compiles a checker or interactor under (`CHECKER_LANGUAGE` in
 * apps/judge/src/languages/languages.ts): a diagnostic in it points into the checker code the admin wrote. */
export const CHECKER_SOURCE_FILE = 'checker.cpp';

// GCC's `file:line[:column]: error: text` (and `fatal error:`); the checker is compiled in /w, whose files GCC may name
// by their full path there.
const DIAGNOSTIC = /^(.+?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$/;

/** The errors of a compiler's output, in its order, each once; notes, warnings and context lines are left out. */
export const parseCompileDiagnostics = (text: string): CompileDiagnostic[] => {
  const seen = new Set<string>();
  const found: CompileDiagnostic[] = [];
  for (const raw of text.split('\n')) {
    const m = DIAGNOSTIC.exec(raw.trimEnd());
    if (!m) continue;
    const diagnostic = {
      file: m[1].replace(/^\/w\//, ''),
      line: Number(m[2]),
      column: m[3] ? Number(m[3]) : null,
      message: m[4],
    };
    const key = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(diagnostic);
  }
  return found;
};

/** Where `line` (1-based) of `text` starts and ends, for selecting it in a text area; the last line when past the
 * end. */
export const lineRange = (text: string, line: number): [number, number] => {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
};
