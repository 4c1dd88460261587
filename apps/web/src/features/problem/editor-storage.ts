import { readJson, writeStorage } from '../../lib/storage';

/** Editor preferences kept locally, with their defaults. */
export const EDITOR_THEMES = [
  'monokai',
  'solarized',
  'material',
  'idea',
  'eclipse',
  'base16-dark',
  'cobalt',
  'dracula',
] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const FONT_SIZES = [12, 14, 16, 18, 20];
export const TAB_SIZES = [2, 4, 8];

export interface EditorSettings {
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = { theme: 'solarized', fontSize: 14, tabSize: 4 };

const SETTINGS_KEY = 'editorSettings';
const codeKey = (problemKey: string) => `problemCode:${problemKey}`;

/** Stored values are checked against the allowed ones: a stale or hand-edited entry falls back to the default. */
export const loadEditorSettings = (): EditorSettings => {
  const raw = readJson<Partial<EditorSettings>>(SETTINGS_KEY) ?? {};
  return {
    theme: EDITOR_THEMES.includes(raw.theme as EditorTheme)
      ? (raw.theme as EditorTheme)
      : DEFAULT_EDITOR_SETTINGS.theme,
    fontSize: FONT_SIZES.includes(Number(raw.fontSize)) ? Number(raw.fontSize) : DEFAULT_EDITOR_SETTINGS.fontSize,
    tabSize: TAB_SIZES.includes(Number(raw.tabSize)) ? Number(raw.tabSize) : DEFAULT_EDITOR_SETTINGS.tabSize,
  };
};

export const saveEditorSettings = (settings: EditorSettings) => writeStorage(SETTINGS_KEY, JSON.stringify(settings));

export interface SavedCode {
  language: string;
  code: string;
}

/** The code a user was writing for one problem (key: the problem's display id, or a contest-scoped key). */
export const loadProblemCode = (problemKey: string): SavedCode | null => {
  const raw = readJson<Partial<SavedCode>>(codeKey(problemKey));
  return raw && typeof raw.language === 'string' && typeof raw.code === 'string'
    ? { language: raw.language, code: raw.code }
    : null;
};

export const saveProblemCode = (problemKey: string, saved: SavedCode) =>
  writeStorage(codeKey(problemKey), JSON.stringify(saved));

/** The language to start with: the saved one if the problem still offers it, else C++ or the first offered. */
export const initialLanguage = (offered: string[], saved: SavedCode | null) => {
  if (saved && offered.includes(saved.language)) return saved.language;
  return offered.includes('C++') ? 'C++' : (offered[0] ?? '');
};

/** Switching language loads the new template only when the user has not written anything of their own. */
export const codeAfterLanguageSwitch = (current: string, oldTemplate: string, newTemplate: string) =>
  current.trim() === '' || current === oldTemplate ? newTemplate : current;
