/** Polygon "full" packages for tests (apps/server/src/modules/problem-import/polygon-format.ts reads them): a file
 * map (path → content) per package, and a zip builder. problem.xml is written as Polygon writes it. testlib.h is not
 * in the packages (the site gives it to every compile as a judge header), so their problem.xml does not name it. */
import { writeZip } from '../src/modules/admin-problem/safe-zip.js';

export type PolygonFiles = Record<string, string | Buffer>;

/** A zip of the files, each under `folder/` when given (Polygon's own zips hold the package at their root). */
export const buildPolygonZip = (files: PolygonFiles, folder?: string): Promise<Buffer> =>
  writeZip(Object.entries(files).map(([name, data]) => ({ name: folder ? `${folder}/${name}` : name, data })));

const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** std::wcmp as Polygon copies it into a package: compares the outputs token by token. */
export const CHECK_CPP = `#include "testlib.h"
#include <string>

using namespace std;

int main(int argc, char* argv[]) {
    setName("compare sequences of tokens");
    registerTestlibCmd(argc, argv);

    int n = 0;
    string j, p;

    while (!ans.seekEof() && !ouf.seekEof()) {
        n++;
        j = ans.readWord();
        p = ouf.readWord();
        if (j != p)
            quitf(_wa, "%d%s words differ - expected: '%s', found: '%s'", n, englishEnding(n).c_str(),
                  compress(j).c_str(), compress(p).c_str());
    }

    if (ans.seekEof() && ouf.seekEof()) {
        if (n == 1)
            quitf(_ok, "\\"%s\\"", compress(j).c_str());
        else
            quitf(_ok, "%d tokens", n);
    } else {
        if (ans.seekEof())
            quitf(_wa, "Participant output contains extra tokens");
        else
            quitf(_wa, "Unexpected EOF in the participants output");
    }
}
`;

/** Two integers a b, |a|, |b| <= 10^9, on one line. */
export const VAL_CPP = `#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    inf.readInt(-1000000000, 1000000000, "a");
    inf.readSpace();
    inf.readInt(-1000000000, 1000000000, "b");
    inf.readEoln();
    inf.readEof();
    return 0;
}
`;

/** gen <lo> <hi> <seed>: two random integers in [lo, hi] (the seed only makes the commands differ). */
export const GEN_CPP = `#include "testlib.h"
#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    long long lo = atoll(argv[1]);
    long long hi = atoll(argv[2]);
    long long a = rnd.next(lo, hi);
    long long b = rnd.next(lo, hi);
    printf("%lld %lld\\n", a, b);
    return 0;
}
`;

export const MAIN_CPP = `#include <cstdio>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\\n", a + b);
    return 0;
}
`;

/** Wrong answer: prints the difference. */
export const WA_CPP = `#include <cstdio>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\\n", a - b);
    return 0;
}
`;

/** Time limit exceeded: reads the input, then spins for ever. */
export const TLE_CPP = `#include <cstdio>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile unsigned long long spins = 0;
    for (;;) spins = spins + 1;
    printf("%lld\\n", a + b);
    return 0;
}
`;

const LEGEND_EN = String.raw`Given two integers $a$ and $b$, print their sum $a + b$.

\begin{center}
\includegraphics[width=4cm]{sum.png}
\end{center}
`;
const INPUT_EN = String.raw`The only line contains two integers $a$ and $b$ ($|a|, |b| \le 10^9$).
`;
const OUTPUT_EN = `Print one integer~--- the value of $a + b$.
`;
const NOTES_EN = `In the first example, $1 + 2 = 3$.
`;
const LEGEND_ZH = String.raw`给定两个整数 $a$ 和 $b$，输出它们的和 $a + b$。

\begin{center}
\includegraphics[width=4cm]{sum.png}
\end{center}
`;
const INPUT_ZH = String.raw`一行两个整数 $a$ 和 $b$（$|a|, |b| \le 10^9$）。
`;
const OUTPUT_ZH = `输出一个整数，即 $a + b$ 的值。
`;

/** olymp.sty's problem.tex, as Polygon writes it beside the sections. */
const problemTex = (name: string, legend: string, input: string, output: string, examples: string, notes: string) =>
  String.raw`\begin{problem}{${name}}{standard input}{standard output}{1 second}{256 megabytes}

${legend}
\InputFile
${input}
\OutputFile
${output}
\Examples

${examples}
${notes ? `\\Note\n${notes}` : ''}
\end{problem}

`;

