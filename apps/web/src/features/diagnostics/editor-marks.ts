import { type Diagnostic as LintDiagnostic, linter, setDiagnostics } from '@codemirror/lint';
import { type EditorState, type Extension, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { columnTabWidthOf, type Diagnostic, sourceFileOf } from '@oj/shared';

// A compile error's messages shown in a CodeMirror view (decision 0053): each as a lint diagnostic (the compiler's
// words on hover) and its line tinted, the current one (the first after a judgement, or the one picked in the
// submission page's list) stronger. Used by the code editor (features/problem/code-editor.tsx) only, so CodeMirror
// stays in the editor's chunk.

/** The marks of one compile error: its messages and the language it was compiled in (which file and which columns). */
export interface CompileMarks {
  diagnostics: Diagnostic[];
  language: string;
}

/** The character a compiler's 1-based column points at in `text`, 0-based: GCC counts a tab to the next multiple of
 * `tabWidth`, the others one character; past the line's end, its end. */
export const offsetOfColumn = (text: string, column: number, tabWidth: number): number => {
  if (column <= 1) return 0;
  let display = 1;
  for (let i = 0; i < text.length; i++) {
    if (display >= column) return i;
    display = text[i] === '\t' && tabWidth > 1 ? Math.floor((display - 1) / tabWidth + 1) * tabWidth + 1 : display + 1;
  }
  return text.length;
};

/** The messages of the code's own file, each with its range in `state`: from the column to the end of the word
 * there (one character if none), or the line without its indentation when no column was given. A line past the end is
 * the last (Python reports an unclosed bracket on the line after it). */
export const rangesOf = (state: EditorState, marks: CompileMarks) => {
  const file = sourceFileOf(marks.language);
  const tabWidth = columnTabWidthOf(marks.language);
  return marks.diagnostics
    .filter((d) => file === null || d.file === file)
    .map((d) => {
      const line = state.doc.line(Math.min(Math.max(d.line, 1), state.doc.lines));
      let from: number;
      let to: number;
      if (d.column > 0) {
        from = line.from + offsetOfColumn(line.text, d.column, tabWidth);
        to = state.wordAt(from)?.to ?? Math.min(from + 1, line.to);
      } else {
        from = line.from + (line.text.length - line.text.trimStart().length);
        to = line.to;
      }
      return { diagnostic: d, line: line.number, from, to: Math.max(from, to) };
    });
};

const LINT_SEVERITY = { error: 'error', warning: 'warning', note: 'info' } as const;
const SEVERITY_RANK = { error: 0, warning: 1, note: 2 } as const;

interface MarkedLines {
  lines: { line: number; severity: Diagnostic['severity'] }[];
  /** The line moved to (0: none). */
  current: number;
}
const setLines = StateEffect.define<MarkedLines>();

const lineDecorations = (state: EditorState, value: MarkedLines): DecorationSet => {
  const worst = new Map<number, Diagnostic['severity']>();
  for (const { line, severity } of value.lines) {
    const had = worst.get(line);
    if (!had || SEVERITY_RANK[severity] < SEVERITY_RANK[had]) worst.set(line, severity);
  }
  return Decoration.set(
    [...worst.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, severity]) =>
        Decoration.line({
          class: `oj-diagnostic-line oj-diagnostic-line--${severity}${line === value.current ? ' oj-diagnostic-line--current' : ''}`,
        }).range(state.doc.line(line).from),
      ),
  );
};

const markedLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = decorations.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setLines)) next = lineDecorations(tr.state, effect.value);
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const tint = (rgb: string, alpha: number) => `linear-gradient(rgba(${rgb}, ${alpha}), rgba(${rgb}, ${alpha}))`;

/** The editor's part of the marks, in its configuration from the start: an extension appended later would be dropped
 * by the next reconfiguration (@uiw/react-codemirror reconfigures when the language's highlighting arrives). A linter
 * without a source runs nothing: the diagnostics come from the judge. */
export const compileMarksExtension: Extension = [
  linter(null),
  markedLines,
  // A tint laid over the line as an image: the active line's background (the theme's) stays under it.
  EditorView.baseTheme({
    '&light .oj-diagnostic-line--error': { backgroundImage: tint('255, 77, 79', 0.12) },
    '&light .oj-diagnostic-line--warning': { backgroundImage: tint('250, 173, 20', 0.14) },
    '&light .oj-diagnostic-line--note': { backgroundImage: tint('22, 119, 255', 0.08) },
    '&dark .oj-diagnostic-line--error': { backgroundImage: tint('255, 77, 79', 0.24) },
    '&dark .oj-diagnostic-line--warning': { backgroundImage: tint('250, 173, 20', 0.22) },
    '&dark .oj-diagnostic-line--note': { backgroundImage: tint('22, 119, 255', 0.22) },
    // The line moved to: a bar at its start in its severity's colour.
    '.oj-diagnostic-line--current.oj-diagnostic-line--error': { boxShadow: 'inset 3px 0 0 #ff4d4f' },
    '.oj-diagnostic-line--current.oj-diagnostic-line--warning': { boxShadow: 'inset 3px 0 0 #faad14' },
    '.oj-diagnostic-line--current.oj-diagnostic-line--note': { boxShadow: 'inset 3px 0 0 #1677ff' },
  }),
];

/**
 * Marks a compile error's messages in `view` (null: clears them). `moveTo` puts the cursor on a message of the code's
 * own file and scrolls it to the middle of the view: `'first'`, or one of `marks.diagnostics` (the first when it is in
 * another file).
 */
export const showCompileMarks = (
  view: EditorView,
  marks: CompileMarks | null,
  moveTo: 'first' | Diagnostic | null = null,
) => {
  const state = view.state;
  const ranges = marks ? rangesOf(state, marks) : [];
  const lint: LintDiagnostic[] = ranges.map(({ diagnostic, from, to }) => ({
    from,
    to,
    severity: LINT_SEVERITY[diagnostic.severity],
    message: diagnostic.message,
  }));
  const target = moveTo ? (ranges.find((r) => r.diagnostic === moveTo) ?? ranges[0]) : undefined;
  view.dispatch({
    effects: [
      ...asArray(setDiagnostics(state, lint).effects),
      setLines.of({
        lines: ranges.map((r) => ({ line: r.line, severity: r.diagnostic.severity })),
        current: target?.line ?? 0,
      }),
      ...(target ? [EditorView.scrollIntoView(target.from, { y: 'center' })] : []),
    ],
    ...(target ? { selection: { anchor: target.from } } : {}),
  });
};

const asArray = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];
