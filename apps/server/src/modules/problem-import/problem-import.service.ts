import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  compareCaseNames,
  type ImportReport,
  LANGUAGE_NAMES,
  spreadCaseScores,
  type UploadedFile,
  ZIP_TEXT_ENTRY_MAX_BYTES,
} from '@oj/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import YAML from 'yaml';
import { AppError } from '../../http/app-error.js';
import { checkTextEntry, type ExtractedEntry, readExtracted, withExtractedZip } from '../admin-problem/safe-zip.js';
import type { ProblemGraph, ProblemRepository } from '../problem/problem.repository.js';
import { caseVersionOf, encodeExamples } from '../problem/problem-package.import.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import { readHead } from '../upload/uploaded-file.js';
import { type ImageStore, sniffImage } from '../user/avatar.store.js';
import { decodeEntities, htmlToMarkdown, htmlToText, normalizeData, richText } from './import-text.js';
import type { ProblemImportRepository } from './problem-import.repository.js';

/** A problem skipped for a reason an admin can act on (the rest of the upload still imports). */
class SkipError extends Error {}

/** One problem read from another judge's format, before it becomes a graph. */
interface Draft {
  problemId?: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
  type: 0 | 1;
  /** Test data: text of an XML file, or a file of the archive (stored byte for byte). */
  cases: {
    name: string;
    input: ExtractedEntry | string;
    output: ExtractedEntry | string;
    score?: number;
    groupNum?: number;
  }[];
  checker?: { code: string; language: 'C' | 'C++' };
  tags: string[];
}

type Report = ImportReport['problems'][number];
interface Found {
  source: string;
  title: string;
  read: (notes: string[]) => Promise<Draft>;
}

const PROBLEM_ID = /^[A-Za-z0-9_-]{1,50}$/;
const DEFAULT_TIME_MS = 1000;
const DEFAULT_MEMORY_MB = 256;
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object' && '#text' in v) return text((v as Record<string, unknown>)['#text']);
  return '';
};
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const clampInt = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));
const checkerLanguage = (l: string): 'C' | 'C++' | undefined =>
  /^c$/i.test(l.trim()) ? 'C' : /^(c\+\+|cpp|g\+\+)/i.test(l.trim()) ? 'C++' : undefined;

/** Test files of one folder, paired by name: `x.in` with `x.out` or `x.ans`, ordered numerically. */
const pairCases = (entries: ExtractedEntry[], dir: string, notes: string[]) => {
  const inDir = entries.filter((e) => path.posix.dirname(e.name) === dir);
  const byName = new Map(inDir.map((e) => [path.posix.basename(e.name), e]));
  const names = [...byName.keys()].filter((n) => n.endsWith('.in')).map((n) => n.slice(0, -3));
  names.sort(compareCaseNames);
  return names.map((name) => {
    const answer = byName.get(`${name}.out`) ?? byName.get(`${name}.ans`);
    if (!answer) notes.push(`missingOutput:${name}`);
    return { name, input: byName.get(`${name}.in`) as ExtractedEntry, output: answer ?? '' };
  });
};

/** Text of an archive entry needed in memory (a statement, a configuration, a checker), within the text cap. */
const textOf = async (entry: ExtractedEntry | undefined) =>
  entry ? (await readExtracted(entry)).toString('utf8') : undefined;

/** Tells an admin in one line what a note code means (the report is read by people). */
const describeNotes = (notes: string[]) => {
  const missing = notes.filter((n) => n.startsWith('missingOutput:')).map((n) => n.slice(14));
  const rest = notes.filter((n) => !n.startsWith('missingOutput:'));
  if (missing.length)
    rest.push(`test cases without an output file (imported with an empty answer): ${missing.join(', ')}`);
  return rest;
};

