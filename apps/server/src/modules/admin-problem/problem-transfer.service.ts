import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  adminProblem as adminContract,
  LANGUAGE_NAMES,
  type ProblemPackage,
  spreadScoresFor,
  type UploadedFile,
  ZIP_TEXT_ENTRY_MAX_BYTES,
} from '@oj/shared';
import { AppError, notFound } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { TESTLIB } from '../judge-header/judge-header.service.js';
import type { JudgeHeaderLookup } from '../judge-header/judge-header-queries.js';
import { PackageError, readPackageFolder } from '../problem/problem-package.import.js';
import type { ProblemGraph, ProblemRow, ProblemWriter } from '../problem/problem-queries.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import type { AdminProblemRepository } from './admin-problem.repository.js';
import { checkTextEntry, type ExtractedEntry, readExtracted, withExtractedZip, writeZip } from './safe-zip.js';

const CHECKER_FILES = { spj: 'checker.cpp', interactive: 'interactor.cpp' } as const;
const isLanguage = (l: string): l is (typeof LANGUAGE_NAMES)[number] =>
  (LANGUAGE_NAMES as readonly string[]).includes(l);

/** Files of a package folder: bytes in memory, or an archive entry extracted to disk. */
type PackageFiles = ({ name: string; data: Buffer | string } | { name: string; entry: ExtractedEntry })[];
type ExportFiles = { name: string; data: Buffer | string }[];

/** One problem of the bank as a package folder: the inverse of readPackageFolder. */
const toPackage = async (
  p: ProblemRow,
  parts: {
    cases: Awaited<ReturnType<ProblemWriter['cases']>>;
    languages: string[];
    templates: { language: string; code: string; status: number }[];
    tags: string[];
  },
  store: TestDataStore,
): Promise<ExportFiles> => {
  const files: ExportFiles = [];
  const cases = [];
  for (const c of parts.cases) {
    const name = c.inputName.replace(/\.in$/, '');
    const answerExt = c.outputName.endsWith('.ans') ? '.ans' : '.out';
    files.push({ name: `tests/${name}.in`, data: await store.read(c.inputSha256) });
    files.push({ name: `tests/${name}${answerExt}`, data: await store.read(c.outputSha256) });
    cases.push({ name, score: c.score, groupNum: c.groupNum });
  }
  const templates = (status: number) =>
    Object.fromEntries(parts.templates.filter((t) => t.status === status).map((t) => [t.language, t.code]));
  const pkg: ProblemPackage = {
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    stackLimitMb: p.stackLimitMb,
    type: p.type === 1 ? 1 : 0,
    judgeMode: p.judgeMode as ProblemPackage['judgeMode'],
    judgeCaseMode: p.judgeCaseMode as ProblemPackage['judgeCaseMode'],
    isRemoveEndBlank: p.isRemoveEndBlank === 1,
    difficulty: p.difficulty,
    tags: parts.tags,
    examples: adminContract.decodeExamples(p.examples),
    languages: parts.languages.filter(isLanguage),
    codeTemplates: templates(1),
    disabledCodeTemplates: templates(0),
    cases,
    auth: p.auth,
    codeShare: p.codeShare === 1,
    openCaseResult: p.openCaseResult === 1,
    showFirstFailure: p.showFirstFailure,
    isUploadCase: p.isUploadCase === 1,
    checkerLanguage: p.spjLanguage === 'C' ? 'C' : 'C++',
    userExtraFile: p.userExtraFile ?? {},
  };
  files.push({ name: 'problem.json', data: `${JSON.stringify(pkg, null, 2)}\n` });
  if (p.judgeMode === 'spj' || p.judgeMode === 'interactive') {
    files.push({ name: CHECKER_FILES[p.judgeMode], data: p.spjCode ?? '' });
  }
  for (const [name, content] of Object.entries(p.judgeExtraFile ?? {})) files.push({ name, data: content });
  return files;
};

