import type { ContestAward } from '@oj/shared';

/** Pure helpers of the contest form: HOJ's packed account rule and the award tiers. */

export type AwardConfig = ContestAward;

/** The account rule as the form edits it: `extra` is the text of the textarea (one account per line or space
 * separated). */
export interface AccountRuleFields {
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  extra: string;
}

/** HOJ's defaults for a new rule. */
export const DEFAULT_ACCOUNT_RULE: AccountRuleFields = { prefix: '', suffix: '', start: 0, end: 10, extra: '' };

/** The extra accounts of the textarea: split on any white space, empty entries and repeats dropped. */
export const extraAccountsOf = (text: string): string[] => [...new Set(text.split(/\s+/).filter((x) => x))];

/** HOJ's text `<prefix>p</prefix><suffix>s</suffix><start>1</start><end>50</end><extra>a b</extra>`, read by the
 * server's `matchesAccountRule`; the extra accounts are joined by single spaces. */
export const packAccountRule = (r: AccountRuleFields): string =>
  `<prefix>${r.prefix.trim()}</prefix><suffix>${r.suffix.trim()}</suffix><start>${r.start}</start><end>${r.end}</end><extra>${extraAccountsOf(r.extra).join(' ')}</extra>`;

const partOf = (rule: string, tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1];

const numberOf = (text: string | undefined, fallback: number) => {
  const n = text === undefined || text.trim() === '' ? Number.NaN : Number(text.trim());
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/** The form's fields of a stored rule (null or missing parts: HOJ's defaults); the extra accounts one per line. */
export const unpackAccountRule = (rule: string | null | undefined): AccountRuleFields => {
  if (!rule) return { ...DEFAULT_ACCOUNT_RULE };
  return {
    prefix: partOf(rule, 'prefix') ?? '',
    suffix: partOf(rule, 'suffix') ?? '',
    start: numberOf(partOf(rule, 'start'), DEFAULT_ACCOUNT_RULE.start),
    end: numberOf(partOf(rule, 'end'), DEFAULT_ACCOUNT_RULE.end),
    extra: extraAccountsOf(partOf(rule, 'extra') ?? '').join('\n'),
  };
};

/** What is wrong with a rule, as a text key, or null: numbers whole and >= 0, start <= end, no `<` or `>` that
 * would break the packed text. */
export const accountRuleError = (r: AccountRuleFields): string | null => {
  for (const n of [r.start, r.end]) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return 'Contest_Account_Rule_Number_Error';
  }
  if (r.start > r.end) return 'Contest_Account_Rule_Range_Error';
  if (/[<>]/.test(`${r.prefix}${r.suffix}${r.extra}`)) return 'Contest_Account_Rule_Chars_Error';
  return null;
};

/** The first and last numbered accounts of a rule, for the preview. */
export const accountRangeOf = (r: AccountRuleFields) => ({
  first: `${r.prefix.trim()}${r.start}${r.suffix.trim()}`,
  last: `${r.prefix.trim()}${r.end}${r.suffix.trim()}`,
});

/** The tiers the form starts from: the stored ones, or the default gold/silver/bronze when there are none. */
export const initialAwards = (list: readonly AwardConfig[] | null | undefined, defaults: readonly AwardConfig[]) =>
  (list?.length ? list : defaults).map((a) => ({ ...a }));

/** A new tier after the last one: the next priority, neutral colours. */
export const nextAward = (list: readonly Partial<AwardConfig>[]): AwardConfig => {
  const priority = list.reduce((m, a) => Math.max(m, Number(a?.priority) || 0), 0) + 1;
  return { priority, name: '', background: '#409eff', color: '#ffffff', num: 0 };
};

/** What is wrong with the tiers for an award type (1 proportion, 2 number), as a text key, or null: at least one
 * tier, at most 20 (the contract), and shares adding up to at most 100 % for a proportion. */
export const awardListError = (awardType: number, list: readonly Partial<AwardConfig>[] | undefined): string | null => {
  if (!list?.length) return 'Contest_Award_Required';
  if (list.length > 20) return 'Contest_Award_Too_Many';
  if (awardType === 1 && list.reduce((s, a) => s + (Number(a?.num) || 0), 0) > 100) {
    return 'Contest_Award_Percent_Error';
  }
  return null;
};

/** The tiers as sent: names trimmed, ordered by priority (the order the scoreboard hands them out in). */
export const awardsToSend = (list: readonly AwardConfig[]): AwardConfig[] =>
  list
    .map((a) => ({ ...a, name: a.name.trim(), num: Number(a.num), priority: Number(a.priority) }))
    .sort((a, b) => a.priority - b.priority);
