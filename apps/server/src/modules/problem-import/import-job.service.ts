import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import {
  fullScoreOf,
  type ImportJob,
  isMessageKey,
  isRoot,
  LANGUAGE_NAMES,
  type Locale,
  type PackageCheckReport,
  type PackageFileForWorker,
  type PackageReport,
  type ProblemSolution,
  type SolutionTag,
  type UploadedFile,
} from '@oj/shared';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import { type ExtractedEntry, readExtracted, withExtractedZip } from '../admin-problem/safe-zip.js';
import type { AuthUser } from '../auth/session.service.js';
import type { JudgeQueue, PackagePayload } from '../judge/judge-queue.service.js';
import { caseVersionOf, encodeExamples } from '../problem/problem-package.import.js';
import type { ProblemGraph, ProblemRow, ProblemWriter } from '../problem/problem-queries.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import { isZipFile } from '../upload/uploaded-file.js';
import type { ImageStore } from '../user/avatar.store.js';
import { type ImportImageStore, saveStatementImage, withImagesReplaced } from './import-image-store.js';
import type { ImportJobRepository, ImportJobRow, NewProblemSolution } from './import-job.repository.js';
import { normalizeData } from './import-text.js';
import { readPolygonPackage } from './polygon-format.js';
import { type ImportNote, type PolygonPackage, type PolygonProgram, renderImportNote } from './polygon-package.js';
import { polygonScoring } from './polygon-scoring.js';

/** What a Polygon import keeps until its package task reports: the problem without its cases, each test's score and
 * group, the reference solutions, and the statement images it stored (removed again when the job fails). */
interface PolygonPlan {
  graph: Omit<ProblemGraph, 'cases'>;
  cases: { score: number; groupNum: number }[];
  solutions: NewProblemSolution[];
  images: string[];
}

/** Why a job failed, as it is stored: the judge's reasons (message keys of packages/shared/src/messages.ts; one the
 * server does not know is kept as the task's reason), or why the task itself ended without a report. */
const failureOf = (task: { state: string; lastError: string | null }, report: PackageReport | null): ImportNote[] => {
  if (task.state === 'failed' || !report)
    return [
      task.lastError
        ? { key: 'importJobTaskFailedBecause', vars: { reason: task.lastError } }
        : { key: 'importJobTaskFailed' },
    ];
  return report.errors.map((e) =>
    isMessageKey(e.key) ? { key: e.key, vars: e.vars } : { key: 'importJobTaskFailedBecause', vars: { reason: e.key } },
  );
};
const renderErrors = (errors: ImportNote[], locale: Locale) => errors.map((e) => renderImportNote(e, locale));

/** CRLF (and lone CR) to LF while streaming, as Polygon's own scripts normalise Windows packages. */
const lineEndings = () => {
  let pendingCr = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let s = chunk.toString('latin1');
      if (pendingCr) s = `\r${s}`;
      pendingCr = s.endsWith('\r');
      if (pendingCr) s = s.slice(0, -1);
      done(null, Buffer.from(s.replace(/\r\n?/g, '\n'), 'latin1'));
    },
    flush(done) {
      done(null, pendingCr ? Buffer.from('\n') : undefined);
    },
  });
};

/** Background imports run on a judge (decision 0054): a Polygon package is read and checked at once, its files are
 * stored, and a package task makes and checks its tests; the problem is made in one transaction when the task
 * reports without errors. A failed job leaves no problem (its stored files are collected as unreferenced). */
