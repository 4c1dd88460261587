import type { Endpoint } from '@oj/shared';
import { AppError, forbidden } from '../../http/app-error.js';
import { addressMatcher } from '../../lib/address-range.js';
import type { AuthUser, ClientMeta, SessionService } from '../auth/session.service.js';
import type { GroupPolicy } from '../group/group-policy.js';
import { managesContest } from './contest-access.js';
import type { ExamRepository } from './exam.repository.js';

/** An exam as the policy keeps it between reads. */
export interface CachedExam {
  id: number;
  title: string;
  uid: string;
  gid: number | null;
  startTime: Date;
  endTime: Date;
  policy: 'replace' | 'refuse';
  /** Whether an address is one the exam may be reached from. */
  allows: (ip: string) => boolean;
  registered: Set<string>;
}

/** Whether a call to a `'contest'` endpoint is the exam `cid`'s, for endpoints that name another record than the
 * contest (a submission, a problem's attachment): one place for all of them. The rest are the exam's when their
 * `cid` (or `contestID`) is. */
type ContestResolver = (input: Record<string, unknown>, cid: number, repo: ExamRepository) => Promise<boolean>;

const submissionOf: ContestResolver = async (input, cid, repo) =>
  typeof input.submitId === 'number' && (await repo.submissionCid(input.submitId)) === cid;

/** Keyed by `METHOD path`; examContestResolverOf finds an endpoint's. */
export const EXAM_CONTEST_RESOLVERS: Record<string, ContestResolver> = {
  'GET /api/get-submission-detail': submissionOf,
  'GET /api/get-all-case-result': submissionOf,
  'GET /api/download-by-submit-id': submissionOf,
  'GET /api/resubmit': submissionOf,
  'PUT /api/submission': submissionOf,
  // Every submission it polls is the exam's (its `cid` alone would let others through).
  'POST /api/check-submissions-status': async (input, cid, repo) => {
    const ids = Array.isArray(input.submitIds) ? input.submitIds : [];
    for (const id of ids) if (typeof id !== 'number' || (await repo.submissionCid(id)) !== cid) return false;
    return true;
  },
  // A contest admin's answer (contest admins are never restricted; the resolver keeps the rule whole).
  'PUT /api/contest/clarification': async (input, cid, repo) =>
    typeof input.id === 'number' && (await repo.clarificationCid(input.id)) === cid,
  // A statement's attachment, of a problem of the exam.
  'GET /api/download-problem-annex': async (input, cid, repo) =>
    typeof input.problemId === 'string' && (await repo.contestsOfProblem(input.problemId)).includes(cid),
};

/** The fields of an endpoint's input that name its contest, where no resolver is given. */
export const EXAM_CONTEST_FIELDS = ['cid', 'contestID'] as const;

export const examContestResolverOf = (e: Pick<Endpoint, 'method' | 'path'>): ContestResolver | undefined =>
  EXAM_CONTEST_RESOLVERS[`${e.method} ${e.path}`];

/** Whether the call is the exam's: its resolver's answer, else its contest field. */
const callIsExams = async (e: Endpoint, input: unknown, cid: number, repo: ExamRepository) => {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const resolver = examContestResolverOf(e);
  if (resolver) return resolver(fields, cid, repo);
  return EXAM_CONTEST_FIELDS.some((k) => fields[k] === cid);
};

/**
 * The exam policy (decision 0055): who is taking an exam now, and what he may do. The exams not ended yet and their
 * registrations are read at most every `refreshMs` per process (and again after a local edit, `changed`), so a call
 * of a user in no exam asks the database nothing. A participant is a registered user who is not one of the
 * contest's admins (contest-access.ts, managesContest; a group's contest asks the group policy for his role).
 *
 * - `admit` (every call, after its input is valid, `http/bind.ts`): his address must be in the exam's ranges
 *   (403 examAddressRefused), his login holds the exam (bound at the first call if it came before the exam; another
 *   login holding it ends this one with 401 examSessionEnded), and the endpoint must be open during exams or the
 *   exam's own (EndpointMeta.exam; otherwise 403 examSiteClosed).
 * - `login`: his address (403, event refusedAddress), then the login holds the exam: under `replace` it ends the
 *   others (event replaced, then login), under `refuse` it is refused while another live login holds it (403
 *   examSessionActive, event refusedSession).
 */
