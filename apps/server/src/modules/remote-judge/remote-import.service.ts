import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteOj, type RemoteProblem } from '@oj/remote-judge';
import { type ImportedRemoteProblem, problem as problemContract } from '@oj/shared';
import { AppError, badRequest } from '../../http/app-error.js';
import type { AdminProblemStore } from '../admin-problem/admin-problem-store.js';
import type { AuthUser } from '../auth/session.service.js';
import { encodeExamples } from '../problem/problem-package.import.js';
import type { ProblemLookup, ProblemRow } from '../problem/problem-queries.js';
import { type ImportImageStore, saveStatementImage, withImagesReplaced } from '../problem-import/import-image-store.js';
import type { ImageStore } from '../user/avatar.store.js';
import type { RemoteSites } from './remote-sites.js';

const OJ_KEYS = problemContract.REMOTE_OJS as readonly string[];
/** The image store's limit for statement images (the markdown upload's). */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What an import into a contest or a training needs from those modules: the admin rule and the display id checked
 * before the site is asked, the problem added after. */
export interface RemoteImportTarget {
  /** `problemId`: the problem's "<OJ>-<remoteId>" (a training shows it under that display id). */
  check(viewer: AuthUser, problemId: string): Promise<void>;
  add(pid: number, viewer: AuthUser, problemId: string): Promise<unknown>;
}

/** A site failure as the API answers it (502 for an outside site that failed). */
const siteError = (e: unknown, oj: string, remoteId: string): never => {
  if (!(e instanceof RemoteJudgeError)) throw e;
  const vars = { name: oj, problemId: remoteId, field: e.field ?? e.message };
  switch (e.failure) {
    case 'notFound':
      throw new AppError(400, 'remoteProblemNotFound', vars, 'problemId');
    case 'challenge':
      throw new AppError(502, 'remoteSiteChallenge', vars);
    case 'rateLimited':
      throw new AppError(502, 'remoteSiteRateLimited', vars);
    case 'pageChanged':
      throw new AppError(502, 'remotePageChanged', vars);
    default:
      throw new AppError(502, 'remoteSiteUnreachable', vars);
  }
};

/** Imports problems from the remote judges: the statement, limits, samples and images of the site's
 * page become "<OJ>-<remoteId>", isRemote, with the site's languages. Images go to the image store first and are
 * removed again when anything after fails; the problem and its parts are one transaction. */
