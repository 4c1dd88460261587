import { type GroupRole, type Locale, type PlagiarismScopeKind, plagiarism } from '@oj/shared';
import type { z } from 'zod';
import type { NotifyBus } from '../../db/notify-bus.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { csvFile } from '../../lib/csv.js';
import { type Cell, writeXlsx, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import type { SubmissionPublicService } from '../submission/submission-public.service.js';
import { clustersOf } from './clusters.js';
import {
  type DecisionOf,
  NO_DECISION,
  toCheck,
  toCheckSummary,
  toPairDetail,
  toPairRecord,
} from './plagiarism.mapper.js';
import {
  type CheckRow,
  type DecisionKey,
  decisionKey,
  type PlagiarismRepository,
  type Selection,
  userPair,
} from './plagiarism.repository.js';
import { managesScope, type ScopeOwner } from './plagiarism-access.js';

/** Told when a check is queued: every instance's runner looks for work at once (plagiarism-runner.ts). */
export const PLAGIARISM_CHANNEL = 'oj_plagiarism';

const LIMITS = plagiarism.PLAGIARISM_LIMITS;

type StartInput = z.output<typeof plagiarism.startCheck.input>;
type ScopeQuery = { cid?: number; tid?: number; gid?: number; pid?: number };

/** A scope as one admin meets it. */
interface LoadedScope {
  kind: PlagiarismScopeKind;
  id: number;
  title: string;
  gid: number | null;
  owner: ScopeOwner;
  /** A problem scope's problem's group (null: a site problem). */
  problemGid?: number | null;
}

/** The scope of a call about one of its problems (a decision, a base file): the contest, training or group named, else
 * the problem itself (400 when two are named). */
const decisionScope = (q: ScopeQuery & { pid: number }) => {
  const named = [q.cid, q.tid, q.gid].filter((v) => v !== undefined).length;
  if (named > 1) throw badRequest('plagiarismOneScope', 'cid');
  return scopeOf(named === 0 ? { pid: q.pid } : { cid: q.cid, tid: q.tid, gid: q.gid });
};

/** The export's texts (exportCheck). */
const EXPORT_LABELS = {
  'zh-CN': {
    similarity: '相似度（%）',
    left: '用户 1',
    right: '用户 2',
    problem: '题目',
    language: '语言',
    longest: '最长片段（记号）',
    shared: '共有记号',
    decision: '判定',
    note: '备注',
    cluster: '群组',
    leftSubmission: '提交 1',
    rightSubmission: '提交 2',
    users: '用户',
    problems: '题目',
    maxSimilarity: '最高相似度（%）',
    pairsSheet: '相似对',
    clustersSheet: '相似群组',
    decisions: { pending: '待定', confirmed: '确认抄袭', dismissed: '已排除' },
  },
  'en-US': {
    similarity: 'Similarity (%)',
    left: 'User 1',
    right: 'User 2',
    problem: 'Problem',
    language: 'Language',
    longest: 'Longest fragment (tokens)',
    shared: 'Shared tokens',
    decision: 'Decision',
    note: 'Note',
    cluster: 'Cluster',
    leftSubmission: 'Submission 1',
    rightSubmission: 'Submission 2',
    users: 'Users',
    problems: 'Problems',
    maxSimilarity: 'Highest similarity (%)',
    pairsSheet: 'Pairs',
    clustersSheet: 'Clusters',
    decisions: { pending: 'Pending', confirmed: 'Confirmed copy', dismissed: 'Dismissed' },
  },
} satisfies Record<Locale, unknown>;

/** The one scope a call names (400 when none or several). */
const scopeOf = (q: ScopeQuery): { kind: PlagiarismScopeKind; id: number } => {
  const named = (
    [
      ['contest', q.cid],
      ['training', q.tid],
      ['group', q.gid],
      ['problem', q.pid],
    ] as const
  ).filter(([, id]) => id !== undefined);
  if (named.length !== 1) throw badRequest('plagiarismOneScope', 'cid');
  const [kind, id] = named[0];
  return { kind, id: id as number };
};

/** Copy detection's calls (decision 0047): start a check of a scope, read it, its pairs and one pair side by side.
 * Only the scope's admins (plagiarism-access.ts) get anything; the work itself is the runner's
 * (plagiarism-runner.ts). */
export const createPlagiarismService = (deps: {
  repo: PlagiarismRepository;
  groupPolicy: GroupPolicy;
  /** The pair view shows code only as the submission detail shows it to the caller (submission-visibility.ts). */
  submissions: Pick<SubmissionPublicService, 'detail'>;
  /** Decisions are audit-logged. */
  audit: Pick<AuditService, 'record'>;
  /** Wakes the runners of every instance when a check is queued. */
  bus?: NotifyBus;
  /** The largest scope a check takes (PLAGIARISM_LIMITS.maxSubmissions; a test sets a small one). */
  maxSubmissions?: number;
}) => {
  const { repo } = deps;
  const maxSubmissions = deps.maxSubmissions ?? LIMITS.maxSubmissions;

  /** The viewer's role in a group: the group policy's answer (401, 403, 404 for strangers, as the group's pages). */
  const roleIn = async (gid: number | null, viewer: AuthUser): Promise<GroupRole | undefined> =>
    gid === null ? undefined : (await deps.groupPolicy.require(gid, viewer, 'member')).role;

  /** The scope, if the viewer administers it: 404 when it does not exist, the group policy's refusal in a group they
   * are no member of, else 403. */
  const administered = async (kind: PlagiarismScopeKind, id: number, viewer: AuthUser): Promise<LoadedScope> => {
    let scope: LoadedScope | undefined;
    if (kind === 'contest') {
      const c = await repo.contest(id);
      if (c) scope = { kind, id, title: c.title, gid: c.gid, owner: { kind, contest: c } };
    } else if (kind === 'training') {
      const t = await repo.training(id);
      if (t) scope = { kind, id, title: t.title, gid: t.gid, owner: { kind, training: t } };
    } else if (kind === 'group') {
      const g = await repo.group(id);
      if (g) scope = { kind, id, title: g.title, gid: g.id, owner: { kind } };
    } else {
      const p = await repo.problem(id);
      if (p) {
        const gid = p.isGroup === 1 ? p.gid : null;
        scope = {
          kind,
          id,
          title: `${p.problemId} ${p.title}`,
          gid,
          owner: { kind, problem: { author: p.author, gid } },
          problemGid: p.gid,
        };
      }
    }
    if (!scope) throw notFound();
    if (!managesScope(scope.owner, viewer, await roleIn(scope.gid, viewer))) throw forbidden();
    return scope;
  };

  /** A check the viewer administers; for anyone else (students first) it does not exist: 404, never 403. */
  const visibleCheck = async (id: number, viewer: AuthUser) => {
    const found = await repo.check(id);
    if (!found) throw notFound();
    try {
      const scope = await administered(found.check.scopeKind as PlagiarismScopeKind, found.check.scopeId, viewer);
      return { ...found, scope };
    } catch (e) {
      if (e instanceof AppError && e.status !== 500) throw notFound();
      throw e;
    }
  };

  /** What a scope's check compares: its submissions, but for those of its own admins (a contest's creator and, in a
   * group, the group's admins); the site's admins and the problem's author are left out by the repository. */
  const selectionOf = async (
    scope: Pick<LoadedScope, 'kind' | 'id' | 'gid' | 'problemGid'> & { creatorUid?: string },
    opts: { allSubmissions: boolean; from: Date | null; to: Date | null },
  ): Promise<Selection> => {
    const exclude = [
      ...(scope.creatorUid ? [scope.creatorUid] : []),
      ...(scope.gid !== null ? await repo.groupAdminUids(scope.gid) : []),
    ];
    return {
      kind: scope.kind,
      id: scope.id,
      problemGid: scope.problemGid,
      allSubmissions: opts.allSubmissions,
      from: opts.from,
      to: opts.to,
      excludeUids: [...new Set(exclude)],
    };
  };
  const creatorOf = (s: LoadedScope) => (s.owner.kind === 'contest' ? s.owner.contest.uid : undefined);

  /** The scope's decisions, as each pair of the wire carries it. */
  const decisionsOf = async (row: CheckRow) => {
    const found = new Map(
      (await repo.decisions(row.scopeKind as PlagiarismScopeKind, row.scopeId)).map(
        (d) => [decisionKey(d), d] as const,
      ),
    );
    return (k: DecisionKey): DecisionOf => {
      const d = found.get(decisionKey(k));
      return d ? { decision: d.decision as plagiarism.PlagiarismDecision, note: d.note } : NO_DECISION;
    };
  };

  /** A check's clusters at a threshold: stored at its own; computed from its pairs at another, and while it watches
   * (an update changes its pairs, not its clusters: decision 0050). */
  const clustersAt = async (check: CheckRow, threshold: number) =>
    check.status === 'done' && (threshold !== check.threshold || check.watching === 1)
      ? clustersOf(await repo.edgesAbove(check.id, threshold), threshold)
      : check.clusters;

  /** Refuses a new check of a scope with one still queued or running (429) or too large to check (400). */
  const mayQueue = async (
    scope: LoadedScope,
    opts: { allSubmissions: boolean; from: Date | null; to: Date | null },
  ) => {
    if (await repo.unfinished(scope.kind, scope.id)) throw new AppError(429, 'plagiarismCheckRunning');
    const size = await repo.countSelected(await selectionOf({ ...scope, creatorUid: creatorOf(scope) }, opts));
    if (size > maxSubmissions) {
      throw badRequest('plagiarismScopeTooLarge', scope.kind === 'problem' ? 'pid' : undefined, {
        count: String(size),
        limit: String(maxSubmissions),
      });
    }
  };
  /** Every instance's runner looks for work at once (a new check, a watched problem's new ignored code). */
  const wake = () => deps.bus?.publish(PLAGIARISM_CHANNEL).catch(() => undefined);

  /** Stores a decision on pairs of users of a scope's problem, and logs it. */
  const store = async (
    scope: { kind: PlagiarismScopeKind; id: number },
    pid: number,
    userPairs: [string, string][],
    decision: plagiarism.PlagiarismDecision,
    note: string,
    viewer: AuthUser,
    actor: Actor,
    checkId?: number,
  ) => {
    const at = new Date();
    const rows = new Map(
      userPairs.map(([a, b]) => {
        const [leftUid, rightUid] = userPair(a, b);
        const row = {
          scopeKind: scope.kind,
          scopeId: scope.id,
          pid,
          leftUid,
          rightUid,
          decision,
          note,
          uid: viewer.uid,
        };
        return [`${leftUid}:${rightUid}`, { ...row, gmtModified: at }] as const;
      }),
    );
    await repo.saveDecisions([...rows.values()]);
    await deps.audit.record(
      actor,
      'plagiarismDecision',
      { type: scope.kind, id: scope.id },
      {
        pid,
        decision,
        note,
        ...(checkId === undefined ? {} : { checkId }),
        pairs: [...rows.values()].map((r) => [r.leftUid, r.rightUid]),
      },
    );
  };

  /** The scope's problems named by a check's pairs and clusters. */
  const problemsOf = async (row: CheckRow, pids: number[]) =>
    repo.scopeProblems(row.scopeKind as PlagiarismScopeKind, row.scopeId, pids);

  return {
    /** Queues a check of one scope for its admin. Bad input, a scope that is not theirs, one with a check still
     * running (429) and one too large to check (400) are refused before anything is stored. */
    async start(input: StartInput, viewer: AuthUser) {
      const { kind, id } = scopeOf(input);
      const from = input.from ? new Date(input.from) : null;
      const to = input.to ? new Date(input.to) : null;
      if ((from || to) && kind !== 'problem') throw badRequest('plagiarismTimeRangeProblemOnly', 'from');
      if (from && to && from >= to) throw badRequest('plagiarismTimeRangeInvalid', 'to');
      const scope = await administered(kind, id, viewer);
      const allSubmissions = !!input.allSubmissions;
      await mayQueue(scope, { allSubmissions, from, to });
      const checkId = await repo.insertCheck({
        scopeKind: kind,
        scopeId: id,
        allSubmissions,
        fromTime: from,
        toTime: to,
        threshold: LIMITS.defaultThreshold,
        uid: viewer.uid,
      });
      await wake();
      return { id: checkId };
    },

    /** Switches watching a scope on (a watching check is queued, then kept current by the runner) or off (the check
     * stays as last updated), for its admin (decision 0050); logged. */
    async setWatch(input: ScopeQuery & { on: boolean }, viewer: AuthUser, actor: Actor) {
      const { kind, id } = scopeOf(input);
      const scope = await administered(kind, id, viewer);
      let checkId: number | null;
      if (!input.on) checkId = (await repo.unwatch(kind, id, clustersOf)) ?? null;
      else {
        const watching = await repo.watchingCheck(kind, id);
        if (watching) return { on: true, checkId: watching.id };
        try {
          await mayQueue(scope, { allSubmissions: false, from: null, to: null });
        } catch (err) {
          // Another call switched it on since the look above: the unfinished check refused here is its watching
          // check, and the one.
          const since = err instanceof AppError && err.status === 429 ? await repo.watchingCheck(kind, id) : undefined;
          if (since) return { on: true, checkId: since.id };
          throw err;
        }
        const made = await repo.insertWatchingCheck({
          scopeKind: kind,
          scopeId: id,
          threshold: LIMITS.defaultThreshold,
          uid: viewer.uid,
        });
        // Another call switched it on first: its check is the one.
        if (made === undefined) return { on: true, checkId: (await repo.watchingCheck(kind, id))?.id ?? null };
        checkId = made;
        await wake();
      }
      if (checkId !== null) {
        await deps.audit.record(actor, 'plagiarismWatch', { type: kind, id }, { on: input.on, checkId });
      }
      return { on: input.on, checkId };
    },

    /** Whether a scope is watched, for its admin. */
    async getWatch(q: ScopeQuery, viewer: AuthUser) {
      const { kind, id } = scopeOf(q);
      await administered(kind, id, viewer);
      const watching = await repo.watchingCheck(kind, id);
      return { on: watching !== undefined, checkId: watching?.id ?? null };
    },

    /** A check with its clusters, at its own threshold or at the one asked for (computed from the stored pairs). */
    async get(q: { id: number; threshold?: number }, viewer: AuthUser) {
      const { check, username, scope } = await visibleCheck(q.id, viewer);
      if (q.threshold !== undefined && q.threshold < LIMITS.pairFloor) {
        throw badRequest('plagiarismThresholdTooLow', 'threshold', { floor: String(LIMITS.pairFloor) });
      }
      const threshold = q.threshold ?? check.threshold;
      const clusters = await clustersAt(check, threshold);
      const usernames = await repo.usernames([...new Set(clusters.flatMap((c) => c.uids))]);
      const problems = check.status === 'done' ? await problemsOf(check, await repo.pairPids(check.id)) : [];
      return toCheck(check, { username, scope, threshold, clusters, usernames, problems });
    },

    /** A scope's checks, newest first. */
    async list(q: ScopeQuery & { currentPage: number; limit: number }, viewer: AuthUser) {
      const { kind, id } = scopeOf(q);
      const scope = await administered(kind, id, viewer);
      const { rows, total } = await repo.checksPage(kind, id, (q.currentPage - 1) * q.limit, q.limit);
      return {
        records: rows.map((r) => toCheckSummary(r.check, { username: r.username, scope })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** A check's pairs, the most similar first. */
    async pairs(q: z.output<typeof plagiarism.listPairs.input>, viewer: AuthUser) {
      const { check } = await visibleCheck(q.checkId, viewer);
      const { rows, total } = await repo.pairsPage(
        q.checkId,
        { pid: q.pid, language: q.language, uid: q.uid, minSimilarity: q.minSimilarity },
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      const decided = await decisionsOf(check);
      return { records: rows.map((r) => toPairRecord(r, decided(r))), total, size: q.limit, current: q.currentPage };
    },

    /** Both programs of a pair with their fragments. Each side's code is what the submission detail shows the
     * caller (submission-visibility.ts): a submission they may not open, or whose code it withholds or replaces
     * (the site's switch hiding non-contest code), refuses the pair (403). */
    async pair(q: { checkId: number; leftSubmitId: number; rightSubmitId: number }, viewer: AuthUser, locale: Locale) {
      const { check } = await visibleCheck(q.checkId, viewer);
      const row = await repo.pair(q.checkId, q.leftSubmitId, q.rightSubmitId);
      if (!row) throw notFound();
      const stored = new Map(
        (await repo.codes([row.leftSubmitId, row.rightSubmitId])).map((c) => [c.submitId, c.code] as const),
      );
      const side = async (submitId: number) => {
        let shown: Awaited<ReturnType<typeof deps.submissions.detail>>['submission'];
        try {
          shown = (await deps.submissions.detail(submitId, viewer, locale)).submission;
        } catch (e) {
          if (e instanceof AppError && e.status !== 500) throw forbidden('plagiarismCodeHidden');
          throw e;
        }
        if (shown.code === null || shown.code !== stored.get(submitId)) throw forbidden('plagiarismCodeHidden');
        return shown;
      };
      const [left, right] = [await side(row.leftSubmitId), await side(row.rightSubmitId)];
      const [problem] = await problemsOf(check, [row.pid]);
      const decision = (await decisionsOf(check))(row);
      return toPairDetail(row, { left, right, problem, decision });
    },

    /** Stores (or, with empty code, removes) the base file of one of the scope's problems and a language (decision
     * 0049): the scope's later checks ignore its fragments as they ignore the problem's template. */
    async setBaseFile(input: z.output<typeof plagiarism.setBaseFile.input>, viewer: AuthUser) {
      const { kind, id } = decisionScope(input);
      await administered(kind, id, viewer);
      if (!(await repo.scopeProblems(kind, id)).some((p) => p.pid === input.pid)) throw notFound();
      const stored = input.code.trim() !== '';
      if (!stored) await repo.removeBaseFile(kind, id, input.pid, input.language);
      else {
        await repo.saveBaseFile({
          scopeKind: kind,
          scopeId: id,
          pid: input.pid,
          language: input.language,
          code: input.code,
          uid: viewer.uid,
          gmtModified: new Date(),
        });
      }
      // A watching check compares the problem again with its new ignored code.
      await repo.touchWatched(kind, id, input.pid);
      await wake();
      return { stored };
    },

    /** A scope's base files, with their problems as the scope names them. */
    async baseFiles(q: ScopeQuery, viewer: AuthUser) {
      const { kind, id } = scopeOf(q);
      await administered(kind, id, viewer);
      const [rows, all] = await Promise.all([repo.baseFiles(kind, id), repo.scopeProblems(kind, id)]);
      const problems = new Map(all.map((p) => [p.pid, p] as const));
      const records = rows.map((r) => ({
        pid: r.pid,
        displayId: problems.get(r.pid)?.displayId ?? String(r.pid),
        title: problems.get(r.pid)?.title ?? '',
        language: r.language as plagiarism.PlagiarismLanguage,
        code: r.code,
        username: r.username,
        gmtModified: r.gmtModified.toISOString(),
      }));
      return { records, problems: all };
    },

    /** An admin of the scope marks two users on one of its problems (decision 0049): the scope is the contest,
     * training or group named, else the problem itself. 404 when no check of the scope ever paired them there. */
    async decide(input: z.output<typeof plagiarism.setDecision.input>, viewer: AuthUser, actor: Actor) {
      const { kind, id } = decisionScope(input);
      if (input.leftUid === input.rightUid) throw badRequest('plagiarismSameUser', 'rightUid');
      await administered(kind, id, viewer);
      if (!(await repo.pairedInScope(kind, id, input.pid, input.leftUid, input.rightUid))) throw notFound();
      const note = input.note ?? '';
      await store({ kind, id }, input.pid, [[input.leftUid, input.rightUid]], input.decision, note, viewer, actor);
      return { decision: input.decision, note };
    },

    /** One decision for every pair of a cluster on one problem: the check's pairs on `pid` between its users. */
    async decideCluster(input: z.output<typeof plagiarism.setClusterDecision.input>, viewer: AuthUser, actor: Actor) {
      const { check } = await visibleCheck(input.checkId, viewer);
      const uids = [...new Set(input.uids)];
      if (uids.length < 2) throw badRequest('plagiarismSameUser', 'uids');
      const pairs = await repo.userPairsAmong(check.id, input.pid, uids);
      if (pairs.length === 0) throw notFound();
      const scope = { kind: check.scopeKind as PlagiarismScopeKind, id: check.scopeId };
      const userPairs = pairs.map((p) => [p.leftUid, p.rightUid] as [string, string]);
      await store(scope, input.pid, userPairs, input.decision, input.note ?? '', viewer, actor, check.id);
      return { count: new Set(userPairs.map(([a, b]) => userPair(a, b).join(':'))).size };
    },

    /** A finished check as an xlsx workbook (pairs and clusters) or a CSV file (the pairs), in the caller's language. */
    async exportCheck(q: { checkId: number; format: 'xlsx' | 'csv' }, viewer: AuthUser, locale: Locale) {
      const { check, scope } = await visibleCheck(q.checkId, viewer);
      if (check.status !== 'done') throw badRequest('plagiarismCheckNotDone', 'checkId');
      const L = EXPORT_LABELS[locale];
      const [pairs, decided] = await Promise.all([repo.allPairs(check.id), decisionsOf(check)]);
      const clusters = await clustersAt(check, check.threshold);
      const problems = new Map((await problemsOf(check, [...new Set(pairs.map((p) => p.pid))])).map((p) => [p.pid, p]));
      const names = await repo.usernames([...new Set(clusters.flatMap((c) => c.uids))]);
      const clusterOf = (p: { leftUid: string; rightUid: string; similarity: number }) => {
        if (p.similarity < check.threshold) return null;
        const i = clusters.findIndex((c) => c.uids.includes(p.leftUid) && c.uids.includes(p.rightUid));
        return i < 0 ? null : i + 1;
      };
      const problemName = (pid: number) => problems.get(pid)?.displayId ?? String(pid);
      const percent = (v: number) => Math.round(v * 1000) / 10;
      const pairRows: Cell[][] = [
        [
          L.similarity,
          L.left,
          L.right,
          L.problem,
          L.language,
          L.longest,
          L.shared,
          L.decision,
          L.note,
          L.cluster,
          L.leftSubmission,
          L.rightSubmission,
        ],
        ...pairs.map((p): Cell[] => {
          const d = decided(p);
          return [
            percent(p.similarity),
            p.leftUsername,
            p.rightUsername,
            problemName(p.pid),
            p.language,
            p.longestFragment,
            p.sharedTokens,
            d.decision ? L.decisions[d.decision] : '',
            d.note,
            clusterOf(p),
            p.leftSubmitId,
            p.rightSubmitId,
          ];
        }),
      ];
      const name = `plagiarism_${scope.kind}_${scope.id}_check_${check.id}`;
      if (q.format === 'csv') {
        return {
          body: csvFile(pairRows as (string | number | null)[][]),
          contentType: 'text/csv; charset=utf-8',
          filename: `${name}.csv`,
        };
      }
      const clusterRows: Cell[][] = [
        [L.cluster, L.users, L.problems, L.maxSimilarity],
        ...clusters.map((c, i): Cell[] => [
          i + 1,
          c.uids.map((u) => names.get(u) ?? u).join(', '),
          c.pids.map(problemName).join(', '),
          percent(c.maxSimilarity),
        ]),
      ];
      const bytes = await writeXlsx([
        { name: L.pairsSheet, header: true, rows: pairRows, widths: [10, 18, 18, 10, 10, 12, 10, 12, 30, 8, 12, 12] },
        { name: L.clustersSheet, header: true, rows: clusterRows, widths: [8, 50, 20, 12] },
      ]);
      return { body: bytes, contentType: XLSX_CONTENT_TYPE, filename: `${name}.xlsx` };
    },

    /** The selection of a queued check, as its scope stands now (the runner's; undefined when the scope is gone). */
    async selectionFor(row: CheckRow): Promise<Selection | undefined> {
      const kind = row.scopeKind as PlagiarismScopeKind;
      let scope: (Pick<LoadedScope, 'kind' | 'id' | 'gid' | 'problemGid'> & { creatorUid?: string }) | undefined;
      if (kind === 'contest') {
        const c = await repo.contest(row.scopeId);
        if (c) scope = { kind, id: c.id, gid: c.gid, creatorUid: c.uid };
      } else if (kind === 'training') {
        const t = await repo.training(row.scopeId);
        if (t) scope = { kind, id: t.id, gid: t.gid };
      } else if (kind === 'group') {
        const g = await repo.group(row.scopeId);
        if (g) scope = { kind, id: g.id, gid: g.id };
      } else {
        const p = await repo.problem(row.scopeId);
        if (p) scope = { kind, id: p.id, gid: p.isGroup === 1 ? p.gid : null, problemGid: p.gid };
      }
      if (!scope) return undefined;
      return selectionOf(scope, { allSubmissions: row.allSubmissions === 1, from: row.fromTime, to: row.toTime });
    },
  };
};
export type PlagiarismService = ReturnType<typeof createPlagiarismService>;
