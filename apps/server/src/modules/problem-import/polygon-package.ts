/** What the Polygon import reads of a package (decision 0054), before anything runs: polygon-format.ts reads it from
 * the extracted archive, problem-import.service.ts turns it into a package task and, once that reports, a problem. */
import { isMessageKey, type LanguageName, type Locale, type MessageKey, message, type SolutionTag } from '@oj/shared';
import type { ExtractedEntry } from '../admin-problem/safe-zip.js';

/** A program of the package: its path in it ("files/gen.cpp"), its language here (Polygon's source type mapped,
 * polygon-format.ts `POLYGON_SOURCE_TYPES`) and its file. */
export interface PolygonProgram {
  path: string;
  language: LanguageName;
  entry: ExtractedEntry;
}

export interface PolygonTest {
  /** 1-based, in the testset's order. */
  index: number;
  /** A manual test's file (tests/01); null for a generated one. */
  input: ExtractedEntry | null;
  /** A generated test's command ("gen 10 3"): a generator's name and its arguments. */
  cmd: string | null;
  /** The package's answer file (tests/01.a) when it has one; null: the main solution makes it. */
  answer: ExtractedEntry | null;
  group: string | null;
  points: number | null;
  sample: boolean;
}

export interface PolygonGroup {
  name: string;
  points: number | null;
  /** complete-group: the group's points only when every test passes; each-test: each test's own points. */
  pointsPolicy: 'complete-group' | 'each-test';
  dependencies: string[];
}

export interface PolygonPackage {
  /** problem.xml's short-name ("a-plus-b"). */
  shortName: string;
  /** In the statement language taken. */
  title: string;
  /** The statement language taken (POLYGON_STATEMENT_LANGUAGES). */
  language: string;
  /** Markdown with KaTeX math (`$...$`, `$$...$$`); images are referred to by their file name (`![](pic.png)`) and
   * listed in `images`. */
  statement: { description: string; input: string; output: string; hint: string };
  images: { name: string; entry: ExtractedEntry }[];
  /** The statement's examples (statements/<language>/example.01 and .01.a, else the sample tests' files). */
  examples: { input: string; output: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
  tests: PolygonTest[];
  groups: PolygonGroup[];
  /** null: a standard checker whose source the package does not hold (the site's default comparison judges). */
  checker: PolygonProgram | null;
  interactor: PolygonProgram | null;
  validator: PolygonProgram | null;
  /** Generators by the name the tests' commands call them ("gen" for files/gen.cpp). */
  generators: (PolygonProgram & { name: string })[];
  /** Files put beside every compile (files/testlib.h, the package's own headers). */
  resources: { path: string; entry: ExtractedEntry }[];
  /** The main solution first. */
  solutions: (PolygonProgram & { tag: SolutionTag })[];
  /** What was read and left out, for the job's notes ("statement in english taken; russian left out"). */
  notes: ImportNote[];
}

/** A note of the import (what was read and left out) or a reason it refuses a package: a message key (messages.ts,
 * polygonNote… and polygonError…) and its variables, rendered in the reader's language by renderImportNote. */
export interface ImportNote {
  key: MessageKey;
  vars?: Record<string, string>;
}

/** Polygon's statement language names in Chinese (English keeps Polygon's own); a name not here stays as it is. */
const LANGUAGE_NAMES_ZH: Record<string, string> = {
  chinese: '中文',
  english: '英文',
  russian: '俄文',
  ukrainian: '乌克兰文',
  belarusian: '白俄罗斯文',
  kazakh: '哈萨克文',
  uzbek: '乌兹别克文',
  azerbaijani: '阿塞拜疆文',
  armenian: '亚美尼亚文',
  georgian: '格鲁吉亚文',
  kyrgyz: '吉尔吉斯文',
  tajik: '塔吉克文',
  turkmen: '土库曼文',
  mongolian: '蒙古文',
  japanese: '日文',
  korean: '韩文',
  vietnamese: '越南文',
  thai: '泰文',
  indonesian: '印尼文',
  hindi: '印地文',
  bengali: '孟加拉文',
  arabic: '阿拉伯文',
  persian: '波斯文',
  hebrew: '希伯来文',
  turkish: '土耳其文',
  french: '法文',
  german: '德文',
  spanish: '西班牙文',
  portuguese: '葡萄牙文',
  italian: '意大利文',
  dutch: '荷兰文',
  polish: '波兰文',
  czech: '捷克文',
  slovak: '斯洛伐克文',
  hungarian: '匈牙利文',
  romanian: '罗马尼亚文',
  bulgarian: '保加利亚文',
  serbian: '塞尔维亚文',
  croatian: '克罗地亚文',
  greek: '希腊文',
  lithuanian: '立陶宛文',
  latvian: '拉脱维亚文',
  estonian: '爱沙尼亚文',
  finnish: '芬兰文',
  swedish: '瑞典文',
};

const languageName = (name: string, locale: Locale) =>
  locale === 'zh-CN' ? (LANGUAGE_NAMES_ZH[name.toLowerCase()] ?? name) : name;

/** A note or refusal reason in the locale. Variables named `language` (one of Polygon's statement language names) and
 * `languages` (several, joined by ", ") are rendered in the locale; `program` names a polygonProgram… key, rendered with
 * the same variables ("generator {name}"). */
export const renderImportNote = (note: ImportNote, locale: Locale): string => {
  const vars = { ...note.vars };
  if (vars.language !== undefined) vars.language = languageName(vars.language, locale);
  if (vars.languages !== undefined) {
    vars.languages = vars.languages
      .split(', ')
      .map((l) => languageName(l, locale))
      .join(locale === 'zh-CN' ? '、' : ', ');
  }
  if (vars.program !== undefined && isMessageKey(vars.program)) vars.program = message(vars.program, locale, vars);
  return message(note.key, locale, vars);
};
