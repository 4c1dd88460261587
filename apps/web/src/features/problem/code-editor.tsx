import { indentUnit } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/create-store';
import { codeViewMarks } from '../diagnostics/code-view-marks';
import { type CompileMarks, compileMarksExtension, showCompileMarks } from '../diagnostics/editor-marks';
import { languageMode, loadedLanguage, loadLanguage } from './editor-languages';
import type { EditorSettings } from './editor-storage';
import { THEME_EXTENSIONS } from './editor-themes';

/** Default editor height. */
export const EDITOR_HEIGHT = 550;

/** CodeMirror 6 with the user's editor settings: theme, font size and tab size. A compile error's messages mark their
 * lines (features/diagnostics/editor-marks.ts): the editable editor's from `compileMarks` (moving to the first), a
 * read-only view's from the page's list of them (features/diagnostics/code-view-marks.ts, moving to the one picked). */
const CodeEditor = ({
  value,
  onChange,
  language,
  settings,
  readOnly = false,
  label,
  height = EDITOR_HEIGHT,
  extensions: more,
  onCreateEditor,
  compileMarks = null,
}: {
  value: string;
  onChange?: (code: string) => void;
  language: string;
  settings: EditorSettings;
  readOnly?: boolean;
  label: string;
  height?: number | string;
  /** Further extensions of a read-only view (copy detection's highlighted fragments). */
  extensions?: Extension[];
  /** The editor's view once made (to scroll it from outside). */
  onCreateEditor?: (view: EditorView) => void;
  /** A compile error of the code to mark, from a submission or a test run; null when there is none (or no longer). */
  compileMarks?: CompileMarks | null;
}) => {
  // The editor takes keystrokes at once; the language's highlighting joins when its parser has arrived.
  const mode = languageMode(language);
  const [highlight, setHighlight] = useState<{ mode: string; ext: Extension } | null>(null);
  useEffect(() => {
    if (!mode || loadedLanguage(mode)) return;
    let live = true;
    loadLanguage(mode).then(
      (ext) => {
        if (live) setHighlight({ mode, ext });
      },
      // A parser that failed to arrive leaves plain text; the next editor asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mode]);
  const languageExt = mode
    ? (loadedLanguage(mode) ?? (highlight?.mode === mode ? highlight.ext : undefined))
    : undefined;
  const extensions = useMemo(
    () => [
      ...(languageExt ? [languageExt] : []),
      EditorState.tabSize.of(settings.tabSize),
      indentUnit.of(' '.repeat(settings.tabSize)),
      EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` } }),
      // The editable area is a textbox for assistive technology (and for the e2e journeys, which find it by name).
      EditorView.contentAttributes.of({ 'aria-label': label }),
      compileMarksExtension,
      ...(more ?? []),
    ],
    [languageExt, settings.tabSize, settings.fontSize, label, more],
  );
  // A new object here would tell @uiw/react-codemirror that its setup changed: it reconfigures the whole editor (every
  // extension made again, the document highlighted again) in each render that gets one, and the panel renders on
  // every keystroke.
  const basicSetup = useMemo(() => ({ tabSize: settings.tabSize }), [settings.tabSize]);
  const [view, setView] = useState<EditorView | null>(null);
  const pageMarks = useStore(codeViewMarks);
  const marked = useRef(false);
  useEffect(() => {
    if (!view) return;
    const marks = readOnly ? pageMarks : compileMarks;
    // Nothing to clear before the first marks.
    if (!marks && !marked.current) return;
    marked.current = !!marks;
    const focus = readOnly ? (pageMarks?.focus ?? null) : 'first';
    // A message picked in the page's list takes the reader (and the keyboard) to its line.
    if (readOnly && focus) view.focus();
    showCompileMarks(view, marks, focus);
  }, [view, readOnly, pageMarks, compileMarks]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      height={typeof height === 'number' ? `${height}px` : height}
      theme={THEME_EXTENSIONS[settings.theme]}
      extensions={extensions}
      readOnly={readOnly}
      onCreateEditor={(created) => {
        setView(created);
        onCreateEditor?.(created);
      }}
      basicSetup={basicSetup}
    />
  );
};

export default CodeEditor;
