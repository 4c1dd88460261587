import { randomUUID } from 'node:crypto';
import { decodeExamples, type PlagiarismScopeKind, plagiarism } from '@oj/shared';
import type { NotifyBus } from '../../db/notify-bus.js';
import type { Logger } from '../../lib/logger.js';
import { clustersOf } from './clusters.js';
import {
  createEngineWorker,
  ENGINE_VERSION,
  type EngineFile,
  type EngineLanguage,
  type EngineWorker,
  engineLanguage,
  type FingerprintData,
} from './engine/index.js';
import type { Candidate, CheckRow, PairValues, PlagiarismRepository, Selection } from './plagiarism.repository.js';
import { PLAGIARISM_CHANNEL } from './plagiarism.service.js';

/** How long a claimed check is this instance's without a heartbeat; another instance takes it over after that. */
const LEASE_MS = 30_000;
/** Heartbeats renew the lease and store the progress. */
const HEARTBEAT_MS = 2_000;
/** How often an idle instance looks for a queued check (besides the wake-up a new check sends). */
const POLL_MS = 10_000;
/** A check taken over after this long since it was queued has cost instances enough: failed, not run again. */
const MAX_AGE_MS = 60 * 60_000;
/** Submissions fingerprinted per call to the engine's thread. */
const FINGERPRINT_BATCH = 50;
const LIMITS = plagiarism.PLAGIARISM_LIMITS;

/** The engine as the runner uses it (engine/engine-worker.ts). */
export type Engine = Pick<EngineWorker, 'fingerprintMany' | 'compare' | 'close'>;

class Abandoned extends Error {}

/**
 * The background runner of copy detection (decision 0047). A queued check is claimed by exactly one instance (the
 * repository's claim: FOR UPDATE SKIP LOCKED, a lease renewed by heartbeats; a check whose instance stopped
 * answering is taken over when its lease runs out). The check's submissions, per problem and engine language, are
 * fingerprinted once (stored per submission and engine version, reused by later checks) and compared on the
 * engine's worker thread; the pairs, the clusters and what was ignored are stored in one transaction with the
 * status, so a result survives restarts and a lost lease writes nothing.
 */
