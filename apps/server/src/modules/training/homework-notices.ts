import { training } from '@oj/shared';
import { SERVER_TIME_ZONE } from '../../lib/start-of-day.js';
import type { TrainingRepository } from './training.repository.js';

const { HOMEWORK_REMINDER_HOURS } = training;

/** "2026-12-01 18:00 (Asia/Shanghai)": a due time in a message, in the server's time zone. */
export const dueText = (d: Date, timeZone = SERVER_TIME_ZONE) =>
  `${d.toLocaleString('sv-SE', { timeZone, hour12: false }).slice(0, 16)} (${timeZone})`;

/** The homework messages (decision 0052), in the message centre's "mine" list: when an assignment opens, and
 * HOMEWORK_REMINDER_HOURS before its due time to those who have not finished it. Each is sent once even with many
 * server instances sweeping (the repository claims it). */
export const createHomeworkNotices = (deps: { repo: TrainingRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  return {
    /** Tells whoever is due to be told now; the number of messages sent. */
    async sweep(): Promise<number> {
      const at = now();
      const opened = await deps.repo.sendHomeworkNotices('open', at, 0, ({ title, group, due }) => ({
        title: 'mineHomeworkOpenTitle',
        content: 'mineHomeworkOpen',
        vars: () => ({ title, group, due: dueText(due) }),
      }));
      const reminded = await deps.repo.sendHomeworkNotices(
        'due',
        at,
        HOMEWORK_REMINDER_HOURS * 3600_000,
        ({ title, group, due }) => ({
          title: 'mineHomeworkDueTitle',
          content: 'mineHomeworkDue',
          vars: (solved, total) => ({ title, group, due: dueText(due), solved: String(solved), total: String(total) }),
        }),
      );
      return opened + reminded;
    },
  };
};
export type HomeworkNotices = ReturnType<typeof createHomeworkNotices>;
