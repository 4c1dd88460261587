import { describe, expect, it } from 'vitest';
import { chooseLanguage, otherLanguage } from './language';

describe('language choice order', () => {
  it('takes the l query parameter first: zh-cn gives Chinese, anything else English', () => {
    expect(chooseLanguage({ query: 'zh-cn', saved: 'en-US', browser: 'en-US' })).toBe('zh-CN');
    expect(chooseLanguage({ query: 'ZH-CN', saved: 'en-US', browser: 'en-US' })).toBe('zh-CN');
    expect(chooseLanguage({ query: 'en-us', saved: 'zh-CN', browser: 'zh-CN' })).toBe('en-US');
    expect(chooseLanguage({ query: 'fr', saved: 'zh-CN', browser: 'zh-CN' })).toBe('en-US');
    expect(chooseLanguage({ query: '', saved: 'zh-CN', browser: 'zh-CN' })).toBe('en-US');
  });

  it('falls back to the saved language when there is no query parameter', () => {
    expect(chooseLanguage({ query: null, saved: 'en-US', browser: 'zh-CN' })).toBe('en-US');
    expect(chooseLanguage({ query: null, saved: 'zh-CN', browser: 'en-GB' })).toBe('zh-CN');
  });

  it('ignores a saved value that is not a language and then uses the browser language', () => {
    expect(chooseLanguage({ query: null, saved: 'klingon', browser: 'zh-CN' })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, saved: null, browser: 'zh-CN' })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, saved: null, browser: 'de-DE' })).toBe('en-US');
  });

  it('defaults to Chinese when nothing is known', () => {
    expect(chooseLanguage({ query: null, saved: null, browser: undefined })).toBe('zh-CN');
  });

  it('toggles between the two languages', () => {
    expect(otherLanguage('zh-CN')).toBe('en-US');
    expect(otherLanguage('en-US')).toBe('zh-CN');
  });
});
