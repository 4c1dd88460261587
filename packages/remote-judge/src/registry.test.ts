import { describe, expect, it } from 'vitest';
import { remoteJudgeConfigFromEnv } from './config.js';
import { isSupportedRemoteOj, remoteAdapters } from './registry.js';

describe('remote judge configuration', () => {
  it('defaults to codeforces.com with a 30 s timeout', () => {
    expect(remoteJudgeConfigFromEnv({})).toMatchObject({ codeforcesUrl: 'https://codeforces.com', timeoutMs: 30000 });
  });

  it('reads OJ_REMOTE_CF_URL (for CF and GYM) and OJ_REMOTE_TIMEOUT_MS', () => {
    const config = remoteJudgeConfigFromEnv({ OJ_REMOTE_CF_URL: 'http://127.0.0.1:9/', OJ_REMOTE_TIMEOUT_MS: '500' });
    expect(config).toMatchObject({ codeforcesUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
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
    expect(isSupportedRemoteOj('HDU')).toBe(true);
    expect(isSupportedRemoteOj('POJ')).toBe(true);
    expect(isSupportedRemoteOj('UVA')).toBe(false);
    expect(isSupportedRemoteOj('cf')).toBe(false);
  });

  it('reads OJ_REMOTE_HDU_URL and OJ_REMOTE_POJ_URL, defaulting to the real sites', () => {
    expect(remoteJudgeConfigFromEnv({})).toMatchObject({ hduUrl: 'https://acm.hdu.edu.cn', pojUrl: 'http://poj.org' });
    const config = remoteJudgeConfigFromEnv({
      OJ_REMOTE_HDU_URL: 'http://127.0.0.1:7/',
      OJ_REMOTE_POJ_URL: 'http://127.0.0.1:8',
    });
    expect(config).toMatchObject({ hduUrl: 'http://127.0.0.1:7', pojUrl: 'http://127.0.0.1:8' });
    const adapters = remoteAdapters(config);
    expect(adapters.HDU.oj).toBe('HDU');
    expect(adapters.POJ.oj).toBe('POJ');
    expect(adapters.HDU.languages.find((l) => l.remoteId === '0')?.local).toBe('C++');
    expect(adapters.POJ.languages.find((l) => l.remoteId === '2')?.local).toBe('Java');
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_HDU_URL: 'acm.hdu.edu.cn' })).toThrow(/OJ_REMOTE_HDU_URL/);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_POJ_URL: 'ftp://poj.org' })).toThrow(/OJ_REMOTE_POJ_URL/);
  });

  it('reads OJ_REMOTE_AC_URL and OJ_REMOTE_SPOJ_URL, defaulting to the real sites', () => {
    expect(remoteJudgeConfigFromEnv({})).toMatchObject({
      atcoderUrl: 'https://atcoder.jp',
      spojUrl: 'https://www.spoj.com',
    });
    const config = remoteJudgeConfigFromEnv({
      OJ_REMOTE_AC_URL: 'http://127.0.0.1:5/',
      OJ_REMOTE_SPOJ_URL: 'http://127.0.0.1:6',
    });
    expect(config).toMatchObject({ atcoderUrl: 'http://127.0.0.1:5', spojUrl: 'http://127.0.0.1:6' });
    const adapters = remoteAdapters(config);
    expect(adapters.AC.oj).toBe('AC');
    expect(adapters.SPOJ.oj).toBe('SPOJ');
    expect(adapters.AC.languages.find((l) => l.remoteId === '6017')?.local).toBe('C++ 20');
    expect(adapters.SPOJ.languages.find((l) => l.remoteId === '116')?.local).toBe('Python3');
    expect(isSupportedRemoteOj('AC')).toBe(true);
    expect(isSupportedRemoteOj('SPOJ')).toBe(true);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_AC_URL: 'atcoder.jp' })).toThrow(/OJ_REMOTE_AC_URL/);
    expect(() => remoteJudgeConfigFromEnv({ OJ_REMOTE_SPOJ_URL: 'ftp://spoj.com' })).toThrow(/OJ_REMOTE_SPOJ_URL/);
  });
});
