import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  fullScoreOf,
  type ImportReport,
  LANGUAGE_NAMES,
  spreadCaseScores,
  type UploadedFile,
  ZIP_TEXT_ENTRY_MAX_BYTES,
} from '@oj/shared';
import YAML from 'yaml';
import { AppError } from '../../http/app-error.js';
import { checkTextEntry, type ExtractedEntry, readExtracted, withExtractedZip } from '../admin-problem/safe-zip.js';
import { caseVersionOf, encodeExamples } from '../problem/problem-package.import.js';
import type { ProblemGraph, ProblemWriter } from '../problem/problem-queries.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import { isZipFile } from '../upload/uploaded-file.js';
import type { ImageStore } from '../user/avatar.store.js';
import { createFpsReader } from './fps-format.js';
import { hydroFolder } from './hydro-format.js';
import { type Draft, describeNotes, type Found, PROBLEM_ID, type Report, SkipError } from './import-draft.js';
import { normalizeData } from './import-text.js';
import type { ProblemImportRepository } from './problem-import.repository.js';
import { qdojFolder } from './qduoj-format.js';

export const createProblemImportService = (deps: {
  problems: ProblemWriter;
  store: TestDataStore;
  repo: ProblemImportRepository;
  images: ImageStore;
  /** Queues an imported problem's checker compile (admin-problem.service.ts, the rule of a save). */
  queueCheckerCompile?: (pid: number) => Promise<void>;
}) => {
  const toGraph = async (d: Draft, importer: string, notes: string[]): Promise<ProblemGraph> => {
    if (!d.title.trim()) throw new SkipError('the problem has no title');
    if (!d.cases.length) throw new SkipError('the problem has no test data');
    const scores = spreadCaseScores(d.cases.length);
    const cases = [];
    // Archive files are moved into the store (the extraction directory goes away anyway); a file two cases
    // share is found stored the second time by its hash.
    const put = (data: ExtractedEntry | string) =>
      typeof data === 'string'
        ? deps.store.put(normalizeData(data))
        : deps.store.putFile(data.path, { move: true, known: data });
    for (const [i, c] of d.cases.entries()) {
      const input = await put(c.input);
      const output = await put(c.output);
      cases.push({
        seq: i + 1,
        inputName: `${c.name}.in`,
        outputName: `${c.name}.out`,
        inputSha256: input.sha256,
        outputSha256: output.sha256,
        inputSize: input.size,
        outputSize: output.size,
        score: c.score ?? scores[i],
        groupNum: c.groupNum ?? 1,
      });
    }
    notes.unshift(`${cases.length} test case${cases.length === 1 ? '' : 's'}`);
    if (d.examples.length) notes.push(`${d.examples.length} sample${d.examples.length === 1 ? '' : 's'}`);
    if (d.tags.length) notes.push(`tags: ${d.tags.join(', ')}`);
    let problemId = d.problemId?.trim() ?? '';
    if (problemId && !PROBLEM_ID.test(problemId)) {
      notes.push(`display id "${problemId}" is not valid here; a new one was given`);
      problemId = '';
    }
    return {
      problem: {
        problemId,
        title: d.title.trim().slice(0, 255),
        author: importer,
        modifiedUser: importer,
        type: d.type,
        timeLimitMs: d.timeLimitMs,
        memoryLimitMb: d.memoryLimitMb,
        stackLimitMb: 128,
        description: d.description,
        input: d.input,
        output: d.output,
        examples: encodeExamples(d.examples),
        hint: d.hint,
        source: d.source,
        difficulty: 0,
        ioScore: d.type === 1 ? fullScoreOf(cases, 'default') : 100,
        judgeMode: d.checker ? 'spj' : 'default',
        judgeCaseMode: 'default',
        spjCode: d.checker?.code ?? null,
        spjLanguage: d.checker?.language ?? null,
        judgeExtraFile: {},
        userExtraFile: {},
        isRemoveEndBlank: 1,
        auth: 1,
        codeShare: 1,
        openCaseResult: 1,
        isUploadCase: 1,
        caseVersion: caseVersionOf(cases),
      },
      cases,
      languages: [...LANGUAGE_NAMES],
      codeTemplates: {},
      tagNames: [...new Set(d.tags.map((t) => t.trim()).filter((t) => t && t.length <= 50))],
    };
  };

  const create = async (graph: ProblemGraph) => {
    const wanted = graph.problem.problemId;
    const taken = wanted ? !!(await deps.problems.findByProblemId(wanted)) : true;
    if (taken) graph.problem.problemId = `TMP-${crypto.randomUUID()}`;
    let row = await deps.problems.create(graph);
    if (taken) row = await deps.problems.setProblemId(row.id, `P${row.id}`);
    return { row, renamedFrom: taken && wanted ? wanted : null };
  };

  /** Each problem on its own: a broken one is reported and skipped, the others are imported. Problems may be
   * found one by one (an FPS archive is parsed one XML file at a time). */
  const run = async (found: Iterable<Found> | AsyncIterable<Found>, importer: string): Promise<ImportReport> => {
    const problems: Report[] = [];
    for await (const f of found) {
      const notes: string[] = [];
      try {
        const draft = await f.read(notes);
        const graph = await toGraph(draft, importer, notes);
        const { row, renamedFrom } = await create(graph);
        await deps.queueCheckerCompile?.(row.id);
        if (renamedFrom) notes.push(`display id ${renamedFrom} was taken; imported as ${row.problemId}`);
        problems.push({
          source: f.source,
          title: row.title,
          status: 'imported',
          pid: row.id,
          problemId: row.problemId,
          reason: null,
          notes: describeNotes(notes),
        });
      } catch (e) {
        if (!(e instanceof SkipError || e instanceof SyntaxError || e instanceof YAML.YAMLError)) throw e;
        problems.push({
          source: f.source,
          title: f.title,
          status: 'skipped',
          pid: null,
          problemId: null,
          reason: e.message,
          notes: describeNotes(notes),
        });
      }
    }
    if (!problems.length) throw new AppError(400, 'importNothingFound');
    const imported = problems.filter((p) => p.status === 'imported').length;
    return { imported, skipped: problems.length - imported, problems };
  };

  const fpsItems = createFpsReader(deps);

  const isZip = (file: UploadedFile) => isZipFile(file.path);

  /** Streams the archive to a scratch directory (never into memory) for `use`, removed afterwards. */
  const withZip = async <T>(
    file: UploadedFile,
    select: (name: string) => boolean,
    use: (entries: ExtractedEntry[]) => Promise<T>,
  ) => {
    if (!(await isZip(file))) throw new AppError(400, 'zipInvalid');
    // macOS archives carry resource forks beside every file; they are never problems.
    const wanted = (name: string) =>
      !name.startsWith('__MACOSX/') && !path.posix.basename(name).startsWith('._') && select(name);
    return withExtractedZip(file.path, deps.store.scratchDir, { select: wanted }, use);
  };

  /** A zip of problem folders, each found by its metadata file (`isMeta` on the base name) and read by `read`. */
  const importFolders = (
    file: UploadedFile,
    importer: { username: string },
    isMeta: (baseName: string) => boolean,
    read: (entries: ExtractedEntry[], meta: ExtractedEntry) => Promise<Found>,
  ) =>
    withZip(
      file,
      () => true,
      async (entries) => {
        const found: Found[] = [];
        for (const e of entries) if (isMeta(path.posix.basename(e.name))) found.push(await read(entries, e));
        return run(found, importer.username);
      },
    );

  return {
    /** One FPS XML file, or a zip of them (at any depth), read one file at a time. */
    async importFps(file: UploadedFile, importer: { uid: string; username: string }) {
      if (await isZip(file)) {
        return withZip(
          file,
          (name) => name.toLowerCase().endsWith('.xml'),
          async (entries) => {
            async function* found() {
              for (const e of entries) yield* fpsItems((await readExtracted(e)).toString('utf8'), e.name, importer.uid);
            }
            return run(found(), importer.username);
          },
        );
      }
      const name = file.filename || 'fps.xml';
      checkTextEntry({ name, size: file.size }, ZIP_TEXT_ENTRY_MAX_BYTES);
      const textData = (await fs.promises.readFile(file.path, 'utf8')).replace(/^\uFEFF/, '');
      if (!textData.trimStart().startsWith('<')) throw new AppError(400, 'importNothingFound');
      return run(fpsItems(textData, name, importer.uid), importer.username);
    },

    importQdoj: (file: UploadedFile, importer: { uid: string; username: string }) =>
      importFolders(file, importer, (name) => name === 'problem.json', qdojFolder),

    importHydro: (file: UploadedFile, importer: { uid: string; username: string }) =>
      importFolders(file, importer, (name) => /^problem\.ya?ml$/.test(name), hydroFolder),
  };
};
export type ProblemImportService = ReturnType<typeof createProblemImportService>;
