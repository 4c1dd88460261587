import { beforeAll, describe, expect, it } from 'vitest';
import { resolveLanguage } from '../languages/toolchains.js';
import { judgeSource, makeProblem, requireSandbox, S } from '../test/judge-fixtures.js';

// Real programs that die of an uncaught exception, compiled and run in the real sandbox: the case's Runtime Error
// message names the exception's type (uncaught-exception.ts), never its text. The input is 0, so no compiler can
// see the division by zero coming. Every program fails within a few ms of starting (the Java stack overflow in about
// 350 ms), far under the limit of 1000 ms (2000 ms for languages other than C/C++).
const problem = makeProblem([{ input: '0\n', answer: '0\n' }]);
// A JVM overflows an 8 MiB stack in about 350 ms and 45 MiB; 64 MiB of stack take it seconds and all its memory.
const smallStack = makeProblem([{ input: '0\n', answer: '0\n' }], { stackLimitMb: 8 });

const installed = (language: string) => resolveLanguage(language).ok;

const caseMessage = async (source: string, language: string, on = problem): Promise<string> => {
  const result = await judgeSource(on, source, language);
  expect(result.status, `${result.errorMessage} ${result.cases[0]?.message ?? ''}`).toBe(S.RUNTIME_ERROR);
  return result.cases[0].message;
};

beforeAll(requireSandbox);

describe('the type of an uncaught exception in the Runtime Error message', () => {
  it('Python: ZeroDivisionError and RecursionError', async () => {
    const divide = 'a = int(input())\nprint(10 // a)\n';
    expect(await caseMessage(divide, 'Python3')).toBe('Exited with code 1 (uncaught ZeroDivisionError)');
    const recurse = 'def f(n):\n    return f(n + 1) + 1\nprint(f(int(input())))\n';
    expect(await caseMessage(recurse, 'Python3')).toBe('Exited with code 1 (uncaught RecursionError)');
  }, 60_000);

  it.skipIf(!installed('PyPy3'))(
    'PyPy3: ZeroDivisionError',
    async () => {
      expect(await caseMessage('a = int(input())\nprint(10 // a)\n', 'PyPy3')).toBe(
        'Exited with code 1 (uncaught ZeroDivisionError)',
      );
    },
    60_000,
  );

  it('Java: ArithmeticException and StackOverflowError, fully qualified', async () => {
    const divide =
      'import java.util.*;public class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);System.out.println(10/s.nextInt());}}';
    expect(await caseMessage(divide, 'Java')).toBe('Exited with code 1 (uncaught java.lang.ArithmeticException)');
    const recurse =
      'import java.util.*;public class Main{static int f(int n){return f(n+1)+1;}public static void main(String[] a){System.out.println(f(new Scanner(System.in).nextInt()));}}';
    expect(await caseMessage(recurse, 'Java', smallStack)).toBe(
      'Exited with code 1 (uncaught java.lang.StackOverflowError)',
    );
  }, 90_000);

  it('C++: std::out_of_range, also after a long debug output on stderr', async () => {
    const at =
      '#include <iostream>\n#include <vector>\nint main(){int i;std::cin>>i;std::vector<int> v(3);std::cout<<v.at(i+5)<<"\\n";}';
    expect(await caseMessage(at, 'C++ 17 With O2')).toBe('Killed by SIGABRT (uncaught std::out_of_range)');
    // 200 KB of debug lines first: the runtime's report comes after the start of stderr the sandbox keeps.
    const chatty =
      '#include <iostream>\n#include <vector>\nint main(){int i;std::cin>>i;for(int k=0;k<10000;k++)std::cerr<<"debug line "<<k<<"\\n";std::vector<int> v(3);std::cout<<v.at(i+5)<<"\\n";}';
    expect(await caseMessage(chatty, 'C++ 17 With O2')).toBe('Killed by SIGABRT (uncaught std::out_of_range)');
  }, 60_000);

  it('JavaScript: the error class, TypeError and RangeError (the call stack)', async () => {
    const typeError =
      'const n = Number(require("fs").readFileSync(0, "utf8"));\nconst o = n === 0 ? null : {};\nconsole.log(o.x);\n';
    expect(await caseMessage(typeError, 'JavaScript Node')).toBe('Exited with code 1 (uncaught TypeError)');
    const recurse = 'const f = (n) => f(n + 1) + 1;\nconsole.log(f(Number(require("fs").readFileSync(0, "utf8"))));\n';
    expect(await caseMessage(recurse, 'JavaScript Node')).toBe('Exited with code 1 (uncaught RangeError)');
  }, 60_000);

  it.skipIf(!installed('Golang'))(
    'Go: the kind of runtime error, without its values',
    async () => {
      const divide = 'package main\nimport "fmt"\nfunc main(){var a int;fmt.Scan(&a);fmt.Println(10/a)}\n';
      expect(await caseMessage(divide, 'Golang')).toBe(
        'Exited with code 2 (uncaught runtime error: integer divide by zero)',
      );
      const index =
        'package main\nimport "fmt"\nfunc main(){var a int;fmt.Scan(&a);s:=[]int{1,2};fmt.Println(s[a+5])}\n';
      expect(await caseMessage(index, 'Golang')).toBe(
        'Exited with code 2 (uncaught runtime error: index out of range)',
      );
    },
    120_000,
  );

  it.skipIf(!installed('Rust'))(
    'Rust: a panic',
    async () => {
      const divide =
        'use std::io::Read;\nfn main(){let mut s=String::new();std::io::stdin().read_to_string(&mut s).unwrap();let a:i32=s.trim().parse().unwrap();println!("{}",10/a);}\n';
      expect(await caseMessage(divide, 'Rust')).toBe('Exited with code 101 (uncaught panic)');
    },
    60_000,
  );

  it('keeps the bare message of a program that exits by itself or crashes without an exception', async () => {
    expect(await caseMessage('import sys\nsys.exit(3)\n', 'Python3')).toBe('Exited with code 3');
    expect(await caseMessage('#include <cstdlib>\nint main(){std::abort();}', 'C++ 17 With O2')).toBe(
      'Killed by SIGABRT',
    );
  }, 60_000);
});
