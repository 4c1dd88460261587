/** Polygon's "full" package (problem.xml at the zip's root or in its one top folder; decision 0054) read into a
 * PolygonPackage (polygon-package.ts), without running anything: every problem found is reported at once. */
import path from 'node:path';
import { judgeProtocol, type LanguageName, type Locale, type SolutionTag } from '@oj/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../http/app-error.js';
import type { ExtractedEntry } from '../admin-problem/safe-zip.js';
import { clampInt, list, textOf } from './import-draft.js';
import {
  type ImportNote,
  type PolygonGroup,
  type PolygonPackage,
  type PolygonProgram,
  type PolygonTest,
  renderImportNote,
} from './polygon-package.js';
import { normalizeExample, readPolygonStatement } from './polygon-statement.js';

/** Polygon's source types (`cpp.g++17`, `cpp.gcc13-64-winlibs-g++20`, `java21`, `python.pypy3-64`...) onto the
 * site's languages, by pattern, first match wins. C++ takes the standard its type names (`g++NN`): 20 and later →
 * C++ 20, 17 → C++ 17, older or unnamed → C++; Visual C++ 2017 and later (`cpp.ms2017`) read as C++ 17, the older
 * ones as C++. Types matched by none (Kotlin, Pascal, C#, D, Haskell...) have no counterpart here. */
export const POLYGON_SOURCE_TYPES: readonly { pattern: RegExp; language: LanguageName }[] = [
  { pattern: /^c\./, language: 'C With O2' },
  { pattern: /^cpp\..*\+\+(2\d|[3-9]\d)(?!\d)/, language: 'C++ 20 With O2' },
  { pattern: /^cpp\..*\+\+17(?!\d)/, language: 'C++ 17 With O2' },
  { pattern: /^cpp\.ms20(1[7-9]|[2-9]\d)/, language: 'C++ 17 With O2' },
  { pattern: /^cpp\./, language: 'C++ With O2' },
  { pattern: /^java(?![a-z])/, language: 'Java' },
  { pattern: /^python\.pypy3/, language: 'PyPy3' },
  { pattern: /^python\.(pypy)?2/, language: 'Python2' },
  { pattern: /^python\.3/, language: 'Python3' },
  { pattern: /^go(lang)?(?![a-z])/, language: 'Golang' },
  { pattern: /^rust(?![a-z])/, language: 'Rust' },
  { pattern: /^(js|javascript|node)(?![a-z])/, language: 'JavaScript Node' },
];

/** The site's language of a Polygon source type; undefined when it has none. */
export const siteLanguageOf = (type: string): LanguageName | undefined => {
  const t = type.trim().toLowerCase();
  return POLYGON_SOURCE_TYPES.find((r) => r.pattern.test(t))?.language;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) =>
    [
      'name',
      'statement',
      'testset',
      'test',
      'group',
      'dependency',
      'file',
      'executable',
      'validator',
      'solution',
    ].includes(name),
});

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const nodes = (v: unknown): Node[] => list(v).map(node);
const attr = (n: Node, name: string): string => {
  const v = n[`@_${name}`];
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
};
const value = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (v && typeof v === 'object' && '#text' in v) return value((v as Node)['#text']);
  return '';
};

/** A `printf` pattern of the testset (`tests/%02d`) for one test. */
const testPath = (pattern: string, index: number) =>
  pattern.replace(/%(0?)(\d*)d/, (_, zero: string, width: string) =>
    String(index).padStart(Number(width) || 0, zero ? '0' : ' '),
  );

/** Where problem.xml is: the root, else the one top folder holding one. */
const findRoot = (entries: ExtractedEntry[]): { root: string; error?: ImportNote } => {
  if (entries.some((e) => e.name === 'problem.xml')) return { root: '' };
  const nested = entries.filter((e) => /^[^/]+\/problem\.xml$/.test(e.name));
  if (nested.length === 1) return { root: nested[0].name.slice(0, -'problem.xml'.length) };
  if (nested.length > 1) {
    return {
      root: '',
      error: { key: 'polygonErrorManyProblemXml', vars: { files: nested.map((e) => e.name).join(', ') } },
    };
  }
  return { root: '', error: { key: 'polygonErrorNoProblemXml' } };
};

