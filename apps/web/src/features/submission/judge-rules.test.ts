import { JUDGE_STATUS } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { formatMemoryKb, formatRate, manualJudgeRules, oiScoreColor } from './judge-status';
import {
  changeSubmissionFilter,
  parseSubmissionListQuery,
  toSubmissionListRequest,
  toSubmissionListSearch,
} from './submission-list-query';
import { keepPolling, MAX_POLLS, nextWatchList, submissionSettled, testRunSettled } from './submission-polling';

describe('submission polling', () => {
  it('drops rows that left in-progress and keeps the ones still judging', () => {
    const latest = {
      '1': { status: JUDGE_STATUS.ACCEPTED },
      '2': { status: JUDGE_STATUS.JUDGING },
      '3': { status: JUDGE_STATUS.COMPILING },
    };
    expect(nextWatchList([1, 2, 3], latest)).toEqual([2, 3]);
  });

  it('stops when none are left, after 300 polls, or on an error', () => {
    expect(keepPolling({ watch: [1], polls: 0, failed: false })).toBe(true);
    expect(keepPolling({ watch: [], polls: 0, failed: false })).toBe(false);
    expect(keepPolling({ watch: [1], polls: MAX_POLLS - 1, failed: false })).toBe(true);
    expect(keepPolling({ watch: [1], polls: MAX_POLLS, failed: false })).toBe(false);
    expect(keepPolling({ watch: [1], polls: 3, failed: true })).toBe(false);
  });

  it('settles a submission once it is no longer Pending, Compiling or Judging', () => {
    for (const s of [JUDGE_STATUS.PENDING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.JUDGING]) {
      expect(submissionSettled(s)).toBe(false);
      expect(testRunSettled(s)).toBe(false);
    }
    expect(submissionSettled(JUDGE_STATUS.WRONG_ANSWER)).toBe(true);
    expect(testRunSettled(JUDGE_STATUS.COMPILE_ERROR)).toBe(true);
  });
});

describe('manual judge rules', () => {
  it('enables the control for the super admin always, for other admins on Judging, Compiling or Compile Error', () => {
    expect(manualJudgeRules({ status: JUDGE_STATUS.ACCEPTED, isSuperAdmin: true }).controlDisabled).toBe(false);
    expect(manualJudgeRules({ status: JUDGE_STATUS.ACCEPTED, isSuperAdmin: false }).controlDisabled).toBe(true);
    for (const s of [JUDGE_STATUS.JUDGING, JUDGE_STATUS.COMPILING, JUDGE_STATUS.COMPILE_ERROR]) {
      expect(manualJudgeRules({ status: s, isSuperAdmin: false }).controlDisabled).toBe(false);
    }
  });

  it('disables manual judge on Pending, cancel on Cancelled, and update without a status or with Cancelled', () => {
    expect(manualJudgeRules({ status: JUDGE_STATUS.PENDING, isSuperAdmin: true }).manualDisabled).toBe(true);
    expect(manualJudgeRules({ status: JUDGE_STATUS.JUDGING, isSuperAdmin: true }).manualDisabled).toBe(false);
    expect(manualJudgeRules({ status: JUDGE_STATUS.CANCELLED, isSuperAdmin: true }).cancelDisabled).toBe(true);
    expect(manualJudgeRules({ status: JUDGE_STATUS.JUDGING, isSuperAdmin: true }).cancelDisabled).toBe(false);
    const base = { status: JUDGE_STATUS.JUDGING, isSuperAdmin: true };
    expect(manualJudgeRules({ ...base, selected: null }).updateDisabled).toBe(true);
    expect(manualJudgeRules({ ...base, selected: JUDGE_STATUS.CANCELLED }).updateDisabled).toBe(true);
    expect(manualJudgeRules({ ...base, selected: JUDGE_STATUS.ACCEPTED }).updateDisabled).toBe(false);
  });
});

describe('display rules', () => {
  it('colours OI scores: full green, zero red, partial blue', () => {
    expect(oiScoreColor(100)).toBe('green');
    expect(oiScoreColor(0)).toBe('red');
    expect(oiScoreColor(40)).toBe('blue');
    expect(oiScoreColor(null)).toBeUndefined();
  });

  it('shows memory in KB or MB with one decimal and AC rates with two', () => {
    expect(formatMemoryKb(512)).toBe('512.0KB');
    expect(formatMemoryKb(3072)).toBe('3.0MB');
    expect(formatRate(1, 3)).toBe('33.33%');
    expect(formatRate(0, 0)).toBe('0.00%');
  });
});

describe('status list query', () => {
  it('reads the rank page link and rewrites filters back to page 1', () => {
    const q = parseSubmissionListQuery(new URLSearchParams('username=root&status=0&currentPage=3'));
    expect(q).toMatchObject({ username: 'root', status: 0, currentPage: 3, limit: 15, onlyMine: false });
    const next = changeSubmissionFilter(q, { onlyMine: true });
    expect(toSubmissionListSearch(next).toString()).toBe('onlyMine=true&username=root&status=0');
    expect(toSubmissionListRequest(next)).toMatchObject({ onlyMine: 'true', status: 0, currentPage: 1, limit: 15 });
  });
});
