import type {
  PlagiarismCheck,
  PlagiarismCheckSummary,
  PlagiarismDecision,
  PlagiarismFragment,
  PlagiarismPairDetail,
  PlagiarismPairRecord,
  PlagiarismScope,
  Submission,
} from '@oj/shared';
import type { Cluster } from './clusters.js';
import type { CheckRow, PairValues } from './plagiarism.repository.js';

type ScopeFields = Pick<PlagiarismScope, 'kind' | 'id' | 'title' | 'gid'>;

const summaryOf = (row: CheckRow, ctx: { username: string; scope: ScopeFields }): PlagiarismCheckSummary => ({
  id: row.id,
  scope: { kind: ctx.scope.kind, id: ctx.scope.id, title: ctx.scope.title, gid: ctx.scope.gid },
  allSubmissions: row.allSubmissions === 1,
  from: row.fromTime?.toISOString() ?? null,
  to: row.toTime?.toISOString() ?? null,
  // A queued check is on its way: running, not yet taken by an instance.
  status: row.status === 'done' ? 'done' : row.status === 'failed' ? 'failed' : 'running',
  queued: row.status === 'queued',
  progress: { done: row.progressDone, total: row.progressTotal },
  threshold: row.threshold,
  pairCount: row.pairCount,
  error: row.error,
  username: ctx.username,
  gmtCreate: row.gmtCreate.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  watching: row.watching === 1,
  // A done check's row changes only with its result (an update of a watching check); a running one's with its
  // heartbeats.
  updatedAt: row.status === 'done' ? row.gmtModified.toISOString() : null,
});

export const toCheckSummary = summaryOf;

export const toCheck = (
  row: CheckRow,
  ctx: {
    username: string;
    scope: ScopeFields;
    threshold: number;
    clusters: Cluster[];
    usernames: Map<string, string>;
    problems: { pid: number; displayId: string; title: string }[];
  },
): PlagiarismCheck => {
  const ignored = row.ignored as { template?: number; common?: number };
  return {
    ...summaryOf(row, ctx),
    threshold: ctx.threshold,
    clusters: ctx.clusters.map((c) => ({
      uids: c.uids,
      usernames: c.uids.map((uid) => ctx.usernames.get(uid) ?? uid),
      pids: c.pids,
      maxSimilarity: c.maxSimilarity,
    })),
    problems: ctx.problems.map((p) => ({ pid: p.pid, displayId: p.displayId, title: p.title })),
    ignored: { template: ignored.template ?? 0, common: ignored.common ?? 0 },
  };
};

/** A pair's decision as the wire carries it: none yet is null with an empty note. */
export type DecisionOf = { decision: PlagiarismDecision | null; note: string };
export const NO_DECISION: DecisionOf = { decision: null, note: '' };

export const toPairRecord = (
  r: Omit<PlagiarismPairRecord, 'decision' | 'note'>,
  d: DecisionOf,
): PlagiarismPairRecord => ({
  leftSubmitId: r.leftSubmitId,
  rightSubmitId: r.rightSubmitId,
  leftUid: r.leftUid,
  rightUid: r.rightUid,
  leftUsername: r.leftUsername,
  rightUsername: r.rightUsername,
  pid: r.pid,
  language: r.language,
  similarity: r.similarity,
  longestFragment: r.longestFragment,
  sharedTokens: r.sharedTokens,
  decision: d.decision,
  note: d.note,
});

const sideOf = (s: Submission) => ({
  submitId: s.submitId,
  uid: s.uid,
  username: s.username,
  language: s.language,
  submitTime: s.submitTime,
  status: s.status,
  code: s.code ?? '',
});

export const toPairDetail = (
  row: Required<Pick<PairValues, 'fragments'>> & Omit<PairValues, 'fragments'>,
  ctx: { left: Submission; right: Submission; problem?: { displayId: string; title: string }; decision: DecisionOf },
): PlagiarismPairDetail => ({
  decision: ctx.decision.decision,
  note: ctx.decision.note,
  checkId: row.checkId,
  pid: row.pid,
  displayId: ctx.problem?.displayId ?? '',
  title: ctx.problem?.title ?? '',
  language: row.language,
  similarity: row.similarity,
  longestFragment: row.longestFragment,
  sharedTokens: row.sharedTokens,
  left: sideOf(ctx.left),
  right: sideOf(ctx.right),
  fragments: (row.fragments as PlagiarismFragment[]).map((f) => ({
    left: { startLine: f.left.startLine, startCol: f.left.startCol, endLine: f.left.endLine, endCol: f.left.endCol },
    right: {
      startLine: f.right.startLine,
      startCol: f.right.startCol,
      endLine: f.right.endLine,
      endCol: f.right.endCol,
    },
    tokens: f.tokens,
  })),
});
