import crypto from 'node:crypto';
import {
  type adminProblem as contract,
  file as fileContract,
  fullScoreOf,
  isAdminRole,
  isSubtaskMode,
  LANGUAGE_NAMES,
  type Page,
  type ProblemCase,
  spreadScoresFor,
  type UploadedFile,
} from '@oj/shared';
import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import type { AuthUser } from '../auth/session.service.js';
import { toTag } from '../problem/problem.mapper.js';
import { managesAllProblems } from '../problem/problem-access.js';
import type { NewProblemCase, ProblemDetails, ProblemRow } from '../problem/problem-queries.js';

/** The groups module's rule for a group's problems (decision 0023). */
export interface GroupProblemRule {
  /** Throws (401, 403 for a stranger to its group, 404) unless the viewer may read this group problem: its group's
   * members one open to the group (auth 1), its admins every one. */
  mayRead(viewer: AuthUser | undefined, p: ProblemRow): Promise<void>;
  /** Throws unless the user may manage this group problem (its group's admins their own, its root every one). */
  mayManage(user: AuthUser, p: ProblemRow): Promise<void>;
  /** Throws unless `problemId` is a display id of the problem's group (its short name first). */
  checkDisplayId(p: ProblemRow, problemId: string): Promise<void>;
}

import { caseVersionOf } from '../problem/problem-package.import.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import type { SubmissionService } from '../submission/submission.service.js';
import type { UploadQuotaService } from '../upload/upload-quota.service.js';
import { toAdminProblem, toProblemCase } from './admin-problem.mapper.js';
import type { AdminProblemRepository, UploadRow } from './admin-problem.repository.js';
import { DEFAULT_ZIP_LIMITS, withExtractedZip, writeZip } from './safe-zip.js';
import { mayBeTestFile, pairTestFiles } from './test-data-archive.js';

type Dto = z.output<typeof contract.problemDto>;
type CompileDto = z.output<typeof contract.compileSpj.input>;

type CaseRow = NewProblemCase & { score: number; groupNum: number };

const PROBLEM_ID = /^[A-Za-z0-9_-]+$/;

