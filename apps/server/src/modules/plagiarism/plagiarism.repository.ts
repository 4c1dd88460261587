import { ADMIN_ROLES, JUDGE_STATUS, type PlagiarismScopeKind } from '@oj/shared';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  type CheckedGroup,
  codeTemplates,
  contestProblems,
  contests,
  groupMembers,
  groups,
  plagiarismBaseFiles,
  plagiarismCheckProblems,
  plagiarismChecks,
  plagiarismDecisions,
  plagiarismFingerprints,
  plagiarismPairs,
  problems,
  roles,
  submissions,
  trainingProblems,
  trainings,
  userRoles,
  users,
} from '../../db/schema.js';

export type CheckRow = typeof plagiarismChecks.$inferSelect;
export type CheckProblemRow = typeof plagiarismCheckProblems.$inferSelect;
export type PairValues = typeof plagiarismPairs.$inferInsert;
export type DecisionValues = typeof plagiarismDecisions.$inferInsert;

/** What an update of one problem of a watching check writes, per engine language (plagiarism-runner.ts). */
export interface GroupUpdate {
  language: string;
  /** Every stored pair of the problem and language goes (a full comparison), or those of these submissions. */
  replaceAll: boolean;
  gone: number[];
  pairs: PairValues[];
  /** The group as now compared; null: the language has no file left. */
  state: CheckedGroup | null;
}

/** Two users in the order a decision stores them (the smaller uid first): a decision is on the unordered pair. */
export const userPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);
/** A decision's key within its scope. */
export type DecisionKey = { pid: number; leftUid: string; rightUid: string };
/** The text key of a decision's (problem, users), the users in either order. */
export const decisionKey = (k: DecisionKey) => `${k.pid}:${userPair(k.leftUid, k.rightUid).join(':')}`;

/** Which submissions a check looks at (decision 0047). */
export interface Selection {
  kind: PlagiarismScopeKind;
  id: number;
  /** A problem scope's problem's group (null: a site problem): its submissions in that group only. */
  problemGid?: number | null;
  allSubmissions: boolean;
  from: Date | null;
  to: Date | null;
  /** Users whose submissions never count: the scope's own admins (a contest's creator, a group's admins). */
  excludeUids: string[];
  /** One of the scope's problems only (a watching check's update). */
  pid?: number;
}

/** A submission a check compares, without its code. */
export interface Candidate {
  submitId: number;
  uid: string;
  username: string;
  pid: number;
  language: string;
  submitTime: Date;
}

/** Group members at this level and above administer the group (group_members.auth: 4 admin, 5 root). */
const GROUP_ADMIN_LEVEL = 4;
const INSERT_CHUNK = 500;

/** Copy detection's SQL: the scopes' owners, the submissions a check selects, the fingerprints stored once per
 * submission, the checks (claimed with a lease, as judge tasks are) and their pairs. `now` stamps leases. */
