import { indentUnit } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';
import { languageMode, loadedLanguage, loadLanguage } from './editor-languages';
import type { EditorSettings } from './editor-storage';
import { THEME_EXTENSIONS } from './editor-themes';

/** Default editor height. */
export const EDITOR_HEIGHT = 550;

/** CodeMirror 6 with the user's editor settings: theme, font size and tab size. */
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
      ...(more ?? []),
    ],
    [languageExt, settings.tabSize, settings.fontSize, label, more],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      height={typeof height === 'number' ? `${height}px` : height}
      theme={THEME_EXTENSIONS[settings.theme]}
      extensions={extensions}
      readOnly={readOnly}
      onCreateEditor={onCreateEditor}
      basicSetup={{ tabSize: settings.tabSize }}
    />
  );
};

export default CodeEditor;