export const createPlagiarismRunner = (deps: {
  repo: PlagiarismRepository;
  /** The check's submissions as its scope stands now (plagiarism.service.ts); undefined: the scope is gone. */
  selectionFor: (row: CheckRow) => Promise<Selection | undefined>;
  log: Logger;
  bus?: NotifyBus;
  /** The engine (tests may pass their own thread); one worker thread per instance, started on first use. */
  engine?: () => Engine;
  now?: () => Date;
  leaseMs?: number;
  heartbeatMs?: number;
}) => {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  /** This instance, as the leases name it. */
  const owner = `plagiarism-${randomUUID()}`;
  let engine: Engine | undefined;
  let stopping = false;
  const engineOf = () => {
    engine ??= (deps.engine ?? createEngineWorker)();
    return engine;
  };

  /** Each user's latest submission per problem and engine language (C++ and C++ 17 are one), or all of them. */
  const groupsOf = (rows: Candidate[], all: boolean) => {
    const groups = new Map<string, { pid: number; language: EngineLanguage; rows: Candidate[] }>();
    const latest = new Map<string, Candidate>();
    for (const r of rows) {
      const language = engineLanguage(r.language);
      if (!language) continue;
      if (!all) {
        const key = `${r.uid}\n${r.pid}\n${language}`;
        const seen = latest.get(key);
        if (seen && seen.submitId > r.submitId) continue;
        latest.set(key, r);
      }
    }
    const chosen = all ? rows.filter((r) => engineLanguage(r.language)) : [...latest.values()];
    for (const r of chosen.sort((a, b) => a.submitId - b.submitId)) {
      const language = engineLanguage(r.language) as EngineLanguage;
      const key = `${r.pid}\n${language}`;
      let g = groups.get(key);
      if (!g) {
        g = { pid: r.pid, language, rows: [] };
        groups.set(key, g);
      }
      g.rows.push(r);
    }
    return [...groups.values()].sort((a, b) => a.pid - b.pid || a.language.localeCompare(b.language));
  };

  /** The text every pair of a problem may share without meaning anything: its templates, its samples and the base
   * files the scope's admins stored for it (decision 0049). */
  const noiseOf = async (row: CheckRow, pids: number[]) => {
    const { templates, examples } = await repo.noiseOf(pids);
    const bases = await repo.baseFiles(row.scopeKind as PlagiarismScopeKind, row.scopeId);
    return (pid: number, language: EngineLanguage) => [
      ...templates.filter((t) => t.pid === pid && engineLanguage(t.language) === language).map((t) => t.code),
      ...bases.filter((b) => b.pid === pid && b.language === language).map((b) => b.code),
      ...examples
        .filter((e) => e.pid === pid)
        .flatMap((e) => decodeExamples(e.examples).flatMap((x) => [x.input, x.output]))
        .filter((text) => text.trim() !== ''),
    ];
  };

  const run = async (row: CheckRow) => {
    const progress = { done: 0, total: 0 };
    let lost = false;
    const beat = setInterval(() => {
      repo.heartbeat(row.id, owner, leaseMs, progress).then(
        (held) => {
          if (!held) lost = true;
        },
        (err) => log.error({ err, checkId: row.id }, 'plagiarism heartbeat failed'),
      );
    }, heartbeatMs);
    beat.unref();
    const stillMine = () => {
      if (lost || stopping) throw new Abandoned();
    };
    try {
      const selection = await deps.selectionFor(row);
      if (!selection) {
        await repo.fail(row.id, owner, 'the scope of this check no longer exists');
        return;
      }
      const groups = groupsOf(await repo.selected(selection), selection.allSubmissions);
      progress.total = groups.reduce((n, g) => n + g.rows.length + 1, 0);
      const ignoreFor = await noiseOf(row, [...new Set(groups.map((g) => g.pid))]);
      const pairs: PairValues[] = [];
      const ignored = { template: 0, common: 0 };
      for (const g of groups) {
        stillMine();
        const ids = g.rows.map((r) => r.submitId);
        const codes = new Map((await repo.codes(ids)).map((c) => [c.submitId, c.code] as const));
        const stored = new Map(
          (await repo.fingerprints(ids, ENGINE_VERSION)).map((f) => [f.submitId, f.data as FingerprintData] as const),
        );
        progress.done += stored.size;
        const missing = g.rows.filter((r) => !stored.has(r.submitId));
        for (let i = 0; i < missing.length; i += FINGERPRINT_BATCH) {
          stillMine();
          const batch = missing.slice(i, i + FINGERPRINT_BATCH);
          const prints = await engineOf().fingerprintMany(
            batch.map((r) => ({ code: codes.get(r.submitId) ?? '', language: g.language })),
          );
          await repo.saveFingerprints(
            batch.map((r, j) => ({
              submitId: r.submitId,
              engineVersion: ENGINE_VERSION,
              language: g.language,
              tokens: prints[j].tokens,
              data: prints[j].data,
            })),
          );
          for (const [j, r] of batch.entries()) stored.set(r.submitId, prints[j].data);
          progress.done += batch.length;
        }
        stillMine();
        const files: EngineFile[] = g.rows.map((r) => ({
          submitId: r.submitId,
          uid: r.uid,
          code: codes.get(r.submitId) ?? '',
          fp: stored.get(r.submitId) as FingerprintData,
        }));
        const uidOf = new Map(g.rows.map((r) => [r.submitId, r.uid] as const));
        const result =
          files.length < 2
            ? { pairs: [], ignored: { template: 0, common: 0 } }
            : await engineOf().compare({
                language: g.language,
                files,
                ignoreCode: ignoreFor(g.pid, g.language),
                minSimilarity: LIMITS.pairFloor,
              });
        ignored.template += result.ignored.template;
        ignored.common += result.ignored.common;
        for (const p of result.pairs) {
          const leftUid = uidOf.get(p.leftSubmitId) as string;
          const rightUid = uidOf.get(p.rightSubmitId) as string;
          // Every submission checked: a user's own tries are alike and say nothing.
          if (leftUid === rightUid) continue;
          pairs.push({
            checkId: row.id,
            leftSubmitId: p.leftSubmitId,
            rightSubmitId: p.rightSubmitId,
            leftUid,
            rightUid,
            pid: g.pid,
            language: g.language,
            similarity: p.similarity,
            longestFragment: p.longestFragment,
            sharedTokens: p.sharedTokens,
            fragments: p.fragments,
          });
        }
        progress.done += 1;
      }
      stillMine();
      const clusters = clustersOf(
        pairs.map((p) => ({ leftUid: p.leftUid, rightUid: p.rightUid, pid: p.pid, similarity: p.similarity })),
        row.threshold,
      );
      const stored = await repo.finish(row.id, owner, { pairs, clusters, ignored, progressTotal: progress.total });
      if (!stored) log.warn({ checkId: row.id }, 'plagiarism check taken over by another instance: result dropped');
    } catch (err) {
      if (err instanceof Abandoned) {
        if (stopping && !lost) await repo.handBack(row.id, owner);
        return;
      }
      log.error({ err, checkId: row.id }, 'plagiarism check failed');
      await repo.fail(row.id, owner, err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500));
    } finally {
      clearInterval(beat);
    }
  };

  let current: Promise<unknown> | undefined;

  /** Claims one check and runs it to its end; answers its id, or undefined when nothing was queued. */
  const runOnce = async (): Promise<number | undefined> => {
    if (stopping) return undefined;
    const row = await repo.claim(owner, leaseMs);
    if (!row) return undefined;
    if (row.status === 'running' && now().getTime() - row.gmtCreate.getTime() > MAX_AGE_MS) {
      // Taken over once too often (its instances stopped or died on it): failed rather than tried for ever.
      await repo.fail(row.id, owner, 'the instances running this check stopped before it ended');
      return row.id;
    }
    const running = run(row);
    current = running;
    await running;
    current = undefined;
    return row.id;
  };

  /** Stops taking checks, hands a running one back and ends the engine's thread. */
  const close = async () => {
    stopping = true;
    await current?.catch(() => undefined);
    await engine?.close();
    engine = undefined;
  };

  return {
    owner,
    runOnce,
    close,
    /** Runs queued checks one at a time until the answer is called: at once, when a check is queued (the bus), and
     * every `pollMs` (a check taken over from a stopped instance, a missed wake-up). The stop hands a running check
     * back to the queue, waits for it and ends the engine's thread. */
    start(opts: { pollMs?: number; onError?: (err: unknown) => void } = {}) {
      let busy = false;
      const tick = async () => {
        if (busy || stopping) return;
        busy = true;
        try {
          while ((await runOnce()) !== undefined && !stopping);
        } catch (err) {
          opts.onError?.(err);
        } finally {
          busy = false;
        }
      };
      const timer = setInterval(() => void tick(), opts.pollMs ?? POLL_MS);
      timer.unref();
      const unsubscribe = deps.bus?.subscribe(PLAGIARISM_CHANNEL, () => void tick());
      void tick();
      return async () => {
        clearInterval(timer);
        await (await unsubscribe)?.();
        await close();
      };
    },
  };
};
export type PlagiarismRunner = ReturnType<typeof createPlagiarismRunner>;