/** A sample test larger than this stays a test, not an example shown in the statement. */
const EXAMPLE_MAX_BYTES = 64 * 1024;

/** Reads a Polygon package from the extracted archive. Throws polygonPackageInvalid with every problem seen, the
 * reasons rendered in `locale` (the caller's). */
export const readPolygonPackage = async (
  entries: ExtractedEntry[],
  opts: { language?: 'chinese' | 'english' | 'russian'; locale: Locale },
): Promise<PolygonPackage> => {
  const invalid = (reasons: ImportNote[]) =>
    new AppError(400, 'polygonPackageInvalid', {
      errors: reasons.map((r) => renderImportNote(r, opts.locale)).join('; '),
    });
  const errors: ImportNote[] = [];
  const notes: ImportNote[] = [];
  const { root, error } = findRoot(entries);
  if (error) throw invalid([error]);
  const byName = new Map<string, ExtractedEntry>();
  for (const e of entries) if (e.name.startsWith(root)) byName.set(e.name.slice(root.length), e);
  const file = (p: string) => byName.get(p.replace(/\\/g, '/').replace(/^\.\//, ''));

  const xmlText = (await textOf(byName.get('problem.xml'))) ?? '';
  const valid = XMLValidator.validate(xmlText);
  if (valid !== true) {
    throw invalid([{ key: 'polygonErrorXmlMalformed', vars: { reason: valid.err.msg, line: String(valid.err.line) } }]);
  }
  const problem = node(parser.parse(xmlText).problem);
  if (!Object.keys(problem).length) throw invalid([{ key: 'polygonErrorNoProblemElement' }]);
  const shortName = attr(problem, 'short-name');

  /** A program problem.xml names by its `<source path type>`: present, and in a language of the site. `what`: the
   * program as the reasons name it (a polygonProgram… key and its variables). */
  const program = (source: Node, what: Record<string, string>): PolygonProgram | undefined => {
    const p = attr(source, 'path');
    const type = attr(source, 'type');
    if (!p) {
      errors.push({ key: 'polygonErrorNoSourcePath', vars: what });
      return undefined;
    }
    const entry = file(p);
    const language = siteLanguageOf(type);
    if (!entry) errors.push({ key: 'polygonErrorProgramMissing', vars: { ...what, path: p } });
    if (!language) errors.push({ key: 'polygonErrorProgramType', vars: { ...what, path: p, type } });
    return entry && language ? { path: p, language, entry } : undefined;
  };

  // The testset: "tests" among several.
  const judging = node(problem.judging);
  const inputFile = attr(judging, 'input-file');
  const outputFile = attr(judging, 'output-file');
  if (inputFile && inputFile !== 'stdin') {
    errors.push({ key: 'polygonErrorInputFile', vars: { file: inputFile } });
  }
  if (outputFile && outputFile !== 'stdout') {
    errors.push({ key: 'polygonErrorOutputFile', vars: { file: outputFile } });
  }
  const testsets = nodes(judging.testset);
  let testset: Node | undefined;
  if (!testsets.length) errors.push({ key: 'polygonErrorNoTestset' });
  else if (testsets.length === 1) testset = testsets[0];
  else {
    testset = testsets.find((t) => attr(t, 'name') === 'tests');
    if (!testset) errors.push({ key: 'polygonErrorNoTestsTestset', vars: { count: String(testsets.length) } });
    else {
      const others = testsets.map((t) => attr(t, 'name')).filter((n) => n !== 'tests');
      notes.push({ key: 'polygonNoteTestsetTaken', vars: { testsets: others.map((n) => `"${n}"`).join(', ') } });
    }
  }
  const ts = testset ?? {};
  const timeMs = Number(value(ts['time-limit']));
  const memoryBytes = Number(value(ts['memory-limit']));
  let timeLimitMs = 1000;
  let memoryLimitMb = 256;
  if (testset) {
    if (Number.isFinite(timeMs) && timeMs > 0) {
      timeLimitMs = clampInt(timeMs, 100, 60_000);
      if (timeLimitMs !== timeMs) {
        notes.push({ key: 'polygonNoteTimeLimitClamped', vars: { given: String(timeMs), taken: String(timeLimitMs) } });
      }
    } else errors.push({ key: 'polygonErrorNoTimeLimit' });
    if (Number.isFinite(memoryBytes) && memoryBytes > 0) {
      const mb = memoryBytes / (1024 * 1024);
      memoryLimitMb = clampInt(mb, 16, 4096);
      if (memoryLimitMb !== mb) {
        notes.push({
          key: 'polygonNoteMemoryLimitClamped',
          vars: { bytes: String(memoryBytes), taken: String(memoryLimitMb) },
        });
      }
    } else errors.push({ key: 'polygonErrorNoMemoryLimit' });
  }

  // Executables: generators are called by their file's name ("gen" for files/gen.cpp).
  const files = node(problem.files);
  const executables = nodes(node(files.executables).executable).map((x) => node(x.source));
  const executableName = (source: Node) => path.posix.basename(attr(source, 'path')).replace(/\.[^.]*$/, '');

  // Tests.
  const inputPattern = value(ts['input-path-pattern']) || 'tests/%02d';
  const answerPattern = value(ts['answer-path-pattern']) || 'tests/%02d.a';
  const testNodes = nodes(node(ts.tests).test);
  const declaredCount = Number(value(ts['test-count']));
  if (testset && Number.isFinite(declaredCount) && declaredCount !== testNodes.length) {
    errors.push({
      key: 'polygonErrorTestCount',
      vars: { declared: String(declaredCount), listed: String(testNodes.length) },
    });
  }
  if (testset && !testNodes.length) errors.push({ key: 'polygonErrorNoTests' });
  const usedGenerators = new Set<string>();
  let packagedGenerated = 0;
  const tests: PolygonTest[] = testNodes.map((t, k) => {
    const index = k + 1;
    const method = attr(t, 'method') || 'manual';
    const group = attr(t, 'group') || null;
    const pointsText = attr(t, 'points');
    const points = pointsText === '' ? null : Number(pointsText);
    if (points !== null && !(Number.isFinite(points) && points >= 0)) {
      errors.push({ key: 'polygonErrorTestPoints', vars: { test: String(index), points: pointsText } });
    }
    const sample = attr(t, 'sample') === 'true';
    const inputPath = testPath(inputPattern, index);
    const answer = file(testPath(answerPattern, index)) ?? null;
    if (method === 'generated') {
      const cmd = attr(t, 'cmd').trim();
      if (!cmd) errors.push({ key: 'polygonErrorNoCommand', vars: { test: String(index) } });
      else {
        const name = cmd.split(/\s+/)[0];
        usedGenerators.add(name);
        if (!executables.some((x) => executableName(x) === name)) {
          errors.push({ key: 'polygonErrorUnknownGenerator', vars: { test: String(index), generator: name } });
        }
      }
      if (attr(t, 'from-file')) {
        errors.push({ key: 'polygonErrorFromFile', vars: { test: String(index) } });
      }
      if (file(inputPath)) packagedGenerated++;
      // The package's copies were made by Polygon's build: the tests made here are answered by the main solution.
      return { index, input: null, cmd: cmd || null, answer: null, group, points, sample };
    }
    if (method !== 'manual') errors.push({ key: 'polygonErrorTestMethod', vars: { test: String(index), method } });
    const input = file(inputPath) ?? null;
    if (!input) errors.push({ key: 'polygonErrorTestFileMissing', vars: { test: String(index), path: inputPath } });
    return { index, input, cmd: null, answer, group, points: points ?? null, sample };
  });
  if (packagedGenerated) {
    notes.push({
      key: packagedGenerated === 1 ? 'polygonNoteGeneratedTestRemade' : 'polygonNoteGeneratedTestsRemade',
      vars: { count: String(packagedGenerated) },
    });
  }

  // Groups.
  const groupNodes = nodes(node(ts.groups).group);
  const groups: PolygonGroup[] = groupNodes.map((g) => {
    const name = attr(g, 'name');
    const pointsText = attr(g, 'points');
    const points = pointsText === '' ? null : Number(pointsText);
    if (points !== null && !(Number.isFinite(points) && points >= 0)) {
      errors.push({ key: 'polygonErrorGroupPoints', vars: { group: name, points: pointsText } });
    }
    const policy = attr(g, 'points-policy') || 'complete-group';
    if (policy !== 'complete-group' && policy !== 'each-test') {
      errors.push({ key: 'polygonErrorGroupPolicy', vars: { group: name, policy } });
    }
    return {
      name,
      points,
      pointsPolicy: policy === 'each-test' ? 'each-test' : 'complete-group',
      dependencies: nodes(node(g.dependencies).dependency).map((d) => attr(d, 'group')),
    };
  });
  const testGroups = [...new Set(tests.map((t) => t.group).filter((g): g is string => g !== null))];
  if (groupNodes.length) {
    const known = new Set(groups.map((g) => g.name));
    for (const g of testGroups)
      if (!known.has(g)) errors.push({ key: 'polygonErrorUndeclaredGroup', vars: { group: g } });
    for (const g of groups) {
      for (const d of g.dependencies)
        if (!known.has(d))
          errors.push({ key: 'polygonErrorUnknownDependency', vars: { group: g.name, dependency: d } });
    }
  } else {
    // Groups without settings: each test counts for its own points.
    for (const name of testGroups) groups.push({ name, points: null, pointsPolicy: 'each-test', dependencies: [] });
  }

  // Generators: the executables the tests call.
  const generators: PolygonPackage['generators'] = [];
  for (const name of usedGenerators) {
    const source = executables.find((x) => executableName(x) === name);
    if (!source) continue;
    const p = program(source, { program: 'polygonProgramGenerator', name });
    if (p) generators.push({ ...p, name });
  }
  const assets = node(problem.assets);
  const assetPaths = new Set<string>();

  // Checker, interactor, validator.
  let checker: PolygonProgram | null = null;
  if (assets.checker !== undefined) {
    const c = node(assets.checker);
    const source = node(c.source);
    const name = attr(c, 'name');
    if (attr(source, 'path')) {
      assetPaths.add(attr(source, 'path'));
      checker =
        program(
          source,
          name ? { program: 'polygonProgramNamedChecker', name } : { program: 'polygonProgramChecker' },
        ) ?? null;
    } else if (name) notes.push({ key: 'polygonNoteCheckerWithoutSource', vars: { name } });
    else notes.push({ key: 'polygonNoteUnnamedCheckerWithoutSource' });
    const type = attr(c, 'type');
    if (type && type !== 'testlib') errors.push({ key: 'polygonErrorCheckerType', vars: { type } });
  } else notes.push({ key: 'polygonNoteNoChecker' });
  let interactor: PolygonProgram | null = null;
  if (assets.interactor !== undefined) {
    const source = node(node(assets.interactor).source);
    assetPaths.add(attr(source, 'path'));
    interactor = program(source, { program: 'polygonProgramInteractor' }) ?? null;
  }
  const validators = nodes(node(assets.validators).validator);
  let validator: PolygonProgram | null = null;
  for (const [k, v] of validators.entries()) {
    const source = node(v.source);
    assetPaths.add(attr(source, 'path'));
    const p = program(source, { program: 'polygonProgramValidator' });
    if (k === 0) validator = p ?? null;
  }
  if (validators.length > 1)
    notes.push({ key: 'polygonNoteManyValidators', vars: { count: String(validators.length) } });
  if (!validators.length) notes.push({ key: 'polygonNoteNoValidator' });

  // Solutions: the main one first.
  const solutions: PolygonPackage['solutions'] = [];
  for (const s of nodes(node(assets.solutions).solution)) {
    const tag = attr(s, 'tag') as SolutionTag;
    const source = node(s.source);
    const p = program(
      source,
      tag ? { program: 'polygonProgramSolution', tag } : { program: 'polygonProgramUntaggedSolution' },
    );
    if (!(judgeProtocol.SOLUTION_TAGS as readonly string[]).includes(tag)) {
      errors.push({ key: 'polygonErrorSolutionTag', vars: { path: attr(source, 'path'), tag } });
      continue;
    }
    if (p) solutions.push({ ...p, tag });
  }
  const mains = solutions.filter((s) => s.tag === 'main');
  if (mains.length > 1) {
    errors.push({ key: 'polygonErrorManyMains', vars: { paths: mains.map((s) => s.path).join(', ') } });
  }
  solutions.sort((a, b) => Number(b.tag === 'main') - Number(a.tag === 'main'));
  const hasMain = nodes(node(assets.solutions).solution).some((s) => attr(s, 'tag') === 'main');
  const unanswered = tests.filter((t) => !t.answer).map((t) => t.index);
  if (unanswered.length && !hasMain) {
    errors.push({
      key: unanswered.length === 1 ? 'polygonErrorNoMainUnansweredTest' : 'polygonErrorNoMainUnansweredTests',
      vars: { tests: compactRange(unanswered) },
    });
  }

  // Resources: the headers are put beside every compile; the statement's TeX files are not needed.
  const resources: PolygonPackage['resources'] = [];
  const leftOut: string[] = [];
  for (const r of nodes(node(files.resources).file)) {
    const p = attr(r, 'path');
    const type = attr(r, 'type');
    if (/^h\./.test(type) || /\.(h|hh|hpp|hxx|inc)$/i.test(p)) {
      const entry = file(p);
      if (entry) resources.push({ path: p, entry });
      else errors.push({ key: 'polygonErrorResourceMissing', vars: { path: p } });
    } else if (!/\.(sty|tex|ftl)$/i.test(p)) leftOut.push(p);
  }
  if (leftOut.length) notes.push({ key: 'polygonNoteResourcesLeftOut', vars: { paths: leftOut.join(', ') } });
  const unused = executables.map(executableName).filter((n) => !usedGenerators.has(n));
  const unusedOthers = executables
    .filter((x) => unused.includes(executableName(x)) && !assetPaths.has(attr(x, 'path')))
    .map((x) => attr(x, 'path'));
  if (unusedOthers.length) {
    notes.push({ key: 'polygonNoteExecutablesLeftOut', vars: { paths: unusedOthers.join(', ') } });
  }

  // The statement.
  const names: Record<string, string> = {};
  for (const n of nodes(node(problem.names).name)) names[attr(n, 'language')] = attr(n, 'value');
  const xmlLanguages = nodes(node(problem.statements).statement)
    .filter((s) => attr(s, 'type') === 'application/x-tex')
    .map((s) => attr(s, 'language'));
  const statement = await readPolygonStatement(
    { names: [...byName.keys()], read: async (p) => textOf(file(p)) },
    { language: opts.language, xmlLanguages, names },
  );
  let examples = statement.examples;
  if (!examples.length) {
    const samples = tests.filter((t) => t.sample);
    if (samples.every((t) => t.input && t.answer)) {
      for (const t of samples) {
        if ((t.input?.size ?? 0) + (t.answer?.size ?? 0) > EXAMPLE_MAX_BYTES) {
          notes.push({ key: 'polygonNoteSampleTooLarge', vars: { test: String(t.index) } });
          continue;
        }
        examples.push({
          input: normalizeExample((await textOf(t.input as ExtractedEntry)) ?? ''),
          output: normalizeExample((await textOf(t.answer as ExtractedEntry)) ?? ''),
        });
      }
    } else if (samples.length) notes.push({ key: 'polygonNoteSamplesGenerated' });
  }
  examples = examples.map((e) => ({ input: e.input, output: e.output }));

  if (errors.length) throw invalid(errors);
  return {
    shortName,
    title: statement.title || shortName,
    language: statement.language ?? '',
    statement: statement.statement,
    images: statement.images.map((i) => ({ name: i.name, entry: file(i.path) as ExtractedEntry })),
    examples,
    timeLimitMs,
    memoryLimitMb,
    tests,
    groups,
    checker,
    interactor,
    validator,
    generators,
    resources,
    solutions,
    notes: [...statement.notes, ...notes],
  };
};

/** 1, 2, 3, 5 → "1-3, 5". */
const compactRange = (ns: number[]) => {
  const out: string[] = [];
  for (let k = 0; k < ns.length; k++) {
    let j = k;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    out.push(j > k ? `${ns[k]}-${ns[j]}` : String(ns[k]));
    k = j;
  }
  return out.join(', ');
};
