import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResolvedLanguage, resolveLanguage } from '../languages/toolchains.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { MIB, runSandbox } from '../sandbox/sandbox.js';
import { judgeSource, judgeTestEnv, makeProblem, requireSandbox, S, setJudgeEnv } from '../test/judge-fixtures.js';
import { compileProgram } from './compile-program.js';
import type { JudgeResult } from './judge.js';
import {
  buildPrecompiledHeader,
  dependencyFiles,
  forgetHeaderChecks,
  PCH_MOUNT,
  readyPrecompiledHeader,
} from './precompiled-headers.js';

// Real g++ in the real sandbox, with a build cache of its own (a temp dir the sandbox uids may pass through).
const REPO_ROOT = join(import.meta.dirname, '../../../..');
const parent = mkdtempSync(join(tmpdir(), 'oj-pch-test-'));
chmodSync(parent, 0o711);
let cpp: ResolvedLanguage;

beforeAll(async () => {
  await requireSandbox();
  setJudgeEnv({ OJ_JUDGE_BUILD_CACHE_DIR: join(parent, 'cache') });
  const resolution = resolveLanguage('C++');
  if (!resolution.ok) throw new Error('g++ is not installed');
  cpp = resolution.language;
  const built = await buildPrecompiledHeader(cpp);
  expect(built).toMatchObject({ ok: true, built: true });
});

afterAll(() => {
  rmSync(parent, { recursive: true, force: true });
});

const A_PLUS_B = `#include <bits/stdc++.h>
using namespace std;
int main(){long long a,b;while(cin>>a>>b)cout<<a+b<<'\\n';}`;
/** The same with <iostream>, the other precompiled header: the checks that hold for either header compile this one,
 * a third of the time of bits/stdc++.h (each check compiles its source twice, once without the header). */
const IOSTREAM_A_PLUS_B = A_PLUS_B.replace('bits/stdc++.h', 'iostream');

/** g++ -H in the sandbox, the way compileProgram offers the header: which header files did GCC read? */
const headersRead = async (source: string) => {
  const ready = readyPrecompiledHeader(cpp)!;
  const dir = createRunDir('pch-probe');
  try {
    writeFileSync(join(dir, 'main.cpp'), source);
    const flags = cpp.definition.precompiledHeader!.flags.filter((flag) => flag !== '-w');
    const result = await runSandbox({
      argv: [cpp.tools.gxx, '-I', PCH_MOUNT, ...flags, '-Winvalid-pch', '-H', '-fsyntax-only', 'main.cpp'],
      workDir: { kind: 'host', path: dir },
      binds: [{ source: ready.includeDir, target: PCH_MOUNT }],
      stdin: { kind: 'none' },
      stdout: { kind: 'capture', limitBytes: MIB },
      stderrLimitBytes: 16 * MIB,
      cpuLimitMs: 10_000,
      wallLimitMs: 30_000,
      memoryLimitBytes: 512 * MIB,
      stackLimitBytes: 64 * MIB,
      pidsMax: 64,
      fileSizeLimitBytes: MIB,
      openFilesMax: 256,
    });
    expect(result.setupError).toBeUndefined();
    return result.stderr;
  } finally {
    removeRunDir(dir);
  }
};

const problem = makeProblem([
  { input: '1 2\n', answer: '3\n' },
  { input: '2000000000 2000000000\n', answer: '4000000000\n' },
  { input: '-5 5\n', answer: '0\n' },
]);

/** The same submission judged as before this change (no precompiled header, no compile cache) and as now. */
const judgeBothWays = async (source: string): Promise<[JudgeResult, JudgeResult]> => {
  const unique = `${source}\n// ${Math.random()}`;
  setJudgeEnv({ OJ_JUDGE_PCH: '0', OJ_JUDGE_COMPILE_CACHE: '0' });
  let plain: JudgeResult;
  try {
    plain = await judgeSource(problem, unique, 'C++');
  } finally {
    setJudgeEnv({ OJ_JUDGE_PCH: undefined, OJ_JUDGE_COMPILE_CACHE: undefined });
  }
  return [plain, await judgeSource(problem, unique, 'C++')];
};

const verdicts = (result: JudgeResult) => ({
  status: result.status,
  cases: result.cases.map((c) => [c.status, c.userOutput]),
});

