import { createHash, randomUUID } from 'node:crypto';
import { decodeExamples, type PlagiarismScopeKind, plagiarism } from '@oj/shared';
import type { NotifyBus } from '../../db/notify-bus.js';
import type { CheckedGroup } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import { clustersOf } from './clusters.js';
import {
  createEngineWorker,
  ENGINE_VERSION,
  type EngineFile,
  type EngineLanguage,
  type EnginePair,
  type EngineWorker,
  engineLanguage,
  type FingerprintData,
} from './engine/index.js';
import type {
  Candidate,
  CheckProblemRow,
  CheckRow,
  GroupUpdate,
  PairValues,
  PlagiarismRepository,
  Selection,
} from './plagiarism.repository.js';
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

/** What a comparison ignored, in a few characters: the same digest means the same ignored code. */
const digestOf = (codes: string[]) =>
  createHash('sha256').update(JSON.stringify(codes)).digest('base64url').slice(0, 22);

/** The stored rows of an engine's pairs of one problem and language. */
const pairRows = (
  checkId: number,
  g: { pid: number; language: EngineLanguage },
  uidOf: Map<number, string>,
  pairs: EnginePair[],
): PairValues[] =>
  pairs.flatMap((p) => {
    const leftUid = uidOf.get(p.leftSubmitId) as string;
    const rightUid = uidOf.get(p.rightSubmitId) as string;
    // Every submission checked: a user's own tries are alike and say nothing.
    if (leftUid === rightUid) return [];
    return [
      {
        checkId,
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
      },
    ];
  });

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

  /** The fingerprints of a problem's submissions in one language: stored ones read, the others made on the engine's
   * thread and stored (once per submission and engine version). `beforeBatch` runs before each batch is made. */
  const printsOf = async (
    language: EngineLanguage,
    rows: { submitId: number }[],
    beforeBatch: (done: number) => void = () => undefined,
  ) => {
    const ids = [...new Set(rows.map((r) => r.submitId))];
    const stored = new Map(
      (await repo.fingerprints(ids, ENGINE_VERSION)).map((f) => [f.submitId, f.data as FingerprintData] as const),
    );
    beforeBatch(stored.size);
    const missing = ids.filter((id) => !stored.has(id));
    for (let i = 0; i < missing.length; i += FINGERPRINT_BATCH) {
      const batch = missing.slice(i, i + FINGERPRINT_BATCH);
      const codes = new Map((await repo.codes(batch)).map((c) => [c.submitId, c.code] as const));
      const prints = await engineOf().fingerprintMany(batch.map((id) => ({ code: codes.get(id) ?? '', language })));
      await repo.saveFingerprints(
        batch.map((submitId, j) => ({
          submitId,
          engineVersion: ENGINE_VERSION,
          language,
          tokens: prints[j].tokens,
          data: prints[j].data,
        })),
      );
      for (const [j, id] of batch.entries()) stored.set(id, prints[j].data);
      beforeBatch(batch.length);
    }
    return stored;
  };

  /** The engine's files of a group (the code is not sent: the comparison reads fingerprints only). */
  const filesOf = (rows: { submitId: number; uid: string }[], prints: Map<number, FingerprintData>): EngineFile[] =>
    rows.map((r) => ({ submitId: r.submitId, uid: r.uid, code: '', fp: prints.get(r.submitId) as FingerprintData }));

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
      const problems = new Map<number, Record<string, CheckedGroup>>();
      for (const g of groups) {
        stillMine();
        const prints = await printsOf(g.language, g.rows, (n) => {
          progress.done += n;
          stillMine();
        });
        const ignoreCode = ignoreFor(g.pid, g.language);
        const result =
          g.rows.length < 2
            ? { pairs: [], ignored: { template: 0, common: 0 } }
            : await engineOf().compare({
                language: g.language,
                files: filesOf(g.rows, prints),
                ignoreCode,
                minSimilarity: LIMITS.pairFloor,
              });
        ignored.template += result.ignored.template;
        ignored.common += result.ignored.common;
        pairs.push(...pairRows(row.id, g, new Map(g.rows.map((r) => [r.submitId, r.uid] as const)), result.pairs));
        problems.set(g.pid, {
          ...problems.get(g.pid),
          [g.language]: {
            files: g.rows.map((r) => [r.submitId, r.uid]),
            noise: digestOf(ignoreCode),
            ...result.ignored,
          },
        });
        progress.done += 1;
      }
      stillMine();
      const clusters = clustersOf(
        pairs.map((p) => ({ leftUid: p.leftUid, rightUid: p.rightUid, pid: p.pid, similarity: p.similarity })),
        row.threshold,
      );
      const stored = await repo.finish(row.id, owner, {
        pairs,
        clusters,
        ignored,
        progressTotal: progress.total,
        problems,
      });
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

  /** Brings one problem of a watching check up to date (decision 0050): per engine language, the problem's selection
   * as it stands now against what was compared last; only the pairs of files that came, went or whose counted
   * fingerprints changed are compared again, which gives what a full check would (engine/compare.ts `before`). */
  const update = async (check: CheckRow, problem: CheckProblemRow): Promise<GroupUpdate[]> => {
    const selection = await deps.selectionFor(check);
    const rows = selection ? await repo.selected({ ...selection, pid: problem.pid }) : [];
    const now = new Map(groupsOf(rows, false).map((g) => [g.language as string, g] as const));
    const ignoreFor = await noiseOf(check, [problem.pid]);
    const out: GroupUpdate[] = [];
    for (const language of new Set([...Object.keys(problem.state), ...now.keys()])) {
      const g = { pid: problem.pid, language: language as EngineLanguage };
      const after = now.get(language)?.rows ?? [];
      const was = problem.state[language];
      const ignoreCode = ignoreFor(g.pid, g.language);
      const noise = digestOf(ignoreCode);
      const known = was?.noise === noise ? was.files.map(([submitId, uid]) => ({ submitId, uid })) : undefined;
      if (known && known.length === after.length && known.every((f, i) => f.submitId === after[i].submitId)) continue;
      if (after.length === 0) {
        out.push({ language, replaceAll: true, gone: [], pairs: [], state: null });
        continue;
      }
      const state = { files: after.map((r) => [r.submitId, r.uid] as [number, string]), noise };
      if (after.length < 2) {
        out.push({ language, replaceAll: true, gone: [], pairs: [], state: { ...state, template: 0, common: 0 } });
        continue;
      }
      const prints = await printsOf(g.language, after);
      const left = (known ?? []).filter((f) => !prints.has(f.submitId)).map((f) => f.submitId);
      for (const f of await repo.fingerprints(left, ENGINE_VERSION)) prints.set(f.submitId, f.data as FingerprintData);
      // The last comparison, when it had the same ignored code and every file's fingerprints are still there (an
      // engine version or ignored code of its own makes the comparison a full one).
      const before = known && known.length >= 2 && known.every((f) => prints.has(f.submitId)) ? known : undefined;
      const result = await engineOf().compare({
        language: g.language,
        files: filesOf(after, prints),
        before: before && filesOf(before, prints),
        ignoreCode,
        minSimilarity: LIMITS.pairFloor,
      });
      const present = new Set(after.map((r) => r.submitId));
      const uidOf = new Map([...after, ...(before ?? [])].map((r) => [r.submitId, r.uid] as const));
      out.push({
        language,
        replaceAll: !before,
        gone: [...(result.affected ?? []), ...(before ?? []).map((f) => f.submitId).filter((id) => !present.has(id))],
        pairs: pairRows(check.id, g, uidOf, result.pairs),
        state: { ...state, ...result.ignored },
      });
    }
    return out;
  };

  /** Claims one problem of a watching check with changes and brings it up to date; false when none was waiting. */
  const updateOnce = async (): Promise<boolean> => {
    if (stopping) return false;
    const claimed = await repo.claimProblem(owner, leaseMs);
    if (!claimed) return false;
    const { check, problem } = claimed;
    const running = (async () => {
      const groups = await update(check, problem);
      const written = await repo.finishProblem(
        { checkId: check.id, pid: problem.pid, pending: problem.pending },
        owner,
        groups,
      );
      if (!written) log.warn({ checkId: check.id, pid: problem.pid }, 'plagiarism update taken over: result dropped');
    })().catch((err: unknown) => {
      // Its changes stay counted: tried again once the lease runs out.
      log.error({ err, checkId: check.id, pid: problem.pid }, 'plagiarism update failed');
    });
    current = running;
    await running;
    current = undefined;
    return true;
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
    updateOnce,
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
          while (!stopping && (await updateOnce()));
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
