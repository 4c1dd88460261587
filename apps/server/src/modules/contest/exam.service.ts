import { EXAM_EVENT_KINDS, type ExamEvent, type ExamEventKind, type ExamParticipant } from '@oj/shared';
import { forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser, ClientMeta, SessionService } from '../auth/session.service.js';
import type { ContestService } from './contest.service.js';
import type { ExamRepository } from './exam.repository.js';
import type { ExamPolicy } from './exam-policy.js';

/** The events an admin's list shows at most. */
const EVENTS_SHOWN = 500;

const kindOf = (k: string): ExamEventKind => EXAM_EVENT_KINDS.find((x) => x === k) ?? 'login';

/** The exam's endpoints (decision 0055, contract/exam.ts): the contest admins' view of the participants' sessions
 * and its events, ending one participant's session, and the caller's current exam. The rules themselves are the
 * policy's (exam-policy.ts). */
export const createExamService = (deps: {
  repo: ExamRepository;
  policy: ExamPolicy;
  /** Forgets the sessions an ended exam session revoked. */
  sessions: Pick<SessionService, 'forgetUser'>;
  contests: Pick<ContestService, 'load' | 'isContestAdmin'>;
  now?: () => Date;
}) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The contest, if the caller is one of its admins (404 unknown or hidden from him, 403 otherwise). */
  const administered = async (cid: number, viewer: AuthUser) => {
    const c = await deps.contests.load(cid, viewer);
    if (!deps.contests.isContestAdmin(c, viewer)) throw forbidden();
    return c;
  };

  return {
    async sessions(cid: number, viewer: AuthUser) {
      const c = await administered(cid, viewer);
      const at = now();
      const [rows, events] = await Promise.all([repo.participants(c.id, at), repo.events(c.id, EVENTS_SHOWN)]);
      return {
        participants: rows.map(
          (r): ExamParticipant => ({
            uid: r.uid,
            username: r.username,
            realname: r.realname ?? null,
            active: !!r.live && r.endedAt === null,
            ip: r.ip ?? null,
            since: r.boundAt ? r.boundAt.toISOString() : null,
          }),
        ),
        events: events.map(
          (e): ExamEvent => ({
            id: e.id,
            username: e.username,
            kind: kindOf(e.kind),
            ip: e.ip,
            userAgent: e.userAgent,
            gmtCreate: e.gmtCreate.toISOString(),
          }),
        ),
      };
    },

    /** Ends a participant's session: his sessions revoked, the binding cleared (event ended, from the admin's
     * address); his next login holds the exam under either policy. */
    async endSession(q: { cid: number; uid: string }, viewer: AuthUser, meta: ClientMeta) {
      const c = await administered(q.cid, viewer);
      if (!(await repo.isRegistered(c.id, q.uid))) throw notFound();
      const at = now();
      await repo.end(c.id, q.uid, at);
      deps.sessions.forgetUser(q.uid);
      await repo.addEvent({ cid: c.id, uid: q.uid, kind: 'ended', ip: meta.ip, userAgent: meta.userAgent, at });
      return null;
    },

    currentExam: (viewer: AuthUser | undefined) => deps.policy.currentExam(viewer),
  };
};
export type ExamService = ReturnType<typeof createExamService>;
