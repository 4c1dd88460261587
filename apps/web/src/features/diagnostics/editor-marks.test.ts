import { forEachDiagnostic } from '@codemirror/lint';
import { EditorState, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { Diagnostic } from '@oj/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubTextLayout } from '../../test-utils';
import { compileMarksExtension, offsetOfColumn, rangesOf, showCompileMarks } from './editor-marks';

const CODE = '#include <iostream>\nint main() {\n\tstd::cout << y;\n  return x;\n}\n';
const error = (line: number, column: number, message = 'not declared'): Diagnostic => ({
  file: 'main.cpp',
  line,
  column,
  severity: 'error',
  message,
});

let views: EditorView[] = [];
const editor = (doc = CODE) => {
  const view = new EditorView({ state: EditorState.create({ doc, extensions: [compileMarksExtension] }) });
  document.body.append(view.dom);
  views.push(view);
  return view;
};
/** The lint diagnostics in the view, as `line:text-under-it:severity: message`. */
const lintOf = (view: EditorView) => {
  const found: string[] = [];
  forEachDiagnostic(view.state, (d, from, to) =>
    found.push(`${view.state.doc.lineAt(from).number}:${view.state.sliceDoc(from, to)}:${d.severity}: ${d.message}`),
  );
  return found;
};
const markedLines = (view: EditorView) =>
  [...view.dom.querySelectorAll('.cm-line.oj-diagnostic-line')].map((l) => ({
    text: l.textContent,
    current: l.classList.contains('oj-diagnostic-line--current'),
  }));

beforeAll(() => {
  stubTextLayout();
});
afterEach(() => {
  for (const view of views) view.destroy();
  views = [];
});

describe('offsetOfColumn', () => {
  it("counts GCC's tab to the next multiple of 8, another compiler's as one character", () => {
    expect(offsetOfColumn('\tstd::cout << y;', 22, 8)).toBe(14);
    expect(offsetOfColumn('\tstd::cout << y;', 15, 1)).toBe(14);
    expect(offsetOfColumn('ab\tc', 9, 8)).toBe(3);
    expect(offsetOfColumn('x', 40, 8)).toBe(1);
    expect(offsetOfColumn('abc', 0, 1)).toBe(0);
  });
});

describe('rangesOf', () => {
  it("marks the word at a column, the line's text without a column, and only the code's own file", () => {
    const state = EditorState.create({ doc: CODE });
    const ranges = rangesOf(state, {
      language: 'C++',
      diagnostics: [
        error(3, 22),
        { ...error(4, 0), severity: 'warning' },
        { ...error(1123, 7), file: 'stl_vector.h' },
        // Past the end (Python names the line after an unclosed bracket): the last line.
        error(99, 0),
      ],
    });
    expect(ranges.map((r) => [r.line, state.sliceDoc(r.from, r.to)])).toEqual([
      [3, 'y'],
      [4, 'return x;'],
      [6, ''],
    ]);
  });

  it("counts a column as one character in another compiler's message", () => {
    const state = EditorState.create({ doc: 'fn main() {\n\tx = 2;\n}\n' });
    const [range] = rangesOf(state, {
      language: 'Rust',
      diagnostics: [{ ...error(2, 2), file: 'main.rs' }],
    });
    expect(state.sliceDoc(range.from, range.to)).toBe('x');
  });
});

describe('showCompileMarks', () => {
  it("marks each message's range and line, moves the cursor to the first, and clears", () => {
    const view = editor();
    showCompileMarks(
      view,
      { language: 'C++', diagnostics: [error(3, 22, '‘y’ was not declared'), { ...error(4, 10), severity: 'note' }] },
      'first',
    );
    expect(lintOf(view)).toEqual(['3:y:error: ‘y’ was not declared', '4:x:info: not declared']);
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(3);
    expect(view.state.selection.main.head).toBe(view.state.doc.line(3).from + 14);
    expect(markedLines(view)).toEqual([
      { text: '\tstd::cout << y;', current: true },
      { text: '  return x;', current: false },
    ]);

    showCompileMarks(view, null);
    expect(lintOf(view)).toEqual([]);
    expect(markedLines(view)).toEqual([]);
  });

  it('moves to the message picked, and keeps the marks through a reconfiguration', () => {
    const view = editor();
    const picked = error(4, 10);
    const marks = { language: 'C++', diagnostics: [error(3, 22), picked] };
    showCompileMarks(view, marks, null);
    // Without a place to move to, the cursor stays.
    expect(view.state.selection.main.head).toBe(0);
    showCompileMarks(view, marks, picked);
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(4);
    expect(markedLines(view).map((l) => l.current)).toEqual([false, true]);
    // @uiw/react-codemirror reconfigures the view (with the marks' extension in it) when the language's highlighting
    // arrives: the marks stay.
    view.dispatch({ effects: StateEffect.reconfigure.of([compileMarksExtension, EditorState.tabSize.of(8)]) });
    expect(markedLines(view)).toHaveLength(2);
    expect(lintOf(view)).toHaveLength(2);
  });
});
