import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';
// One package per theme: @uiw/codemirror-themes-all builds every one of its themes when loaded (decision 0038).
import { dracula } from '@uiw/codemirror-theme-dracula';
import { eclipse } from '@uiw/codemirror-theme-eclipse';
import { material } from '@uiw/codemirror-theme-material';
import { monokai } from '@uiw/codemirror-theme-monokai';
import { solarizedLight } from '@uiw/codemirror-theme-solarized';
import { createTheme } from '@uiw/codemirror-themes';
import type { EditorTheme } from './editor-storage';

/** idea, base16-dark and cobalt have no @uiw package: built here with the palettes
 * of the CodeMirror 5 themes of the same names, which HOJ's editor used. */
const idea = createTheme({
  theme: 'light',
  settings: {
    background: '#ffffff',
    foreground: '#000000',
    caret: '#000000',
    selection: '#b5d5ff',
    lineHighlight: '#fffae3',
    gutterBackground: '#f0f0f0',
    gutterForeground: '#999999',
  },
  styles: [
    { tag: [t.keyword, t.modifier, t.operatorKeyword], color: '#000080', fontWeight: 'bold' },
    { tag: [t.number], color: '#0000ff' },
    { tag: [t.string, t.special(t.string)], color: '#008000', fontWeight: 'bold' },
    { tag: [t.comment], color: '#808080', fontStyle: 'italic' },
    { tag: [t.meta, t.processingInstruction], color: '#808000' },
    { tag: [t.variableName], color: '#000000' },
    { tag: [t.typeName, t.className], color: '#000000' },
    { tag: [t.atom, t.bool], color: '#000080', fontWeight: 'bold' },
  ],
});

const base16Dark = createTheme({
  theme: 'dark',
  settings: {
    background: '#151515',
    foreground: '#e0e0e0',
    caret: '#b0b0b0',
    selection: '#303030',
    lineHighlight: '#202020',
    gutterBackground: '#151515',
    gutterForeground: '#505050',
  },
  styles: [
    { tag: [t.keyword, t.modifier], color: '#ac4142' },
    { tag: [t.number], color: '#aa759f' },
    { tag: [t.string], color: '#90a959' },
    { tag: [t.comment], color: '#8f5536' },
    { tag: [t.meta, t.processingInstruction], color: '#d28445' },
    { tag: [t.variableName], color: '#90a959' },
    { tag: [t.definition(t.variableName), t.function(t.variableName)], color: '#d28445' },
    { tag: [t.typeName, t.className], color: '#f4bf75' },
    { tag: [t.atom, t.bool], color: '#aa759f' },
    { tag: [t.operator], color: '#e0e0e0' },
  ],
});

const cobalt = createTheme({
  theme: 'dark',
  settings: {
    background: '#002240',
    foreground: '#ffffff',
    caret: '#ffffff',
    selection: '#b36539',
    lineHighlight: '#002c52',
    gutterBackground: '#002240',
    gutterForeground: '#d0d0d0',
    gutterBorder: '#aaaaaa',
  },
  styles: [
    { tag: [t.keyword, t.modifier], color: '#ffee80' },
    { tag: [t.number, t.atom, t.bool], color: '#ff80e1' },
    { tag: [t.string], color: '#3ad900' },
    { tag: [t.comment], color: '#0088ff' },
    { tag: [t.meta, t.processingInstruction], color: '#ff9d00' },
    { tag: [t.variableName], color: '#9effff' },
    { tag: [t.typeName, t.className], color: '#9effff' },
    { tag: [t.operator], color: '#ffffff' },
  ],
});

export const THEME_EXTENSIONS: Record<EditorTheme, Extension> = {
  monokai,
  solarized: solarizedLight,
  material,
  idea,
  eclipse,
  'base16-dark': base16Dark,
  cobalt,
  dracula,
};
