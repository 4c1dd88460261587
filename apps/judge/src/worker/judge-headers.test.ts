import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeTask, ProblemForWorker } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realTestlibPath, requireSandbox, S, TESTLIB_SUM_CHECKER } from '../test/judge-fixtures.js';
import { startJudgeProtocolServer } from '../test/judge-protocol-server.js';
import { createJudgeClient } from './judge-client.js';
import { pipelineJudger } from './main.js';
import { createTestDataCache } from './test-data-cache.js';

// The site's judge headers (testlib.h uploaded once by root) reach every checker and interactor compile: the worker
// fetches them by hash from the server's test-data endpoint, as test files, and puts them beside the checker unless
// the problem brings a file of that name itself. These tests compile real testlib checkers (several seconds of CPU
// each): the AC and WA judgements, the compile task and the problem's own testlib.h share one compiled checker.
const testlibPath = realTestlibPath();
const TOKEN = 'judge-headers-test';

const checkerSource = TESTLIB_SUM_CHECKER;
// The user asks first ("?": testlib reads the first character of stdin when it starts), is sent the number of the
// input and must send it back doubled.
const interactorSource = `#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt();
  ouf.readToken("[?]");
  std::cout << n << std::endl;
  int found = ouf.readInt();
  if (found != 2 * n) quitf(_wa, "expected %d, found %d", 2 * n, found);
  quitf(_ok, "doubled %d", n);
}
`;
const sum = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';
const difference = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a-b);return 0;}';
const answering = (expression: string) =>
  `#include <stdio.h>\nint main(void){int n;puts("?");fflush(stdout);scanf("%d",&n);printf("%d\\n",${expression});return 0;}`;
const SITE_HEADER_USED = '#error site header used\n';
const HINT =
  "testlib.h is not provided: root can upload it once for the whole site in Admin → Judge headers, or add it to the problem's judge extra files.";

