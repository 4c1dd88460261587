import type { RatingHistoryEntry } from '@oj/shared';
import { notFound } from '../../http/app-error.js';
import type { Logger } from '../../lib/logger.js';
import { computeRatingChanges, INITIAL_RATING } from './codeforces-rating.js';
import type { HistoryPoint, NewContestRating, RatedContest, RatingRepository } from './rating.repository.js';

/** A contest's final board as the ratings read it: every ranked participant's place, with the board version and
 * the settings' modification time it was computed at (contest.service.ts, finalStandings). */
export interface FinalStandings {
  boardVersion: number;
  modified: number;
  places: { uid: string; place: number }[];
}

/** The contest settings that decide a rated contest's final standings or its place in the history. */
export interface RatedSettings {
  id: number;
  rated: number;
  startTime: Date;
  endTime: Date;
  starAccount: string[];
  oiRankScoreType: string;
}

/** How many times one run starts again when a board changed under it before it gives the rest to the next sweep. */
const ROUNDS = 3;

/** Contest ratings (decision 0046). Once a rated site contest has ended, its participants' ratings are computed
 * from its final board with Codeforces' system (codeforces-rating.ts), each starting from the rating the history
 * before the contest left them (new users at 1500). Whenever a contest's ratings are due again (a rejudge, a
 * manual judge, an edit, a recompute; `rating_computed_at` cleared), the history is computed again from the
 * earliest such contest on, in the order the contests ended, so every later contest starts from the right
 * ratings. The boards are read first, outside any transaction; the ratings are written in one transaction under a
 * PostgreSQL advisory lock, which checks again what is due and that no board changed since it was read, so with
 * many server instances each computation is written once. A contest with a submission still waiting for its
 * verdict waits (and the contests after it); the sweep after the verdict computes it. */
