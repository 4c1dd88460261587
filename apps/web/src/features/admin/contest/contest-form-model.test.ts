import { defaultAwards } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import {
  accountRangeOf,
  accountRuleError,
  awardListError,
  awardsToSend,
  DEFAULT_ACCOUNT_RULE,
  extraAccountsOf,
  initialAwards,
  nextAward,
  packAccountRule,
  unpackAccountRule,
} from './contest-form-model';

/** The server's reader of the packed rule (contest.mapper.ts `matchesAccountRule`), copied to check the round trip
 * against what the server will accept. */
const matches = (rule: string, username: string) => {
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1] ?? '';
  if (
    part('extra')
      .split(/\s+/)
      .filter((x) => x)
      .includes(username)
  ) {
    return true;
  }
  const prefix = part('prefix');
  const suffix = part('suffix');
  if (!username.startsWith(prefix) || !username.endsWith(suffix)) return false;
  const middle = username.slice(prefix.length, username.length - suffix.length);
  if (!/^\d+$/.test(middle)) return false;
  return Number(middle) >= Number(part('start')) && Number(middle) <= Number(part('end'));
};

describe('account rule (accountLimitRule)', () => {
  it("packs the fields into HOJ's text, the extra accounts space separated", () => {
    expect(
      packAccountRule({ prefix: 'team', suffix: '_a', start: 1, end: 50, extra: 'alice\nbob  carol\n\nalice' }),
    ).toBe('<prefix>team</prefix><suffix>_a</suffix><start>1</start><end>50</end><extra>alice bob carol</extra>');
    expect(packAccountRule(DEFAULT_ACCOUNT_RULE)).toBe(
      '<prefix></prefix><suffix></suffix><start>0</start><end>10</end><extra></extra>',
    );
  });

  it('unpacks a stored rule, one extra account per line', () => {
    expect(
      unpackAccountRule('<prefix>p</prefix><suffix>s</suffix><start>1</start><end>50</end><extra>a b\nc</extra>'),
    ).toEqual({ prefix: 'p', suffix: 's', start: 1, end: 50, extra: 'a\nb\nc' });
  });

  it('falls back to the defaults for a missing rule or missing or bad parts', () => {
    expect(unpackAccountRule(null)).toEqual(DEFAULT_ACCOUNT_RULE);
    expect(unpackAccountRule('')).toEqual(DEFAULT_ACCOUNT_RULE);
    expect(unpackAccountRule('<prefix>x</prefix><start>-3</start><end>abc</end>')).toEqual({
      ...DEFAULT_ACCOUNT_RULE,
      prefix: 'x',
    });
    expect(unpackAccountRule('<start> 7 </start><end></end>')).toMatchObject({ start: 7, end: 10 });
  });

  it('round-trips through pack and unpack', () => {
    const fields = { prefix: 'acm', suffix: '', start: 3, end: 12, extra: 'judge\nguest' };
    expect(unpackAccountRule(packAccountRule(fields))).toEqual(fields);
  });

  it('packs a rule the server reads as the admin meant', () => {
    const rule = packAccountRule({ prefix: 'team', suffix: 'x', start: 5, end: 20, extra: 'root guest' });
    expect(matches(rule, 'team5x')).toBe(true);
    expect(matches(rule, 'team20x')).toBe(true);
    expect(matches(rule, 'team21x')).toBe(false);
    expect(matches(rule, 'team4x')).toBe(false);
    expect(matches(rule, 'teamx')).toBe(false);
    expect(matches(rule, 'guest')).toBe(true);
    expect(matches(rule, 'alice')).toBe(false);
  });

  it('splits extra accounts on any white space without repeats', () => {
    expect(extraAccountsOf('  a\tb\r\nc a  ')).toEqual(['a', 'b', 'c']);
    expect(extraAccountsOf('')).toEqual([]);
  });

  it('checks numbers >= 0, start <= end and the characters that would break the text', () => {
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, start: 5, end: 5 })).toBeNull();
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, start: 6, end: 5 })).toBe('Contest_Account_Rule_Range_Error');
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, start: -1 })).toBe('Contest_Account_Rule_Number_Error');
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, end: 1.5 })).toBe('Contest_Account_Rule_Number_Error');
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, end: null as unknown as number })).toBe(
      'Contest_Account_Rule_Number_Error',
    );
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, prefix: 'a<b' })).toBe('Contest_Account_Rule_Chars_Error');
    expect(accountRuleError({ ...DEFAULT_ACCOUNT_RULE, extra: 'x>' })).toBe('Contest_Account_Rule_Chars_Error');
  });

  it('names the first and last numbered accounts', () => {
    expect(accountRangeOf({ ...DEFAULT_ACCOUNT_RULE, prefix: 'p', suffix: 's', start: 1, end: 50 })).toEqual({
      first: 'p1s',
      last: 'p50s',
    });
  });
});

describe('award tiers (awardConfigList)', () => {
  const DEFAULTS = defaultAwards('en-US');

  it('starts from the stored tiers, or gold/silver/bronze at 10/20/30 when there are none', () => {
    expect(initialAwards(undefined, DEFAULTS)).toEqual(DEFAULTS);
    expect(initialAwards([], DEFAULTS).map((a) => [a.priority, a.num])).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    const stored = [{ priority: 1, name: 'Winner', background: '#000', color: '#fff', num: 1 }];
    expect(initialAwards(stored, DEFAULTS)).toEqual(stored);
    // A copy: editing the form never changes the defaults.
    expect(initialAwards(undefined, DEFAULTS)[0]).not.toBe(DEFAULTS[0]);
  });

  it('adds a tier after the highest priority', () => {
    expect(nextAward(DEFAULTS)).toMatchObject({ priority: 4, name: '', num: 0 });
    expect(nextAward([])).toMatchObject({ priority: 1 });
    expect(nextAward([{ priority: 7 }, {}])).toMatchObject({ priority: 8 });
  });

  it('needs one to twenty tiers, shares adding up to at most 100 % for a proportion', () => {
    expect(awardListError(1, DEFAULTS)).toBeNull();
    expect(awardListError(1, [])).toBe('Contest_Award_Required');
    expect(awardListError(2, undefined)).toBe('Contest_Award_Required');
    expect(awardListError(1, [{ num: 60 }, { num: 41 }])).toBe('Contest_Award_Percent_Error');
    expect(awardListError(1, [{ num: 60 }, { num: 40 }])).toBeNull();
    expect(awardListError(2, [{ num: 60 }, { num: 41 }])).toBeNull();
    expect(
      awardListError(
        2,
        Array.from({ length: 21 }, () => ({ num: 1 })),
      ),
    ).toBe('Contest_Award_Too_Many');
  });

  it('sends the tiers by priority with trimmed names', () => {
    expect(
      awardsToSend([
        { priority: 2, name: ' Silver ', background: '#b4b4b4', color: '#fff', num: 2 },
        { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 1 },
      ]).map((a) => [a.priority, a.name]),
    ).toEqual([
      [1, 'Gold'],
      [2, 'Silver'],
    ]);
  });
});
