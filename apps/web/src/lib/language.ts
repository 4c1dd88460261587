import type { Locale } from '@oj/shared';

export type Language = Locale;
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The language choice order: query parameter `l` (zh-cn gives Chinese, anything
 * else English), else the saved choice, else the browser language (Chinese if zh-cn, otherwise English). */
export const chooseLanguage = (input: {
  query: string | null;
  saved: string | null;
  browser: string | null | undefined;
}): Language => {
  if (input.query !== null && input.query !== undefined) return toLanguage(input.query);
  if (input.saved === 'zh-CN' || input.saved === 'en-US') return input.saved;
  if (input.browser) return toLanguage(input.browser);
  return DEFAULT_LANGUAGE;
};

const toLanguage = (value: string): Language => (value.trim().toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US');

export const otherLanguage = (lang: Language): Language => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');