export const createRatingService = (deps: {
  repo: RatingRepository;
  /** A contest's final board by the contest board's own rules (undefined: no such contest). */
  standings: (cid: number) => Promise<FinalStandings | undefined>;
  now?: () => Date;
  log?: Logger;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** One pass: 'done' (nothing due any more), 'waiting' (a contest waits for verdicts) or 'again' (a board changed
   * while it was read). */
  const pass = async (): Promise<'done' | 'waiting' | 'again'> => {
    const t = now();
    const point = await repo.earliestStale(t);
    if (!point) return 'done';
    const read = new Map<number, FinalStandings>();
    const due = await repo.ratedFrom(point, t);
    const waiting = await repo.withUnjudged(due);
    for (const c of due) {
      if (waiting.has(c.id)) break;
      const s = await deps.standings(c.id);
      if (s) read.set(c.id, s);
    }
    return repo.transaction(async (tx) => {
      await repo.lock(tx);
      const at = now();
      const from = await repo.earliestStale(at, tx);
      if (!from) return 'done';
      const ready: { c: RatedContest; s: FinalStandings }[] = [];
      let blocked: HistoryPoint | undefined;
      const list = await repo.ratedFrom(from, at, tx);
      const judging = await repo.withUnjudged(list, tx);
      for (const c of list) {
        if (judging.has(c.id)) {
          blocked = c;
          break;
        }
        const s = read.get(c.id);
        if (!s || s.boardVersion !== c.boardVersion || s.modified !== c.gmtModified.getTime()) return 'again';
        ready.push({ c, s });
      }
      const ratings = await repo.ratingsBefore(tx, from);
      const removed = await repo.removeRange(tx, from, blocked);
      const rows: NewContestRating[] = [];
      for (const { c, s } of ready) {
        const changes = computeRatingChanges(
          s.places.map((p) => ({ uid: p.uid, place: p.place, rating: ratings.get(p.uid) ?? INITIAL_RATING })),
        );
        for (const ch of changes) {
          ratings.set(ch.uid, ch.newRating);
          rows.push({
            cid: c.id,
            uid: ch.uid,
            rank: ch.place,
            oldRating: ch.oldRating,
            newRating: ch.newRating,
            performance: ch.performance,
          });
        }
      }
      await repo.insert(tx, rows);
      // The contest that waits and those after it are computed again once it has its verdicts.
      if (blocked) await repo.markStale(tx, { cid: blocked.id, from: blocked.endTime });
      await repo.markComputed(
        tx,
        ready.map((r) => r.c.id),
        at,
      );
      await repo.refreshUsers(tx, [...removed, ...rows.map((r) => r.uid)]);
      if (ready.length) deps.log?.info({ contests: ready.length, ratings: rows.length }, 'contest ratings computed');
      // Something was written: look once more for what became due meanwhile.
      return blocked ? 'waiting' : ready.length || removed.length ? 'again' : 'done';
    });
  };

  /** Passes until nothing is due, a contest waits for verdicts or ROUNDS passes went by; true when nothing is due. */
  const run = async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const outcome = await pass();
      if (outcome !== 'again') return outcome === 'done';
    }
    return false;
  };

  // Runs in this process one after another: a recompute asked for during a sweep runs after it.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  let sweeping = false;

  return {
    /** Computes whatever is due (main.ts calls it with the judge lease sweep, every 5 s); a sweep still running
     * in this process is not joined by another. Answers whether nothing is due any more. */
    async sweep() {
      if (sweeping) return false;
      sweeping = true;
      try {
        return await serial(run);
      } finally {
        sweeping = false;
      }
    },

    /** An admin's recompute of one rated contest that has ended (the admin contest service checks who and which):
     * its ratings are due again and computed now, with the history after it. */
    async recompute(cid: number) {
      await repo.markStale(undefined, { cid });
      return { computed: await serial(run) };
    },

    /** After an admin's edit: a rated contest whose standings or place in the history may have changed (rated,
     * its times, its star users, its OI score rule) is due again, and when its end moved, so are the contests
     * that ended after the earlier of its two ends. */
    async contestEdited(before: RatedSettings, after: RatedSettings) {
      if (before.rated === 0 && after.rated === 0) return;
      const moved = before.endTime.getTime() !== after.endTime.getTime();
      const changed =
        moved ||
        before.rated !== after.rated ||
        before.startTime.getTime() !== after.startTime.getTime() ||
        before.oiRankScoreType !== after.oiRankScoreType ||
        [...before.starAccount].sort().join('\n') !== [...after.starAccount].sort().join('\n');
      if (!changed) return;
      const from = moved ? new Date(Math.min(before.endTime.getTime(), after.endTime.getTime())) : undefined;
      await repo.markStale(undefined, { cid: after.id, from });
    },

    /** A contest's board changed outside its submissions' verdicts (a problem removed): a computed contest's
     * ratings are due again. */
    standingsChanged: (cid: number) => repo.markStale(undefined, { cid }),

    /** Before a contest is deleted: its rating rows go, its participants' ratings fall back to their last other
     * rated contest, and the contests that ended after it are due again. */
    async contestRemoving(c: { id: number; endTime: Date }) {
      await serial(() =>
        repo.transaction(async (tx) => {
          await repo.lock(tx);
          const uids = await repo.removeContest(tx, c.id);
          if (uids.length === 0) return;
          await repo.markStale(tx, { from: c.endTime });
          await repo.refreshUsers(tx, uids);
        }),
      );
    },

    /** A user's rated contests in order; a missing or banned user has none to show (404). */
    async history(uid: string): Promise<RatingHistoryEntry[]> {
      if (!(await repo.userListed(uid))) throw notFound();
      return (await repo.history(uid)).map((r) => ({
        cid: r.cid,
        title: r.title,
        rank: r.rank,
        oldRating: r.oldRating,
        newRating: r.newRating,
        performance: r.performance,
        time: r.endTime.toISOString(),
      }));
    },
  };
};
export type RatingService = ReturnType<typeof createRatingService>;
