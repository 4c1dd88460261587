import { afterEach, describe, expect, it } from 'vitest';
import { acceptedSubmissionsLink, NICKNAME_COLORS, nicknameColor } from '../rank/rank-colors';
import { validateCode } from './code-panel';
import {
  codeAfterLanguageSwitch,
  DEFAULT_EDITOR_SETTINGS,
  initialLanguage,
  loadEditorSettings,
  loadProblemCode,
  saveEditorSettings,
  saveProblemCode,
} from './editor-storage';
import { annexFileNames, clampSplit, MIN_LEFT_PX, MIN_RIGHT_PX } from './problem-detail-page';
import { parseExamples } from './problem-examples';
import { changeFilter, parseProblemListQuery, toProblemListRequest, toProblemListSearch } from './problem-list-query';

afterEach(() => window.localStorage.clear());

describe('problem list query', () => {
  it('defaults: oj Mine, page 1, 30 per page, no tags; bad values fall back', () => {
    expect(parseProblemListQuery(new URLSearchParams(''))).toEqual({
      keyword: '',
      difficulty: null,
      oj: 'Mine',
      tagId: [],
      currentPage: 1,
      limit: 30,
    });
    const bad = parseProblemListQuery(new URLSearchParams('tagId=oops&currentPage=-2&limit=7&difficulty=9'));
    expect(bad).toMatchObject({ tagId: [], currentPage: 1, limit: 30, difficulty: null });
  });

  it('keeps tagId a JSON array in the page URL but sends "1,2" to the API; All is sent empty', () => {
    const q = parseProblemListQuery(new URLSearchParams('tagId=[1,2]&oj=All&difficulty=0&currentPage=2'));
    expect(q.tagId).toEqual([1, 2]);
    expect(toProblemListSearch(q).get('tagId')).toBe('[1,2]');
    expect(toProblemListRequest(q)).toEqual({
      keyword: undefined,
      difficulty: 0,
      oj: undefined,
      tagId: '1,2',
      currentPage: 2,
      limit: 30,
    });
  });

  it('a filter change resets to page 1 and drops empty parameters', () => {
    const q = parseProblemListQuery(new URLSearchParams('keyword=sum&currentPage=4'));
    const next = changeFilter(q, { keyword: '  ', difficulty: 2 });
    expect(toProblemListSearch(next).toString()).toBe('difficulty=2');
    expect(toProblemListSearch(changeFilter(q, { currentPage: 5 })).get('currentPage')).toBe('5');
  });
});

describe('editor storage', () => {
  it('defaults to solarized, 14 px, tab 4 and ignores stale stored values', () => {
    expect(loadEditorSettings()).toEqual(DEFAULT_EDITOR_SETTINGS);
    window.localStorage.setItem('editorSettings', JSON.stringify({ theme: 'neon', fontSize: 13, tabSize: 8 }));
    expect(loadEditorSettings()).toEqual({ theme: 'solarized', fontSize: 14, tabSize: 8 });
    saveEditorSettings({ theme: 'dracula', fontSize: 18, tabSize: 2 });
    expect(loadEditorSettings()).toEqual({ theme: 'dracula', fontSize: 18, tabSize: 2 });
  });

  it('keeps code per problem and picks a language the problem still offers', () => {
    saveProblemCode('1000', { language: 'Java', code: 'class Main {}' });
    expect(loadProblemCode('1000')).toEqual({ language: 'Java', code: 'class Main {}' });
    expect(loadProblemCode('1001')).toBeNull();
    expect(initialLanguage(['C', 'C++', 'Java'], loadProblemCode('1000'))).toBe('Java');
    expect(initialLanguage(['C', 'C++'], loadProblemCode('1000'))).toBe('C++');
    expect(initialLanguage(['Python3'], null)).toBe('Python3');
  });

  it('switching language loads the new template only over untouched code', () => {
    expect(codeAfterLanguageSwitch('', 'c tpl', 'py tpl')).toBe('py tpl');
    expect(codeAfterLanguageSwitch('c tpl', 'c tpl', 'py tpl')).toBe('py tpl');
    expect(codeAfterLanguageSwitch('my code', 'c tpl', 'py tpl')).toBe('my code');
  });
});

describe('problem page helpers', () => {
  it('validates code: non-empty after trimming, at most 65535 characters', () => {
    expect(validateCode('   \n')).toBe('Code_can_not_be_empty');
    expect(validateCode('x'.repeat(65536))).toBe('Code_Length_can_not_exceed_65535');
    expect(validateCode('x'.repeat(65535))).toBeNull();
  });

  it('keeps the split within left >= 420 px and right >= 580 px', () => {
    expect(clampSplit(100, 1400)).toBe(MIN_LEFT_PX);
    expect(clampSplit(1300, 1400)).toBe(1400 - MIN_RIGHT_PX - 8);
    expect(clampSplit(600, 1400)).toBe(600);
  });

  it('reads HOJ-encoded examples and annex files', () => {
    expect(parseExamples('<input>1 2\n</input><output>3\n</output><input>a</input><output>b</output>')).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: 'a', output: 'b' },
    ]);
    expect(annexFileNames('{"data.txt":"x","read.me":"y"}')).toEqual(['data.txt', 'read.me']);
    expect(annexFileNames('not json')).toEqual([]);
    expect(annexFileNames(null)).toEqual([]);
  });
});

describe('rank helpers', () => {
  it('cycles the nickname colour by length modulo 5 and links AC counts to accepted submissions', () => {
    expect(nicknameColor('abc')).toBe(NICKNAME_COLORS[3]);
    expect(nicknameColor('abcdefgh')).toBe(NICKNAME_COLORS[3]);
    expect(nicknameColor('小明')).toBe(NICKNAME_COLORS[2]);
    expect(acceptedSubmissionsLink('root')).toBe('/status?username=root&status=0');
  });
});
