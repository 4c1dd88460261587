import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_NAMES } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { JudgeConfigError, parseJudgeConfig } from './config.js';

const LANGUAGE_LIST_RULE = `must be language names separated by commas (${LANGUAGE_NAMES.join(', ')})`;

describe('judge configuration', () => {
  it('has the documented defaults when nothing is set', () => {
    const config = parseJudgeConfig({});
    const runRoot = process.getuid?.() === 0 ? '/var/lib/oj-judge' : join(tmpdir(), 'oj-judge');
    expect(config).toMatchObject({
      token: undefined,
      runRoot,
      buildCacheDir: join(runRoot, 'cache'),
      precompiledHeaders: true,
      compileCache: true,
      compileCacheMb: 1024,
      compileCacheDays: 7,
      caseConcurrency: Math.max(1, Math.min(2, availableParallelism())),
      cgroupParent: 'oj-judge',
      uidBase: 60000,
      uidCount: 256,
      nativeSandbox: true,
      launcherServer: true,
      favorDynmods: true,
      cacheDir: join(tmpdir(), 'oj-judge-cache'),
      stopGraceMs: 8000,
      languages: undefined,
      remote: undefined,
      remoteConcurrency: 2,
      remotePollIntervalMs: undefined,
      remoteMaxPolls: undefined,
    });
  });

  it('reads every variable, blank as unset and the token as written', () => {
    const config = parseJudgeConfig({
      OJ_JUDGE_TOKEN: ' secret ',
      OJ_JUDGE_RUN_ROOT: '/srv/judge',
      OJ_JUDGE_PCH: '0',
      OJ_JUDGE_COMPILE_CACHE: '1',
      OJ_JUDGE_COMPILE_CACHE_MB: '0.5',
      OJ_JUDGE_COMPILE_CACHE_DAYS: '3',
      OJ_JUDGE_CASE_CONCURRENCY: '4',
      OJ_JUDGE_CGROUP_PARENT: 'system.slice/oj',
      OJ_JUDGE_UID_BASE: '70000',
      OJ_JUDGE_UID_COUNT: ' 16 ',
      OJ_JUDGE_NATIVE_SANDBOX: '0',
      OJ_JUDGE_LAUNCHER_SERVER: '0',
      OJ_JUDGE_FAVOR_DYNMODS: '0',
      OJ_JUDGE_CACHE_DIR: '/srv/cache',
      OJ_JUDGE_STOP_GRACE_MS: '200',
      OJ_JUDGE_LANGUAGES: 'C, C++ 17,Python3',
      OJ_JUDGE_REMOTE: 'CF,GYM',
      OJ_JUDGE_REMOTE_CONCURRENCY: '1',
      OJ_REMOTE_POLL_INTERVAL_MS: '100',
      OJ_REMOTE_MAX_POLLS: '',
    });
    expect(config).toMatchObject({
      token: ' secret ',
      runRoot: '/srv/judge',
      buildCacheDir: '/srv/judge/cache',
      precompiledHeaders: false,
      compileCache: true,
      compileCacheMb: 0.5,
      compileCacheDays: 3,
      caseConcurrency: 4,
      cgroupParent: 'system.slice/oj',
      uidBase: 70000,
      uidCount: 16,
      nativeSandbox: false,
      launcherServer: false,
      favorDynmods: false,
      cacheDir: '/srv/cache',
      stopGraceMs: 200,
      languages: ['C', 'C++ 17', 'Python3'],
      remote: 'CF,GYM',
      remoteConcurrency: 1,
      remotePollIntervalMs: 100,
      remoteMaxPolls: undefined,
    });
    expect(parseJudgeConfig({ OJ_JUDGE_BUILD_CACHE_DIR: '/cache', OJ_JUDGE_TOKEN: '' })).toMatchObject({
      buildCacheDir: '/cache',
      token: undefined,
    });
  });

  it.each([
    ['OJ_JUDGE_UID_COUNT', 'many', 'must be a positive whole number'],
    ['OJ_JUDGE_UID_BASE', '0', 'must be a positive whole number'],
    ['OJ_JUDGE_CASE_CONCURRENCY', '1.5', 'must be a positive whole number'],
    ['OJ_JUDGE_STOP_GRACE_MS', '-1', 'must be a positive whole number'],
    ['OJ_REMOTE_MAX_POLLS', '0', 'must be a positive whole number'],
    ['OJ_JUDGE_COMPILE_CACHE_MB', 'a lot', 'must be a positive number'],
    ['OJ_JUDGE_PCH', 'false', 'must be 0 (off) or 1 (on)'],
    ['OJ_JUDGE_LAUNCHER_SERVER', 'off', 'must be 0 (off) or 1 (on)'],
    ['OJ_JUDGE_LANGUAGES', 'C,Pascal', LANGUAGE_LIST_RULE],
    ['OJ_JUDGE_LANGUAGES', 'C,,Java', LANGUAGE_LIST_RULE],
  ])('refuses %s=%s, naming the variable', (name, value, rule) => {
    expect(() => parseJudgeConfig({ [name]: value })).toThrow(JudgeConfigError);
    expect(() => parseJudgeConfig({ [name]: value })).toThrow(`${name} ${rule}, got "${value}"`);
  });

  it('reads the remote sites only when asked', () => {
    const config = parseJudgeConfig({ OJ_REMOTE_TIMEOUT_MS: 'soon' });
    expect(() => config.remoteJudges()).toThrow('OJ_REMOTE_TIMEOUT_MS');
    expect(parseJudgeConfig({ OJ_REMOTE_CF_URL: 'http://127.0.0.1:9' }).remoteJudges().codeforcesUrl).toBe(
      'http://127.0.0.1:9',
    );
  });
});
