import { CLIENT_MESSAGES, type Locale } from '@oj/shared';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdZhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import i18next from 'i18next';
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

const ensureResources = async (lang: Language) => {
  if (antdLocales.has(lang)) return;
  const [{ enUS }, antdEn] = await Promise.all([import('../locales/en-us'), import('antd/locale/en_US')]);
  i18next.addResourceBundle(lang, 'translation', { ...enUS, ...sharedTexts(lang) }, true, true);
  antdLocales.set(lang, antdEn.default);
};

export const initialLanguage = (): { language: Language; fromQuery: boolean } => {
  const query = new URLSearchParams(window.location.search).get('l');
  const language = chooseLanguage({ query, saved: readStorage(STORAGE_KEYS.language), browser: navigator.language });
  return { language, fromQuery: query !== null };
};

/** A language picked by the `l` query parameter is remembered like a toggle. */
export const initI18n = async (lang: Language, opts: { save: boolean } = { save: false }) => {
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    resources: { 'zh-CN': { translation: { ...zhCN, ...sharedTexts('zh-CN') } } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(lang, opts);
};

export const changeLanguage = async (lang: Language, opts: { save: boolean } = { save: true }) => {
  await ensureResources(lang);
  await i18next.changeLanguage(lang);
  antdLocaleStore.set(antdLocales.get(lang) ?? antdZhCN);
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang;
  if (opts.save) writeStorage(STORAGE_KEYS.language, lang);
};

export const currentLanguage = (): Language => (i18next.language === 'en-US' ? 'en-US' : 'zh-CN');

export { i18next };
