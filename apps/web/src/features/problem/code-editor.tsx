import { indentUnit } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { languageExtension } from './editor-languages';
import type { EditorSettings } from './editor-storage';
import { THEME_EXTENSIONS } from './editor-themes';

/** Default editor height (spec 1-core §9). */
export const EDITOR_HEIGHT = 550;

/** CodeMirror 6 with the spec's theme, font size and tab size. */
const CodeEditor = ({
  value,
  onChange,
  language,
  settings,
  readOnly = false,
  label,
  height = EDITOR_HEIGHT,
}: {
  value: string;
  onChange?: (code: string) => void;
  language: string;
  settings: EditorSettings;
  readOnly?: boolean;
  label: string;
  height?: number | string;
}) => {
  const extensions = useMemo(
    () => [
      ...languageExtension(language),
      EditorState.tabSize.of(settings.tabSize),
      indentUnit.of(' '.repeat(settings.tabSize)),
      EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` } }),
      // The editable area is a textbox for assistive technology (and for the e2e journeys, which find it by name).
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [language, settings.tabSize, settings.fontSize, label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      height={typeof height === 'number' ? `${height}px` : height}
      theme={THEME_EXTENSIONS[settings.theme]}
      extensions={extensions}
      readOnly={readOnly}
      basicSetup={{ tabSize: settings.tabSize }}
    />
  );
};

export default CodeEditor;
