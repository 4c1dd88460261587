import type { Locale } from '@oj/shared';

export type Language = Locale;
/** The language choice order (query parameter, saved choice, browser language), shared with the server. */
export { chooseLanguage } from '@oj/shared';

export const otherLanguage = (lang: Language): Language => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');