export const createProblemImportService = (deps: {
  problems: ProblemRepository;
  store: TestDataStore;
  repo: ProblemImportRepository;
  images: ImageStore;
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
        ioScore: d.type === 1 ? cases.reduce((sum, c) => sum + c.score, 0) : 100,
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

  // ---- FPS (freeproblemset XML) ------------------------------------------------------------------------------

  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) =>
      ['item', 'test_input', 'test_output', 'sample_input', 'sample_output', 'img', 'spj', 'solution'].includes(name),
  });

  /** Embedded base64 images become site images; their old addresses in the statement point to the new ones. */
  const saveImages = async (item: Record<string, unknown>, uid: string, notes: string[]) => {
    const replacements: [string, string][] = [];
    for (const img of list(item.img) as Record<string, unknown>[]) {
      const src = text(img.src).trim();
      const data = Buffer.from(text(img.base64).replace(/\s+/g, ''), 'base64');
      const kind = sniffImage(data);
      if (!kind) {
        notes.push(`image ${src || '(unnamed)'} dropped: not a png, jpg, gif, webp or bmp image`);
        continue;
      }
      const name = await deps.images.save(data, kind.ext);
      await deps.repo.saveImage({
        uid,
        name,
        contentType: kind.contentType,
        size: data.length,
        originalName: path.posix.basename(src) || name,
      });
      if (src) replacements.push([src, `/api/public/img/${name}`]);
    }
    if (replacements.length) notes.push(`${replacements.length} embedded image${replacements.length === 1 ? '' : 's'}`);
    return (s: string) => replacements.reduce((acc, [from, to]) => acc.split(from).join(to), s);
  };

  const fpsItems = (xmlText: string, source: string, uid: string): Found[] => {
    const unreadable = (reason: string): Found[] => [
      {
        source,
        title: source,
        read: async () => {
          throw new SkipError(reason);
        },
      },
    ];
    // FPS never needs a DTD; entity declarations are how XML reads local files (XXE) or expands to gigabytes.
    if (/<!DOCTYPE/i.test(xmlText)) return unreadable('a DOCTYPE with entity declarations is not accepted');
    const valid = XMLValidator.validate(xmlText);
    if (valid !== true) return unreadable(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
    let doc: Record<string, unknown>;
    try {
      doc = xml.parse(xmlText) as Record<string, unknown>;
    } catch (e) {
      return unreadable(`unreadable XML (${e instanceof Error ? e.message : 'parse error'})`);
    }
    const root = (doc.fps ?? doc.FPS) as Record<string, unknown> | undefined;
    const items = list(root?.item) as Record<string, unknown>[];
    return items.map((item, i) => ({
      source: items.length > 1 ? `${source}#${i + 1}` : source,
      title: decodeEntities(text(item.title)).trim() || `${source}#${i + 1}`,
      read: async (notes) => {
        const fix = await saveImages(item, uid, notes);
        const statement = (k: string) => htmlToMarkdown(fix(text(item[k])));
        const time = item.time_limit;
        const unit = (
          typeof time === 'object' && time && '@_unit' in time
            ? String((time as Record<string, unknown>)['@_unit'])
            : 's'
        ).toLowerCase();
        const timeValue = Number.parseFloat(text(time));
        const memory = item.memory_limit;
        const memUnit = (
          typeof memory === 'object' && memory && '@_unit' in memory
            ? String((memory as Record<string, unknown>)['@_unit'])
            : 'mb'
        ).toLowerCase();
        const memValue = Number.parseFloat(text(memory));
        const timeLimitMs = Number.isFinite(timeValue)
          ? clampInt(unit === 'ms' ? timeValue : timeValue * 1000, 100, 60_000)
          : DEFAULT_TIME_MS;
        const memoryLimitMb = Number.isFinite(memValue)
          ? clampInt(memUnit === 'kb' ? memValue / 1024 : memValue, 16, 4096)
          : DEFAULT_MEMORY_MB;
        if (!Number.isFinite(timeValue) || !Number.isFinite(memValue))
          notes.push('missing limits replaced by 1 s / 256 MB');
        const sampleIn = list(item.sample_input).map(text);
        const sampleOut = list(item.sample_output).map(text);
        const examples = sampleIn.map((input, k) => ({ input, output: sampleOut[k] ?? '' }));
        const testIn = list(item.test_input).map(text);
        const testOut = list(item.test_output).map(text);
        let cases = testIn.map((input, k) => {
          if (testOut[k] === undefined) notes.push(`missingOutput:${k + 1}`);
          return { name: String(k + 1), input, output: testOut[k] ?? '' };
        });
        if (!cases.length && examples.length) {
          notes.push('no test data in the file: the samples were used as test cases');
          cases = examples.map((e, k) => ({ name: String(k + 1), input: e.input, output: e.output }));
        }
        const spj = list(item.spj)[0];
        let checker: Draft['checker'];
        if (spj !== undefined) {
          const language = checkerLanguage(
            typeof spj === 'object' && spj && '@_language' in spj
              ? String((spj as Record<string, unknown>)['@_language'])
              : 'C++',
          );
          const code = text(spj);
          if (language && code.trim()) {
            checker = { code, language };
            notes.push('special judge imported: checkers written for HUSTOJ must be adapted to the testlib protocol');
          } else notes.push('special judge dropped: only C or C++ checkers are supported');
        }
        if (list(item.solution).length) notes.push('reference solutions not imported');
        return {
          title: decodeEntities(text(item.title)).trim(),
          description: statement('description'),
          input: statement('input'),
          output: statement('output'),
          hint: statement('hint'),
          source: htmlToText(text(item.source)),
          examples,
          timeLimitMs,
          memoryLimitMb,
          type: 0,
          cases,
          checker,
          tags: [],
        };
      },
    }));
  };

  const isZip = async (file: UploadedFile) => {
    const head = await readHead(file.path, 2);
    return head[0] === 0x50 && head[1] === 0x4b;
  };

  // ---- QDUOJ (export zip: <n>/problem.json + <n>/testcase/) ---------------------------------------------------

  const qdojFolder = async (entries: ExtractedEntry[], jsonEntry: ExtractedEntry): Promise<Found> => {
    const dir = path.posix.dirname(jsonEntry.name);
    let title = dir;
    let json: Record<string, unknown> | undefined;
    const jsonText = (await textOf(jsonEntry)) as string;
    try {
      json = JSON.parse(jsonText);
      title = text(json?.title) || dir;
    } catch {
      json = undefined;
    }
    return {
      source: jsonEntry.name,
      title,
      read: async (notes) => {
        if (!json || typeof json !== 'object') throw new SkipError('problem.json is not valid JSON');
        const caseDir = path.posix.join(dir === '.' ? '' : dir, 'testcase');
        const spj = json.spj as { language?: string; code?: string } | null | undefined;
        const isOi = String(json.rule_type ?? 'ACM').toUpperCase() === 'OI';
        const byName = new Map(
          entries.filter((e) => path.posix.dirname(e.name) === caseDir).map((e) => [path.posix.basename(e.name), e]),
        );
        const declared = list(json.test_case_score) as { input_name?: string; output_name?: string; score?: number }[];
        let cases: Draft['cases'];
        if (declared.length) {
          cases = declared.map((c, k) => {
            const input = byName.get(String(c.input_name ?? ''));
            if (!input) throw new SkipError(`test file ${c.input_name} is missing from testcase/`);
            const output = c.output_name ? byName.get(String(c.output_name)) : undefined;
            if (!output && !spj) notes.push(`missingOutput:${c.input_name}`);
            return {
              name: String(k + 1),
              input,
              output: output ?? '',
              score: isOi && Number.isInteger(c.score) && (c.score as number) >= 0 ? c.score : undefined,
            };
          });
        } else cases = pairCases(entries, caseDir, notes);
        let checker: Draft['checker'];
        if (spj?.code) {
          const language = checkerLanguage(spj.language ?? '');
          if (language) {
            checker = { code: spj.code, language };
            notes.push('special judge imported: QDUOJ checkers must be adapted to the testlib protocol');
          } else notes.push(`special judge dropped: ${spj.language} checkers are not supported`);
        }
        if (json.template && Object.keys(json.template as object).length) notes.push('code templates not imported');
        const time = Number(json.time_limit);
        const memory = Number(json.memory_limit);
        return {
          problemId: text(json.display_id),
          title: text(json.title),
          description: richText(json.description),
          input: richText(json.input_description),
          output: richText(json.output_description),
          hint: richText(json.hint),
          source: text(json.source),
          examples: (list(json.samples) as { input?: string; output?: string }[]).map((s) => ({
            input: s.input ?? '',
            output: s.output ?? '',
          })),
          timeLimitMs: Number.isFinite(time) && time > 0 ? clampInt(time, 100, 60_000) : DEFAULT_TIME_MS,
          memoryLimitMb: Number.isFinite(memory) && memory > 0 ? clampInt(memory, 16, 4096) : DEFAULT_MEMORY_MB,
          type: isOi ? 1 : 0,
          cases,
          checker,
          tags: list(json.tags).map(text),
        };
      },
    };
  };

  // ---- Hydro (export zip: <id>/problem.yaml, problem_zh.md, testdata/) -----------------------------------------

  const SECTIONS: [keyof Pick<Draft, 'description' | 'input' | 'output' | 'hint' | 'source'>, RegExp][] = [
    ['description', /^(题目描述|描述|题目背景|背景|description|background|statement)/i],
    ['input', /^(输入格式|输入|input)/i],
    ['output', /^(输出格式|输出|output)/i],
    ['hint', /^(提示|说明|数据范围|说明\/提示|hint|note|notes|limits?)/i],
    ['source', /^(来源|source)/i],
  ];

  /** Hydro statements are one Markdown text with headed sections and ```inputN / ```outputN sample blocks. */
  const splitHydroStatement = (md: string) => {
    const out = { description: '', input: '', output: '', hint: '', source: '' };
    const samples = new Map<number, { input: string; output: string }>();
    const body = md.replace(/\r\n?/g, '\n').replace(/```(input|output)(\d+)\n([\s\S]*?)```/g, (_, kind, n, content) => {
      const k = Number(n);
      const s = samples.get(k) ?? { input: '', output: '' };
      s[kind as 'input' | 'output'] = content;
      samples.set(k, s);
      return '';
    });
    let current: keyof typeof out = 'description';
    let recognised = false;
    for (const line of body.split('\n')) {
      const heading = /^#{1,4}\s*(.+?)\s*$/.exec(line);
      if (heading) {
        const hit = SECTIONS.find(([, re]) => re.test(heading[1]));
        if (hit) {
          current = hit[0];
          recognised = true;
          continue;
        }
        if (/^(样例|sample|example)/i.test(heading[1])) {
          current = 'hint';
          recognised = true;
          continue;
        }
      }
      out[current] += `${line}\n`;
    }
    for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = out[k].trim();
    const examples = [...samples.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
    return { ...out, examples, recognised };
  };

  const parseDuration = (v: unknown) => {
    const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(v ?? ''));
    if (!m) return undefined;
    const n = Number(m[1]);
    return clampInt((m[2] ?? 's').toLowerCase() === 'ms' ? n : n * 1000, 100, 60_000);
  };
  const parseMemory = (v: unknown) => {
    const m = /^\s*([\d.]+)\s*(k|kb|m|mb|mib|g|gb|gib)?\s*$/i.exec(String(v ?? ''));
    if (!m) return undefined;
    const n = Number(m[1]);
    const unit = (m[2] ?? 'm').toLowerCase()[0];
    return clampInt(unit === 'k' ? n / 1024 : unit === 'g' ? n * 1024 : n, 16, 4096);
  };

  const hydroFolder = async (entries: ExtractedEntry[], yamlEntry: ExtractedEntry): Promise<Found> => {
    const dir = path.posix.dirname(yamlEntry.name);
    const inDir = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
    const file = (name: string) => entries.find((e) => e.name === inDir(name));
    let meta: Record<string, unknown> | undefined;
    let yamlError: Error | undefined;
    const yamlText = (await textOf(yamlEntry)) as string;
    try {
      meta = YAML.parse(yamlText) as Record<string, unknown>;
    } catch (e) {
      yamlError = e as Error;
    }
    return {
      source: yamlEntry.name,
      title: text(meta?.title) || dir,
      read: async (notes) => {
        if (yamlError || !meta || typeof meta !== 'object') {
          throw new SkipError(
            `problem.yaml is not valid YAML${yamlError ? `: ${yamlError.message.split('\n')[0]}` : ''}`,
          );
        }
        const md = (await textOf(['problem_zh.md', 'problem.md', 'problem_en.md'].map(file).find(Boolean))) ?? '';
        if (!md) notes.push('no statement file (problem_zh.md / problem.md)');
        const statement = splitHydroStatement(md);
        const testDir = inDir('testdata');
        const configData = await textOf(file('testdata/config.yaml') ?? file('testdata/config.yml'));
        const config = (configData ? YAML.parse(configData) : {}) as Record<string, unknown>;
        const testFile = (name: string) => entries.find((e) => e.name === `${testDir}/${name}`);
        let cases: Draft['cases'] = [];
        const subtasks = list(config.subtasks) as { score?: number; cases?: { input?: string; output?: string }[] }[];
        let type: 0 | 1 = 0;
        if (subtasks.length && subtasks.some((s) => list(s.cases).length)) {
          type = 1;
          subtasks.forEach((s, g) => {
            const sc = list(s.cases) as { input?: string; output?: string }[];
            const each = sc.length ? Math.floor((Number(s.score) || 0) / sc.length) : 0;
            for (const c of sc) {
              const input = testFile(String(c.input));
              if (!input) throw new SkipError(`test file ${c.input} is missing from testdata/`);
              const output = c.output ? testFile(String(c.output)) : undefined;
              if (!output) notes.push(`missingOutput:${c.input}`);
              cases.push({ name: String(cases.length + 1), input, output: output ?? '', score: each, groupNum: g + 1 });
            }
          });
          notes.push(`${subtasks.length} subtask${subtasks.length === 1 ? '' : 's'} scored as OI`);
        } else cases = pairCases(entries, testDir, notes);
        let checker: Draft['checker'];
        if (config.type === 'special' || config.checker) {
          const name = String(config.checker ?? '');
          const code = name ? await textOf(testFile(name)) : undefined;
          if (code && String(config.checker_type ?? 'testlib') === 'testlib' && /\.(cc|cpp|cxx)$/i.test(name)) {
            checker = { code, language: 'C++' };
          } else notes.push(`special judge ${name || '(none)'} dropped: only testlib checkers in C++ are supported`);
        }
        if (config.type === 'interactive') throw new SkipError('interactive Hydro problems are not supported yet');
        if (config.type === 'objective' || config.type === 'submit_answer') {
          throw new SkipError(`Hydro ${config.type} problems have no counterpart here`);
        }
        if (entries.some((e) => e.name.startsWith(inDir('additional_file/'))))
          notes.push('additional files not imported');
        const time = parseDuration(config.time);
        const memory = parseMemory(config.memory);
        if (time === undefined || memory === undefined) notes.push('missing limits replaced by 1 s / 256 MB');
        return {
          problemId: text(meta.pid),
          title: text(meta.title),
          description: statement.description,
          input: statement.input,
          output: statement.output,
          hint: statement.hint,
          source: statement.source,
          examples: statement.examples,
          timeLimitMs: time ?? DEFAULT_TIME_MS,
          memoryLimitMb: memory ?? DEFAULT_MEMORY_MB,
          type,
          cases,
          checker,
          tags: list(meta.tag).map(text),
        };
      },
    };
  };

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