export const createPlagiarismRepository = (db: Db, now: () => Date = () => new Date()) => {
  /** The submissions of a scope, but for the site's admins, the problem's author and the excluded users. */
  const scopeCondition = (s: Selection): SQL => {
    const where: (SQL | undefined)[] = [];
    if (s.kind === 'contest') where.push(eq(submissions.cid, s.id));
    else if (s.kind === 'training') where.push(and(eq(submissions.cid, 0), eq(submissions.tid, s.id)));
    else if (s.kind === 'group') where.push(and(eq(submissions.cid, 0), eq(submissions.gid, s.id)));
    else {
      where.push(eq(submissions.cid, 0), eq(submissions.pid, s.id));
      where.push(s.problemGid == null ? sql`${submissions.gid} is null` : eq(submissions.gid, s.problemGid));
      if (s.from) where.push(gte(submissions.submitTime, s.from));
      if (s.to) where.push(lte(submissions.submitTime, s.to));
    }
    if (s.pid !== undefined) where.push(eq(submissions.pid, s.pid));
    if (!s.allSubmissions) where.push(eq(submissions.status, JUDGE_STATUS.ACCEPTED));
    where.push(
      notInArray(
        submissions.uid,
        db
          .select({ uid: userRoles.uid })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(inArray(roles.role, ADMIN_ROLES)),
      ),
    );
    where.push(
      sql`not exists (select 1 from ${problems} where ${problems.id} = ${submissions.pid} and ${problems.author} <> '' and ${problems.author} = ${submissions.username})`,
    );
    if (s.excludeUids.length) where.push(notInArray(submissions.uid, s.excludeUids));
    return and(...where) as SQL;
  };

  const candidateColumns = {
    submitId: submissions.submitId,
    uid: submissions.uid,
    username: submissions.username,
    pid: submissions.pid,
    language: submissions.language,
    submitTime: submissions.submitTime,
  };

  /** The problems of a scope as it names them (a contest's display ids and titles): those of `pids`, or all of them
   * (a contest's or training's, a group's own problems, a problem scope's problem). */
  const scopeProblemsOf = async (kind: PlagiarismScopeKind, id: number, pids?: number[]) => {
    if (pids?.length === 0) return [];
    if (kind === 'contest') {
      return db
        .select({
          pid: contestProblems.pid,
          displayId: contestProblems.displayId,
          title: contestProblems.displayTitle,
        })
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, id), pids ? inArray(contestProblems.pid, pids) : undefined))
        .orderBy(asc(contestProblems.displayId));
    }
    if (kind === 'training') {
      return db
        .select({ pid: trainingProblems.pid, displayId: trainingProblems.displayId, title: problems.title })
        .from(trainingProblems)
        .innerJoin(problems, eq(problems.id, trainingProblems.pid))
        .where(and(eq(trainingProblems.tid, id), pids ? inArray(trainingProblems.pid, pids) : undefined))
        .orderBy(asc(trainingProblems.displayId));
    }
    return db
      .select({ pid: problems.id, displayId: problems.problemId, title: problems.title })
      .from(problems)
      .where(pids ? inArray(problems.id, pids) : kind === 'group' ? eq(problems.gid, id) : eq(problems.id, id))
      .orderBy(asc(problems.problemId));
  };

  /** A pair's own columns, as the list and the export read them. */
  const pairColumns = {
    leftSubmitId: plagiarismPairs.leftSubmitId,
    rightSubmitId: plagiarismPairs.rightSubmitId,
    leftUid: plagiarismPairs.leftUid,
    rightUid: plagiarismPairs.rightUid,
    pid: plagiarismPairs.pid,
    language: plagiarismPairs.language,
    similarity: plagiarismPairs.similarity,
    longestFragment: plagiarismPairs.longestFragment,
    sharedTokens: plagiarismPairs.sharedTokens,
  };

  /** The pairs of a check at or above a threshold, as clusters are made of them. */
  const edgesAbove = (ex: Db | Tx, checkId: number, threshold: number) =>
    ex
      .select({
        leftUid: plagiarismPairs.leftUid,
        rightUid: plagiarismPairs.rightUid,
        pid: plagiarismPairs.pid,
        similarity: plagiarismPairs.similarity,
      })
      .from(plagiarismPairs)
      .where(and(eq(plagiarismPairs.checkId, checkId), gte(plagiarismPairs.similarity, threshold)));
  type Edge = Awaited<ReturnType<typeof edgesAbove>>[number];
  type Cluster = CheckRow['clusters'][number];

  /** The checks of a scope (and what else `more` asks). */
  const ofScope = (kind: PlagiarismScopeKind, id: number, ...more: SQL[]) =>
    and(eq(plagiarismChecks.scopeKind, kind), eq(plagiarismChecks.scopeId, id), ...more);

  const problemKey = (checkId: number, pid: number) =>
    and(eq(plagiarismCheckProblems.checkId, checkId), eq(plagiarismCheckProblems.pid, pid));

  return {
    // ---- the scopes and who administers them ----
    contest: async (cid: number) =>
      (
        await db
          .select({ id: contests.id, title: contests.title, uid: contests.uid, gid: contests.gid })
          .from(contests)
          .where(eq(contests.id, cid))
      )[0],
    training: async (tid: number) =>
      (
        await db
          .select({ id: trainings.id, title: trainings.title, uid: trainings.uid, gid: trainings.gid })
          .from(trainings)
          .where(eq(trainings.id, tid))
      )[0],
    group: async (gid: number) =>
      (
        await db.select({ id: groups.id, title: groups.name, uid: groups.uid }).from(groups).where(eq(groups.id, gid))
      )[0],
    problem: async (pid: number) =>
      (
        await db
          .select({
            id: problems.id,
            problemId: problems.problemId,
            title: problems.title,
            author: problems.author,
            isGroup: problems.isGroup,
            gid: problems.gid,
          })
          .from(problems)
          .where(eq(problems.id, pid))
      )[0],
    /** The owner and the admins of a group (they teach it: their submissions are not checked). */
    groupAdminUids: async (gid: number) => {
      const rows = await db
        .select({ uid: groupMembers.uid })
        .from(groupMembers)
        .where(and(eq(groupMembers.gid, gid), gte(groupMembers.auth, GROUP_ADMIN_LEVEL)));
      const owner = await db.select({ uid: groups.uid }).from(groups).where(eq(groups.id, gid));
      return [...new Set([...rows.map((r) => r.uid), ...owner.map((r) => r.uid)])];
    },

    scopeProblems: scopeProblemsOf,

    // ---- what a check compares ----
    /** How many submissions the selection yields (each user's latest accepted one per problem and site language,
     * or all). */
    countSelected: async (s: Selection) => {
      if (s.allSubmissions) {
        return (await db.select({ n: count() }).from(submissions).where(scopeCondition(s)))[0].n;
      }
      const distinct = db
        .selectDistinct({ uid: submissions.uid, pid: submissions.pid, language: submissions.language })
        .from(submissions)
        .where(scopeCondition(s))
        .as('d');
      return (await db.select({ n: count() }).from(distinct))[0].n;
    },
    /** The selection's submissions without code: every one, or each user's latest accepted one per problem and site
     * language (the service keeps the latest per engine language). */
    selected: async (s: Selection): Promise<Candidate[]> =>
      s.allSubmissions
        ? db.select(candidateColumns).from(submissions).where(scopeCondition(s)).orderBy(asc(submissions.submitId))
        : db
            .selectDistinctOn([submissions.uid, submissions.pid, submissions.language], candidateColumns)
            .from(submissions)
            .where(scopeCondition(s))
            .orderBy(submissions.uid, submissions.pid, submissions.language, desc(submissions.submitId)),
    codes: async (submitIds: number[]) =>
      submitIds.length === 0
        ? []
        : db
            .select({ submitId: submissions.submitId, code: submissions.code })
            .from(submissions)
            .where(inArray(submissions.submitId, submitIds)),
    /** The problems' code templates (by site language) and samples (HOJ's examples text). */
    noiseOf: async (pids: number[]) => {
      if (pids.length === 0) return { templates: [], examples: [] };
      const [templates, examples] = await Promise.all([
        db
          .select({ pid: codeTemplates.pid, language: codeTemplates.language, code: codeTemplates.code })
          .from(codeTemplates)
          .where(inArray(codeTemplates.pid, pids)),
        db.select({ pid: problems.id, examples: problems.examples }).from(problems).where(inArray(problems.id, pids)),
      ]);
      return { templates, examples };
    },

    // ---- fingerprints, once per submission and engine version ----
    fingerprints: async (submitIds: number[], engineVersion: number) =>
      submitIds.length === 0
        ? []
        : db
            .select({
              submitId: plagiarismFingerprints.submitId,
              tokens: plagiarismFingerprints.tokens,
              data: plagiarismFingerprints.data,
            })
            .from(plagiarismFingerprints)
            .where(
              and(
                inArray(plagiarismFingerprints.submitId, submitIds),
                eq(plagiarismFingerprints.engineVersion, engineVersion),
              ),
            ),
    /** Stores fingerprints, replacing a row of another engine version. */
    saveFingerprints: async (
      rows: { submitId: number; engineVersion: number; language: string; tokens: number; data: unknown }[],
    ) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insert(plagiarismFingerprints)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoUpdate({
            target: plagiarismFingerprints.submitId,
            set: {
              engineVersion: sql`excluded.engine_version`,
              language: sql`excluded.language`,
              tokens: sql`excluded.tokens`,
              data: sql`excluded.data`,
              gmtCreate: sql`now()`,
            },
          });
      }
    },

    // ---- checks ----
    insertCheck: async (v: {
      scopeKind: PlagiarismScopeKind;
      scopeId: number;
      allSubmissions: boolean;
      fromTime: Date | null;
      toTime: Date | null;
      threshold: number;
      uid: string;
    }) =>
      (
        await db
          .insert(plagiarismChecks)
          .values({ ...v, allSubmissions: v.allSubmissions ? 1 : 0 })
          .returning({ id: plagiarismChecks.id })
      )[0].id,
    /** A check of the scope still queued or running. */
    unfinished: async (kind: PlagiarismScopeKind, id: number) =>
      (
        await db
          .select({ id: plagiarismChecks.id })
          .from(plagiarismChecks)
          .where(ofScope(kind, id, inArray(plagiarismChecks.status, ['queued', 'running'])))
          .limit(1)
      )[0],
    check: async (id: number) => {
      const rows = await db
        .select({ check: plagiarismChecks, username: users.username })
        .from(plagiarismChecks)
        .innerJoin(users, eq(users.uid, plagiarismChecks.uid))
        .where(eq(plagiarismChecks.id, id));
      return rows[0];
    },
    checksPage: async (kind: PlagiarismScopeKind, id: number, offset: number, limit: number) => {
      const where = ofScope(kind, id);
      const [rows, total] = await Promise.all([
        db
          .select({ check: plagiarismChecks, username: users.username })
          .from(plagiarismChecks)
          .innerJoin(users, eq(users.uid, plagiarismChecks.uid))
          .where(where)
          .orderBy(desc(plagiarismChecks.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(plagiarismChecks).where(where),
      ]);
      return { rows, total: total[0].n };
    },

    /** Takes the oldest queued check, or a running one whose lease ran out (its instance stopped), for `owner`;
     * locked while taken, skipping checks another instance is taking (FOR UPDATE SKIP LOCKED). Answers the check
     * as it was before (a running one was taken over). */
    claim: (owner: string, leaseMs: number) =>
      db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .select()
          .from(plagiarismChecks)
          .where(
            or(
              eq(plagiarismChecks.status, 'queued'),
              and(eq(plagiarismChecks.status, 'running'), lt(plagiarismChecks.leaseExpiresAt, at)),
            ),
          )
          .orderBy(asc(plagiarismChecks.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return undefined;
        await tx
          .update(plagiarismChecks)
          .set({
            status: 'running',
            leaseOwner: owner,
            leaseExpiresAt: new Date(at.getTime() + leaseMs),
            progressDone: 0,
            gmtModified: at,
          })
          .where(eq(plagiarismChecks.id, row.id));
        return row;
      }),
    /** Renews the lease and stores the progress while `owner` still holds the check (false: it lost it). */
    heartbeat: async (id: number, owner: string, leaseMs: number, progress: { done: number; total: number }) => {
      const at = now();
      const rows = await db
        .update(plagiarismChecks)
        .set({
          leaseExpiresAt: new Date(at.getTime() + leaseMs),
          progressDone: progress.done,
          progressTotal: progress.total,
          gmtModified: at,
        })
        .where(
          and(
            eq(plagiarismChecks.id, id),
            eq(plagiarismChecks.status, 'running'),
            eq(plagiarismChecks.leaseOwner, owner),
          ),
        )
        .returning({ id: plagiarismChecks.id });
      return rows.length > 0;
    },
    /** Stores the result in one transaction (its pairs replace any of an earlier attempt) while `owner` holds the
     * check; false when it lost it meanwhile (nothing written). */
    finish: (
      id: number,
      owner: string,
      result: {
        pairs: PairValues[];
        clusters: CheckRow['clusters'];
        ignored: { template: number; common: number };
        progressTotal: number;
        /** What was compared per problem and language, for a watching check's updates. */
        problems: Map<number, Record<string, CheckedGroup>>;
      },
    ) =>
      db.transaction(async (tx) => {
        const at = now();
        const held = await tx
          .select({ id: plagiarismChecks.id })
          .from(plagiarismChecks)
          .where(
            and(
              eq(plagiarismChecks.id, id),
              eq(plagiarismChecks.status, 'running'),
              eq(plagiarismChecks.leaseOwner, owner),
            ),
          )
          .for('update');
        if (held.length === 0) return false;
        await tx.delete(plagiarismPairs).where(eq(plagiarismPairs.checkId, id));
        for (let i = 0; i < result.pairs.length; i += INSERT_CHUNK) {
          await tx.insert(plagiarismPairs).values(result.pairs.slice(i, i + INSERT_CHUNK));
        }
        // The changes counted meanwhile (`pending`) stay: an update looks at them once the check is done.
        await tx.update(plagiarismCheckProblems).set({ state: {} }).where(eq(plagiarismCheckProblems.checkId, id));
        const states = [...result.problems].map(([pid, state]) => ({ checkId: id, pid, state }));
        for (let i = 0; i < states.length; i += INSERT_CHUNK) {
          await tx
            .insert(plagiarismCheckProblems)
            .values(states.slice(i, i + INSERT_CHUNK))
            .onConflictDoUpdate({
              target: [plagiarismCheckProblems.checkId, plagiarismCheckProblems.pid],
              set: { state: sql`excluded.state` },
            });
        }
        await tx
          .update(plagiarismChecks)
          .set({
            status: 'done',
            pairCount: result.pairs.length,
            clusters: result.clusters,
            ignored: result.ignored,
            progressDone: result.progressTotal,
            progressTotal: result.progressTotal,
            leaseOwner: null,
            leaseExpiresAt: null,
            finishedAt: at,
            gmtModified: at,
          })
          .where(eq(plagiarismChecks.id, id));
        return true;
      }),
    /** Ends a check as failed, with why (only while `owner` holds it, when given). */
    fail: async (id: number, owner: string | undefined, error: string) => {
      const at = now();
      await db
        .update(plagiarismChecks)
        .set({ status: 'failed', error, leaseOwner: null, leaseExpiresAt: null, finishedAt: at, gmtModified: at })
        .where(
          and(eq(plagiarismChecks.id, id), owner === undefined ? undefined : eq(plagiarismChecks.leaseOwner, owner)),
        );
    },
    /** A stopping instance gives its check back to the queue. */
    handBack: async (id: number, owner: string) => {
      await db
        .update(plagiarismChecks)
        .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, progressDone: 0, gmtModified: now() })
        .where(
          and(
            eq(plagiarismChecks.id, id),
            eq(plagiarismChecks.status, 'running'),
            eq(plagiarismChecks.leaseOwner, owner),
          ),
        );
    },

    // ---- watching (decision 0050) ----
    /** The scope's watching check. */
    watchingCheck: async (kind: PlagiarismScopeKind, id: number) =>
      (
        await db
          .select({ id: plagiarismChecks.id })
          .from(plagiarismChecks)
          .where(ofScope(kind, id, eq(plagiarismChecks.watching, 1)))
      )[0],
    /** Queues the scope's watching check; undefined when another call made one first (one per scope). */
    insertWatchingCheck: async (v: {
      scopeKind: PlagiarismScopeKind;
      scopeId: number;
      threshold: number;
      uid: string;
    }) =>
      (
        await db
          .insert(plagiarismChecks)
          .values({ ...v, watching: 1 })
          .onConflictDoNothing({
            target: [plagiarismChecks.scopeKind, plagiarismChecks.scopeId],
            where: sql`${plagiarismChecks.watching} = 1`,
          })
          .returning({ id: plagiarismChecks.id })
      )[0]?.id,
    /** Stops watching the scope: its check stays as last updated, with its clusters (computed when read while it
     * watched) stored as a finished check's are. Answers the check that was watching. */
    unwatch: (kind: PlagiarismScopeKind, id: number, clustersOf: (edges: Edge[], threshold: number) => Cluster[]) =>
      db.transaction(async (tx) => {
        const [check] = await tx
          .select({ id: plagiarismChecks.id, threshold: plagiarismChecks.threshold })
          .from(plagiarismChecks)
          .where(ofScope(kind, id, eq(plagiarismChecks.watching, 1)))
          .for('update');
        if (!check) return undefined;
        const clusters = clustersOf(await edgesAbove(tx, check.id, check.threshold), check.threshold);
        await tx.update(plagiarismChecks).set({ watching: 0, clusters }).where(eq(plagiarismChecks.id, check.id));
        return check.id;
      }),
    /** Counts a change on a problem of the scope's watching check (a base file: its ignored code changed). */
    touchWatched: async (kind: PlagiarismScopeKind, id: number, pid: number) => {
      await db.execute(sql`
        insert into ${plagiarismCheckProblems} as p (check_id, pid, pending)
        select ${plagiarismChecks.id}, ${pid}, 1 from ${plagiarismChecks}
        where ${plagiarismChecks.scopeKind} = ${kind} and ${plagiarismChecks.scopeId} = ${id}
          and ${plagiarismChecks.watching} = 1
        on conflict (check_id, pid) do update set pending = p.pending + 1`);
    },
    /** Takes a problem of a finished watching check with changes not yet compared, for `owner`, with a lease (locked
     * while taken, skipping those another instance is taking). Answers it with its check and the changes it covers. */
    claimProblem: (owner: string, leaseMs: number) =>
      db.transaction(async (tx) => {
        const at = now();
        const [found] = await tx
          .select({ problem: plagiarismCheckProblems, check: plagiarismChecks })
          .from(plagiarismCheckProblems)
          .innerJoin(plagiarismChecks, eq(plagiarismChecks.id, plagiarismCheckProblems.checkId))
          .where(
            and(
              sql`${plagiarismCheckProblems.pending} > 0`,
              eq(plagiarismChecks.watching, 1),
              eq(plagiarismChecks.status, 'done'),
              or(
                sql`${plagiarismCheckProblems.leaseExpiresAt} is null`,
                lt(plagiarismCheckProblems.leaseExpiresAt, at),
              ),
            ),
          )
          .orderBy(asc(plagiarismCheckProblems.checkId), asc(plagiarismCheckProblems.pid))
          .limit(1)
          .for('update', { of: plagiarismCheckProblems, skipLocked: true });
        if (!found) return undefined;
        await tx
          .update(plagiarismCheckProblems)
          .set({ leaseOwner: owner, leaseExpiresAt: new Date(at.getTime() + leaseMs) })
          .where(problemKey(found.problem.checkId, found.problem.pid));
        return found;
      }),
    /** Writes an update of one problem of a watching check while `owner` holds it (false: it lost the lease, nothing
     * written): its pairs, what was compared, the changes it covered, and the check's totals (its clusters are
     * computed when read while it watches). The check is locked first, so updates of two problems write one after
     * the other. */
    finishProblem: (claimed: { checkId: number; pid: number; pending: number }, owner: string, groups: GroupUpdate[]) =>
      db.transaction(async (tx) => {
        const { checkId, pid } = claimed;
        const [check] = await tx
          .select({ pairCount: plagiarismChecks.pairCount, ignored: plagiarismChecks.ignored })
          .from(plagiarismChecks)
          .where(eq(plagiarismChecks.id, checkId))
          .for('update');
        const [held] = await tx
          .select({ state: plagiarismCheckProblems.state })
          .from(plagiarismCheckProblems)
          .where(and(problemKey(checkId, pid), eq(plagiarismCheckProblems.leaseOwner, owner)))
          .for('update');
        if (!check || !held) return false;
        const state = { ...held.state };
        let pairCount = check.pairCount;
        const ignored = { template: 0, common: 0, ...(check.ignored as { template?: number; common?: number }) };
        for (const g of groups) {
          const inGroup = and(
            eq(plagiarismPairs.checkId, checkId),
            eq(plagiarismPairs.pid, pid),
            eq(plagiarismPairs.language, g.language),
          );
          const gone = g.replaceAll
            ? inGroup
            : g.gone.length
              ? and(
                  inGroup,
                  or(inArray(plagiarismPairs.leftSubmitId, g.gone), inArray(plagiarismPairs.rightSubmitId, g.gone)),
                )
              : undefined;
          if (gone) {
            pairCount -= (await tx.delete(plagiarismPairs).where(gone).returning({ id: plagiarismPairs.checkId }))
              .length;
          }
          for (let i = 0; i < g.pairs.length; i += INSERT_CHUNK) {
            await tx.insert(plagiarismPairs).values(g.pairs.slice(i, i + INSERT_CHUNK));
          }
          pairCount += g.pairs.length;
          const was = state[g.language];
          ignored.template += (g.state?.template ?? 0) - (was?.template ?? 0);
          ignored.common += (g.state?.common ?? 0) - (was?.common ?? 0);
          if (g.state) state[g.language] = g.state;
          else delete state[g.language];
        }
        await tx
          .update(plagiarismCheckProblems)
          .set({
            state,
            pending: sql`greatest(${plagiarismCheckProblems.pending} - ${claimed.pending}, 0)`,
            leaseOwner: null,
            leaseExpiresAt: null,
          })
          .where(problemKey(checkId, pid));
        await tx
          .update(plagiarismChecks)
          .set({ pairCount, ignored, gmtModified: now() })
          .where(eq(plagiarismChecks.id, checkId));
        return true;
      }),

    // ---- pairs ----
    pairsPage: async (
      checkId: number,
      f: { pid?: number; language?: string; uid?: string; minSimilarity?: number },
      offset: number,
      limit: number,
    ) => {
      const where = and(
        eq(plagiarismPairs.checkId, checkId),
        f.pid === undefined ? undefined : eq(plagiarismPairs.pid, f.pid),
        f.language === undefined ? undefined : eq(plagiarismPairs.language, f.language),
        f.uid === undefined ? undefined : or(eq(plagiarismPairs.leftUid, f.uid), eq(plagiarismPairs.rightUid, f.uid)),
        f.minSimilarity === undefined ? undefined : gte(plagiarismPairs.similarity, f.minSimilarity),
      );
      const leftUser = aliasedTable(users, 'left_user');
      const rightUser = aliasedTable(users, 'right_user');
      // The page is cut from the pairs alone (the rank index), then its 20 rows get their usernames: joined before the
      // cut, a deep page joined every row it skipped.
      const cut = db
        .select(pairColumns)
        .from(plagiarismPairs)
        .where(where)
        .orderBy(
          desc(plagiarismPairs.similarity),
          asc(plagiarismPairs.leftSubmitId),
          asc(plagiarismPairs.rightSubmitId),
        )
        .offset(offset)
        .limit(limit)
        .as('page');
      const [rows, total] = await Promise.all([
        db
          .select({
            leftSubmitId: cut.leftSubmitId,
            rightSubmitId: cut.rightSubmitId,
            leftUid: cut.leftUid,
            rightUid: cut.rightUid,
            leftUsername: leftUser.username,
            rightUsername: rightUser.username,
            pid: cut.pid,
            language: cut.language,
            similarity: cut.similarity,
            longestFragment: cut.longestFragment,
            sharedTokens: cut.sharedTokens,
          })
          .from(cut)
          .innerJoin(leftUser, eq(leftUser.uid, cut.leftUid))
          .innerJoin(rightUser, eq(rightUser.uid, cut.rightUid))
          .orderBy(desc(cut.similarity), asc(cut.leftSubmitId), asc(cut.rightSubmitId)),
        db.select({ n: count() }).from(plagiarismPairs).where(where),
      ]);
      return { rows, total: total[0].n };
    },
    /** The pairs at or above a similarity, without their fragments (the clusters at another threshold). */
    edgesAbove: (checkId: number, threshold: number) => edgesAbove(db, checkId, threshold),
    /** The problems the pairs of a check are on. */
    pairPids: async (checkId: number) =>
      (
        await db
          .selectDistinct({ pid: plagiarismPairs.pid })
          .from(plagiarismPairs)
          .where(eq(plagiarismPairs.checkId, checkId))
      ).map((r) => r.pid),
    /** One pair, named in either order. */
    pair: async (checkId: number, a: number, b: number) =>
      (
        await db
          .select()
          .from(plagiarismPairs)
          .where(
            and(
              eq(plagiarismPairs.checkId, checkId),
              or(
                and(eq(plagiarismPairs.leftSubmitId, a), eq(plagiarismPairs.rightSubmitId, b)),
                and(eq(plagiarismPairs.leftSubmitId, b), eq(plagiarismPairs.rightSubmitId, a)),
              ),
            ),
          )
      )[0],
    /** Every pair of a check with its usernames, the most similar first (the export). */
    allPairs: async (checkId: number) => {
      const leftUser = aliasedTable(users, 'left_user');
      const rightUser = aliasedTable(users, 'right_user');
      return db
        .select({ ...pairColumns, leftUsername: leftUser.username, rightUsername: rightUser.username })
        .from(plagiarismPairs)
        .innerJoin(leftUser, eq(leftUser.uid, plagiarismPairs.leftUid))
        .innerJoin(rightUser, eq(rightUser.uid, plagiarismPairs.rightUid))
        .where(eq(plagiarismPairs.checkId, checkId))
        .orderBy(
          desc(plagiarismPairs.similarity),
          asc(plagiarismPairs.leftSubmitId),
          asc(plagiarismPairs.rightSubmitId),
        );
    },

    // ---- base files (decision 0049) ----
    saveBaseFile: (v: typeof plagiarismBaseFiles.$inferInsert) =>
      db
        .insert(plagiarismBaseFiles)
        .values(v)
        .onConflictDoUpdate({
          target: [
            plagiarismBaseFiles.scopeKind,
            plagiarismBaseFiles.scopeId,
            plagiarismBaseFiles.pid,
            plagiarismBaseFiles.language,
          ],
          set: { code: v.code, uid: v.uid, gmtModified: v.gmtModified },
        }),
    removeBaseFile: (kind: PlagiarismScopeKind, id: number, pid: number, language: string) =>
      db
        .delete(plagiarismBaseFiles)
        .where(
          and(
            eq(plagiarismBaseFiles.scopeKind, kind),
            eq(plagiarismBaseFiles.scopeId, id),
            eq(plagiarismBaseFiles.pid, pid),
            eq(plagiarismBaseFiles.language, language),
          ),
        ),
    /** A scope's base files with who stored them, by problem and language. */
    baseFiles: (kind: PlagiarismScopeKind, id: number) =>
      db
        .select({
          pid: plagiarismBaseFiles.pid,
          language: plagiarismBaseFiles.language,
          code: plagiarismBaseFiles.code,
          username: users.username,
          gmtModified: plagiarismBaseFiles.gmtModified,
        })
        .from(plagiarismBaseFiles)
        .innerJoin(users, eq(users.uid, plagiarismBaseFiles.uid))
        .where(and(eq(plagiarismBaseFiles.scopeKind, kind), eq(plagiarismBaseFiles.scopeId, id)))
        .orderBy(asc(plagiarismBaseFiles.pid), asc(plagiarismBaseFiles.language)),

    // ---- decisions (decision 0049) ----
    /** A scope's decisions (made by hand, so few), their users ordered (userPair). */
    decisions: (scopeKind: PlagiarismScopeKind, scopeId: number) =>
      db
        .select({
          pid: plagiarismDecisions.pid,
          leftUid: plagiarismDecisions.leftUid,
          rightUid: plagiarismDecisions.rightUid,
          decision: plagiarismDecisions.decision,
          note: plagiarismDecisions.note,
        })
        .from(plagiarismDecisions)
        .where(and(eq(plagiarismDecisions.scopeKind, scopeKind), eq(plagiarismDecisions.scopeId, scopeId))),
    /** Stores decisions (their users ordered), replacing earlier ones on the same keys. */
    saveDecisions: async (rows: DecisionValues[]) => {
      if (rows.length === 0) return;
      await db
        .insert(plagiarismDecisions)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            plagiarismDecisions.scopeKind,
            plagiarismDecisions.scopeId,
            plagiarismDecisions.pid,
            plagiarismDecisions.leftUid,
            plagiarismDecisions.rightUid,
          ],
          set: {
            decision: sql`excluded.decision`,
            note: sql`excluded.note`,
            uid: sql`excluded.uid`,
            gmtModified: sql`excluded.gmt_modified`,
          },
        });
    },
    /** Whether a check of the scope ever paired these two users on the problem. */
    pairedInScope: async (scopeKind: PlagiarismScopeKind, scopeId: number, pid: number, a: string, b: string) =>
      (
        await db
          .select({ one: sql<number>`1` })
          .from(plagiarismPairs)
          .innerJoin(plagiarismChecks, eq(plagiarismChecks.id, plagiarismPairs.checkId))
          .where(
            and(
              eq(plagiarismChecks.scopeKind, scopeKind),
              eq(plagiarismChecks.scopeId, scopeId),
              eq(plagiarismPairs.pid, pid),
              or(
                and(eq(plagiarismPairs.leftUid, a), eq(plagiarismPairs.rightUid, b)),
                and(eq(plagiarismPairs.leftUid, b), eq(plagiarismPairs.rightUid, a)),
              ),
            ),
          )
          .limit(1)
      ).length > 0,
    /** The pairs of users of a check on one problem whose two users are both among `uids` (a cluster's pairs). */
    userPairsAmong: async (checkId: number, pid: number, uids: string[]) =>
      db
        .selectDistinct({ leftUid: plagiarismPairs.leftUid, rightUid: plagiarismPairs.rightUid })
        .from(plagiarismPairs)
        .where(
          and(
            eq(plagiarismPairs.checkId, checkId),
            eq(plagiarismPairs.pid, pid),
            inArray(plagiarismPairs.leftUid, uids),
            inArray(plagiarismPairs.rightUid, uids),
          ),
        ),

    usernames: async (uids: string[]) =>
      new Map(
        uids.length === 0
          ? []
          : (
              await db.select({ uid: users.uid, username: users.username }).from(users).where(inArray(users.uid, uids))
            ).map((r) => [r.uid, r.username] as const),
      ),
  };
};
export type PlagiarismRepository = ReturnType<typeof createPlagiarismRepository>;
