import type { HomeworkState, LatePenaltyUnit } from '@oj/shared';
import { badRequest } from '../../http/app-error.js';
import type { TrainingRow } from './training.repository.js';

/** Homework (decision 0052): a training with a due time is an assignment. What counts is computed in the database
 * (migration 0031, oj_homework_factor and the training cell); this file holds the same rule's dates for answers
 * and forms. */

export type HomeworkFields = Pick<
  TrainingRow,
  'openTime' | 'dueTime' | 'lateUntil' | 'latePenalty' | 'latePenaltyUnit' | 'latePenaltyFloor'
>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The rule as every training answer carries it. */
export const homeworkRuleOf = (t: HomeworkFields) => ({
  openTime: iso(t.openTime),
  dueTime: iso(t.dueTime),
  lateUntil: iso(t.lateUntil),
  latePenalty: t.latePenalty,
  latePenaltyUnit: (t.latePenaltyUnit === 'hour' ? 'hour' : 'day') as LatePenaltyUnit,
  latePenaltyFloor: t.latePenaltyFloor,
});

/** One student's due time and late-until: an extension moves both by as much (null without a due time). */
export const deadlinesFor = (t: HomeworkFields, extendedDue: Date | null) => {
  if (!t.dueTime) return { due: null, lateUntil: null };
  const due = extendedDue ?? t.dueTime;
  const shift = due.getTime() - t.dueTime.getTime();
  return { due, lateUntil: t.lateUntil ? new Date(t.lateUntil.getTime() + shift) : null };
};

/** Where the assignment stands for a student now (null: not an assignment). */
export const homeworkStateOf = (t: HomeworkFields, extendedDue: Date | null, now: Date): HomeworkState | null => {
  const { due, lateUntil } = deadlinesFor(t, extendedDue);
  if (!due) return null;
  if (t.openTime && now < t.openTime) return 'upcoming';
  if (now <= due) return 'open';
  if (lateUntil && now <= lateUntil) return 'late';
  return 'closed';
};

/** An assignment's score, 0-100 to 1/100: the counted problem scores (0-100 each) over its problems. */
export const homeworkScore = (points: number, problemCount: number) =>
  problemCount ? Math.round((points / problemCount) * 100) / 100 : 0;

/** Before its open time students see a training's title and dates only. */
export const isBeforeOpen = (t: HomeworkFields, now: Date) => !!t.openTime && now < t.openTime;

interface HomeworkForm {
  openTime?: string | null;
  dueTime?: string | null;
  lateUntil?: string | null;
  latePenalty?: number | null;
  latePenaltyUnit?: LatePenaltyUnit | null;
  latePenaltyFloor?: number | null;
}

/** The form's rule as columns, over the stored one: a field the form leaves out (a client that does not know it) keeps
 * its value, null clears it. Checked: open < due <= late-until; late-until and a penalty need a due time. */
export const homeworkFieldsOf = (f: HomeworkForm, stored?: HomeworkFields): HomeworkFields => {
  const date = (v: string | null | undefined, old: Date | null | undefined) =>
    v === undefined ? (old ?? null) : v === null ? null : new Date(v);
  const num = <T>(v: T | null | undefined, old: T | undefined, def: T) =>
    v === undefined ? (old ?? def) : v === null ? def : v;
  const out: HomeworkFields = {
    openTime: date(f.openTime, stored?.openTime),
    dueTime: date(f.dueTime, stored?.dueTime),
    lateUntil: date(f.lateUntil, stored?.lateUntil),
    latePenalty: num(f.latePenalty, stored?.latePenalty, 0),
    latePenaltyUnit: num<string>(f.latePenaltyUnit, stored?.latePenaltyUnit, 'day'),
    latePenaltyFloor: num(f.latePenaltyFloor, stored?.latePenaltyFloor, 0),
  };
  if (!out.dueTime && (out.lateUntil || out.latePenalty > 0)) throw badRequest('homeworkLateNeedsDue', 'dueTime');
  if (out.openTime && out.dueTime && out.openTime >= out.dueTime) throw badRequest('homeworkTimesInvalid', 'openTime');
  if (out.dueTime && out.lateUntil && out.lateUntil < out.dueTime) {
    throw badRequest('homeworkTimesInvalid', 'lateUntil');
  }
  return out;
};

/** Whether two rules count submissions differently (the cells' homework figures are then computed again). */
export const ruleChanged = (a: HomeworkFields, b: HomeworkFields) =>
  a.openTime?.getTime() !== b.openTime?.getTime() ||
  a.dueTime?.getTime() !== b.dueTime?.getTime() ||
  a.lateUntil?.getTime() !== b.lateUntil?.getTime() ||
  a.latePenalty !== b.latePenalty ||
  a.latePenaltyUnit !== b.latePenaltyUnit ||
  a.latePenaltyFloor !== b.latePenaltyFloor;