/** Problem administration (HOJ's AdminProblemController and TestCaseController). */
export const createAdminProblemService = (deps: {
  repo: AdminProblemRepository;
  problems: ProblemDetails;
  store: TestDataStore;
  submissions: Pick<SubmissionService, 'compileChecker' | 'queueCheckerCompile'>;
  quota: UploadQuotaService;
  /** The group rule for a group's problems (modules/group): who may manage one. Without it group problems are
   * managed by nobody here. */
  groupProblems?: GroupProblemRule;
  now?: () => Date;
}) => {
  const { repo, store } = deps;
  const now = deps.now ?? (() => new Date());

  /** A problem this user may manage: 404 when missing, 403 when it belongs to another teacher. A group's problem
   * follows the group's rule (its admins their own, its root every one), here and in the admin area alike. */
  const managed = async (user: AuthUser, pid: number): Promise<ProblemRow> => {
    const p = await deps.problems.findById(pid);
    if (!p) throw notFound();
    if (p.isGroup === 1) {
      if (!deps.groupProblems) throw forbidden('problemNotOwned');
      await deps.groupProblems.mayManage(user, p);
      return p;
    }
    if (!isAdminRole(user.roles)) throw forbidden();
    if (!managesAllProblems(user) && p.author !== user.username) throw forbidden('problemNotOwned');
    return p;
  };

  /** The one rule for a saved checker: every save or import of a special judge or interactive problem queues a
   * compile of its checker (its judge extra files beside it) and marks it 'compiling'; the judge queue stores the
   * answer. The save does not wait for it. Any other problem has no checker state. */
  const queueCheckerCompile = async (pid: number) => {
    const p = await deps.problems.findById(pid);
    if (!p) return;
    const mode = p.judgeMode === 'spj' || p.judgeMode === 'interactive' ? p.judgeMode : null;
    if (!mode || !p.spjCode) {
      await repo.setCheckerCompiling(pid, false);
      return;
    }
    // Marked before the task exists, so a quick answer is never overwritten by 'compiling'.
    await repo.setCheckerCompiling(pid, true);
    await deps.submissions.queueCheckerCompile({
      pid,
      code: p.spjCode,
      language: p.spjLanguage ?? 'C++',
      mode,
      extraFiles: p.judgeExtraFile ?? {},
    });
  };

  const languageOfTemplate = (t: { lid?: number | null; language?: string | null }) => {
    const name = t.language ?? (t.lid ? LANGUAGE_NAMES[t.lid - 1] : undefined);
    if (!name || !(LANGUAGE_NAMES as readonly string[]).includes(name)) {
      throw badRequest('fieldInvalid', 'codeTemplates', { field: 'codeTemplates', rule: 'unknown language' });
    }
    return name;
  };

  /** The cases a saved form describes, in its order: an OI problem without scores spreads 100 points evenly (the
   * remainder adds a point to the last cases); the subtask modes need a group number on every case. */
  const buildCases = async (user: AuthUser, dto: Dto, type: number, caseMode: string, existing?: ProblemRow) => {
    type Source = { inputName: string; outputName: string; input: Stored; output: Stored };
    type Stored = { sha256: string; size: number };
    const sources: Source[] = [];
    if (dto.isUploadTestCase) {
      let available: Source[];
      if (dto.uploadTestcaseDir) {
        const upload = await repo.findUpload(dto.uploadTestcaseDir);
        if (!upload || upload.uid !== user.uid || upload.expiresAt < now()) throw badRequest('uploadExpired');
        available = upload.cases.map((c) => ({
          inputName: c.input,
          outputName: c.output,
          input: { sha256: c.inputSha256, size: c.inputSize },
          output: { sha256: c.outputSha256, size: c.outputSize },
        }));
      } else {
        // No new upload: the form rearranges or rescores the files stored already.
        const stored = existing ? await deps.problems.cases(existing.id) : [];
        available = stored.map((c) => ({
          inputName: c.inputName,
          outputName: c.outputName,
          input: { sha256: c.inputSha256, size: c.inputSize },
          output: { sha256: c.outputSha256, size: c.outputSize },
        }));
      }
      if (available.length === 0) throw badRequest('testCaseRequired', 'samples');
      const wanted = dto.samples.length ? dto.samples : available.map((a) => ({ input: a.inputName }));
      for (const s of wanted) {
        const hit = available.find((a) => a.inputName === s.input);
        if (!hit) throw badRequest('testCaseFileUnknown', 'samples', { name: s.input });
        sources.push(hit);
      }
    } else {
      if (dto.samples.length === 0) throw badRequest('testCaseRequired', 'samples');
      for (const [i, s] of dto.samples.entries()) {
        if (!s.input && !s.output) throw badRequest('testCaseEmpty', 'samples', { index: String(i + 1) });
        sources.push({
          inputName: `${i + 1}.in`,
          outputName: `${i + 1}.out`,
          input: await store.put(s.input),
          output: await store.put(s.output),
        });
      }
    }
    const samples = dto.samples.length ? dto.samples : sources.map(() => ({ score: null, groupNum: null }));
    const subtask = isSubtaskMode(caseMode);
    if (subtask && samples.some((s) => !s.groupNum)) throw badRequest('groupNumRequired', 'samples');
    const spread = spreadScoresFor(samples.slice(0, sources.length), caseMode);
    const noScores = samples.every((s) => s.score === null || s.score === undefined);
    return sources.map(
      (src, i): CaseRow => ({
        seq: i + 1,
        inputName: src.inputName,
        outputName: src.outputName,
        inputSha256: src.input.sha256,
        outputSha256: src.output.sha256,
        inputSize: src.input.size,
        outputSize: src.output.size,
        score: type === 1 && noScores ? spread[i] : (samples[i].score ?? 0),
        groupNum: samples[i].groupNum ?? 1,
      }),
    );
  };

  /** Everything of ProblemDTO but the cases, checked against the form's rules. */
  const buildParts = (dto: Dto) => {
    const judgeMode = dto.judgeMode ?? dto.problem.judgeMode ?? 'default';
    if (judgeMode !== 'default' && !dto.problem.spjCode?.trim()) throw badRequest('checkerRequired', 'spjCode');
    const seenTags = new Set<string>();
    for (const t of dto.tags) {
      const key = t.name.toLowerCase();
      if (seenTags.has(key)) throw badRequest('Add_Tag_Error', 'tags', { name: t.name });
      seenTags.add(key);
    }
    const languages = [...new Set(dto.languages.map((l) => l.name))];
    for (const l of languages) {
      if (!(LANGUAGE_NAMES as readonly string[]).includes(l)) {
        throw badRequest('fieldInvalid', 'languages', { field: 'languages', rule: `unknown language ${l}` });
      }
    }
    const templates = new Map<string, { language: string; code: string; status: number }>();
    for (const t of dto.codeTemplates) {
      const language = languageOfTemplate(t);
      if (t.status && !t.code.trim()) throw badRequest('templateEmpty', 'codeTemplates', { language });
      templates.set(language, { language, code: t.code, status: t.status ? 1 : 0 });
    }
    return { judgeMode, languages, templates: [...templates.values()], tags: dto.tags };
  };

  const checkProblemId = async (problemId: string, exceptPid?: number) => {
    if (!PROBLEM_ID.test(problemId)) throw badRequest('problemIdInvalid', 'problemId');
    if (await repo.problemIdTaken(problemId, exceptPid)) throw badRequest('problemIdTaken', 'problemId', { problemId });
  };

  const problemValues = (dto: Dto, judgeMode: string, cases: CaseRow[], user: AuthUser) => {
    const p = dto.problem;
    return {
      title: p.title,
      type: p.type,
      timeLimitMs: p.timeLimit,
      memoryLimitMb: p.memoryLimit,
      stackLimitMb: p.stackLimit,
      description: p.description,
      input: p.input,
      output: p.output,
      examples: p.examples ?? '',
      hint: p.hint ?? '',
      source: p.source ?? '',
      difficulty: p.difficulty,
      auth: p.auth,
      codeShare: p.codeShare ? 1 : 0,
      judgeMode,
      judgeCaseMode: p.judgeCaseMode,
      spjCode: judgeMode === 'default' ? null : (p.spjCode ?? null),
      spjLanguage: judgeMode === 'default' ? null : (p.spjLanguage ?? 'C++'),
      userExtraFile: p.userExtraFile,
      judgeExtraFile: p.judgeExtraFile,
      isRemoveEndBlank: p.isRemoveEndBlank ? 1 : 0,
      openCaseResult: p.openCaseResult ? 1 : 0,
      showFirstFailure: p.showFirstFailure,
      isUploadCase: dto.isUploadTestCase ? 1 : 0,
      ioScore: p.type === 1 ? fullScoreOf(cases, p.judgeCaseMode) : 100,
      // The data version moves with the files and their scoring, so judges fetch and score the new data.
      caseVersion: caseVersionOf(cases),
      modifiedUser: user.username,
    };
  };

  return {
    /** The problem when the user may manage it (the rule every problem-management endpoint uses). */
    managed,

    async list(
      user: AuthUser,
      q: { currentPage: number; limit: number; keyword?: string; auth?: number },
    ): Promise<Page<ReturnType<typeof toAdminProblem>>> {
      const { rows, total } = await repo.list({
        keyword: q.keyword?.trim() || undefined,
        // 0 is HOJ's client's "all".
        auth: q.auth || undefined,
        author: managesAllProblems(user) ? undefined : user.username,
        limit: q.limit,
        offset: (q.currentPage - 1) * q.limit,
      });
      return { records: rows.map(toAdminProblem), total, size: q.limit, current: q.currentPage };
    },

    async get(user: AuthUser, pid: number) {
      return toAdminProblem(await managed(user, pid));
    },

    async settings(user: AuthUser, pid: number) {
      const p = await managed(user, pid);
      const [languages, templates, tags] = await Promise.all([
        deps.problems.languages(p.id),
        repo.templatesOf(p.id),
        repo.tagsOf(p.id),
      ]);
      return {
        languages,
        codeTemplates: templates.map((t) => ({ language: t.language, code: t.code, status: t.status === 1 })),
        tags: tags.map(toTag),
      };
    },

    async tagsOf(pid: number) {
      const p = await deps.problems.findById(pid);
      if (!p) throw notFound();
      return (await repo.tagsOf(p.id)).map(toTag);
    },

    async cases(user: AuthUser, pid: number): Promise<ProblemCase[]> {
      const p = await managed(user, pid);
      const rows = await deps.problems.cases(p.id);
      if (p.isUploadCase === 1) return rows.map((c) => toProblemCase(c));
      // Cases entered by hand come back as their texts, as HOJ's form edits them.
      return Promise.all(
        rows.map(async (c) =>
          toProblemCase(c, {
            input: (await store.read(c.inputSha256)).toString('utf8'),
            output: (await store.read(c.outputSha256)).toString('utf8'),
          }),
        ),
      );
    },

    /** A problem of the site's bank, or of `group` (its admins checked by the caller): a group's display id starts
     * with the group's short name (prefixed when it does not) and its auth means within the group. */
    async create(user: AuthUser, dto: Dto, group?: { gid: number; shortName: string }) {
      if (!group && dto.problem.auth === 1 && !managesAllProblems(user)) throw forbidden('problemPublicForbidden');
      const parts = buildParts(dto);
      const given = dto.problem.problemId?.trim() || '';
      const wantedId =
        group && given && !given.toLowerCase().startsWith(group.shortName.toLowerCase())
          ? `${group.shortName}${given}`
          : given;
      if (wantedId) await checkProblemId(wantedId);
      const cases = await buildCases(user, dto, dto.problem.type, dto.problem.judgeCaseMode);
      const row = await repo.create({
        problem: {
          ...problemValues(dto, parts.judgeMode, cases, user),
          // An empty display id becomes P<id> (HOJ); a unique placeholder holds the row until then.
          problemId: wantedId || `TMP-${crypto.randomUUID()}`,
          author: user.username,
          ...(group ? { isGroup: 1, gid: group.gid } : {}),
        },
        cases,
        languages: parts.languages,
        templates: parts.templates,
        tags: parts.tags,
        tagGid: group?.gid ?? null,
      });
      let problemId = row.problemId;
      if (!wantedId) {
        // P<id> (HOJ), or the group's short name and the id; a display id someone chose already gets a suffix.
        const base = group ? `${group.shortName}${row.id}` : `P${row.id}`;
        problemId = base;
        for (let n = 2; await repo.problemIdTaken(problemId, row.id); n++) problemId = `${base}-${n}`;
        await repo.setProblemId(row.id, problemId);
      }
      if (dto.uploadTestcaseDir) await repo.useUpload(dto.uploadTestcaseDir, now());
      await queueCheckerCompile(row.id);
      return { pid: row.id, problemId };
    },

    async update(user: AuthUser, dto: Dto) {
      const pid = dto.problem.id;
      if (!pid) throw badRequest('fieldRequired', 'problem.id', { field: 'problem.id' });
      const existing = await managed(user, pid);
      // A problem of another group (or of the bank) is not edited from this one.
      if (dto.problem.gid && dto.problem.gid !== existing.gid) throw forbidden('problemNotOwned');
      const inGroup = existing.isGroup === 1;
      if (!inGroup && dto.problem.auth === 1 && existing.auth !== 1 && !managesAllProblems(user)) {
        throw forbidden('problemPublicForbidden');
      }
      const parts = buildParts(dto);
      const wantedId = dto.problem.problemId?.trim() || existing.problemId;
      if (wantedId !== existing.problemId) await checkProblemId(wantedId, pid);
      if (inGroup && wantedId !== existing.problemId && deps.groupProblems) {
        await deps.groupProblems.checkDisplayId(existing, wantedId);
      }
      const cases = await buildCases(user, dto, dto.problem.type, dto.problem.judgeCaseMode, existing);
      await repo.update(pid, {
        problem: { ...problemValues(dto, parts.judgeMode, cases, user), problemId: wantedId },
        cases,
        languages: parts.languages,
        templates: parts.templates,
        tags: parts.tags,
        tagGid: existing.gid,
      });
      if (dto.uploadTestcaseDir) await repo.useUpload(dto.uploadTestcaseDir, now());
      await queueCheckerCompile(pid);
      return null;
    },

    /** An imported problem's checker compile (problem-transfer.service.ts), by the same rule as a save. */
    queueCheckerCompile,

    /** At start: queues the compile of every saved checker that has no compile state yet (saved before the state was
     * kept, or a sample problem), by the same rule as a save. Returns how many. */
    async queueUncompiledCheckers() {
      const pids = await repo.problemsWithUncompiledChecker();
      for (const pid of pids) await queueCheckerCompile(pid);
      return pids.length;
    },

    async remove(user: AuthUser, pid: number) {
      await managed(user, pid);
      await repo.remove(pid);
      return null;
    },

    /** Only root and problem_admin make a problem public. */
    async changeAuth(user: AuthUser, body: { id: number; auth: number }) {
      const p = await managed(user, body.id);
      // A group problem's auth 1 is its group's, not the bank's.
      if (p.isGroup !== 1 && body.auth === 1 && !managesAllProblems(user)) throw forbidden('problemPublicForbidden');
      await repo.setAuth(p.id, body.auth, user.username);
      return null;
    },

    /** Compiles a checker or interactor on a judge (the admin waits at most 30 s). */
    async compile(user: AuthUser, mode: 'spj' | 'interactive', dto: CompileDto) {
      if (dto.pid) await managed(user, dto.pid);
      const result = await deps.submissions.compileChecker({
        code: dto.code,
        language: dto.language,
        mode,
        extraFiles: dto.extraFiles,
      });
      if (!result.ok) throw new AppError(400, 'checkerCompileFailed', { error: result.message });
      return null;
    },

    /**
     * Reads a test-data zip: its names are checked first, then its test files are streamed to a scratch directory
     * and moved into the store only once the whole archive passed (a refused archive leaves nothing). What it
     * expands to counts against the uploader's hourly quota. Answers an opaque upload id.
     */
    async uploadTestCases(user: AuthUser, file: UploadedFile, mode: string | undefined) {
      const allowed = await deps.quota.check(user, file.size);
      const limits = {
        ...DEFAULT_ZIP_LIMITS,
        maxTotalBytes: Math.min(DEFAULT_ZIP_LIMITS.maxTotalBytes, allowed),
      };
      let cases: UploadRow['cases'];
      try {
        cases = await withExtractedZip(
          file.path,
          store.scratchDir,
          {
            limits,
            // zipNoTestCase and zipTooDeep are told from the names, before anything is inflated.
            inspect: (names) => pairTestFiles(names.map((name) => ({ name }))),
            select: mayBeTestFile,
          },
          async (entries) => {
            const stored = [];
            for (const pair of pairTestFiles(entries)) {
              const { inputEntry: i, outputEntry: o } = pair;
              const input = await store.putFile(i.path, { move: true, known: i });
              const output = o ? await store.putFile(o.path, { move: true, known: o }) : await store.put('');
              stored.push({
                input: pair.input,
                output: pair.output,
                inputSha256: input.sha256,
                outputSha256: output.sha256,
                inputSize: input.size,
                outputSize: output.size,
              });
            }
            return stored;
          },
        );
      } catch (e) {
        // Over what the quota still allows, not over what any archive may hold: say so.
        if (e instanceof AppError && e.key === 'zipTooLarge' && allowed < DEFAULT_ZIP_LIMITS.maxTotalBytes) {
          throw new AppError(429, 'uploadQuotaBytes', {
            max: String(Math.round(deps.quota.limits.maxBytes / (1024 * 1024))),
          });
        }
        throw e;
      }
      const id = crypto.randomBytes(16).toString('hex');
      await repo.saveUpload({
        id,
        uid: user.uid,
        cases,
        expiresAt: new Date(now().getTime() + fileContract.UPLOAD_LIMITS.uploadTtlMs),
      });
      const subtask = !!mode && isSubtaskMode(mode);
      return {
        fileList: cases.map((c) => ({ input: c.input, output: c.output, ...(subtask ? { groupNum: 1 } : {}) })),
        fileListDir: id,
      };
    },

    /** Root, problem_admin and the author. */
    async downloadTestCases(user: AuthUser, pid: number): Promise<BinaryAnswer> {
      const p = await managed(user, pid);
      const rows = await deps.problems.cases(p.id);
      const files = [];
      for (const c of rows) {
        files.push({ name: c.inputName, data: await store.read(c.inputSha256) });
        files.push({ name: c.outputName, data: await store.read(c.outputSha256) });
      }
      return {
        body: await writeZip(files),
        contentType: 'application/zip',
        filename: `problem_${p.problemId}_testcase.zip`,
      };
    },
  };
};
export type AdminProblemService = ReturnType<typeof createAdminProblemService>;
