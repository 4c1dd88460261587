import type { HomeworkState, Training } from '@oj/shared';

/** A training's homework rule and the viewer's side of it (decision 0052), as the training answers carry them. */
export type HomeworkView = Pick<
  Training,
  | 'openTime'
  | 'dueTime'
  | 'lateUntil'
  | 'latePenalty'
  | 'latePenaltyUnit'
  | 'latePenaltyFloor'
  | 'myDueTime'
  | 'myLateUntil'
  | 'homeworkState'
  | 'homeworkScore'
>;

/** The viewer's due time and late-until: his own when a group admin extended them. */
export const effectiveTimes = (h: HomeworkView) => ({
  dueTime: h.myDueTime ?? h.dueTime,
  lateUntil: h.myDueTime ? (h.myLateUntil ?? null) : h.lateUntil,
});

/** Where the assignment stands for the viewer now: the server's state at its answer, moved on by the clock (a page
 * left open past the due time shows it closed or late without a reload). Null: not an assignment (or a visitor). */
export const homeworkStateAt = (h: HomeworkView, nowMs: number): HomeworkState | null => {
  if (!h.homeworkState) return null;
  const { dueTime, lateUntil } = effectiveTimes(h);
  if (!dueTime) return h.homeworkState;
  if (h.openTime && nowMs < Date.parse(h.openTime)) return 'upcoming';
  if (nowMs <= Date.parse(dueTime)) return 'open';
  if (lateUntil && nowMs <= Date.parse(lateUntil)) return 'late';
  return 'closed';
};

export const HOMEWORK_STATE_COLORS: Record<HomeworkState, string> = {
  upcoming: 'blue',
  open: 'green',
  late: 'orange',
  closed: 'default',
};

/** The text key of a state's tag. */
export const homeworkStateKey = (state: HomeworkState) =>
  (
    ({
      upcoming: 'Homework_State_Upcoming',
      open: 'Homework_State_Open',
      late: 'Homework_State_Late',
      closed: 'Homework_State_Closed',
    }) as const
  )[state];

/** What the countdown counts to: the open time while upcoming, the due time while open, the end of the late
 * window while late; nothing once closed. */
export const homeworkCountdown = (h: HomeworkView, nowMs: number) => {
  const state = homeworkStateAt(h, nowMs);
  const { dueTime, lateUntil } = effectiveTimes(h);
  const to = (key: string, at: string | null) => (at ? { key, leftMs: Math.max(0, Date.parse(at) - nowMs) } : null);
  if (state === 'upcoming') return to('Homework_Opens_In', h.openTime);
  if (state === 'open') return to('Homework_Due_In', dueTime);
  if (state === 'late') return to('Homework_Late_Closes_In', lateUntil);
  return null;
};

/** A time left as days and HH:MM:SS (days: 0 when under a day). */
export const splitLeft = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const rest = s % 86_400;
  return {
    days,
    time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
};

/** The late rule as a text key and its values: null without a late window (late work does not count). */
export const penaltyRule = (
  h: Pick<HomeworkView, 'lateUntil' | 'latePenalty' | 'latePenaltyUnit' | 'latePenaltyFloor'>,
) => {
  if (!h.lateUntil) return null;
  if (h.latePenalty <= 0) return { key: 'Homework_No_Penalty', values: {} };
  return {
    key: h.latePenaltyUnit === 'hour' ? 'Homework_Penalty_Per_Hour' : 'Homework_Penalty_Per_Day',
    values: { penalty: h.latePenalty, floor: h.latePenaltyFloor },
  };
};

/** A 0-100 score as the pages show it: whole numbers as they are, others with one decimal. */
export const formatPercent = (score: number | null | undefined) =>
  score === null || score === undefined ? '—' : `${Number.isInteger(score) ? score : score.toFixed(1)}%`;
