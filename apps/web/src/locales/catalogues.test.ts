import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_MESSAGES } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { CORE_NS, FEATURE_TEXTS_DIR } from '../lib/i18n';
import { enUS } from './en-us';
import { zhCN } from './zh-cn';

type Texts = Record<string, string>;

/** Every namespace of the web in both languages: the core one (zh-cn.ts with en-us.ts) and each feature's
 * (features/<feature>/texts/zh-CN.ts with en-US.ts). */
const NAMESPACES: Record<string, Record<'zh-CN' | 'en-US', Texts>> = { [CORE_NS]: { 'zh-CN': zhCN, 'en-US': enUS } };
const TEXT_FILES = import.meta.glob<Texts>('../features/**/texts/*.ts', { import: 'default', eager: true });
for (const [file, texts] of Object.entries(TEXT_FILES)) {
  const m = FEATURE_TEXTS_DIR.exec(file);
  if (!m) throw new Error(`${file}: a texts folder holds only zh-CN.ts and en-US.ts`);
  NAMESPACES[m[1]] ??= { 'zh-CN': {}, 'en-US': {} };
  NAMESPACES[m[1]][m[2] as 'zh-CN' | 'en-US'] = texts;
}

const SRC = path.resolve(__dirname, '..');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
const catalogueFiles = sourceFiles(SRC).filter((f) =>
  /\/texts\/(zh-CN|en-US)\.ts$|\/locales\/(zh-cn|en-us)\.ts$/.test(f),
);

/** Keys written literally where a text is shown: t('Key'), t("Key", ...), labelKey: 'Key', titleKey: 'Key'. */
const KEY_USES = /(?:\bt\(|labelKey: |titleKey: )'([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Z][A-Za-z0-9]*)'/g;
/** The namespaces a screen names: useTranslation('ns') or useTranslation(['ns', ...]). */
const NS_USES = /useTranslation\((\[[^\]]*\]|'[^']*')/g;

describe('the text catalogues (a namespace per feature and the core one, both languages)', () => {
  it('have both languages for every key of every namespace', () => {
    const missing = Object.entries(NAMESPACES).flatMap(([ns, langs]) => {
      const keys = new Set([...Object.keys(langs['zh-CN']), ...Object.keys(langs['en-US'])]);
      return [...keys].flatMap((key) =>
        (['zh-CN', 'en-US'] as const)
          .filter((lang) => !langs[lang][key]?.trim())
          .map((lang) => `${ns} ${lang}: ${key}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it('define each key once: in one namespace, once in it', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [ns, langs] of Object.entries(NAMESPACES)) {
      for (const key of Object.keys(langs['zh-CN'])) {
        const seen = owner.get(key);
        if (seen) twice.push(`${key}: ${seen} and ${ns}`);
        else owner.set(key, ns);
      }
    }
    // The core namespace also carries the shared catalogue's client messages (lib/i18n.ts).
    for (const key of Object.keys(CLIENT_MESSAGES))
      if (owner.has(key)) twice.push(`${key}: ${owner.get(key)} and shared`);
    // An object literal keeps the last of two equal keys; the source shows both.
    for (const file of catalogueFiles) {
      const keys = [...fs.readFileSync(file, 'utf8').matchAll(/^ {2}([A-Za-z_][A-Za-z0-9_]*):/gm)].map((m) => m[1]);
      for (const [i, key] of keys.entries())
        if (keys.indexOf(key) !== i) twice.push(`${key}: twice in ${path.relative(SRC, file)}`);
    }
    expect(twice).toEqual([]);
  });

  it('define every key the pages show, in namespaces that exist', () => {
    const known = new Set([
      ...Object.values(NAMESPACES).flatMap((langs) => Object.keys(langs['zh-CN'])),
      ...Object.keys(CLIENT_MESSAGES),
    ]);
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(KEY_USES)) {
        if (!known.has(m[1])) unknown.push(`${path.relative(SRC, file)}: ${m[1]}`);
      }
      for (const m of text.matchAll(NS_USES)) {
        for (const ns of m[1].match(/'[^']*'/g) ?? [])
          if (!NAMESPACES[ns.slice(1, -1)]) unknown.push(`${path.relative(SRC, file)}: namespace ${ns}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
