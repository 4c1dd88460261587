import { JUDGE_STATUS_NAME } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeSource, makeProblem, requireSandbox, S } from '../test/judge-fixtures.js';

// One case "1 2" -> "3"; 1000 ms and 64 MiB (doubled for Java, Python and Node). Every program below is
// either far under the limits (a few ms, a few MiB) or far over them (endless loop, 512 MiB), never close.
const problem = makeProblem([{ input: '1 2\n', answer: '3\n' }]);

type Verdicts = Record<'AC' | 'WA' | 'PE' | 'TLE' | 'MLE' | 'RE' | 'CE', string>;

const c: Verdicts = {
  AC: '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}',
  WA: '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b+1);return 0;}',
  PE: '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("\\n%d\\n",a+b);return 0;}',
  TLE: 'int main(void){volatile unsigned long x=0;for(;;)x++;}',
  MLE: '#include <stdlib.h>\n#include <string.h>\nint main(void){for(;;){char*p=malloc(1<<20);if(!p)return 7;memset(p,1,1<<20);}}',
  RE: 'int main(void){volatile int *p=0;*p=1;return 0;}',
  CE: 'int main(void){ this is not C }',
};

const cpp: Verdicts = {
  AC: '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}',
  WA: '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a-b<<"\\n";}',
  PE: '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<"\\n\\n"<<a+b<<"\\n";}',
  TLE: '#include <atomic>\nint main(){std::atomic<long> x{0};for(;;)x++;}',
  MLE: '#include <vector>\n#include <cstdio>\nint main(){std::vector<char> v(512u<<20, 1);std::printf("%d",v[12345]);}',
  RE: '#include <cstdlib>\nint main(){std::abort();}',
  CE: '#include <vector>\nint main(){std::vector<int> v = 5;}',
};

const java: Verdicts = {
  AC: 'import java.util.*;public class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);System.out.println(s.nextInt()+s.nextInt());}}',
  WA: 'import java.util.*;public class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);System.out.println(s.nextInt()*s.nextInt()+10);}}',
  PE: 'import java.util.*;public class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);System.out.println();System.out.println(s.nextInt()+s.nextInt());}}',
  TLE: 'public class Main{public static void main(String[] a){long x=0;while(true){x++;if(x==-1)System.out.println(x);}}}',
  MLE: 'import java.util.*;public class Main{public static void main(String[] a){List<long[]> l=new ArrayList<>();while(true)l.add(new long[1<<20]);}}',
  RE: 'public class Main{public static void main(String[] a){throw new IllegalStateException("boom");}}',
  CE: 'public class Main{public static void main(String[] a){int x = "text";}}',
};

const python: Verdicts = {
  AC: 'a, b = map(int, input().split())\nprint(a + b)\n',
  WA: 'a, b = map(int, input().split())\nprint(a * b)\n',
  PE: 'a, b = map(int, input().split())\nprint()\nprint(a + b)\n',
  TLE: 'x = 0\nwhile True:\n    x += 1\n',
  MLE: 'blocks = []\nwhile True:\n    blocks.append(b"x" * (1 << 24))\n',
  RE: 'import sys\nsys.exit(3)\n',
  CE: 'def main(:\n    pass\n',
};

const node: Verdicts = {
  AC: 'const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n',
  WA: 'console.log(42);\n',
  PE: 'const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(Number);\nconsole.log("");\nconsole.log(a + b);\n',
  TLE: 'let x = 0;\nfor (;;) x++;\n',
  MLE: 'const keep = [];\nfor (;;) keep.push(new Array(1 << 20).fill(1.5));\n',
  RE: 'throw new Error("boom");\n',
  CE: 'function broken( {\n',
};

const expected: Record<keyof Verdicts, number> = {
  AC: S.ACCEPTED,
  WA: S.WRONG_ANSWER,
  PE: S.PRESENTATION_ERROR,
  TLE: S.TIME_LIMIT_EXCEEDED,
  MLE: S.MEMORY_LIMIT_EXCEEDED,
  RE: S.RUNTIME_ERROR,
  CE: S.COMPILE_ERROR,
};

beforeAll(requireSandbox);

describe.each([
  ['C', c],
  ['C++ 17 With O2', cpp],
  ['Java', java],
  ['Python3', python],
  ['JavaScript Node', node],
] as const)('%s verdicts', (language, sources) => {
  it.each(Object.keys(sources) as Array<keyof Verdicts>)('%s', async (verdict) => {
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
    const bySignal = await judgeSource(problem, c.RE, 'C');
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
