import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

// The waits of decision 0036, read from the environment before anything is opened.
describe('the judge language settings', () => {
  it('default to a 30-minute wait for a judge, a week on offer without one and a notice after 60 s', () => {
    expect(loadConfig({})).toMatchObject({
      judgeLanguageWaitMinutes: 30,
      judgeLanguageForgetDays: 7,
      judgeWaitNoticeSeconds: 60,
    });
  });

  it('take whole numbers from the environment', () => {
    const config = loadConfig({
      OJ_JUDGE_LANGUAGE_WAIT_MINUTES: '45',
      OJ_JUDGE_LANGUAGE_FORGET_DAYS: '30',
      OJ_JUDGE_WAIT_NOTICE_SECONDS: '20',
    });
    expect(config).toMatchObject({
      judgeLanguageWaitMinutes: 45,
      judgeLanguageForgetDays: 30,
      judgeWaitNoticeSeconds: 20,
    });
  });

  it.each([
    ['OJ_JUDGE_LANGUAGE_WAIT_MINUTES', '0'],
    ['OJ_JUDGE_LANGUAGE_FORGET_DAYS', 'a week'],
    ['OJ_JUDGE_WAIT_NOTICE_SECONDS', '1.5'],
  ])('refuse %s=%s at start, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be a whole number of at least 1, not "${value}"`);
  });
});

describe('the password cost', () => {
  it('is scrypt N=2^15 unless OJ_PASSWORD_COST raises or lowers it within 10-17', () => {
    expect(loadConfig({}).passwordCost).toBe(15);
    expect(loadConfig({ OJ_PASSWORD_COST: '17' }).passwordCost).toBe(17);
  });

  it.each(['9', '18', 'strong'])('refuses OJ_PASSWORD_COST=%s at start, naming it', (value) => {
    expect(() => loadConfig({ OJ_PASSWORD_COST: value })).toThrow(
      `OJ_PASSWORD_COST must be a whole number from 10 to 17, not "${value}"`,
    );
  });
});