export const createImportJobService = (deps: {
  repo: ImportJobRepository;
  store: TestDataStore;
  images: ImageStore;
  imageRecords: ImportImageStore;
  queue: Pick<JudgeQueue, 'enqueue'>;
  problems: ProblemWriter;
  /** Queues the new problem's checker compile (the rule of a save). */
  queueCheckerCompile?: (pid: number) => Promise<void>;
  /** The problem when the user may manage it (admin-problem.service.ts `managed`): its solutions and its check. */
  managed: (user: AuthUser, pid: number) => Promise<ProblemRow>;
}) => {
  const { repo, store } = deps;

  const putEntry = async (entry: ExtractedEntry): Promise<PackageFileForWorker> => {
    const stored = await store.putStream(fs.createReadStream(entry.path).pipe(lineEndings()));
    return { name: entry.name, ...stored };
  };
  const textOf = async (entry: ExtractedEntry) => normalizeData((await readExtracted(entry)).toString('utf8'));

  /** Statement images become site images; the statement's references point to them. */
  const storeImages = async (pkg: PolygonPackage, uid: string, notes: ImportNote[]) => {
    const names: string[] = [];
    const replacements: [string, string][] = [];
    for (const img of pkg.images) {
      const name = await saveStatementImage(
        { images: deps.images, records: deps.imageRecords },
        await readExtracted(img.entry),
        { uid, originalName: img.name },
      );
      if (!name) {
        notes.push({ key: 'polygonNoteImageNotImage', vars: { image: img.name } });
        continue;
      }
      names.push(name);
      // The statement writes a space in a name as %20.
      for (const written of new Set([img.name, img.name.replace(/ /g, '%20')]))
        replacements.push([`](${written})`, `](/api/public/img/${name})`]);
    }
    return { names, fix: withImagesReplaced(replacements) };
  };

  const planOf = async (pkg: PolygonPackage, importer: { uid: string; username: string }, notes: ImportNote[]) => {
    const images = await storeImages(pkg, importer.uid, notes);
    const scoring = polygonScoring(pkg.tests, pkg.groups);
    const judge = pkg.interactor ?? pkg.checker;
    const judgeExtraFile: Record<string, string> = {};
    for (const r of pkg.resources) judgeExtraFile[path.posix.basename(r.path)] = await textOf(r.entry);
    const solutions: NewProblemSolution[] = [];
    for (const s of pkg.solutions)
      solutions.push({ name: s.path, language: s.language, code: await textOf(s.entry), tag: s.tag });
    const validator = pkg.validator && { code: await textOf(pkg.validator.entry), language: pkg.validator.language };
    const plan: PolygonPlan = {
      graph: {
        problem: {
          problemId: pkg.shortName,
          title: pkg.title.trim().slice(0, 255) || pkg.shortName,
          author: importer.username,
          modifiedUser: importer.username,
          type: scoring.type,
          timeLimitMs: pkg.timeLimitMs,
          memoryLimitMb: pkg.memoryLimitMb,
          stackLimitMb: 128,
          description: images.fix(pkg.statement.description),
          input: images.fix(pkg.statement.input),
          output: images.fix(pkg.statement.output),
          examples: encodeExamples(pkg.examples),
          hint: images.fix(pkg.statement.hint),
          source: '',
          difficulty: 0,
          ioScore: scoring.type === 1 ? fullScoreOf(scoring.cases, scoring.judgeCaseMode) : 100,
          judgeMode: pkg.interactor ? 'interactive' : pkg.checker ? 'spj' : 'default',
          judgeCaseMode: scoring.judgeCaseMode,
          // The checker or interactor is testlib C++ (its header is the site's judge header, decision 0040).
          spjCode: judge ? await textOf(judge.entry) : null,
          spjLanguage: judge ? (judge.language.startsWith('C++') ? 'C++' : 'C') : null,
          judgeExtraFile,
          userExtraFile: {},
          isRemoveEndBlank: 1,
          auth: 1,
          codeShare: 1,
          openCaseResult: 1,
          isUploadCase: 1,
          caseVersion: '',
          validatorCode: validator?.code ?? null,
          validatorLanguage: validator?.language ?? null,
        },
        languages: [...LANGUAGE_NAMES],
        codeTemplates: {},
        tagNames: [],
      },
      cases: scoring.cases,
      solutions,
      images: images.names,
    };
    return plan;
  };

  const program = async (p: PolygonProgram) => ({
    name: p.path,
    language: p.language,
    source: await putEntry(p.entry),
  });

  /** The package task's payload, every file stored by its hash. */
  const payloadOf = async (pkg: PolygonPackage): Promise<Omit<PackagePayload, 'jobId'>> => ({
    timeLimitMs: pkg.timeLimitMs,
    memoryLimitMb: pkg.memoryLimitMb,
    resources: await Promise.all(pkg.resources.map((r) => putEntry(r.entry))),
    generators: await Promise.all(pkg.generators.map(async (g) => ({ ...(await program(g)), name: g.name }))),
    validator: pkg.validator && (await program(pkg.validator)),
    checker: pkg.checker && (await program(pkg.checker)),
    interactor: pkg.interactor && (await program(pkg.interactor)),
    solutions: await Promise.all(pkg.solutions.map(async (s) => ({ ...(await program(s)), tag: s.tag }))),
    tests: await Promise.all(
      pkg.tests.map(async (t) => ({
        index: t.index,
        input: t.input && (await putEntry(t.input)),
        cmd: t.cmd,
        answer: t.answer && (await putEntry(t.answer)),
        group: t.group,
      })),
    ),
    check: true,
    rejectInvalidTests: true,
  });

  const filesOf = (p: Omit<PackagePayload, 'jobId'>) => {
    const all = [
      ...p.resources,
      ...[...p.generators, ...p.solutions, p.validator, p.checker, p.interactor].flatMap((x) => (x ? [x.source] : [])),
      ...p.tests.flatMap((t) => [t.input, t.answer].flatMap((f) => (f ? [f] : []))),
    ];
    return [...new Set(all.map((f) => f.sha256))];
  };

  /** A failed job's values: its plan goes, and the stored test data is collected once nothing refers to it. */
  const failed = (errors: ImportNote[], report?: PackageReport) => ({
    status: 'failed' as const,
    stage: 'failed' as const,
    errors,
    report: report ?? null,
    plan: null,
    files: [],
  });

  /** Makes the problem of a job whose task reported without errors, in the job's transaction. */
  const makeProblem = async (tx: Tx, plan: PolygonPlan, report: PackageReport, takenId: boolean) => {
    const cases = report.tests.map((t, i) => ({
      seq: i + 1,
      inputName: `${t.index}.in`,
      outputName: `${t.index}.out`,
      inputSha256: t.inputSha256,
      outputSha256: t.answerSha256,
      inputSize: t.inputSize,
      outputSize: t.answerSize,
      score: plan.cases[i]?.score ?? 0,
      groupNum: plan.cases[i]?.groupNum ?? 1,
    }));
    const graph: ProblemGraph = {
      ...plan.graph,
      problem: {
        ...plan.graph.problem,
        problemId: takenId ? `TMP-${crypto.randomUUID()}` : plan.graph.problem.problemId,
        caseVersion: caseVersionOf(cases),
      },
      cases,
    };
    let row = await deps.problems.create(graph, tx);
    if (takenId) row = await deps.problems.setProblemId(row.id, `P${row.id}`, tx);
    await repo.insertSolutions(tx, row.id, plan.solutions);
    return row;
  };

  /** Finishes a running job whose task has ended: idempotent (the job row is locked; a finished job is left as it
   * is), so the report's route, a poll and the sweep may all call it. */
  const finish = async (jobId: number) => {
    const before = await repo.find(jobId);
    if (!before || before.job.status !== 'running' || before.job.taskId === null) return;
    const wanted = (before.job.plan as PolygonPlan | null)?.graph.problem.problemId ?? '';
    const takenId = !wanted || !/^[A-Za-z0-9_-]{1,50}$/.test(wanted) || !!(await deps.problems.findByProblemId(wanted));
    let made: number | undefined;
    let dropImages: string[] = [];
    await repo.transaction(async (tx) => {
      const job = await repo.lock(tx, jobId);
      if (!job || job.status !== 'running' || job.taskId === null) return;
      const task = await repo.taskOutcome(tx, job.taskId);
      if (!task || (task.state !== 'done' && task.state !== 'failed')) return;
      const report = task.result as PackageReport | null;
      const errors = failureOf(task, report);
      if (errors.length) {
        dropImages = (job.plan as PolygonPlan | null)?.images ?? [];
        await repo.update(tx, jobId, failed(errors, report ?? undefined));
        return;
      }
      if (job.kind === 'polygon') {
        const row = await makeProblem(tx, job.plan as PolygonPlan, report as PackageReport, takenId);
        made = row.id;
        const notes = [...job.notes];
        if (takenId && wanted) {
          notes.push({ key: 'polygonNoteDisplayIdTaken', vars: { wanted, problemId: row.problemId } });
        }
        await repo.update(tx, jobId, {
          status: 'done',
          progress: 100,
          stage: 'done',
          pid: row.id,
          report,
          notes,
          plan: null,
          files: [],
        });
        return;
      }
      await repo.update(tx, jobId, { status: 'done', progress: 100, stage: 'done', report, files: [] });
    });
    // Outside the transaction: PGlite has one connection.
    if (dropImages.length) await deps.imageRecords.removeImages(dropImages);
    if (made !== undefined) await deps.queueCheckerCompile?.(made);
  };

  const isZip = (file: UploadedFile) => isZipFile(file.path);

  /** The job as its viewer reads it: the notes (and the job's own error) in the viewer's language. */
  const jobOf = (row: NonNullable<Awaited<ReturnType<ImportJobRepository['find']>>>, locale: Locale): ImportJob => ({
    id: row.job.id,
    kind: row.job.kind,
    status: row.job.status,
    progress: row.job.progress,
    stage: row.job.stage,
    stepsDone: row.job.stepsDone,
    stepsTotal: row.job.stepsTotal,
    ...(row.job.pid !== null ? { pid: row.job.pid } : {}),
    ...(row.problemId ? { problemId: row.problemId } : {}),
    title: row.job.title,
    errors: renderErrors(row.job.errors, locale),
    notes: row.job.notes.map((n) => renderImportNote(n, locale)),
    gmtCreate: row.job.gmtCreate.toISOString(),
    gmtModified: row.job.gmtModified.toISOString(),
  });

  /** Who started a job and root see it. */
  const visible = (job: ImportJobRow, viewer: AuthUser) => {
    if (job.uid !== viewer.uid && !isRoot(viewer.roles)) throw new AppError(404, 'importJobNotFound');
  };

  /** A checker's or interactor's language among the site's (its compile is C or C++ with O2, as a save's). */
  const checkerLanguage = (l: string | null) => (l === 'C' ? 'C With O2' : 'C++ 17 With O2');
  const mainFirst = <T extends { tag: string }>(xs: T[]) => [
    ...xs.filter((x) => x.tag === 'main'),
    ...xs.filter((x) => x.tag !== 'main'),
  ];
  const putText = async (name: string, text: string): Promise<PackageFileForWorker> => ({
    name,
    ...(await store.put(text)),
  });

  /** A problem's package task: its cases, validator, checker or interactor, extra files and reference solutions. */
  const checkPayloadOf = async (p: ProblemRow): Promise<Omit<PackagePayload, 'jobId'>> => {
    const solutions = mainFirst(await repo.solutionsOf(p.id));
    const judgeProgram = p.spjCode
      ? { name: p.judgeMode === 'interactive' ? 'interactor' : 'checker', language: checkerLanguage(p.spjLanguage) }
      : null;
    const judgeSource = judgeProgram && (await putText(judgeProgram.name, p.spjCode as string));
    return {
      timeLimitMs: p.timeLimitMs,
      memoryLimitMb: p.memoryLimitMb,
      resources: await Promise.all(Object.entries(p.judgeExtraFile ?? {}).map(([n, text]) => putText(n, text))),
      generators: [],
      validator: p.validatorCode
        ? {
            name: 'validator',
            language: p.validatorLanguage ?? 'C++ 17 With O2',
            source: await putText('validator', p.validatorCode),
          }
        : null,
      checker:
        judgeProgram && p.judgeMode === 'spj' ? { ...judgeProgram, source: judgeSource as PackageFileForWorker } : null,
      interactor:
        judgeProgram && p.judgeMode === 'interactive'
          ? { ...judgeProgram, source: judgeSource as PackageFileForWorker }
          : null,
      solutions: await Promise.all(
        solutions.map(async (x) => ({
          name: x.name,
          language: x.language,
          tag: x.tag as SolutionTag,
          source: await putText(x.name, x.code),
        })),
      ),
      tests: (await deps.problems.cases(p.id)).map((c) => ({
        index: c.seq,
        input: { name: c.inputName, sha256: c.inputSha256, size: c.inputSize },
        cmd: null,
        answer: { name: c.outputName, sha256: c.outputSha256, size: c.outputSize },
        group: null,
      })),
      check: true,
      rejectInvalidTests: false,
    };
  };

  const solutionOf = (r: Awaited<ReturnType<ImportJobRepository['solutionsOf']>>[number]): ProblemSolution => ({
    id: r.id,
    pid: r.pid,
    name: r.name,
    language: r.language,
    tag: r.tag as SolutionTag,
    code: r.code,
    gmtCreate: r.gmtCreate.toISOString(),
  });

  return {
    /** Reads the package (refused whole with every reason, in the caller's `locale`, when something is wrong before
     * anything runs), stores its files and queues its package task; answers the job's id at once. */
    async importPolygon(
      file: UploadedFile,
      language: 'chinese' | 'english' | 'russian' | undefined,
      importer: { uid: string; username: string },
      locale: Locale,
    ): Promise<{ jobId: number }> {
      if (!(await isZip(file))) throw new AppError(400, 'zipInvalid');
      const wanted = (name: string) => !name.startsWith('__MACOSX/') && !path.posix.basename(name).startsWith('._');
      return withExtractedZip(file.path, store.scratchDir, { select: wanted }, async (entries) => {
        const pkg = await readPolygonPackage(entries, { language, locale });
        const notes = [...pkg.notes];
        const plan = await planOf(pkg, importer, notes);
        const taskLanguage = (pkg.generators[0] ?? pkg.validator ?? pkg.checker ?? pkg.interactor ?? pkg.solutions[0])
          ?.language;
        const files = await payloadOf(pkg);
        return repo.transaction(async (tx) => {
          const job = await repo.insert(tx, {
            kind: 'polygon',
            uid: importer.uid,
            title: plan.graph.problem.title,
            stage: 'waiting',
            plan,
            notes,
          });
          const payload: PackagePayload = { ...files, jobId: job.id };
          const task = await deps.queue.enqueue(
            { kind: 'package', language: taskLanguage ?? 'C++ 17 With O2', priority: 0, uid: importer.uid, payload },
            tx,
          );
          await repo.update(tx, job.id, { taskId: task.id, files: filesOf(files) });
          return { jobId: job.id };
        });
      });
    },

    /** The job, finished first when its task has ended; its notes in the viewer's `locale`. */
    async get(viewer: AuthUser, id: number, locale: Locale): Promise<ImportJob> {
      let row = await repo.find(id);
      if (!row) throw new AppError(404, 'importJobNotFound');
      visible(row.job, viewer);
      if (row.job.status === 'running') {
        await finish(id);
        row = (await repo.find(id)) ?? row;
      }
      return jobOf(row, locale);
    },

    /** A package task's report was accepted: its job finishes now. */
    async reported(taskId: number) {
      const id = await repo.byTask(taskId);
      if (id !== undefined) await finish(id);
    },

    /** The worker's progress on a package task (false when it is not that worker's running attempt). */
    progress: (worker: string, taskId: number, attempt: number, done: number, total: number) =>
      repo.setProgress(worker, taskId, attempt, Math.min(done, total), total),

    /** Finishes the running jobs whose tasks ended without the server finishing them (it stopped between the report
     * and the finish; a task failed for good in the queue's sweep). */
    async sweep() {
      for (const id of await repo.endedRunning()) await finish(id);
    },

    async solutions(user: AuthUser, pid: number): Promise<ProblemSolution[]> {
      await deps.managed(user, pid);
      return (await repo.solutionsOf(pid)).map(solutionOf);
    },

    async addSolution(
      user: AuthUser,
      b: { pid: number; name: string; language: string; tag: SolutionTag; code: string },
    ): Promise<ProblemSolution> {
      await deps.managed(user, b.pid);
      const { pid, ...row } = b;
      return solutionOf(await repo.addSolution(pid, row));
    },

    async removeSolution(user: AuthUser, id: number): Promise<null> {
      const row = await repo.solution(id);
      if (!row) throw notFound();
      await deps.managed(user, row.pid);
      await repo.removeSolution(id);
      return null;
    },

    /** Queues the problem's package check: every reference solution on every test, every test through the
     * validator. */
    async startCheck(user: AuthUser, pid: number): Promise<{ jobId: number }> {
      const p = await deps.managed(user, pid);
      if (p.isRemote === 1) throw forbidden();
      const payload = await checkPayloadOf(p);
      if (!payload.solutions.length && !payload.validator) throw badRequest('packageCheckNothing');
      if (!payload.tests.length) throw badRequest('testCaseRequired');
      const language = (payload.validator ?? payload.checker ?? payload.interactor ?? payload.solutions[0]).language;
      return repo.transaction(async (tx) => {
        const job = await repo.insert(tx, {
          kind: 'check',
          uid: user.uid,
          pid,
          title: p.title,
          stage: 'waiting',
        });
        const task = await deps.queue.enqueue(
          { kind: 'package', language, priority: 0, uid: user.uid, payload: { ...payload, jobId: job.id } },
          tx,
        );
        await repo.update(tx, job.id, { taskId: task.id, files: filesOf(payload) });
        return { jobId: job.id };
      });
    },

    /** The problem's last check (a Polygon import's own or one on demand), null when none. */
    async lastCheck(user: AuthUser, pid: number, locale: Locale): Promise<PackageCheckReport | null> {
      const p = await deps.managed(user, pid);
      let job = await repo.lastOf(pid);
      if (!job) return null;
      if (job.status === 'running') {
        await finish(job.id);
        job = (await repo.lastOf(pid)) ?? job;
      }
      const report = job.report as PackageReport | null;
      const names = new Map((await deps.problems.cases(pid)).map((c) => [c.seq, c.inputName.replace(/\.[^.]*$/, '')]));
      const main = report?.solutions.find((x) => x.tag === 'main');
      return {
        jobId: job.id,
        status: job.status,
        checkedAt: job.gmtModified.toISOString(),
        errors: renderErrors(job.errors, locale),
        solutions: report?.solutions ?? [],
        tests: (report?.tests ?? []).map((x, i) => ({
          name: names.get(i + 1) ?? String(x.index),
          valid: x.valid,
          message: x.message,
        })),
        mainSlowestMs: main?.verdicts.length ? Math.max(...main.verdicts.map((v) => v.timeMs)) : null,
        timeLimitMs: p.timeLimitMs,
      };
    },
  };
};
export type ImportJobService = ReturnType<typeof createImportJobService>;