/** HOJ's export: `<key>.json` (ImportProblemVO) beside a `<key>/` folder of test files. */
const fromHoj = (vo: Record<string, unknown>, folder: Map<string, ExtractedEntry>): PackageFiles => {
  const p = (vo.problem ?? {}) as Record<string, unknown>;
  const str = (v: unknown, d = '') => (typeof v === 'string' ? v : d);
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  const judgeMode = str(vo.judgeMode) || str(p.judgeMode) || 'default';
  const type = num(p.type, 0) === 1 ? 1 : 0;
  const files: PackageFiles = [];
  const samples = Array.isArray(vo.samples) ? (vo.samples as Record<string, unknown>[]) : [];
  const content = (ref: unknown) => {
    const entry = folder.get(str(ref));
    return entry ? { entry } : { data: str(ref) };
  };
  const scored = samples.some((s) => typeof s.score === 'number');
  const caseMode = str(p.judgeCaseMode) || 'default';
  const spread = spreadScoresFor(
    samples.map((s) => ({ groupNum: typeof s.groupNum === 'number' ? s.groupNum : undefined })),
    caseMode,
  );
  const cases = samples.map((s, i) => {
    const inputName = str(s.input);
    const base = folder.has(inputName) ? inputName.replace(/\.[^.]*$/, '') || String(i + 1) : String(i + 1);
    const answerExt = str(s.output).endsWith('.ans') ? '.ans' : '.out';
    files.push({ name: `tests/${base}.in`, ...content(s.input) });
    files.push({ name: `tests/${base}${answerExt}`, ...content(s.output) });
    return {
      name: base,
      score: type === 1 && !scored ? spread[i] : num(s.score, 0),
      groupNum: typeof s.groupNum === 'number' ? s.groupNum : undefined,
    };
  });
  const languages = (Array.isArray(vo.languages) ? (vo.languages as unknown[]) : []).map(String).filter(isLanguage);
  const codeTemplates: Record<string, string> = {};
  for (const t of Array.isArray(vo.codeTemplates) ? (vo.codeTemplates as Record<string, unknown>[]) : []) {
    if (isLanguage(str(t.language))) codeTemplates[str(t.language)] = str(t.code);
  }
  const extra = (v: unknown) => {
    if (typeof v === 'string' && v) {
      try {
        return JSON.parse(v) as Record<string, string>;
      } catch {
        return {};
      }
    }
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  };
  const pkg = {
    problemId: str(p.problemId) || undefined,
    title: str(p.title),
    author: str(p.author) || undefined,
    description: str(p.description),
    input: str(p.input),
    output: str(p.output),
    hint: str(p.hint),
    source: str(p.source),
    timeLimitMs: num(p.timeLimit, 1000),
    memoryLimitMb: num(p.memoryLimit, 256),
    stackLimitMb: num(p.stackLimit, 128),
    type,
    judgeMode,
    judgeCaseMode: caseMode,
    isRemoveEndBlank: bool(p.isRemoveEndBlank, true),
    difficulty: num(p.difficulty, 0),
    tags: (Array.isArray(vo.tags) ? (vo.tags as unknown[]) : []).map(String),
    examples: adminContract.decodeExamples(str(p.examples)),
    languages,
    codeTemplates,
    cases,
    auth: num(p.auth, 1),
    codeShare: bool(p.codeShare, true),
    openCaseResult: bool(p.openCaseResult, true),
    showFirstFailure: bool(p.showFirstFailure, false),
    isUploadCase: bool(p.isUploadCase, true),
    checkerLanguage: str(p.spjLanguage) === 'C' ? 'C' : 'C++',
    userExtraFile: { ...extra(p.userExtraFile), ...extra(vo.userExtraFile) },
  };
  files.push({ name: 'problem.json', data: JSON.stringify(pkg) });
  if (judgeMode === 'spj' || judgeMode === 'interactive') {
    files.push({ name: CHECKER_FILES[judgeMode], data: str(p.spjCode) });
  }
  for (const [name, text] of Object.entries({ ...extra(p.judgeExtraFile), ...extra(vo.judgeExtraFile) })) {
    if (/^[^/\\]+$/.test(name) && name !== 'problem.json') files.push({ name, data: String(text) });
  }
  return files;
};

const noProblem = () =>
  new AppError(400, 'importInvalid', { error: 'no problem.json folder or HOJ problem JSON in the archive' });
const isPackageJson = (parts: string[]) => parts.at(-1) === 'problem.json' && parts.length <= 2;

/** Splits an uploaded archive into problems: package folders (problem.json, at the root or one level down) and
 * HOJ pairs (`<key>.json` with a `problem` object, and `<key>/`). Test files stay on disk; only the JSON files
 * are read (each within the size cap of texts). */
const problemsOf = async (entries: ExtractedEntry[]): Promise<{ key: string; files: PackageFiles }[]> => {
  const out: { key: string; files: PackageFiles }[] = [];
  const under = (prefix: string) =>
    entries.filter((e) => e.name.startsWith(prefix)).map((e) => ({ name: e.name.slice(prefix.length), entry: e }));
  for (const e of entries) {
    const parts = e.name.split('/');
    if (isPackageJson(parts)) {
      const prefix = parts.length === 2 ? `${parts[0]}/` : '';
      out.push({ key: parts[0] === 'problem.json' ? 'problem' : parts[0], files: under(prefix) });
    } else if (parts.length === 1 && e.name.endsWith('.json')) {
      const text = (await readExtracted(e)).toString('utf8');
      let vo: unknown;
      try {
        vo = JSON.parse(text);
      } catch {
        throw new AppError(400, 'importInvalid', { error: `${e.name}: not JSON` });
      }
      if (!vo || typeof vo !== 'object' || !('problem' in vo)) continue;
      const key = e.name.slice(0, -5);
      const folder = new Map(under(`${key}/`).map((f) => [f.name, f.entry]));
      out.push({ key, files: fromHoj(vo as Record<string, unknown>, folder) });
    }
  }
  if (out.length === 0) throw noProblem();
  return out;
};