export const createExamPolicy = (deps: {
  repo: ExamRepository;
  groupPolicy: Pick<GroupPolicy, 'access'>;
  /** Ends one session (a call or login refused because another login holds the exam), and forgets the sessions a
   * claim ended. */
  sessions: Pick<SessionService, 'revoke' | 'forgetUser'>;
  now?: () => Date;
  refreshMs?: number;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const refreshMs = deps.refreshMs ?? 3000;

  interface Snapshot {
    readAt: number;
    byUid: Map<string, CachedExam[]>;
    /** Per exam and user: a contest admin (managesContest), asked once per snapshot. */
    admins: Map<string, boolean>;
    /** Logins known to hold their exam (`cid:uid:loginId`): another login taking it revokes this one's sessions,
     * so the session check of the next call refuses it first. */
    bound: Set<string>;
  }
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  let generation = 0;

  const read = async (): Promise<Snapshot> => {
    const started = generation;
    const readAt = Date.now();
    const rows = await repo.examsFrom(now());
    const registered = await repo.registrants(rows.map((r) => r.id));
    const exams = new Map<number, CachedExam>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          title: r.title,
          uid: r.uid,
          gid: r.gid,
          startTime: r.startTime,
          endTime: r.endTime,
          policy: r.examSessionPolicy === 'refuse' ? 'refuse' : 'replace',
          allows: addressMatcher(r.allowedAddresses),
          registered: new Set<string>(),
        },
      ]),
    );
    const byUid = new Map<string, CachedExam[]>();
    for (const { cid, uid } of registered) {
      const exam = exams.get(cid);
      if (!exam) continue;
      exam.registered.add(uid);
      byUid.set(uid, [...(byUid.get(uid) ?? []), exam]);
    }
    const next: Snapshot = { readAt, byUid, admins: new Map(), bound: new Set() };
    if (started === generation) snapshot = next;
    return next;
  };

  const current = async () => {
    if (snapshot && Date.now() - snapshot.readAt < refreshMs) return snapshot;
    if (!loading) {
      const reading: Promise<Snapshot> = read().finally(() => {
        if (loading === reading) loading = undefined;
      });
      loading = reading;
    }
    return loading;
  };

  const isAdmin = async (s: Snapshot, exam: CachedExam, user: Pick<AuthUser, 'uid' | 'roles'>) => {
    const key = `${exam.id}:${user.uid}`;
    const known = s.admins.get(key);
    if (known !== undefined) return known;
    let role: Awaited<ReturnType<GroupPolicy['access']>>['role'] | undefined;
    if (exam.gid !== null) {
      role = await deps.groupPolicy.access(exam.gid, user as AuthUser).then(
        (a) => a.role,
        () => undefined,
      );
    }
    const admin = managesContest(exam, user as AuthUser, role);
    s.admins.set(key, admin);
    return admin;
  };

  /** The exam the user is taking now, if any: one he is registered for, running, of which he is no admin. */
  const examOf = async (user: Pick<AuthUser, 'uid' | 'roles'> | undefined) => {
    if (!user) return undefined;
    const s = await current();
    const mine = s.byUid.get(user.uid);
    if (!mine) return undefined;
    const at = now();
    for (const exam of mine) {
      if (exam.startTime <= at && at < exam.endTime && !(await isAdmin(s, exam, user))) return { exam, snapshot: s };
    }
    return undefined;
  };

  const event = (exam: CachedExam, uid: string, kind: string, meta: ClientMeta) =>
    repo.addEvent({ cid: exam.id, uid, kind, ip: meta.ip, userAgent: meta.userAgent, at: now() });

  const checkAddress = (exam: CachedExam, meta: ClientMeta) => {
    if (!exam.allows(meta.ip)) throw new AppError(403, 'examAddressRefused', { ip: meta.ip });
  };

  /** The caller's login holds his exam: known, bound now (event bound, his other sessions ended), or held by another
   * live login, which ends this session (401 examSessionEnded). */
  const hold = async (s: Snapshot, exam: CachedExam, user: AuthUser, meta: ClientMeta) => {
    const loginId = user.loginId ?? user.sessionId;
    const key = `${exam.id}:${user.uid}:${loginId}`;
    if (s.bound.has(key)) return;
    const at = now();
    const held = await repo.binding(exam.id, user.uid, at);
    if (held && held.loginId === loginId && held.endedAt === null) {
      s.bound.add(key);
      return;
    }
    const claimed =
      held?.live === true
        ? { holds: false }
        : await repo.claim({ cid: exam.id, uid: user.uid, loginId, ip: meta.ip, at, takeOver: false });
    if (!claimed.holds) {
      await deps.sessions.revoke(user.sessionId);
      throw new AppError(401, 'examSessionEnded');
    }
    s.bound.add(key);
    deps.sessions.forgetUser(user.uid);
    await event(exam, user.uid, 'bound', meta);
  };

  return {
    /** The admission step of every call (http/bind.ts `admit`): nothing for a caller in no exam. */
    async admit(e: Endpoint, input: unknown, ctx: { user: AuthUser | undefined; meta: ClientMeta }) {
      const found = await examOf(ctx.user);
      if (!found || !ctx.user) return;
      const { exam, snapshot: s } = found;
      checkAddress(exam, ctx.meta);
      await hold(s, exam, ctx.user, ctx.meta);
      if (e.exam === 'open') return;
      if (e.exam === 'contest' && (await callIsExams(e, input, exam.id, repo))) return;
      throw forbidden('examSiteClosed');
    },

    /** A login whose password was right: `issue` makes its session once the exam (if the user is taking one) lets
     * it in, and the session then holds the exam. */
    async login<T extends { sessionId: number; loginId: number }>(
      user: { uid: string; roles: string[] },
      meta: ClientMeta,
      issue: () => Promise<T>,
    ): Promise<T> {
      const found = await examOf(user);
      if (!found) return issue();
      const { exam, snapshot: s } = found;
      if (!exam.allows(meta.ip)) {
        await event(exam, user.uid, 'refusedAddress', meta);
        checkAddress(exam, meta);
      }
      const issued = await issue();
      const at = now();
      const claimed = await repo.claim({
        cid: exam.id,
        uid: user.uid,
        loginId: issued.loginId,
        ip: meta.ip,
        at,
        takeOver: exam.policy === 'replace',
      });
      if (!claimed.holds) {
        await deps.sessions.revoke(issued.sessionId);
        await event(exam, user.uid, 'refusedSession', meta);
        throw forbidden('examSessionActive');
      }
      if (claimed.replaced !== undefined) {
        deps.sessions.forgetUser(user.uid);
        await event(exam, user.uid, 'replaced', meta);
      }
      await event(exam, user.uid, 'login', meta);
      s.bound.add(`${exam.id}:${user.uid}:${issued.loginId}`);
      return issued;
    },

    /** The exam the caller is taking now, or null (a visitor, a contest admin, no exam running for him). */
    async currentExam(user: AuthUser | undefined) {
      const found = await examOf(user);
      if (!found) return null;
      const { exam } = found;
      return {
        cid: exam.id,
        title: exam.title,
        startTime: exam.startTime.toISOString(),
        endTime: exam.endTime.toISOString(),
      };
    },

    /** Why a participant's revoked session stopped working while his exam runs (another login holds it, or an admin
     * ended it): `examSessionEnded`; nothing for anyone else (no query for a user in no exam). */
    async endedReason(uid: string) {
      const s = await current();
      const at = now();
      const running = (s.byUid.get(uid) ?? []).some((exam) => exam.startTime <= at && at < exam.endTime);
      return running ? ('examSessionEnded' as const) : undefined;
    },

    /** A contest or its registrations changed here: the next call reads the exams again (other instances within
     * `refreshMs`). */
    changed() {
      generation++;
      snapshot = undefined;
      loading = undefined;
    },
  };
};
export type ExamPolicy = ReturnType<typeof createExamPolicy>;