export const createRemoteImportService = (deps: {
  sites: RemoteSites;
  problems: ProblemLookup;
  adminProblems: AdminProblemStore;
  images: ImageStore;
  imageRecords: ImportImageStore;
}) => {
  const siteOf = (name: string, problemId: string): { oj: RemoteOj; adapter: RemoteJudgeAdapter; remoteId: string } => {
    const oj = name.trim().toUpperCase();
    if (!OJ_KEYS.includes(oj)) throw badRequest('remoteOjUnknown', 'name', { name });
    const adapter = deps.sites[oj as RemoteOj];
    if (!adapter) throw badRequest('remoteOjNotAvailable', 'name', { name: oj });
    const remoteId = adapter.parseProblemId(problemId.trim());
    if (!remoteId) throw badRequest('remoteProblemIdInvalid', 'problemId', { name: oj, problemId });
    return { oj: oj as RemoteOj, adapter, remoteId };
  };

  /** Downloads the statement's images into the store; the markdown then names the stored copies. */
  const storeImages = async (adapter: RemoteJudgeAdapter, p: RemoteProblem, uid: string, stored: string[]) => {
    const replacements: [string, string][] = [];
    for (const url of [...new Set(p.images)]) {
      let image: { bytes: Buffer; contentType: string };
      try {
        image = await adapter.fetchImage(url);
      } catch (e) {
        if (e instanceof RemoteJudgeError && e.failure !== 'notFound') siteError(e, adapter.oj, p.remoteId);
        throw new AppError(502, 'remoteImageFailed', { url });
      }
      if (image.bytes.length > IMAGE_MAX_BYTES) throw new AppError(502, 'remoteImageFailed', { url });
      const name = await saveStatementImage({ images: deps.images, records: deps.imageRecords }, image.bytes, {
        uid,
        originalName: url.split('/').pop()?.split('?')[0] ?? '',
      });
      if (!name) throw new AppError(502, 'remoteImageFailed', { url });
      stored.push(name);
      replacements.push([url, `/api/public/img/${name}`]);
    }
    return withImagesReplaced(replacements);
  };

  const dropImages = async (names: string[]) => {
    if (!names.length) return;
    await Promise.all(names.map((name) => deps.images.remove(name)));
    await deps.imageRecords.removeImages(names);
  };

  const create = async (
    site: { oj: RemoteOj; adapter: RemoteJudgeAdapter; remoteId: string },
    viewer: AuthUser,
  ): Promise<{ row: ProblemRow; stored: string[] }> => {
    const { oj, adapter, remoteId } = site;
    let p: RemoteProblem;
    try {
      p = await adapter.importProblem(remoteId);
    } catch (e) {
      return siteError(e, oj, remoteId);
    }
    const stored: string[] = [];
    try {
      const fix = await storeImages(adapter, p, viewer.uid, stored);
      const problemId = `${oj}-${p.remoteId}`;
      const row = await deps.adminProblems.create({
        problem: {
          problemId,
          title: p.title,
          author: viewer.username,
          type: 0,
          // As stated on the site: CF-/GYM- limits are shown undoubled (shared effectiveLimits knows).
          timeLimitMs: p.timeLimitMs,
          memoryLimitMb: p.memoryLimitMb,
          description: fix(p.description),
          input: fix(p.input),
          output: fix(p.output),
          hint: fix(p.hint),
          examples: encodeExamples(p.examples),
          source: p.sourceUrl,
          auth: 1,
          isRemote: 1,
          isUploadCase: 0,
          isRemoveEndBlank: 1,
          caseVersion: String(Date.now()),
          modifiedUser: viewer.username,
        },
        languages: adapter.languages.map((l) => l.name),
        templates: [],
        tags: [],
      });
      return { row, stored };
    } catch (e) {
      await dropImages(stored);
      if (isUniqueViolation(e))
        throw badRequest('remoteProblemExists', 'problemId', { problemId: `${oj}-${remoteId}` });
      throw e;
    }
  };

  const toAnswer = (row: ProblemRow, created: boolean): ImportedRemoteProblem => ({
    pid: row.id,
    problemId: row.problemId,
    title: row.title,
    created,
  });

  return {
    /** Into the public bank: "already added" when the problem is there. */
    async importProblem(q: { name: string; problemId: string }, viewer: AuthUser) {
      const site = siteOf(q.name, q.problemId);
      const existing = await deps.problems.findByProblemId(`${site.oj}-${site.remoteId}`);
      if (existing) throw badRequest('remoteProblemExists', 'problemId', { problemId: existing.problemId });
      return toAnswer((await create(site, viewer)).row, true);
    },

    /** Into a contest or a training: the admin rule first; an existing problem is reused (HOJ does the same);
     * a problem made here is deleted again when it cannot be added. */
    async importInto(q: { name: string; problemId: string }, target: RemoteImportTarget, viewer: AuthUser) {
      const site = siteOf(q.name, q.problemId);
      const existing = await deps.problems.findByProblemId(`${site.oj}-${site.remoteId}`);
      const problemId = existing?.problemId ?? `${site.oj}-${site.remoteId}`;
      await target.check(viewer, problemId);
      const made = existing ? null : await create(site, viewer);
      const row = existing ?? (made as { row: ProblemRow }).row;
      try {
        await target.add(row.id, viewer, row.problemId);
      } catch (e) {
        if (made) {
          await deps.adminProblems.remove(row.id);
          await dropImages(made.stored);
        }
        throw e;
      }
      return toAnswer(row, !existing);
    },
  };
};
export type RemoteImportService = ReturnType<typeof createRemoteImportService>;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | undefined;
  return !!err && (err.code === '23505' || (err.cause !== undefined && isUniqueViolation(err.cause)));
};
