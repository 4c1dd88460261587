import { type Clarification, EXAM, type Locale, type Page } from '@oj/shared';
import { AppError, badRequest, forbidden } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { csvFile } from '../../lib/csv.js';
import { type Logger, logger } from '../../lib/logger.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ClarificationAudience } from '../live/live.service.js';
import type { ClarificationRepository, ClarificationRow } from './clarification.repository.js';
import { contestStatusAt } from './contest.mapper.js';
import type { ContestService, LoadedContest } from './contest.service.js';

/** Field by field; the asker's name only for the asker and the contest's admins (`named`). */
const toClarification = (r: ClarificationRow, named: boolean): Clarification => ({
  id: r.id,
  cid: r.cid,
  pid: r.pid,
  displayId: r.pid === null ? null : (r.displayId ?? null),
  problemTitle: r.pid === null ? null : (r.problemTitle ?? null),
  username: named ? (r.username ?? null) : null,
  broadcast: r.uid === null,
  content: r.content,
  answer: r.answer,
  toAll: r.toAll === 1,
  gmtAnswered: r.answeredAt?.toISOString() ?? null,
  gmtCreate: r.gmtCreate.toISOString(),
});

const CSV_LABELS: Record<Locale, string[]> = {
  'zh-CN': ['编号', '时间', '题目', '提问者', '问题', '回答', '对所有人公开', '回答时间'],
  'en-US': ['ID', 'Time', 'Problem', 'Asker', 'Question', 'Answer', 'To all', 'Answered at'],
};
const YES_NO: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };

/** A contest's questions and answers (decision 0055), for any contest, exam or not. Participants ask while it runs
 * (`EXAM.clarificationsPerWindow` per `EXAM.clarificationWindowMs`) and see their own and those answered to all; the
 * contest's admins (contest-access.ts, `managesContest`) see, answer, broadcast and export them all. Every change is
 * told on the contest's event streams (live.service.ts). */
export const createClarificationService = (deps: {
  repo: ClarificationRepository;
  contests: Pick<ContestService, 'load' | 'checkViewAccess' | 'takePartRefusal' | 'isContestAdmin'>;
  /** Tells the contest's streams (live.service.ts publishClarification). */
  tell: (cid: number, id: number, audience: ClarificationAudience) => Promise<void>;
  now?: () => Date;
  log?: Logger;
}) => {
  const { repo, contests } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? logger.child({ module: 'clarifications' });

  /** The write is done: a stream that misses the event finds it on its page's next read. */
  const tell = async (cid: number, id: number, audience: ClarificationAudience) => {
    await deps.tell(cid, id, audience).catch((err) => log.error({ err }, 'cannot tell a clarification'));
  };

  /** The contest as its admin meets it: 404 where the viewer may not see it, 403 for anyone else. */
  const managed = async (cid: number, viewer: AuthUser) => {
    const c = await contests.load(cid, viewer);
    if (!contests.isContestAdmin(c, viewer)) throw forbidden();
    return c;
  };

  const checkProblem = async (c: LoadedContest, pid: number | null) => {
    if (pid !== null && !(await repo.problemInContest(c.id, pid))) {
      throw badRequest('clarificationProblemNotInContest', 'pid');
    }
  };

  const shown = async (id: number, named: boolean) => {
    const row = await repo.byId(id);
    if (!row) throw new AppError(404, 'clarificationNotFound');
    return toClarification(row, named);
  };

  return {
    /** A viewer who may take part asks while the contest runs (its admins at any time). */
    async ask(input: { cid: number; pid?: number | null; content: string }, viewer: AuthUser) {
      const c = await contests.load(input.cid, viewer);
      if (!contests.isContestAdmin(c, viewer)) {
        await contests.checkViewAccess(c, viewer);
        const refusal = await contests.takePartRefusal(c, viewer);
        if (refusal) throw forbidden(refusal);
        if (contestStatusAt(c, now()) === 1) throw forbidden('contestEnded');
      }
      const pid = input.pid ?? null;
      await checkProblem(c, pid);
      const at = now();
      const asked = await repo.ask(
        { cid: c.id, pid, uid: viewer.uid, content: input.content, at },
        { count: EXAM.clarificationsPerWindow, since: new Date(at.getTime() - EXAM.clarificationWindowMs) },
      );
      if ('oldest' in asked) {
        const waitMs = asked.oldest.getTime() + EXAM.clarificationWindowMs - at.getTime();
        throw new AppError(429, 'clarificationTooFrequent', {
          minutes: String(Math.max(1, Math.ceil(waitMs / 60_000))),
        });
      }
      await tell(c.id, asked.id, { to: 'admins' });
      return shown(asked.id, true);
    },

    /** The viewer's own questions and those answered to all, newest first; the contest's admins see every question,
     * unanswered first. */
    async list(q: { cid: number; currentPage: number; limit: number }, viewer: AuthUser): Promise<Page<Clarification>> {
      const c = await contests.load(q.cid, viewer);
      await contests.checkViewAccess(c, viewer);
      const admin = contests.isContestAdmin(c, viewer);
      const { rows, total } = await repo.page(
        c.id,
        admin ? undefined : viewer.uid,
        (q.currentPage - 1) * q.limit,
        q.limit,
      );
      return {
        records: rows.map((r) => toClarification(r, admin || r.uid === viewer.uid)),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    /** A contest admin answers a question, privately or to all; answering again replaces the answer. A broadcast is
     * no question: it cannot be answered (404). */
    async answer(input: { id: number; answer: string; toAll: boolean }, viewer: AuthUser) {
      const row = await repo.byId(input.id);
      if (!row?.uid) throw new AppError(404, 'clarificationNotFound');
      const c = await managed(row.cid, viewer);
      if (!(await repo.answer(row.id, { answer: input.answer, toAll: input.toAll, by: viewer.uid, at: now() }))) {
        throw new AppError(404, 'clarificationNotFound');
      }
      await tell(c.id, row.id, input.toAll ? { to: 'all' } : { to: 'asker', uid: row.uid });
      return shown(row.id, true);
    },

    /** A contest admin tells every viewer of the contest something unasked. */
    async broadcast(input: { cid: number; pid?: number | null; content: string }, viewer: AuthUser) {
      const c = await managed(input.cid, viewer);
      const pid = input.pid ?? null;
      await checkProblem(c, pid);
      const id = await repo.broadcast({ cid: c.id, pid, content: input.content, by: viewer.uid, at: now() });
      await tell(c.id, id, { to: 'all' });
      return shown(id, true);
    },

    /** Every clarification of the contest as CSV in the caller's language, oldest first (its admins). */
    async export(cid: number, viewer: AuthUser, locale: Locale): Promise<BinaryAnswer> {
      const c = await managed(cid, viewer);
      const [yes, no] = YES_NO[locale];
      const rows = (await repo.all(c.id)).map((r) => [
        r.id,
        r.gmtCreate.toISOString(),
        r.pid === null ? null : (r.displayId ?? null),
        r.username ?? null,
        r.content,
        r.answer,
        r.toAll === 1 ? yes : no,
        r.answeredAt?.toISOString() ?? null,
      ]);
      return {
        body: csvFile([CSV_LABELS[locale], ...rows]),
        contentType: 'text/csv; charset=utf-8',
        filename: `contest_${c.id}_clarifications.csv`,
      };
    },
  };
};
export type ClarificationService = ReturnType<typeof createClarificationService>;