/** Import and export of problems (HOJ's file/ProblemFileController): a zip with one package folder per problem. */
export const createProblemTransferService = (deps: {
  repo: AdminProblemRepository;
  problems: ProblemWriter;
  store: TestDataStore;
  /** Queues an imported problem's checker compile (admin-problem.service.ts, the rule of a save). */
  queueCheckerCompile?: (pid: number) => Promise<void>;
  /** The site's judge headers: an import offers a package's testlib.h to a site without one. */
  headers?: JudgeHeaderLookup;
}) => {
  const { store } = deps;

  /**
   * Lays a package out below a fresh scratch directory (inside OJ_DATA_DIR): texts are written, extracted entries
   * hard-linked (no copy). Every path is re-checked to stay inside it. Files beside problem.json are read into
   * memory later (problem.json, the checker, extra files), so they are capped like every text of an archive.
   */
  const materialize = async (files: PackageFiles) => {
    await fs.promises.mkdir(store.scratchDir, { recursive: true });
    const root = await fs.promises.mkdtemp(path.join(store.scratchDir, 'import-'));
    for (const f of files) {
      const target = path.resolve(root, f.name);
      if (!target.startsWith(root + path.sep)) throw new AppError(400, 'zipUnsafePath', { name: f.name });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      if (!('entry' in f)) {
        await fs.promises.writeFile(target, f.data);
        continue;
      }
      if (!f.name.includes('/')) checkTextEntry(f.entry, ZIP_TEXT_ENTRY_MAX_BYTES);
      await fs.promises.rm(target, { force: true });
      await fs.promises.link(f.entry.path, target).catch(() => fs.promises.copyFile(f.entry.path, target));
    }
    return root;
  };

  const create = async (graph: ProblemGraph) => {
    const wanted = graph.problem.problemId;
    const taken = wanted ? !!(await deps.problems.findByProblemId(wanted)) : true;
    if (taken) graph.problem.problemId = `TMP-${crypto.randomUUID()}`;
    let row = await deps.problems.create(graph);
    if (taken) row = await deps.problems.setProblemId(row.id, `P${row.id}`);
    return { pid: row.id, problemId: row.problemId, title: row.title, renamedFrom: taken && wanted ? wanted : null };
  };

  return {
    /** Every problem is read and checked before the first one is created, so a bad archive creates nothing. The
     * archive is streamed to a scratch directory (root only: no quota), its test files moved into the store. */
    async importArchive(file: UploadedFile, importer: string) {
      const inspect = (names: string[]) => {
        const parts = names.map((n) => n.split('/'));
        if (!parts.some((p) => isPackageJson(p) || (p.length === 1 && p[0].endsWith('.json')))) throw noProblem();
      };
      const graphs = await withExtractedZip(file.path, store.scratchDir, { inspect }, async (entries) => {
        const read: ProblemGraph[] = [];
        for (const p of await problemsOf(entries)) {
          const dir = await materialize(p.files);
          try {
            const { graph } = await readPackageFolder(dir, store, { move: true });
            graph.problem.author ||= importer;
            graph.problem.modifiedUser = importer;
            read.push(graph);
          } catch (e) {
            if (e instanceof PackageError || e instanceof SyntaxError) {
              throw new AppError(400, 'importInvalid', { error: `${p.key}: ${e.message.replace(dir, '')}` });
            }
            throw e;
          } finally {
            await fs.promises.rm(dir, { recursive: true, force: true });
          }
        }
        return read;
      });
      const created = [];
      for (const g of graphs) created.push(await create(g));
      for (const c of created) await deps.queueCheckerCompile?.(c.pid);
      const carrier = graphs.findIndex((g) => typeof g.problem.judgeExtraFile?.[TESTLIB] === 'string');
      const siteHasTestlib = !deps.headers || !!(await deps.headers.find(TESTLIB));
      const testlibOffer =
        carrier >= 0 && !siteHasTestlib ? { pid: created[carrier].pid, problemId: created[carrier].problemId } : null;
      return { problems: created, testlibOffer };
    },

    async exportArchive(pids: number[]): Promise<BinaryAnswer> {
      const files: ExportFiles = [];
      const used = new Set<string>();
      for (const pid of [...new Set(pids)]) {
        const p = await deps.problems.findById(pid);
        if (!p) throw notFound();
        const [cases, languages, templates, tags] = await Promise.all([
          deps.problems.cases(p.id),
          deps.problems.languages(p.id),
          deps.repo.templatesOf(p.id),
          deps.repo.tagsOf(p.id),
        ]);
        let folder = `problem_${p.problemId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
        if (used.has(folder)) folder = `${folder}_${p.id}`;
        used.add(folder);
        const pkg = await toPackage(p, { cases, languages, templates, tags: tags.map((t) => t.name) }, store);
        for (const f of pkg) files.push({ name: `${folder}/${f.name}`, data: f.data });
      }
      const name = pids.length === 1 ? `problem_${pids[0]}.zip` : `problems_${pids.length}.zip`;
      return { body: await writeZip(files), contentType: 'application/zip', filename: name };
    },
  };
};
export type ProblemTransferService = ReturnType<typeof createProblemTransferService>;