const problemXml = (opts: {
  shortName: string;
  names: [string, string][];
  statements: string[];
  tests: string[];
  groups?: string;
  executables: string[];
  assets: string;
}) => `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="${opts.shortName}" url="https://polygon.codeforces.com/p1AbCdE/oj-tester/${opts.shortName}">
    <names>
${opts.names.map(([language, value]) => `        <name language="${language}" value="${value}"/>`).join('\n')}
    </names>
    <statements>
${opts.statements
  .map(
    (l) =>
      `        <statement charset="UTF-8" language="${l}" mathjax="true" path="statements/${l}/problem.tex" type="application/x-tex"/>`,
  )
  .join('\n')}
    </statements>
    <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="" output-file="">
        <testset name="tests">
            <time-limit>1000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>${opts.tests.length}</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
${opts.tests.map((t) => `                ${t}`).join('\n')}
            </tests>${opts.groups ? `\n            <groups>\n${opts.groups}\n            </groups>` : ''}
        </testset>
    </judging>
    <files>
        <executables>
${opts.executables
  .map(
    (name) => `            <executable>
                <source path="files/${name}.cpp" type="cpp.g++17"/>
                <binary path="files/${name}.exe" type="exe.win32"/>
            </executable>`,
  )
  .join('\n')}
        </executables>
    </files>
    <assets>
${opts.assets}
    </assets>
    <properties>
        <property name="tests-wellformed" value="true"/>
    </properties>
    <stresses>
        <stress-count>0</stress-count>
        <stress-path-pattern>stresses/%03d</stress-path-pattern>
        <list/>
    </stresses>
    <tags>
        <tag value="implementation"/>
    </tags>
</problem>
`;

const checkerXml = `        <checker name="std::wcmp.cpp" type="testlib">
            <source path="files/check.cpp" type="cpp.g++17"/>
            <binary path="check.exe" type="exe.win32"/>
            <copy path="check.cpp"/>
            <testset>
                <test-count>0</test-count>
                <input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>
                <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>
                <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>
                <tests/>
            </testset>
        </checker>`;
const validatorXml = `        <validators>
            <validator>
                <source path="files/val.cpp" type="cpp.g++17"/>
                <binary path="files/val.exe" type="exe.win32"/>
                <testset>
                    <test-count>0</test-count>
                    <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
                    <tests/>
                </testset>
            </validator>
        </validators>`;
const solutionsXml = (solutions: [string, string][]) => `        <solutions>
${solutions
  .map(
    ([tag, name]) => `            <solution tag="${tag}">
                <source path="solutions/${name}.cpp" type="cpp.g++17"/>
                <binary path="solutions/${name}.exe" type="exe.win32"/>
            </solution>`,
  )
  .join('\n')}
        </solutions>`;

/** A+B with manual tests (tests/01..03 with their .a answers, CRLF line ends in tests and sources), std::wcmp's
 * source as the checker, a validator, a main and a wrong-answer solution, English and Chinese statements (sections,
 * problem.tex, a formula and an image). */
export const manualPackage = (): PolygonFiles => {
  const tests: [string, string][] = [
    ['1 2\n', '3\n'],
    ['-5 5\n', '0\n'],
    ['1000000000 1000000000\n', '2000000000\n'],
  ];
  const files: PolygonFiles = {
    'problem.xml': problemXml({
      shortName: 'a-plus-b',
      names: [
        ['chinese', 'A+B 问题'],
        ['english', 'A+B'],
      ],
      statements: ['chinese', 'english'],
      tests: ['<test method="manual" sample="true"/>', '<test method="manual"/>', '<test method="manual"/>'],
      executables: ['check', 'val'],
      assets: [
        checkerXml,
        validatorXml,
        solutionsXml([
          ['main', 'main'],
          ['wrong-answer', 'wa'],
        ]),
      ].join('\n'),
    }),
    'files/check.cpp': crlf(CHECK_CPP),
    'files/val.cpp': crlf(VAL_CPP),
    'check.cpp': crlf(CHECK_CPP),
    'solutions/main.cpp': crlf(MAIN_CPP),
    'solutions/wa.cpp': crlf(WA_CPP),
    'statement-sections/english/name.tex': 'A+B\n',
    'statement-sections/english/legend.tex': LEGEND_EN,
    'statement-sections/english/input.tex': INPUT_EN,
    'statement-sections/english/output.tex': OUTPUT_EN,
    'statement-sections/english/notes.tex': NOTES_EN,
    'statement-sections/english/example.01': '1 2\n',
    'statement-sections/english/example.01.a': '3\n',
    'statement-sections/english/sum.png': TINY_PNG,
    'statement-sections/chinese/name.tex': 'A+B 问题\n',
    'statement-sections/chinese/legend.tex': LEGEND_ZH,
    'statement-sections/chinese/input.tex': INPUT_ZH,
    'statement-sections/chinese/output.tex': OUTPUT_ZH,
    'statement-sections/chinese/example.01': '1 2\n',
    'statement-sections/chinese/example.01.a': '3\n',
    'statement-sections/chinese/sum.png': TINY_PNG,
    'statements/english/problem.tex': problemTex(
      'A+B',
      LEGEND_EN,
      INPUT_EN,
      OUTPUT_EN,
      '\\exmp{1 2\n}{3\n}%',
      NOTES_EN,
    ),
    'statements/english/sum.png': TINY_PNG,
    'statements/chinese/problem.tex': problemTex('A+B 问题', LEGEND_ZH, INPUT_ZH, OUTPUT_ZH, '\\exmp{1 2\n}{3\n}%', ''),
    'statements/chinese/sum.png': TINY_PNG,
  };
  tests.forEach(([input, answer], k) => {
    const n = String(k + 1).padStart(2, '0');
    files[`tests/${n}`] = crlf(input);
    files[`tests/${n}.a`] = crlf(answer);
  });
  return files;
};

