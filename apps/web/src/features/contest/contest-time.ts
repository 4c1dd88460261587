import { contest as contract } from '@oj/shared';

const { CONTEST_STATUS } = contract;

/** Contest clock rules: status by server time, progress and the slider's tooltip. */
export interface ContestTimes {
  startTime: string;
  endTime: string;
  /** Seconds. */
  duration: number;
}

export const statusAt = (c: ContestTimes, nowMs: number): number => {
  if (nowMs < Date.parse(c.startTime)) return CONTEST_STATUS.SCHEDULED;
  if (nowMs < Date.parse(c.endTime)) return CONTEST_STATUS.RUNNING;
  return CONTEST_STATUS.ENDED;
};

/** HH:MM:SS, hours unbounded (a contest may last days). */
export const formatSeconds = (total: number) => {
  const s = Math.max(0, Math.floor(total));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** 0 when scheduled, elapsed/duration when running, 100 when ended. */
export const progressAt = (c: ContestTimes, nowMs: number) => {
  const status = statusAt(c, nowMs);
  if (status === CONTEST_STATUS.SCHEDULED) return 0;
  if (status === CONTEST_STATUS.ENDED) return 100;
  const total = Date.parse(c.endTime) - Date.parse(c.startTime);
  return total > 0 ? Math.min(100, ((nowMs - Date.parse(c.startTime)) / total) * 100) : 100;
};

/** Slider tooltip: 00:00:00 before the start, the elapsed time while running, the duration afterwards. */
export const sliderTip = (c: ContestTimes, nowMs: number) => {
  const status = statusAt(c, nowMs);
  if (status === CONTEST_STATUS.SCHEDULED) return formatSeconds(0);
  if (status === CONTEST_STATUS.RUNNING) return formatSeconds((nowMs - Date.parse(c.startTime)) / 1000);
  return formatSeconds(c.duration);
};

/** The countdown tag: time to the start or to the end; null once ended. */
export const countdown = (c: ContestTimes, nowMs: number) => {
  const status = statusAt(c, nowMs);
  if (status === CONTEST_STATUS.SCHEDULED) {
    return { key: 'Countdown_To_Start', time: formatSeconds((Date.parse(c.startTime) - nowMs) / 1000) };
  }
  if (status === CONTEST_STATUS.RUNNING) {
    return { key: 'Countdown_To_End', time: formatSeconds((Date.parse(c.endTime) - nowMs) / 1000) };
  }
  return null;
};

/** Seal choices are offered only when the contest is long enough: half an hour, one hour. */
export const sealOptionsEnabled = (durationSeconds: number) => ({
  halfHour: durationSeconds >= 1800,
  oneHour: durationSeconds >= 3600,
});

/** Turning sealing on defaults to one hour for ACM contests longer than an hour, otherwise the whole contest. */
export const defaultSealChoice = (type: number, durationSeconds: number): 'half' | 'hour' | 'all' =>
  type === 0 && durationSeconds > 3600 ? 'hour' : 'all';

/** The seal time of a choice. */
export const sealTimeOf = (choice: 'half' | 'hour' | 'all', c: { startTime: string; endTime: string }) => {
  const end = Date.parse(c.endTime);
  if (choice === 'half') return new Date(end - 1800_000).toISOString();
  if (choice === 'hour') return new Date(end - 3600_000).toISOString();
  return new Date(Date.parse(c.startTime)).toISOString();
};

/** Star users are trimmed; a duplicate is refused (the form warns with Add_Star_User_Error). */
export const addStarUser = (list: string[], raw: string): { list: string[]; duplicate: boolean } => {
  const name = raw.trim();
  if (!name) return { list, duplicate: false };
  if (list.includes(name)) return { list, duplicate: true };
  return { list: [...list, name], duplicate: false };
};
