import type { Tx } from '../../db/client.js';
import type { JudgeQueueRepository } from './judge-queue.repository.js';

/** A judge that has not been heard from for this long no longer counts for the languages on offer. */
export const JUDGE_ALIVE_MS = 60_000;
const JUDGE_RECORD_MIN_MS = 1000;
/** How often a judge that offers the same languages (or remote sites) writes them to the catalogue. */
const DECLARE_MIN_MS = 60_000;
/** A language (or a remote site) no judge has declared for this long leaves the catalogue
 * (OJ_JUDGE_LANGUAGE_FORGET_DAYS). */
export const LANGUAGE_FORGET_DAYS = 7;

export interface WorkerIdentity {
  name: string;
  languages: string[];
  concurrency: number;
  running: number;
  version?: string;
}

export interface RemoteWorkerIdentity {
  name: string;
  remote: string[];
  concurrency: number;
  running: number;
  version?: string;
}

/** The judges' registry: which judges and remote workers were heard from and when, the languages and remote sites
 * they declared (the stored catalogue, decision 0036), and what is on offer or waits for a judge. */
export const createJudgeRegistry = (deps: {
  repo: JudgeQueueRepository;
  now: () => Date;
  /** Days after which a language no judge declares leaves the catalogue (LANGUAGE_FORGET_DAYS when not given). */
  languageForgetDays?: number;
}) => {
  const { repo, now } = deps;
  const languageForgetMs = (deps.languageForgetDays ?? LANGUAGE_FORGET_DAYS) * 86_400_000;

  /** Judges heard from since then count as live. */
  const aliveSince = () => new Date(now().getTime() - JUDGE_ALIVE_MS);

  /** A busy judge claims and beats many times a second, while its registry row (liveness counted in minutes, the
   * running count an admin looks at) needs a write only when it says something new: at once when what it runs or
   * offers changes or it falls idle, otherwise at most once per judge per second. */
  const lastRecorded = new Map<string, { identity: string; running: number | undefined; at: number }>();
  const recordJudge = async (
    name: string,
    said: { identity: string; running: number } | undefined,
    write: () => Promise<unknown>,
  ) => {
    const at = now().getTime();
    const last = lastRecorded.get(name);
    const fresh = last !== undefined && at >= last.at && at - last.at < JUDGE_RECORD_MIN_MS;
    const news = said !== undefined && (said.identity !== last?.identity || (said.running === 0 && !!last?.running));
    if (fresh && !news) return;
    await write();
    lastRecorded.set(name, {
      identity: said?.identity ?? last?.identity ?? '',
      running: said?.running ?? last?.running,
      at,
    });
  };

  /** The catalogue's "last declared" counts in days (LANGUAGE_FORGET_DAYS): a judge's languages are written when they
   * change, otherwise at most once per judge a minute. */
  const lastDeclared = new Map<string, { offer: string; at: number }>();
  const declare = async (name: string, offer: string[], write: () => Promise<unknown>) => {
    const at = now().getTime();
    const key = JSON.stringify(offer);
    const last = lastDeclared.get(name);
    if (last && last.offer === key && at >= last.at && at - last.at < DECLARE_MIN_MS) return;
    await write();
    lastDeclared.set(name, { offer: key, at });
  };

  /** Languages of the judges heard from in the last `minutes`. */
  const languagesHeardWithin = async (minutes: number) => {
    const live = await repo.liveJudgeLanguages(new Date(now().getTime() - minutes * 60_000));
    return [...new Set(live.flatMap((j) => j.languages))];
  };

  /** Remote sites declared by the workers heard from since `since`, each with when the oldest of those workers first
   * claimed (its row's creation: a worker process has a name of its own, so a restarted worker is a new row). */
  const sitesHeardSince = async (since: Date) => {
    const sites = new Map<string, Date>();
    for (const j of await repo.liveJudgeRemote(since))
      for (const site of j.remote) {
        const first = sites.get(site);
        if (!first || j.gmtCreate < first) sites.set(site, j.gmtCreate);
      }
    return sites;
  };

  return {
    aliveSince,
    languagesHeardWithin,
    sitesHeardSince,

    /** A local judge's long poll: its row and the languages it declares. */
    recordLocal: async (w: WorkerIdentity) => {
      const identity = JSON.stringify(['local', w.languages, w.concurrency, w.version]);
      await recordJudge(w.name, { identity, running: w.running }, () => repo.recordWorker(w));
      await declare(w.name, w.languages, () => repo.declareLanguages(w.languages));
    },

    /** A remote worker's long poll: its row and the remote sites it declares. */
    recordRemote: async (w: RemoteWorkerIdentity) => {
      const identity = JSON.stringify(['remote', w.remote, w.concurrency, w.version]);
      await recordJudge(w.name, { identity, running: w.running }, () => repo.recordRemoteWorker(w));
      await declare(w.name, w.remote, () => repo.declareRemoteSites(w.remote));
    },

    /** A heartbeat: the judge is alive. */
    touch: (name: string) => recordJudge(name, undefined, () => repo.touchJudge(name)),

    /** Drops from the catalogue the languages and remote sites no judge declared for the forget days before `at`. */
    async forget(tx: Tx, at: number) {
      await repo.forgetLanguages(tx, new Date(at - languageForgetMs));
      await repo.forgetRemoteSites(tx, new Date(at - languageForgetMs));
    },

    /** The languages on offer: every language a judge has declared (the stored catalogue, decision 0036), also while
     * no judge is connected; a submission in one without a live judge waits as Pending. */
    async offeredLanguages(): Promise<string[]> {
      return (await repo.catalogue()).map((l) => l.language);
    },

    /** The catalogue's languages that no live judge runs now, then the remote sites no live worker declares now (by
     * the site's name, "CF"), with when a judge last declared each and the tasks waiting for it (the admin
     * dashboard). */
    async languagesWithoutJudge() {
      const [catalogue, live, queued, sites, liveSites, queuedRemote] = await Promise.all([
        repo.catalogue(),
        repo.liveJudgeLanguages(aliveSince()),
        repo.queuedByLanguage(),
        repo.remoteCatalogue(),
        sitesHeardSince(aliveSince()),
        repo.queuedBySite(),
      ]);
      const running = new Set(live.flatMap((j) => j.languages));
      const waiting = new Map(queued.map((q) => [q.language, q.queued]));
      const waitingRemote = new Map(queuedRemote.map((q) => [q.site, q.queued]));
      return [
        ...catalogue
          .filter((l) => !running.has(l.language))
          .map((l) => ({
            language: l.language,
            lastDeclaredAt: l.lastDeclaredAt,
            queued: waiting.get(l.language) ?? 0,
          })),
        ...sites
          .filter((s) => !liveSites.has(s.site))
          .map((s) => ({ language: s.site, lastDeclaredAt: s.lastDeclaredAt, queued: waitingRemote.get(s.site) ?? 0 })),
      ];
    },

    /** The remote sites on offer: every site a worker has declared (the stored remote catalogue, decision 0036), also
     * while no worker is connected; their problems' languages are offered and a submission waits as Pending. */
    async offeredRemote(): Promise<string[]> {
      return (await repo.remoteCatalogue()).map((s) => s.site);
    },

    listJudges: repo.listJudges,

    /** Live judges, the languages they run and the queue length, for the site's notice: judging is paused (no live
     * judge, or none with a language), or some offered languages, or remote sites ("CF"), wait for their judge
     * (`waiting`). */
    async status() {
      const [live, catalogue, queued, sites, liveSites] = await Promise.all([
        repo.liveJudgeLanguages(aliveSince()),
        repo.catalogue(),
        repo.queuedCount(),
        repo.remoteCatalogue(),
        sitesHeardSince(aliveSince()),
      ]);
      const languages = [...new Set(live.flatMap((j) => j.languages))];
      const waiting = [
        ...catalogue.map((l) => l.language).filter((l) => !languages.includes(l)),
        ...sites.map((s) => s.site).filter((s) => !liveSites.has(s)),
      ];
      const reason = live.length === 0 ? ('noJudge' as const) : languages.length === 0 ? ('noLanguage' as const) : null;
      return { available: reason === null, languages, waiting, judges: live.length, reason, queued };
    },
  };
};
export type JudgeRegistry = ReturnType<typeof createJudgeRegistry>;