/** Generated tests, in the testset's order: command, group, points, sample. */
export const GENERATED_TESTS: { cmd: string; group: string; points: number; sample: boolean }[] = [
  { cmd: 'gen 1 5 1', group: '1', points: 10, sample: true },
  { cmd: 'gen 1 5 2', group: '1', points: 10, sample: true },
  { cmd: 'gen 1 100 3', group: '1', points: 20, sample: false },
  { cmd: 'gen -1000000000 1000000000 4', group: '2', points: 20, sample: false },
  { cmd: 'gen -1000000000 1000000000 5', group: '2', points: 20, sample: false },
  { cmd: 'gen -1000000000 1000000000 6', group: '2', points: 20, sample: false },
];

/** A+B whose tests files/gen.cpp makes (no test files, no answers: the main solution makes them), in two groups
 * with points (group 1: 40 points, complete-group; group 2: 60 points, each-test, after group 1), a validator, a
 * main and a time-limit-exceeded solution, an English statement in problem-properties.json and problem.tex only. */
export const generatedPackage = (): PolygonFiles => {
  const properties = {
    name: 'A+B',
    legend: 'Given two integers $$$a$$$ and $$$b$$$, print their sum.',
    input: 'Two integers $$$a$$$ and $$$b$$$ ($$$|a|, |b| \\le 10^9$$$).',
    output: 'Print $$$a + b$$$.',
    scoring: '',
    interaction: '',
    notes: '',
    tutorial: '',
    authorLogin: 'tester',
    authorName: 'Tester',
    language: 'English',
    timeLimit: 1000,
    memoryLimit: 268435456,
    inputFile: 'stdin',
    outputFile: 'stdout',
    sampleTests: [
      { input: '2 4\n', output: '6\n', inputFile: 'example.01', outputFile: 'example.01.a' },
      { input: '5 3\n', output: '8\n', inputFile: 'example.02', outputFile: 'example.02.a' },
    ],
  };
  return {
    'problem.xml': problemXml({
      shortName: 'a-plus-b-generated',
      names: [['english', 'A+B']],
      statements: ['english'],
      tests: GENERATED_TESTS.map(
        (t) =>
          `<test cmd="${t.cmd}" group="${t.group}" method="generated" points="${t.points}.0"${t.sample ? ' sample="true"' : ''}/>`,
      ),
      groups: [
        '                <group feedback-policy="complete" name="1" points="40.0" points-policy="complete-group"/>',
        '                <group feedback-policy="points" name="2" points="60.0" points-policy="each-test">',
        '                    <dependencies>',
        '                        <dependency group="1"/>',
        '                    </dependencies>',
        '                </group>',
      ].join('\n'),
      executables: ['check', 'gen', 'val'],
      assets: [
        checkerXml,
        validatorXml,
        solutionsXml([
          ['main', 'main'],
          ['time-limit-exceeded', 'tle'],
        ]),
      ].join('\n'),
    }),
    'files/check.cpp': CHECK_CPP,
    'files/gen.cpp': GEN_CPP,
    'files/val.cpp': VAL_CPP,
    'check.cpp': CHECK_CPP,
    'solutions/main.cpp': MAIN_CPP,
    'solutions/tle.cpp': TLE_CPP,
    'statements/english/problem-properties.json': JSON.stringify(properties, null, 2),
    'statements/english/problem.tex': problemTex(
      'A+B',
      properties.legend,
      properties.input,
      properties.output,
      '\\exmpfile{example.01}{example.01.a}%\n\\exmpfile{example.02}{example.02.a}%',
      '',
    ),
    'statements/english/example.01': '2 4\n',
    'statements/english/example.01.a': '6\n',
    'statements/english/example.02': '5 3\n',
    'statements/english/example.02.a': '8\n',
  };
};
