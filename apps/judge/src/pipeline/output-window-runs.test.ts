import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JudgeTask, judgeProtocol, type ProblemForWorker } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeSource, makeProblem, requireSandbox, S } from '../test/judge-fixtures.js';
import { pipelineJudger } from '../worker/main.js';
import { createTestDataCache } from '../worker/test-data-cache.js';

// Real C programs in the real sandbox, each done in a few ms (limit 1000 ms). The answer is the numbers 1 to 2000, one
// a line (8893 bytes, far more than the 2048 bytes of output a case keeps); the wrong program prints 0 for 1500.
const numbers = (wrongAt?: number) =>
  Array.from({ length: 2000 }, (_, i) => `${i + 1 === wrongAt ? 0 : i + 1}\n`).join('');
const counting = (wrongAt: number) =>
  `#include <stdio.h>\nint main(void){for(int i=1;i<=2000;i++)printf("%d\\n",i==${wrongAt}?0:i);return 0;}`;

beforeAll(requireSandbox);

describe("a case's output window and output size", () => {
  const problem = makeProblem([{ input: '', answer: numbers() }]);

  it('keeps the output from 3 lines before the first differing line when that line lies past the kept start', async () => {
    const result = await judgeSource(problem, counting(1500), 'C');
    expect(result.status).toBe(S.WRONG_ANSWER);
    const [wrong] = result.cases;
    expect(wrong.outputFromLine).toBe(1497);
    expect(wrong.userOutput.startsWith('1497\n1498\n1499\n0\n1501\n')).toBe(true);
    expect(wrong.outputBytes).toBe(Buffer.byteLength(numbers(1500)));
  });

  it('keeps the start of the output when the difference is in it, and of every other verdict', async () => {
    const early = (await judgeSource(problem, counting(3), 'C')).cases[0];
    expect(early).toMatchObject({ status: S.WRONG_ANSWER, outputFromLine: 1, outputBytes: numbers(3).length });
    expect(early.userOutput.startsWith('1\n2\n0\n4\n')).toBe(true);

    const accepted = (await judgeSource(problem, counting(0), 'C')).cases[0];
    expect(accepted).toMatchObject({ status: S.ACCEPTED, outputBytes: numbers().length });
    expect(accepted.outputFromLine).toBeUndefined();
    expect(accepted.userOutput).toBe(numbers().slice(0, 2048));

    const crash = (await judgeSource(problem, '#include <stdio.h>\nint main(void){puts("12");return 4;}', 'C'))
      .cases[0];
    expect(crash).toMatchObject({ status: S.RUNTIME_ERROR, userOutput: '12\n', outputBytes: 3 });
    expect(crash.outputFromLine).toBeUndefined();
  });

  it('reaches the server in the worker report, as the protocol has it', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'oj-output-window-cache-'));
    try {
      const files = new Map<string, Buffer>();
      const add = (text: string) => {
        const bytes = Buffer.from(text);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        files.set(sha256, bytes);
        return { sha256, size: bytes.length };
      };
      const cache = createTestDataCache(cacheDir, async (sha256) => files.get(sha256)!);
      const input = add('');
      const answer = add(numbers());
      const forWorker: ProblemForWorker = {
        pid: 1,
        problemId: '1000',
        type: 0,
        difficulty: 0,
        timeLimitMs: 1000,
        memoryLimitMb: 64,
        stackLimitMb: 64,
        judgeMode: 'default',
        judgeCaseMode: 'default',
        isRemoveEndBlank: true,
        ioScore: 100,
        caseVersion: '1',
        checkerCode: null,
        checkerLanguage: null,
        userExtraFile: {},
        judgeExtraFile: {},
        judgeHeaders: [],
        cases: [
          {
            caseId: 71,
            seq: 1,
            name: '1',
            inputSha256: input.sha256,
            outputSha256: answer.sha256,
            inputSize: input.size,
            outputSize: answer.size,
            score: 100,
            groupNum: 0,
          },
        ],
      };
      const task: JudgeTask = {
        kind: 'judge',
        taskId: 1,
        attempt: 1,
        submitId: 1,
        language: 'C',
        source: counting(1500),
        problem: forWorker,
      };
      const report = await pipelineJudger.judge(task, {
        cache,
        onStatus: () => {},
        signal: new AbortController().signal,
      });
      expect(report.cases[0]).toMatchObject({
        caseId: 71,
        status: S.WRONG_ANSWER,
        outputFromLine: 1497,
        outputBytes: Buffer.byteLength(numbers(1500)),
      });
      expect(judgeProtocol.judgeReport.parse(JSON.parse(JSON.stringify(report))).cases[0]).toMatchObject({
        outputFromLine: 1497,
      });
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