describe.skipIf(!testlibPath)('site-wide judge headers on the checker and interactor compiles', () => {
  const testlib = testlibPath ? readFileSync(testlibPath, 'utf8') : '';
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-judge-headers-cache-'));
  let server: Awaited<ReturnType<typeof startJudgeProtocolServer>>;
  let cache: ReturnType<typeof createTestDataCache>;
  let taskId = 0;

  beforeAll(async () => {
    await requireSandbox();
    server = await startJudgeProtocolServer(TOKEN);
    const client = createJudgeClient(server.url, TOKEN);
    cache = createTestDataCache(cacheDir, (sha256) => client.testData(sha256));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** A header the site has uploaded: its bytes on the server, its name and hash in the task. */
  const siteHeader = (name: string, content: string) => ({ name, ...server.addFile(content) });

  const problem = (
    judgeMode: 'spj' | 'interactive',
    checkerCode: string,
    tests: Array<[string, string]>,
    files: Pick<ProblemForWorker, 'judgeExtraFile' | 'judgeHeaders'>,
  ): ProblemForWorker => ({
    pid: 1,
    problemId: '1000',
    type: 0,
    difficulty: 0,
    timeLimitMs: 2000,
    memoryLimitMb: 256,
    stackLimitMb: 64,
    judgeMode,
    judgeCaseMode: 'default',
    isRemoveEndBlank: true,
    ioScore: 100,
    caseVersion: '1',
    checkerCode,
    checkerLanguage: 'C++',
    userExtraFile: {},
    ...files,
    cases: tests.map(([input, output], i) => {
      const inFile = server.addFile(input);
      const outFile = server.addFile(output);
      return {
        caseId: i + 1,
        seq: i + 1,
        name: String(i + 1),
        inputSha256: inFile.sha256,
        outputSha256: outFile.sha256,
        inputSize: inFile.size,
        outputSize: outFile.size,
        score: 100 / tests.length,
        groupNum: 0,
      };
    }),
  });

  const judge = (p: ProblemForWorker, source: string) => {
    const task: JudgeTask = {
      kind: 'judge',
      taskId: ++taskId,
      attempt: 1,
      submitId: taskId,
      language: 'C',
      source,
      problem: p,
    };
    return pipelineJudger.judge(task, { cache, onStatus: () => {}, signal: new AbortController().signal });
  };
  const compileTask = (
    source: string,
    files: { extraFiles: Record<string, string>; judgeHeaders: ProblemForWorker['judgeHeaders'] },
  ) =>
    pipelineJudger.compileChecker(
      { kind: 'compileChecker', taskId: ++taskId, attempt: 1, language: 'C++', source, mode: 'spj', ...files },
      { cache },
    );

  it('compiles a testlib checker with the site testlib.h and judges Accepted and Wrong Answer', async () => {
    const judgeHeaders = [siteHeader('testlib.h', testlib)];
    const compiled = await compileTask(checkerSource, { extraFiles: {}, judgeHeaders });
    expect(compiled).toMatchObject({ ok: true });
    const sums = problem(
      'spj',
      checkerSource,
      [
        ['3 4\n', '7\n'],
        ['10 -2\n', '8\n'],
      ],
      {
        judgeExtraFile: {},
        judgeHeaders,
      },
    );
    const accepted = await judge(sums, sum);
    expect(accepted.status).toBe(S.ACCEPTED);
    expect(accepted.cases.map((c) => c.message)).toEqual(
      ['ok the sum is 7', 'ok the sum is 8'].map((text) => expect.stringContaining(text)),
    );
    const wrong = await judge(sums, difference);
    expect(wrong.status).toBe(S.WRONG_ANSWER);
    expect(wrong.cases[0].message).toContain('expected 7, found -1');
  });

  it('compiles a testlib interactor with the site testlib.h', async () => {
    const judgeHeaders = [siteHeader('testlib.h', testlib)];
    const doubling = problem(
      'interactive',
      interactorSource,
      [
        ['5\n', ''],
        ['21\n', ''],
      ],
      {
        judgeExtraFile: {},
        judgeHeaders,
      },
    );
    const ok = await judge(doubling, answering('2*n'));
    expect(ok.status, JSON.stringify(ok.cases)).toBe(S.ACCEPTED);
    const wrong = await judge(doubling, answering('n+1'));
    expect(wrong.status).toBe(S.WRONG_ANSWER);
    expect(wrong.cases[0].message).toContain('expected 10, found 6');
  });

  it("uses the problem's own testlib.h over the site's, and a replaced site header compiles again", async () => {
    const broken = [siteHeader('testlib.h', SITE_HEADER_USED)];
    const own = problem('spj', checkerSource, [['1 2\n', '3\n']], {
      judgeExtraFile: { 'testlib.h': testlib },
      judgeHeaders: broken,
    });
    expect((await judge(own, sum)).status).toBe(S.ACCEPTED);
    expect(
      await compileTask(checkerSource, { extraFiles: { 'testlib.h': testlib }, judgeHeaders: broken }),
    ).toMatchObject({
      ok: true,
    });
    // The checker compiled with the real site header before is not reused once the site's header changes.
    const replaced = await compileTask(checkerSource, { extraFiles: {}, judgeHeaders: broken });
    expect(replaced.ok).toBe(false);
    expect(replaced.message).toContain('site header used');
  });

  it('says where to provide testlib.h when neither the site nor the problem has it', async () => {
    const compiled = await compileTask(checkerSource, { extraFiles: {}, judgeHeaders: [] });
    expect(compiled.ok).toBe(false);
    expect(compiled.message).toContain('testlib.h: No such file or directory');
    expect(compiled.message).toContain(HINT);
    const result = await judge(
      problem('spj', checkerSource, [['1 2\n', '3\n']], { judgeExtraFile: {}, judgeHeaders: [] }),
      sum,
    );
    expect(result.status).toBe(S.SYSTEM_ERROR);
    expect(result.errorMessage).toContain('the checker does not compile');
    expect(result.errorMessage).toContain(HINT);
  });
});
