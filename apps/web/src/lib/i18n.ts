import { CLIENT_MESSAGES, type Locale } from '@oj/shared';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdZhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import i18next, { type BackendModule } from 'i18next';
import 'dayjs/locale/zh-cn';
import { initReactI18next } from 'react-i18next';
import { zhCN } from '../locales/zh-cn';
import { createStore } from './create-store';
import { chooseLanguage, type Language } from './language';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Message keys the client shows itself (validation texts), taken from the shared catalogue so the server and
 * the form say the same thing. */
const SHARED_CLIENT_KEYS = [
  'Username_Check_Required',
  'Username_Check_Max',
  'Password_Check_Required',
  'Password_Check_Between',
] as const;

const sharedTexts = (locale: Locale) =>
  Object.fromEntries(SHARED_CLIENT_KEYS.map((k) => [k, CLIENT_MESSAGES[k][locale]])) as Record<string, string>;

/** antd's locale for the current language; the en-US one is fetched with the en-US texts. */
export const antdLocaleStore = createStore<AntdLocale>(antdZhCN);
const antdLocales = new Map<Language, AntdLocale>([['zh-CN', antdZhCN]]);

const ensureAntdLocale = async (lang: Language) => {
  if (antdLocales.has(lang)) return;
  antdLocales.set(lang, (await import('antd/locale/en_US')).default);
};

/** The namespace of the shared chrome (navigation, common buttons, errors, home): zh-CN is bundled with the entry,
 * en-US is fetched when chosen. A screen's own texts live in its feature's namespace. */
export const CORE_NS = 'core';

type Texts = Record<string, string>;

/** Each feature keeps its texts in features/<feature>/texts/, one file per language (zh-CN.ts, en-US.ts); the
 * folder's path under features/ is the namespace's name, and a screen's useTranslation of it fetches it, one chunk per
 * language, the first time a screen of the feature renders (never with the first visit to /home). */
export const FEATURE_TEXTS_DIR = /^.*\/features\/(.+)\/texts\/(zh-CN|en-US)\.ts$/;
const FEATURE_TEXTS = import.meta.glob<Texts>('../features/**/texts/*.ts', { import: 'default' });
const featureTexts = new Map(
  Object.entries(FEATURE_TEXTS).flatMap(([file, load]) => {
    const m = FEATURE_TEXTS_DIR.exec(file);
    return m ? [[`${m[2]}|${m[1]}`, load] as const] : [];
  }),
);

const loadTexts = async (lang: Language, ns: string): Promise<Texts> => {
  if (ns === CORE_NS) {
    const core = lang === 'zh-CN' ? zhCN : (await import('../locales/en-us')).enUS;
    return { ...core, ...sharedTexts(lang) };
  }
  const load = featureTexts.get(`${lang}|${ns}`);
  if (!load) throw new Error(`No ${lang} texts for the namespace "${ns}"`);
  return load();
};

/** The one loader of every namespace: i18next asks it for a namespace's texts in a language it has not got yet. */
const textsBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadTexts(language === 'en-US' ? 'en-US' : 'zh-CN', namespace).then(
      (texts) => callback(null, texts),
      (err: Error) => callback(err, false),
    );
  },
};

export const initialLanguage = (): { language: Language; fromQuery: boolean } => {
  const query = new URLSearchParams(window.location.search).get('l');
  const language = chooseLanguage({ query, saved: readStorage(STORAGE_KEYS.language), browser: navigator.language });
  return { language, fromQuery: query !== null };
};

/** A language picked by the `l` query parameter is remembered like a toggle. */
export const initI18n = async (lang: Language, opts: { save: boolean } = { save: false }) => {
  await i18next
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      lng: 'zh-CN',
      // Every key is in both languages (locales/catalogues.test.ts): a namespace read in English is fetched in English
      // alone, not also as the language 'en' (which textsBackend would read as Chinese) and as the fallback Chinese:
      // four more files on the problem page's first load.
      load: 'currentOnly',
      fallbackLng: { 'en-US': [], default: ['zh-CN'] },
      ns: [CORE_NS],
      defaultNS: CORE_NS,
      // A screen names its feature's namespaces; the shared chrome's keys resolve from the core one behind them.
      fallbackNS: CORE_NS,
      resources: { 'zh-CN': { [CORE_NS]: { ...zhCN, ...sharedTexts('zh-CN') } } },
      // The bundled core zh-CN is only part of the texts: the rest comes through textsBackend.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      // useTranslation(['group', 'problem']) looks a key up in each namespace it names, in order.
      react: { nsMode: 'fallback' },
    });
  await changeLanguage(lang, opts);
};

export const changeLanguage = async (lang: Language, opts: { save: boolean } = { save: true }) => {
  await Promise.all([ensureAntdLocale(lang), i18next.changeLanguage(lang)]);
  antdLocaleStore.set(antdLocales.get(lang) ?? antdZhCN);
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang;
  if (opts.save) writeStorage(STORAGE_KEYS.language, lang);
};

export const currentLanguage = (): Language => (i18next.language === 'en-US' ? 'en-US' : 'zh-CN');

export { i18next };
