import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullScoreOf } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProblemPackage } from '../problem/load-problem-package.js';
import { judgeSource, makeProblem, requireSandbox, S } from '../test/judge-fixtures.js';
import { compileChecker } from './compile-checker-api.js';

const samples = join(import.meta.dirname, '../../../../samples/problems');
const echo = '#include <stdio.h>\nint main(void){int c;while((c=getchar())!=EOF)putchar(c);return 0;}';

// The checker obeys the command the case's input (echoed by the user program) gives it.
const scriptedChecker = `#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char **argv) {
  char command[64] = {0};
  FILE *out = std::fopen(argv[2], "r");
  if (!out || std::fscanf(out, "%63s", command) != 1) { std::fprintf(stderr, "FAIL no output\\n"); return 3; }
  if (!std::strcmp(command, "ok")) { std::fprintf(stderr, "ok fine\\n"); return 0; }
  if (!std::strcmp(command, "wa")) { std::fprintf(stderr, "wrong answer expected 3, found 4\\n"); return 1; }
  if (!std::strcmp(command, "pe")) { std::fprintf(stderr, "wrong output format expected integer\\n"); return 2; }
  if (!std::strcmp(command, "points")) { std::fprintf(stderr, "points 40 almost\\n"); return 7; }
  if (!std::strcmp(command, "partial")) { std::fprintf(stderr, "partially correct (25) quarter\\n"); return 41; }
  if (!std::strcmp(command, "hoj99")) { std::printf("30\\n"); return 99; }
  if (!std::strcmp(command, "hoj102")) return 102;
  if (!std::strcmp(command, "fail")) { std::fprintf(stderr, "FAIL jury answer is broken\\n"); return 3; }
  if (!std::strcmp(command, "liar")) { std::fprintf(stderr, "ok but exit code says WA\\n"); return 1; }
  if (!std::strcmp(command, "silent")) return 0;
  if (!std::strcmp(command, "crash")) std::abort();
  if (!std::strcmp(command, "hang")) for (volatile long i = 0;; i++) {}
  return 0;
}`;

beforeAll(requireSandbox);

describe('special judge (testlib protocol)', () => {
  it('maps verbs, exit codes and points to verdicts, and a failing checker to System Error', async () => {
    const commands = ['ok', 'wa', 'pe', 'points', 'partial', 'hoj99', 'hoj102', 'fail', 'liar', 'silent', 'crash'];
    const problem = makeProblem(
      commands.map((command) => ({ input: `${command}\n`, answer: '', score: 20 })),
      { type: 1, judgeMode: 'spj', checker: { source: scriptedChecker } },
    );
    const result = await judgeSource(problem, echo, 'C');
    const byCommand = Object.fromEntries(result.cases.map((c, i) => [commands[i], c]));
    expect(byCommand.ok.status).toBe(S.ACCEPTED);
    expect(byCommand.ok.score).toBe(20);
    expect(byCommand.wa.status).toBe(S.WRONG_ANSWER);
    expect(byCommand.wa.message).toContain('expected 3, found 4');
    expect(byCommand.pe.status).toBe(S.PRESENTATION_ERROR);
    expect(byCommand.points).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 8 });
    expect(byCommand.partial).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 5 });
    expect(byCommand.hoj99).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 6 });
    expect(byCommand.hoj102.status).toBe(S.WRONG_ANSWER);
    for (const failing of ['fail', 'liar', 'silent', 'crash']) {
      expect(byCommand[failing].status, failing).toBe(S.SYSTEM_ERROR);
      expect(byCommand[failing].score).toBe(0);
    }
    expect(result.status).toBe(S.PARTIAL_ACCEPTED);
    expect(result.score).toBe(20 + 8 + 5 + 6);
  });

  it('treats a checker that runs past its time limit as System Error', async () => {
    const problem = makeProblem([{ input: 'hang\n', answer: '' }], {
      judgeMode: 'spj',
      checker: { source: scriptedChecker },
    });
    const result = await judgeSource(problem, echo, 'C');
    expect(result.status).toBe(S.SYSTEM_ERROR);
  }, 60_000);

  it('judges the pair-sum sample: any valid pair is accepted, a wrong pair is WA', async () => {
    const { problem } = loadProblemPackage(join(samples, 'pair-sum'));
    // Answers the pair the other way round from the jury (last match instead of first): still accepted.
    const lastPair = `#include <cstdio>
#include <vector>
int main(){int n;long long s;scanf("%d %lld",&n,&s);std::vector<long long>a(n);for(auto&v:a)scanf("%lld",&v);
for(int j=n-1;j>0;j--)for(int i=j-1;i>=0;i--)if(a[i]+a[j]==s){printf("%d %d\\n",i+1,j+1);return 0;}puts("-1");}`;
    expect((await judgeSource(problem, lastPair, 'C++')).status).toBe(S.ACCEPTED);
    const wrong = '#include <cstdio>\nint main(){puts("1 2");}';
    const result = await judgeSource(problem, wrong, 'C++');
    expect(result.status).toBe(S.WRONG_ANSWER);
    expect(result.score).toBe(0);
  });

  it('reports a checker that does not compile as System Error, and compileChecker says why', async () => {
    const broken = await compileChecker('int main( {');
    expect(broken.ok).toBe(false);
    expect(broken.message).toContain('error');
    // Files given beside the checker are on its include path (testlib.h in real packages).
    const withHeader = await compileChecker('#include "verdict.h"\nint main(){return VERDICT;}', {
      'verdict.h': '#define VERDICT 0\n',
    });
    expect(withHeader).toMatchObject({ ok: true });
    const problem = makeProblem([{ input: '1\n', answer: '1\n' }], { judgeMode: 'spj', checker: { source: 'x' } });
    const result = await judgeSource(problem, echo, 'C');
    expect(result.status).toBe(S.SYSTEM_ERROR);
  });
});

