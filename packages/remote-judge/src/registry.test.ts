import { describe, expect, it } from 'vitest';
import { isSupportedRemoteOj, remoteAdapters, remoteJudgeConfigFromEnv } from './registry.js';

describe('remote judge configuration', () => {
  it('defaults to codeforces.com with a 30 s timeout', () => {
    expect(remoteJudgeConfigFromEnv({})).toEqual({ codeforcesUrl: 'https://codeforces.com', timeoutMs: 30000 });
  });

  it('reads OJ_REMOTE_CF_URL (for CF and GYM) and OJ_REMOTE_TIMEOUT_MS', () => {
    const config = remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: 'http://127.0.0.1:9/', OJ_REMOTE_TIMEOUT_MS: '500' });
    expect(config).toEqual({ codeforcesUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    const adapters = remoteAdapters(config);
    expect(adapters.CF.oj).toBe('CF');
    expect(adapters.GYM.oj).toBe('GYM');
    expect(adapters.CF.languages.find((l) => l.remoteId === '54')?.local).toBe('C++ 17');
  });

  it('stops on a bad value instead of talking to the wrong place', () => {
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: 'codeforces.com' })).toThrow(/OJ_REMOTE_CF_URL/);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: 'ftp://codeforces.com' })).toThrow(/OJ_REMOTE_CF_URL/);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_TIMEOUT_MS: '0' })).toThrow(/OJ_REMOTE_TIMEOUT_MS/);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_TIMEOUT_MS: 'soon' })).toThrow(/OJ_REMOTE_TIMEOUT_MS/);
  });

  it('knows which site keys have an adapter', () => {
    expect(isSupportedRemoteOj('CF')).toBe(true);
    expect(isSupportedRemoteOj('GYM')).toBe(true);
    expect(isSupportedRemoteOj('HDU')).toBe(false);
    expect(isSupportedRemoteOj('cf')).toBe(false);
  });
});
