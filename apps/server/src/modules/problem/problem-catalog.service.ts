import {
  effectiveLimits,
  JUDGE_STATUS,
  LANGUAGE_NAMES,
  type Language,
  type Page,
  type ProblemListItem,
  problem as problemContract,
} from '@oj/shared';
import { badRequest, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import type { GroupProblemRule } from '../admin-problem/admin-problem.service.js';
import type { AuthUser } from '../auth/session.service.js';
import type { JudgeQueue } from '../judge/judge-queue.service.js';
import { type RemoteSites, remoteLanguageOf, remoteProblemOf } from '../remote-judge/remote-sites.js';
import type { ProblemSubmissionQueries } from '../submission/submission-queries.js';
import { toCounts, toPublicProblem, toTag } from './problem.mapper.js';
import type { ProblemRepository, ProblemRow } from './problem.repository.js';
import { mayReadProblem } from './problem-access.js';
import type { ProblemCatalogRepository } from './problem-catalog.repository.js';

const RECENT_UPDATED = 10;

/** `oj` of the tag endpoints: the local bank is `ME` (HOJ), which the client may also call Mine. */
const tagBank = (oj: string | undefined) => {
  const key = (oj ?? 'ME').toUpperCase();
  return key === 'MINE' || key === 'ALL' || key === '' ? 'ME' : key;
};

const languageVo = (name: string): Language => {
  const index = (LANGUAGE_NAMES as readonly string[]).indexOf(name);
  const info = problemContract.LANGUAGE_INFO[name as keyof typeof problemContract.LANGUAGE_INFO];
  return {
    id: index >= 0 ? index + 1 : 1000 + name.length,
    contentType: info?.contentType ?? 'text/plain',
    description: info?.description ?? name,
    name,
    compileCommand: '',
    template: '',
    codeTemplate: '',
    isSpj: name === 'C' || name === 'C++',
    oj: 'ME',
    seq: index >= 0 ? LANGUAGE_NAMES.length - index : 0,
  };
};

/** Known languages first in the table's order, then anything else a judge declared. */
const sortLanguages = (names: string[]) => {
  const order = (n: string) => {
    const i = (LANGUAGE_NAMES as readonly string[]).indexOf(n);
    return i >= 0 ? i : LANGUAGE_NAMES.length;
  };
  return [...new Set(names)].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
};

/** The public problem pages: the problem list and a problem's detail. */
export const createProblemCatalogService = (deps: {
  catalog: ProblemCatalogRepository;
  problems: ProblemRepository;
  submissionsQuery: ProblemSubmissionQueries;
  queue: JudgeQueue;
  /** A group's problems are read by the group's rule (decision 0023); without it nobody reads them here. */
  groupProblems?: Pick<GroupProblemRule, 'mayRead'>;
  /** The remote judges: a remote problem offers its site's languages. */
  remoteSites?: RemoteSites;
}) => {
  const { catalog } = deps;

  /** A remote problem's languages: its site's (stored at import), while the site is on offer: some worker has declared
   * it (the remote catalogue, decision 0036), also while no worker is connected; a submission then waits as Pending. */
  const remoteOffered = async (p: ProblemRow) => {
    const remote = remoteProblemOf(p.problemId);
    if (!remote) return [];
    if (!(await deps.queue.offeredRemote()).includes(remote.oj)) return [];
    return catalog.languages(p.id);
  };
  /** The site's language as the selector shows it: the site's name, the editor mode of the local language. */
  const remoteLanguageVo = (p: ProblemRow) => {
    const remote = remoteProblemOf(p.problemId);
    return (name: string, i: number, all: string[]): Language => {
      const local = remote && deps.remoteSites ? remoteLanguageOf(deps.remoteSites, remote.oj, name)?.local : undefined;
      return {
        ...languageVo(local ?? name),
        id: 2000 + i,
        name,
        description: name,
        isSpj: false,
        oj: remote?.oj ?? 'ME',
        seq: all.length - i,
      };
    };
  };

  /** A problem the viewer may read (problem-access.ts), by display id (string) or numeric id; 404 otherwise, also
   * for hidden ones. */
  const visibleProblem = async (ref: string | number, viewer: AuthUser | undefined): Promise<ProblemRow> => {
    let p: ProblemRow | undefined;
    if (typeof ref === 'number') p = await deps.problems.findById(ref);
    else {
      p = await deps.problems.findByProblemId(ref);
      if (!p && /^\d+$/.test(ref) && Number(ref) <= 2_147_483_647) p = await deps.problems.findById(Number(ref));
    }
    if (!p) throw notFound();
    if (p.isGroup === 1) {
      if (!deps.groupProblems) throw notFound();
      await deps.groupProblems.mayRead(viewer, p);
    } else if (!mayReadProblem(p, viewer)) throw notFound();
    return p;
  };

  /** Languages a user may submit in: the problem's (all when it lists none) that are on offer, i.e. some judge has
   * declared them (decision 0036; a live judge is not needed: the submission waits as Pending for one). */
  const offeredFor = async (p: ProblemRow) => {
    if (p.isRemote === 1) return remoteOffered(p);
    const offered = await deps.queue.offeredLanguages();
    const own = await catalog.languages(p.id);
    return sortLanguages(own.length ? own.filter((l) => offered.includes(l)) : offered);
  };

  /** The one rule of a submit's or test run's language, for the bank, contests and trainings alike (decision 0036):
   * a language the problem does not list is refused (languageNotAllowed), one no judge ever declared, or that left
   * the catalogue, too (languageNotOffered); any other is taken and waits for a judge that runs it. */
  const checkLanguage = async (p: ProblemRow, language: string) => {
    if ((await offeredFor(p)).includes(language)) return;
    const own = await catalog.languages(p.id);
    if (own.length && !own.includes(language)) throw badRequest('languageNotAllowed', 'language');
    throw badRequest('languageNotOffered', 'language');
  };

  /** The limits the judge applies in each of `names` (`effectiveLimits`), as every problem page shows them: the bank's,
   * a group's, a training's and a contest's. A remote problem's languages are the site's names ("G++",
   * "C++14 (gcc 8.3)"): C/C++ is decided by the local language each maps to (decision 0030), as the site states one
   * limit for C/C++ and twice it for others. */
  const languageLimits = (p: ProblemRow, names: readonly string[]) => {
    const limits = { timeLimitMs: p.timeLimitMs, memoryLimitMb: p.memoryLimitMb };
    const remote = p.isRemote === 1 ? remoteProblemOf(p.problemId) : null;
    const localOf = (name: string) =>
      remote && deps.remoteSites ? (remoteLanguageOf(deps.remoteSites, remote.oj, name)?.local ?? name) : name;
    return Object.fromEntries(
      names.map((l) => {
        const e = effectiveLimits(p.problemId, localOf(l), limits);
        return [l, { timeLimit: e.timeLimitMs, memoryLimit: e.memoryLimitMb }];
      }),
    );
  };

  const languagesOf = async (p: ProblemRow) =>
    p.isRemote === 1 ? (await offeredFor(p)).map(remoteLanguageVo(p)) : (await offeredFor(p)).map(languageVo);

  return {
    visibleProblem,
    offeredFor,
    checkLanguage,
    languageLimits,

    async list(q: {
      currentPage: number;
      limit: number;
      keyword?: string;
      difficulty?: number;
      oj?: string;
      tagId: number[];
    }): Promise<Page<ProblemListItem>> {
      const oj = q.oj?.toUpperCase();
      const bank =
        !oj || oj === 'ALL'
          ? undefined
          : (problemContract.REMOTE_OJS as readonly string[]).includes(oj)
            ? { remote: oj }
            : ('local' as const);
      const { total, rows } = await catalog.page({
        keyword: q.keyword?.trim() || undefined,
        difficulty: q.difficulty,
        bank,
        tagIds: q.tagId,
        offset: (q.currentPage - 1) * q.limit,
        limit: q.limit,
      });
      const tagMap = await catalog.tagsOf(rows.map((r) => r.pid));
      return {
        records: rows.map((r) => ({
          pid: r.pid,
          problemId: r.problemId,
          title: r.title,
          difficulty: r.difficulty,
          type: r.type,
          tags: (tagMap.get(r.pid) ?? []).map(toTag),
          ...toCounts(r.counts),
          score: null,
        })),
        total,
        size: q.limit,
        current: q.currentPage,
      };
    },

    async allTags(oj: string | undefined) {
      return (await catalog.tags(tagBank(oj))).map(toTag);
    },

    /** Tags grouped by classification (ordered by rank); tags of no classification come last, under null. */
    async tagsAndClassification(oj: string | undefined) {
      const bank = tagBank(oj);
      const [classes, all] = await Promise.all([catalog.classifications(bank), catalog.tags(bank)]);
      const groups = classes.map((c) => ({
        classification: {
          id: c.id,
          name: c.name,
          oj: c.oj,
          rank: c.rank,
          gmtCreate: c.gmtCreate.toISOString(),
          gmtModified: c.gmtModified.toISOString(),
        },
        tagList: all.filter((t) => t.tcid === c.id).map(toTag),
      }));
      const known = new Set(classes.map((c) => c.id));
      const loose = all.filter((t) => t.tcid === null || !known.has(t.tcid)).map(toTag);
      return loose.length ? [...groups, { classification: null, tagList: loose }] : groups;
    },

    async userProblemStatus(uid: string, pids: number[]) {
      const unique = [...new Set(pids)];
      const rows = await deps.submissionsQuery.statusByProblem(uid, unique);
      const out: Record<string, { status: number; score: number | null }> = {};
      for (const pid of unique) out[pid] = { status: JUDGE_STATUS.NOT_SUBMITTED, score: null };
      for (const r of rows) out[r.pid] = { status: r.status, score: r.score };
      return out;
    },

    async random() {
      const problemId = await catalog.randomPublic();
      if (!problemId) throw notFound();
      return { problemId };
    },

    async detail(problemId: string, viewer: AuthUser | undefined) {
      const p = await visibleProblem(problemId, viewer);
      const [tagMap, counts, templates, languages] = await Promise.all([
        catalog.tagsOf([p.id]),
        catalog.counts(p.id),
        catalog.templates(p.id),
        catalog.languages(p.id),
      ]);
      const names = sortLanguages(languages);
      return {
        problem: toPublicProblem(p),
        tags: (tagMap.get(p.id) ?? []).map(toTag),
        languages: names,
        problemCount: { pid: p.id, ...toCounts(counts) },
        codeTemplate: Object.fromEntries(templates.filter((t) => t.status === 1).map((t) => [t.language, t.code])),
        languageLimits: languageLimits(p, names),
      };
    },

    async codeTemplates(pid: number, viewer: AuthUser | undefined) {
      const p = await visibleProblem(pid, viewer);
      return (await catalog.templates(p.id))
        .filter((t) => t.status === 1)
        .map((t) => ({ id: t.id, pid: t.pid, language: t.language, code: t.code, status: t.status === 1 }));
    },

    /** `all`: every language the site knows; `pid`: what that problem accepts now; neither: what judges offer. */
    async languages(q: { pid?: number; all?: boolean }, viewer: AuthUser | undefined) {
      if (q.all) return sortLanguages([...LANGUAGE_NAMES]).map(languageVo);
      if (q.pid !== undefined) return languagesOf(await visibleProblem(q.pid, viewer));
      return sortLanguages(await deps.queue.offeredLanguages()).map(languageVo);
    },

    async problemLanguages(pid: number, viewer: AuthUser | undefined) {
      return languagesOf(await visibleProblem(pid, viewer));
    },

    async lastAcCode(uid: string, pid: number, cid: number | undefined, viewer: AuthUser) {
      const p = await visibleProblem(pid, viewer);
      const row = await deps.submissionsQuery.lastAccepted(uid, p.id, cid ?? 0);
      if (!row) throw badRequest('noAcceptedCode');
      return row;
    },

    async recentUpdated() {
      return (await catalog.recentlyUpdated(RECENT_UPDATED)).map((r) => ({
        id: r.id,
        problemId: r.problemId,
        title: r.title,
        type: r.type,
        gmtCreate: r.gmtCreate.toISOString(),
        gmtModified: r.gmtModified.toISOString(),
      }));
    },

    /** One annex file, always as an attachment of type octet-stream (never rendered by the browser). */
    async annex(problemId: string, name: string, viewer: AuthUser | undefined): Promise<BinaryAnswer> {
      const p = await visibleProblem(problemId, viewer);
      const files = p.userExtraFile ?? {};
      if (!Object.hasOwn(files, name)) throw notFound();
      return { body: Buffer.from(files[name]), contentType: 'application/octet-stream', filename: name };
    },
  };
};
export type ProblemCatalogService = ReturnType<typeof createProblemCatalogService>;
