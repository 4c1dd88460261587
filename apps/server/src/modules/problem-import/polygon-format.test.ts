import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPolygonZip,
  GENERATED_TESTS,
  generatedPackage,
  manualPackage,
  type PolygonFiles,
} from '../../../test/polygon-fixtures.js';
import { AppError } from '../../http/app-error.js';
import { type ExtractedEntry, withExtractedZip } from '../admin-problem/safe-zip.js';
import { POLYGON_SOURCE_TYPES, readPolygonPackage, siteLanguageOf } from './polygon-format.js';
import { type ImportNote, type PolygonPackage, renderImportNote } from './polygon-package.js';

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-polygon-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Zips the files, extracts them as an upload is, reads the package and hands it (with its files' texts) over. */
const read = async <T>(
  files: PolygonFiles,
  use: (pkg: PolygonPackage, text: (e: ExtractedEntry | null) => string) => T,
  opts: { language?: 'chinese' | 'english' | 'russian'; folder?: string; locale?: 'zh-CN' | 'en-US' } = {},
): Promise<T> => {
  const zip = path.join(scratch, `${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(zip, await buildPolygonZip(files, opts.folder));
  return withExtractedZip(zip, scratch, {}, async (entries) => {
    const pkg = await readPolygonPackage(entries, { language: opts.language, locale: opts.locale ?? 'en-US' });
    return use(pkg, (e) => (e ? fs.readFileSync(e.path, 'utf8') : ''));
  });
};

/** The notes in English. */
const en = (notes: ImportNote[]) => notes.map((n) => renderImportNote(n, 'en-US'));

/** The errors a refused package lists (in English unless another locale is asked for). */
const refusal = async (files: PolygonFiles, locale?: 'zh-CN' | 'en-US'): Promise<string[]> => {
  try {
    await read(files, () => undefined, { locale });
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).key).toBe('polygonPackageInvalid');
    return (e as AppError).vars.errors.split('; ');
  }
  throw new Error('the package was accepted');
};

const edit = (files: PolygonFiles, name: string, change: (s: string) => string): PolygonFiles => ({
  ...files,
  [name]: change(String(files[name])),
});
const without = (files: PolygonFiles, ...names: string[]) =>
  Object.fromEntries(Object.entries(files).filter(([n]) => !names.includes(n)));

describe('siteLanguageOf (Polygon source types)', () => {
  it.each([
    ['c.gcc', 'C With O2'],
    ['cpp.g++', 'C++ With O2'],
    ['cpp.g++11', 'C++ With O2'],
    ['cpp.g++14', 'C++ With O2'],
    ['cpp.g++17', 'C++ 17 With O2'],
    ['cpp.gcc11-64-winlibs-g++17', 'C++ 17 With O2'],
    ['cpp.msys2-mingw64-9-g++17', 'C++ 17 With O2'],
    ['cpp.g++20', 'C++ 20 With O2'],
    ['cpp.gcc13-64-winlibs-g++20', 'C++ 20 With O2'],
    ['cpp.gcc14-64-msys2-g++23', 'C++ 20 With O2'],
    ['cpp.ms2017', 'C++ 17 With O2'],
    ['cpp.ms', 'C++ With O2'],
    ['java8', 'Java'],
    ['java11', 'Java'],
    ['java21', 'Java'],
    ['python.2', 'Python2'],
    ['python.3', 'Python3'],
    ['python.pypy3', 'PyPy3'],
    ['python.pypy3-64', 'PyPy3'],
    ['go', 'Golang'],
    ['rust', 'Rust'],
    ['js', 'JavaScript Node'],
    ['node', 'JavaScript Node'],
  ])('%s → %s', (type, language) => {
    expect(siteLanguageOf(type)).toBe(language);
  });

  it.each(['kotlin', 'kotlin.17', 'pas.fpc', 'pas.dpr', 'csharp.mono', 'd', 'haskell.ghc', 'ruby'])(
    '%s has no counterpart',
    (type) => {
      expect(siteLanguageOf(type)).toBeUndefined();
    },
  );

  it('is a short list of patterns', () => {
    expect(POLYGON_SOURCE_TYPES.length).toBeLessThan(20);
  });
});

describe('readPolygonPackage', () => {
  it('reads the manual package: tests with answers, checker, validator, solutions, the Chinese statement', async () => {
    const got = await read(manualPackage(), (pkg, text) => ({
      pkg,
      tests: pkg.tests.map((t) => [text(t.input), text(t.answer)]),
      checker: text(pkg.checker?.entry ?? null),
    }));
    const { pkg } = got;
    expect(pkg.shortName).toBe('a-plus-b');
    expect(pkg.title).toBe('A+B 问题');
    expect(pkg.language).toBe('chinese');
    expect(pkg.timeLimitMs).toBe(1000);
    expect(pkg.memoryLimitMb).toBe(256);
    expect(got.tests).toEqual([
      ['1 2\r\n', '3\r\n'],
      ['-5 5\r\n', '0\r\n'],
      ['1000000000 1000000000\r\n', '2000000000\r\n'],
    ]);
    expect(pkg.tests.map((t) => [t.index, t.cmd, t.group, t.points, t.sample])).toEqual([
      [1, null, null, null, true],
      [2, null, null, null, false],
      [3, null, null, null, false],
    ]);
    expect(pkg.groups).toEqual([]);
    expect(pkg.checker?.path).toBe('files/check.cpp');
    expect(pkg.checker?.language).toBe('C++ 17 With O2');
    expect(got.checker).toContain('registerTestlibCmd');
    expect(pkg.validator?.path).toBe('files/val.cpp');
    expect(pkg.interactor).toBeNull();
    expect(pkg.generators).toEqual([]);
    expect(pkg.resources).toEqual([]);
    expect(pkg.solutions.map((s) => [s.tag, s.path, s.language])).toEqual([
      ['main', 'solutions/main.cpp', 'C++ 17 With O2'],
      ['wrong-answer', 'solutions/wa.cpp', 'C++ 17 With O2'],
    ]);
    expect(pkg.statement.description).toContain('给定两个整数 $a$ 和 $b$');
    expect(pkg.statement.description).toContain('![](sum.png)');
    expect(pkg.statement.input).toBe('一行两个整数 $a$ 和 $b$（$|a|, |b| \\le 10^9$）。');
    expect(pkg.images.map((i) => [i.name, i.entry.name])).toEqual([['sum.png', 'statement-sections/chinese/sum.png']]);
    expect(pkg.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(en(pkg.notes)).toContain('statement in chinese taken; english left out');
  });

  it('takes the statement asked for, and reads a package inside one top folder', async () => {
    const pkg = await read(manualPackage(), (p) => p, { language: 'english', folder: 'a-plus-b-7$linux' });
    expect(pkg.language).toBe('english');
    expect(pkg.title).toBe('A+B');
    expect(pkg.statement.output).toBe('Print one integer — the value of $a + b$.');
    expect(pkg.statement.hint).toBe('In the first example, $1 + 2 = 3$.');
    expect(en(pkg.notes)).toContain('statement in english taken; chinese left out');
    expect(pkg.tests).toHaveLength(3);
  });

  it('notes a language asked for that the package lacks, and takes Chinese', async () => {
    const pkg = await read(manualPackage(), (p) => p, { language: 'russian' });
    expect(pkg.language).toBe('chinese');
    expect(en(pkg.notes)).toContain('no russian statement in the package');
  });

  it('takes the examples from the sample tests when the statement has none', async () => {
    const files = without(
      manualPackage(),
      'statement-sections/chinese/example.01',
      'statement-sections/chinese/example.01.a',
      'statement-sections/english/example.01',
      'statement-sections/english/example.01.a',
    );
    const pkg = await read(files, (p) => p);
    expect(pkg.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
  });

  it('reads problem.tex when the package has neither sections nor properties', async () => {
    const files = Object.fromEntries(
      Object.entries(manualPackage()).filter(([n]) => !n.startsWith('statement-sections/')),
    );
    const pkg = await read(files, (p) => p, { language: 'english' });
    expect(pkg.statement.input).toBe('The only line contains two integers $a$ and $b$ ($|a|, |b| \\le 10^9$).');
    expect(pkg.statement.hint).toBe('In the first example, $1 + 2 = 3$.');
    expect(pkg.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(pkg.images.map((i) => i.entry.name)).toEqual(['statements/english/sum.png']);
  });

  it('reads the generated package: commands, groups with points, no answers, the main solution first', async () => {
    const pkg = await read(generatedPackage(), (p) => p);
    expect(pkg.tests.map((t) => ({ cmd: t.cmd, group: t.group, points: t.points, sample: t.sample }))).toEqual(
      GENERATED_TESTS,
    );
    expect(pkg.tests.every((t) => t.input === null && t.answer === null)).toBe(true);
    expect(pkg.groups).toEqual([
      { name: '1', points: 40, pointsPolicy: 'complete-group', dependencies: [] },
      { name: '2', points: 60, pointsPolicy: 'each-test', dependencies: ['1'] },
    ]);
    expect(pkg.generators.map((g) => [g.name, g.path, g.language])).toEqual([
      ['gen', 'files/gen.cpp', 'C++ 17 With O2'],
    ]);
    expect(pkg.solutions.map((s) => s.tag)).toEqual(['main', 'time-limit-exceeded']);
    expect(pkg.language).toBe('english');
    expect(pkg.statement.description).toBe('Given two integers $a$ and $b$, print their sum.');
    expect(pkg.examples).toEqual([
      { input: '2 4\n', output: '6\n' },
      { input: '5 3\n', output: '8\n' },
    ]);
  });

  it('lists the main solution first whatever the order in problem.xml', async () => {
    const files = edit(generatedPackage(), 'problem.xml', (x) =>
      x.replace(
        /(<solution tag="main">[\s\S]*?<\/solution>)(\s*)(<solution tag="time-limit-exceeded">[\s\S]*?<\/solution>)/,
        '$3$2$1',
      ),
    );
    expect(String(files['problem.xml']).indexOf('time-limit-exceeded')).toBeLessThan(
      String(files['problem.xml']).indexOf('tag="main"'),
    );
    const pkg = await read(files, (p) => p);
    expect(pkg.solutions.map((s) => s.tag)).toEqual(['main', 'time-limit-exceeded']);
  });

  it('refuses an archive without problem.xml, or with a broken one', async () => {
    expect(await refusal(without(manualPackage(), 'problem.xml'))).toEqual([
      "problem.xml is missing (neither at the archive's root nor in its one top folder)",
    ]);
    const broken = await refusal(edit(manualPackage(), 'problem.xml', (x) => x.replace('</names>', '')));
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^problem\.xml is not well-formed XML/);
  });

  it('lists every problem at once', async () => {
    let files = without(manualPackage(), 'tests/02', 'files/val.cpp', 'solutions/main.cpp');
    files = edit(files, 'problem.xml', (x) =>
      x
        .replace('input-file=""', 'input-file="input.txt"')
        .replace('output-file=""', 'output-file="output.txt"')
        .replace(
          '<source path="solutions/wa.cpp" type="cpp.g++17"/>',
          '<source path="solutions/wa.cpp" type="kotlin"/>',
        ),
    );
    expect(await refusal(files)).toEqual([
      'the problem reads the file "input.txt": only standard input is supported here',
      'the problem writes the file "output.txt": only standard output is supported here',
      "test 2's file tests/02 is missing from the package",
      'validator files/val.cpp is missing from the package',
      'solution (main) solutions/main.cpp is missing from the package',
      'solution (wrong-answer) solutions/wa.cpp is of source type "kotlin", which this site cannot compile',
    ]);
  });

  it('refuses generated tests without their generator, and tests without answers without a main solution', async () => {
    let files = without(generatedPackage(), 'files/gen.cpp');
    files = edit(files, 'problem.xml', (x) =>
      x.replace('cmd="gen 1 100 3"', 'cmd="gen2 1 100 3"').replace(/<solution tag="main">[\s\S]*?<\/solution>/, ''),
    );
    expect(await refusal(files)).toEqual([
      'test 3 is made by generator "gen2", which is not among the package\'s executables',
      'generator gen files/gen.cpp is missing from the package',
      'no main solution, and tests 1-6 have no answer file',
    ]);
  });

  it('refuses a checker in a language the site lacks, and a missing resource', async () => {
    const files = edit(manualPackage(), 'problem.xml', (x) =>
      x
        .replace(/(<checker[^>]*>\s*)<source[^>]*>/, '$1<source path="files/check.pas" type="pas.fpc"/>')
        .replace('<files>', '<files>\n<resources><file path="files/testlib.h" type="h.g++"/></resources>'),
    );
    expect(await refusal(files)).toEqual([
      'checker std::wcmp.cpp files/check.pas is missing from the package',
      'checker std::wcmp.cpp files/check.pas is of source type "pas.fpc", which this site cannot compile',
      'resource files/testlib.h is missing from the package',
    ]);
  });

  it('keeps header resources, takes the testset named tests among several', async () => {
    const files = edit(
      { ...manualPackage(), 'files/testlib.h': '// testlib stand-in\n', 'files/olymp.sty': '' },
      'problem.xml',
      (x) =>
        x
          .replace(
            '<files>',
            '<files>\n<resources><file path="files/olymp.sty"/><file path="files/testlib.h" type="h.g++"/></resources>',
          )
          .replace(
            '</judging>',
            '<testset name="pretests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit><test-count>0</test-count><input-path-pattern>pretests/%02d</input-path-pattern><answer-path-pattern>pretests/%02d.a</answer-path-pattern><tests/></testset></judging>',
          ),
    );
    const pkg = await read(files, (p) => p);
    expect(pkg.resources.map((r) => r.path)).toEqual(['files/testlib.h']);
    expect(pkg.tests).toHaveLength(3);
    expect(en(pkg.notes)).toContain('testset "tests" taken; "pretests" left out');
  });

  it('refuses several testsets none of which is named tests, and a test-count that does not match', async () => {
    const files = edit(manualPackage(), 'problem.xml', (x) =>
      x
        .replace('<testset name="tests">', '<testset name="main">')
        .replace('</judging>', '<testset name="pretests"><tests/></testset></judging>'),
    );
    expect(await refusal(files)).toEqual(['problem.xml has 2 testsets and none named "tests"']);
    const miscounted = edit(manualPackage(), 'problem.xml', (x) =>
      x.replace('<test-count>3</test-count>', '<test-count>4</test-count>'),
    );
    expect(await refusal(miscounted)).toEqual(['test-count is 4 but 3 tests are listed']);
  });

  it('refuses a test in an undeclared group and an unknown points policy', async () => {
    const files = edit(generatedPackage(), 'problem.xml', (x) =>
      x
        .replace('cmd="gen 1 100 3" group="1"', 'cmd="gen 1 100 3" group="3"')
        .replace('points-policy="each-test"', 'points-policy="best"'),
    );
    expect(await refusal(files)).toEqual([
      'group "2" has points-policy "best"',
      'tests are in group "3", which <groups> does not declare',
    ]);
  });

  it('reads an interactor, and a checker without a source as the default comparison', async () => {
    const files = edit(
      { ...manualPackage(), 'files/interactor.cpp': '#include "testlib.h"\nint main() {}\n' },
      'problem.xml',
      (x) =>
        x
          .replace(/<checker[\s\S]*?<\/checker>/, '<checker name="std::wcmp.cpp" type="testlib"/>')
          .replace(
            '<assets>',
            '<assets>\n<interactor><source path="files/interactor.cpp" type="cpp.g++20"/><binary path="files/interactor.exe" type="exe.win32"/></interactor>',
          ),
    );
    const pkg = await read(files, (p) => p);
    expect(pkg.checker).toBeNull();
    expect(pkg.interactor?.language).toBe('C++ 20 With O2');
    expect(en(pkg.notes)).toContain("checker std::wcmp.cpp has no source: the site's default comparison judges");
  });

  it('reads its refusal reasons and notes in Chinese, the statement languages named in Chinese', async () => {
    const broken = without(manualPackage(), 'tests/02', 'files/val.cpp');
    expect(await refusal(broken, 'zh-CN')).toEqual([
      '题目包中缺少测试点 2 的文件 tests/02',
      '校验器 files/val.cpp 不在题目包中',
    ]);
    expect(await refusal(broken)).toEqual([
      "test 2's file tests/02 is missing from the package",
      'validator files/val.cpp is missing from the package',
    ]);
    const pkg = await read(manualPackage(), (p) => p, { language: 'russian' });
    const zh = pkg.notes.map((n) => renderImportNote(n, 'zh-CN'));
    expect(zh).toContain('题目包中没有俄文题面');
    expect(zh).toContain('采用中文题面；未导入英文题面');
    // A language Polygon has that the table does not name stays as it is.
    expect(renderImportNote({ key: 'polygonNoteStatementTaken', vars: { language: 'klingon' } }, 'zh-CN')).toBe(
      '采用klingon题面',
    );
  });
});