describe('the precompiled headers (bits/stdc++.h, iostream)', () => {
  it('is read by g++ in the sandbox instead of the header, from a root-owned read-only cache', async () => {
    const stderr = await headersRead(A_PLUS_B);
    expect(stderr).toMatch(new RegExp(`^! ${PCH_MOUNT}/bits/stdc\\+\\+\\.h\\.gch$`, 'm'));
    expect(stderr).not.toContain('/usr/include/c++');
    const gch = statSync(join(readyPrecompiledHeader(cpp)!.includeDir, 'bits/stdc++.h.gch'));
    expect([gch.uid, gch.mode & 0o777]).toEqual([0, 0o644]);
    const program = await compileProgram(cpp, `${A_PLUS_B}\n// origin ${Math.random()}`);
    expect(program.ok && program.program.origin).toBe('pch');
    if (program.ok) program.program.dispose();
  });

  it('serves a source whose first include is <iostream>; only the first include of a source is precompiled', async () => {
    const iostream = IOSTREAM_A_PLUS_B;
    const stderr = await headersRead(iostream);
    expect(stderr).toMatch(new RegExp(`^! ${PCH_MOUNT}/iostream\\.gch$`, 'm'));
    expect(stderr).not.toContain('/usr/include/c++');
    const [plain, fast] = await judgeBothWays(iostream);
    expect(fast.status).toBe(S.ACCEPTED);
    expect(verdicts(fast)).toEqual(verdicts(plain));
    // <iostream> after another include: GCC reads the real headers (and finds no PCH fault in that).
    const second = await headersRead(`#include <cstdio>\n${iostream}`);
    expect(second).not.toMatch(/^! /m);
    expect(second).toMatch(/^\. \/usr\/include\/c\+\+\/[^/]+\/iostream$/m);
    const [plainSecond, fastSecond] = await judgeBothWays(`#include <cstdio>\n${iostream}`);
    expect(fastSecond.status).toBe(S.ACCEPTED);
    expect(verdicts(fastSecond)).toEqual(verdicts(plainSecond));
    // An error whose notes point into the library's headers reads the same with either header as without.
    for (const header of ['iostream', 'bits/stdc++.h']) {
      const [plainError, fastError] = await judgeBothWays(`#include <${header}>\nint main(){ std::cout << std::cin; }`);
      expect(fastError.status).toBe(S.COMPILE_ERROR);
      expect(fastError.errorMessage).toContain('from main.cpp:1');
      expect(fastError.errorMessage).toBe(plainError.errorMessage);
    }
  });

  it('gives the same verdicts and outputs as a compile without it', async () => {
    const [plain, fast] = await judgeBothWays(A_PLUS_B);
    expect(fast.status).toBe(S.ACCEPTED);
    expect(verdicts(fast)).toEqual(verdicts(plain));
    const [plainOverflow, fastOverflow] = await judgeBothWays(IOSTREAM_A_PLUS_B.replace('a+b', '(int)(a+b)'));
    expect(fastOverflow.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER, S.ACCEPTED]);
    expect(verdicts(fastOverflow)).toEqual(verdicts(plainOverflow));
  });

  it('still reports a compile error with its text', async () => {
    const [plain, fast] = await judgeBothWays(
      '#include <iostream>\n#include <vector>\nint main(){ std::vector<int> v = 5; }',
    );
    expect(fast.status).toBe(S.COMPILE_ERROR);
    expect(fast.errorMessage).toContain('error');
    expect(fast.errorMessage).toContain('main.cpp:3');
    expect(fast.errorMessage).toBe(plain.errorMessage);
  });

  it('is not used when a macro defined before the include changes the header, and the program is right', async () => {
    // _GLIBCXX_DEBUG turns on libstdc++'s checked containers: the precompiled (unchecked) header would hide it.
    const debug =
      '#define _GLIBCXX_DEBUG\n#include <iostream>\n#include <vector>\nint main(){std::vector<int> v(1); long long a,b; std::cin>>a>>b; std::cout<<v[a+b+10]+a+b<<"\\n";}';
    expect(await headersRead(debug)).toContain("not used because `_GLIBCXX_DEBUG' is defined");
    const [plain, fast] = await judgeBothWays(debug);
    expect(fast.cases.map((c) => c.status)).toEqual([S.RUNTIME_ERROR, S.RUNTIME_ERROR, S.RUNTIME_ERROR]);
    expect(verdicts(fast)).toEqual(verdicts(plain));

    // `#define int long long` before the include: GCC refuses the header and compiles the real one, which this
    // macro breaks ("long long long"), exactly as without a precompiled header.
    const intLongLong =
      '#define int long long\n#include <iostream>\nsigned main(){int a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
    expect(await headersRead(intLongLong)).toContain("not used because `int' is defined");
    const [plainInt, fastInt] = await judgeBothWays(intLongLong);
    expect(fastInt.status).toBe(plainInt.status);
    expect(fastInt.errorMessage).toBe(plainInt.errorMessage);

    // ...while after the include it is an ordinary macro: the header is used and long long arithmetic is right.
    const intAfter =
      '#include <iostream>\n#define int long long\nsigned main(){int a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
    expect(await headersRead(intAfter)).toMatch(/^! \/pch\/iostream\.gch$/m);
    const [plainAfter, fastAfter] = await judgeBothWays(intAfter);
    expect(fastAfter.status).toBe(S.ACCEPTED);
    expect(verdicts(fastAfter)).toEqual(verdicts(plainAfter));
  });

  it('is rebuilt for a changed compiler, once, by one of two judges building it at the same time', async () => {
    const before = readyPrecompiledHeader(cpp)!;
    const identity = `simulated-compiler-upgrade-${Math.random()}`;
    const buildInAnotherJudge = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(REPO_ROOT, 'apps/judge/src/test/build-pch.ts'), 'C++', identity],
        { cwd: REPO_ROOT, env: judgeTestEnv },
      ).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!));
    const results = await Promise.all([buildInAnotherJudge(), buildInAnotherJudge()]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.built)).toHaveLength(1);
    expect(results[0].includeDir).toBe(results[1].includeDir);
    expect(results[0].includeDir).not.toBe(before.includeDir);
    // The old compiler's header is still there for judges that have it; each is a whole file.
    const sizes = [before.includeDir, results[0].includeDir].flatMap((dir) =>
      ['bits/stdc++.h.gch', 'iostream.gch'].map((gch) => statSync(join(dir, gch)).size),
    );
    expect(sizes.every((size) => size > 10 * MIB)).toBe(true);
    expect(readyPrecompiledHeader(cpp, identity)?.includeDir).toBe(results[0].includeDir);
  });

  it('is stale when a header file its build read changed, and only then: another header installed changes nothing', async () => {
    const ready = readyPrecompiledHeader(cpp)!;
    const metaFile = join(ready.includeDir, '..', 'pch.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { depends: string[] };
    // The build recorded the files it read, the headers themselves among them, with their stamps.
    const paths = meta.depends.map((d) => d.slice(0, d.indexOf(':')));
    expect(paths.some((p) => p.endsWith('/bits/stdc++.h'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/iostream'))).toBe(true);
    expect(paths.every((p) => p.startsWith('/usr/'))).toBe(true);
    // A file the build read that is not what it was (an upgraded header): stale until rebuilt.
    const original = readFileSync(metaFile, 'utf8');
    try {
      const changed = [...meta.depends];
      changed[0] = changed[0].replace(/:\d+$/, ':1');
      writeFileSync(metaFile, JSON.stringify({ ...meta, depends: changed }));
      forgetHeaderChecks();
      expect(readyPrecompiledHeader(cpp)).toBeUndefined();
    } finally {
      writeFileSync(metaFile, original);
      forgetHeaderChecks();
    }
    expect(readyPrecompiledHeader(cpp)?.includeDir).toBe(ready.includeDir);
  });

  it("reads GCC's dependency output: every file after the target, continued lines joined, the wrapper left out", () => {
    const text =
      'iostream.gch: main.cpp /usr/include/c++/12/iostream \\\n /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \\\n  /usr/include/c++/12/ostream\n';
    expect(dependencyFiles(text, 'main.cpp')).toEqual([
      '/usr/include/c++/12/iostream',
      '/usr/include/c++/12/ostream',
      '/usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h',
    ]);
  });
});
