import { readFileSync } from 'node:fs';
import { JUDGE_STATUS_NAME } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeSource, makeProblem, requireSandbox, S } from '../test/judge-fixtures.js';

// One case "1 2" -> "3"; 1000 ms and 64 MiB (doubled for Java, Python and Node). Every program of
// verdict-programs.json is either far under the limits (a few ms, a few MiB) or far over them (endless loop,
// 512 MiB), never close.
const problem = makeProblem([{ input: '1 2\n', answer: '3\n' }]);

type Verdict = 'AC' | 'WA' | 'PE' | 'TLE' | 'MLE' | 'RE' | 'CE';
type Language = 'C' | 'C++ 17 With O2' | 'Java' | 'Python3' | 'JavaScript Node';

/** Each language's program for each verdict (one table, kept as data beside this test). */
const programs: Record<Language, Record<Verdict, string>> = JSON.parse(
  readFileSync(new URL('./verdict-programs.json', import.meta.url), 'utf8'),
);

const expected: Record<Verdict, number> = {
  AC: S.ACCEPTED,
  WA: S.WRONG_ANSWER,
  PE: S.PRESENTATION_ERROR,
  TLE: S.TIME_LIMIT_EXCEEDED,
  MLE: S.MEMORY_LIMIT_EXCEEDED,
  RE: S.RUNTIME_ERROR,
  CE: S.COMPILE_ERROR,
};

beforeAll(requireSandbox);

describe.each(Object.entries(programs) as [Language, Record<Verdict, string>][])('%s verdicts', (language, sources) => {
  it.each(Object.keys(sources) as Verdict[])('%s', async (verdict) => {
    const result = await judgeSource(problem, sources[verdict], language);
    expect(result.statusName, `${result.errorMessage} ${result.cases[0]?.message ?? ''}`).toBe(
      JUDGE_STATUS_NAME[expected[verdict]],
    );
    expect(result.status).toBe(expected[verdict]);
    const doubled = language === 'C' || language.startsWith('C++') ? 1 : 2;
    if (verdict === 'AC') {
      expect(result.score).toBe(100);
      expect(result.time).toBeLessThan(1000 * doubled);
      expect(result.memory).toBeGreaterThan(0);
    } else expect(result.score).toBe(0);
    if (verdict === 'TLE') expect(result.time).toBe(1000 * doubled);
    if (verdict === 'MLE') expect(result.memory).toBe(64 * 1024 * doubled);
    if (verdict === 'CE') expect(result.errorMessage.length).toBeGreaterThan(0);
  });
});

describe('runtime errors and time limits', () => {
  it('reports a crash by signal and a non-zero exit code as Runtime Error with the reason', async () => {
    const bySignal = await judgeSource(problem, programs.C.RE, 'C');
    expect(bySignal.status).toBe(S.RUNTIME_ERROR);
    expect(bySignal.cases[0].message).toContain('SIGSEGV');
    const byExit = await judgeSource(problem, 'int main(void){return 3;}', 'C');
    expect(byExit.status).toBe(S.RUNTIME_ERROR);
    expect(byExit.cases[0].message).toContain('code 3');
  });

  it('gives Time Limit Exceeded to a program that sleeps (wall clock) and reports the limit as its time', async () => {
    const started = Date.now();
    const result = await judgeSource(problem, '#include <unistd.h>\nint main(void){sleep(1000);return 0;}', 'C');
    expect(result.status).toBe(S.TIME_LIMIT_EXCEEDED);
    expect(result.time).toBe(1000);
    // Killed at 3 x (limit + 200 ms), not after the program's 1000 s.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('counts CPU time of every thread', async () => {
    const source = `#include <pthread.h>
static void *spin(void *arg){volatile unsigned long x=0;for(;;)x++;return arg;}
int main(void){pthread_t t[2];for(int i=0;i<2;i++)pthread_create(&t[i],0,spin,0);pthread_join(t[0],0);}`;
    const result = await judgeSource(makeProblem([{ input: '', answer: '' }], { timeLimitMs: 300 }), source, 'C');
    expect(result.status).toBe(S.TIME_LIMIT_EXCEEDED);
  });
});