describe('interactive (guess the number)', () => {
  const { problem } = loadProblemPackage(join(samples, 'guess-number'));

  it('accepts a binary search', async () => {
    const solution = readFileSync(join(samples, 'guess-number/solutions/main.cpp'), 'utf8');
    const accepted = await judgeSource(problem, solution, 'C++');
    expect(accepted.status).toBe(S.ACCEPTED);
    expect(accepted.cases).toHaveLength(6);
  });

  it('gives the interactor verdict to a linear search and to a program that stops asking', async () => {
    const linear =
      '#include <cstdio>\nint main(){for(long long y=1;;y++){printf("? %lld\\n",y);fflush(stdout);char r[4];if(scanf("%3s",r)!=1||r[0]==\'=\')return 0;}}';
    const result = await judgeSource(problem, linear, 'C++');
    expect(result.status).toBe(S.WRONG_ANSWER);
    expect(result.cases.find((c) => c.status === S.WRONG_ANSWER)?.message).toContain('more than 40');
    const silent = 'int main(){return 0;}';
    expect((await judgeSource(problem, silent, 'C++')).status).toBe(S.PRESENTATION_ERROR);
  });

  it('does not deadlock when the interactor stops reading while the program floods it', async () => {
    const flood = '#include <cstdio>\nint main(){for(;;)printf("? 3\\n");}';
    const started = Date.now();
    const result = await judgeSource(problem, flood, 'C++');
    // The interactor gives up after 40 questions; the flooding program then gets SIGPIPE, which is not its
    // verdict: the interactor's is.
    expect(result.status).toBe(S.WRONG_ANSWER);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('gives TLE to a program that waits forever for an answer it never gets', async () => {
    const waits = '#include <cstdio>\n#include <unistd.h>\nint main(){printf("? 5\\n");fflush(stdout);pause();}';
    const oneCase = { ...problem, cases: problem.cases.slice(0, 1) };
    const result = await judgeSource(oneCase, waits, 'C++');
    expect(result.status).toBe(S.TIME_LIMIT_EXCEEDED);
  });
});

describe('judge case modes and OI scoring', () => {
  // The program doubles its input, except for 7 which it gets wrong.
  const doubler = '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("%d\\n",n==7?0:2*n);return 0;}';
  const oiCases = [
    { input: '1', answer: '2\n', score: 10, groupNum: 1 },
    { input: '2', answer: '4\n', score: 10, groupNum: 1 },
    { input: '7', answer: '14\n', score: 20, groupNum: 2 },
    { input: '3', answer: '6\n', score: 20, groupNum: 2 },
    { input: '4', answer: '8\n', score: 30, groupNum: 3 },
  ];

  it('default OI mode sums case scores: Partial Accepted, oiRankScore from the sum', async () => {
    const problem = makeProblem(oiCases, { type: 1, difficulty: 1 });
    const result = await judgeSource(problem, doubler, 'C');
    expect(result.status).toBe(S.PARTIAL_ACCEPTED);
    expect(result.score).toBe(10 + 10 + 20 + 30);
    expect(result.oiRankScore).toBe(Math.round(70 * 0.1 + (2 * 1 * 70) / 90));
    expect(result.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER, S.ACCEPTED, S.ACCEPTED]);
  });

  it('subtask_lowest scores each group by its lowest case and skips the rest of a failed group', async () => {
    const problem = makeProblem(oiCases, { type: 1, judgeCaseMode: 'subtask_lowest' });
    const result = await judgeSource(problem, doubler, 'C');
    expect(result.cases.map((c) => c.status)).toEqual([
      S.ACCEPTED,
      S.ACCEPTED,
      S.WRONG_ANSWER,
      S.CANCELLED,
      S.ACCEPTED,
    ]);
    expect(result.cases[3].message).toBe('Cancelled: Skipped Judging');
    expect(result.score).toBe(10 + 0 + 30);
    expect(result.status).toBe(S.PARTIAL_ACCEPTED);
  });

  it('subtask_average scores each group by the rounded mean of its cases', async () => {
    const problem = makeProblem(oiCases, { type: 1, judgeCaseMode: 'subtask_average' });
    const result = await judgeSource(problem, doubler, 'C');
    expect(result.score).toBe(10 + Math.round((0 + 20) / 2) + 30);
    expect(result.cases.every((c) => c.status !== S.CANCELLED)).toBe(true);
  });

  it('ergodic_without_error stops at the first failing case and reports it', async () => {
    const problem = makeProblem(oiCases, { judgeCaseMode: 'ergodic_without_error' });
    const result = await judgeSource(problem, doubler, 'C');
    expect(result.cases).toHaveLength(3);
    expect(result.status).toBe(S.WRONG_ANSWER);
    expect(result.score).toBe(0);
  });

  it('ACM default reports the first failing case and scores 100 only on AC; OI all-AC scores full', async () => {
    const acm = await judgeSource(makeProblem(oiCases), doubler, 'C');
    expect(acm.status).toBe(S.WRONG_ANSWER);
    expect(acm.cases).toHaveLength(5);
    const correct = '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("%d\\n",2*n);return 0;}';
    const oi = await judgeSource(makeProblem(oiCases, { type: 1, difficulty: 2 }), correct, 'C');
    expect(oi).toMatchObject({ status: S.ACCEPTED, score: 90, oiRankScore: Math.round(9 + 4) });
  });

  it('scores a full solution exactly the full score the editor shows, in every case mode', async () => {
    // Subtask 1: three cases at 10; subtask 2: three at 23, as a teacher gives them. The editor and the server's
    // ioScore add them up with the shared fullScoreOf: 99 summed, 33 as subtasks (each counted once).
    const cases = [1, 2, 3, 4, 5, 6].map((n) => ({
      input: String(n),
      answer: `${2 * n}\n`,
      score: n <= 3 ? 10 : 23,
      groupNum: n <= 3 ? 1 : 2,
    }));
    const correct = '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("%d\\n",2*n);return 0;}';
    // Gets 5 wrong: one case of subtask 2.
    const partial = '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("%d\\n",n==5?0:2*n);return 0;}';
    const expected = { default: [99, 76], subtask_lowest: [33, 10], subtask_average: [33, 10 + Math.round(46 / 3)] };
    for (const [mode, [full, part]] of Object.entries(expected)) {
      expect(fullScoreOf(cases, mode)).toBe(full);
      const problem = makeProblem(cases, { type: 1, judgeCaseMode: mode as 'default' });
      expect(await judgeSource(problem, correct, 'C')).toMatchObject({ status: S.ACCEPTED, score: full });
      expect(await judgeSource(problem, partial, 'C')).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: part });
    }
  });

  it('gives the status of the first failing case when every case fails', async () => {
    const result = await judgeSource(makeProblem(oiCases, { type: 1 }), 'int main(void){return 1;}', 'C');
    expect(result).toMatchObject({ status: S.RUNTIME_ERROR, score: 0 });
  });
});

describe('output comparison rules through the judge', () => {
  it('ignores CRLF and trailing blanks by default and compares exactly when isRemoveEndBlank is off', async () => {
    const crlfAnswer = [{ input: '', answer: '1 2\r\n3\r\n' }];
    const trailing = '#include <stdio.h>\nint main(void){printf("1 2  \\n3\\t\\n\\n\\n");return 0;}';
    expect((await judgeSource(makeProblem(crlfAnswer), trailing, 'C')).status).toBe(S.ACCEPTED);
    const exact = makeProblem(crlfAnswer, { isRemoveEndBlank: false });
    expect((await judgeSource(exact, trailing, 'C')).status).toBe(S.PRESENTATION_ERROR);
    const crlfOutput = '#include <stdio.h>\nint main(void){printf("1 2\\r\\n3\\r\\n");return 0;}';
    expect((await judgeSource(exact, crlfOutput, 'C')).status).toBe(S.ACCEPTED);
  });
});
