import { parseDiagnostics } from '@oj/shared';

/** The file name the judge compiles a checker or interactor under (`CHECKER_LANGUAGE` in
 * apps/judge/src/languages/languages.ts): a diagnostic in it points into the checker code the admin wrote. */
export const CHECKER_SOURCE_FILE = 'checker.cpp';

/** The errors of a checker's compile (GCC, packages/shared/src/compile-diagnostics.ts), in their order, each once;
 * notes and warnings are left out. */
export const parseCompileDiagnostics = (text: string) => {
  const seen = new Set<string>();
  return parseDiagnostics('C++', text).filter((d) => {
    const key = `${d.file}:${d.line}:${d.column}:${d.message}`;
    if (d.severity !== 'error' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
