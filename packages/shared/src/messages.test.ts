import { describe, expect, it } from 'vitest';
import { localeOf } from './messages.js';

describe('localeOf', () => {
  it('answers zh-CN when the caller names no language', () => {
    expect(localeOf(undefined)).toBe('zh-CN');
    expect(localeOf('')).toBe('zh-CN');
  });

  it('takes the first of zh and en when they weigh the same', () => {
    expect(localeOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeOf('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(localeOf('zh-TW')).toBe('zh-CN');
    expect(localeOf('EN-gb, zh')).toBe('en-US');
  });

  it('honours q-values wherever the languages stand', () => {
    expect(localeOf('en;q=0.5, zh-CN;q=0.9')).toBe('zh-CN');
    expect(localeOf('zh;q=0.3, en-US')).toBe('en-US');
    expect(localeOf('fr, zh ; q=0.8, en;q=0.7')).toBe('zh-CN');
    // q=0 means "not this one".
    expect(localeOf('zh;q=0, en;q=0.1')).toBe('en-US');
  });

  it('answers English when the caller names languages but neither zh nor en', () => {
    expect(localeOf('fr-FR, de;q=0.5')).toBe('en-US');
    expect(localeOf('*')).toBe('en-US');
    expect(localeOf('zh;q=0')).toBe('en-US');
  });
});
