import { describe, expect, it } from 'vitest';
import { uncaughtExceptionType } from './uncaught-exception.js';

// The stderr samples are what the runtimes on the judge hosts printed (Python 3.11, PyPy 7.3 / Python 3.9, OpenJDK
// 17, Node 20, g++ 12, Go 1.19, Rust 1.63), with the program at the path the sandbox gives it.

describe('uncaughtExceptionType: Python and PyPy', () => {
  it('reads the type from the last line of a traceback, never the message', () => {
    const cpython = `Traceback (most recent call last):
  File "/prog/main.py", line 2, in <module>
    print(1//a)
          ~^^~
ZeroDivisionError: integer division or modulo by zero
`;
    expect(uncaughtExceptionType('python', cpython)).toBe('ZeroDivisionError');
    const pypy = `Traceback (most recent call last):
  File "/prog/main.py", line 2, in <module>
    print(1//a)
ZeroDivisionError: integer division or modulo by zero
`;
    expect(uncaughtExceptionType('python', pypy)).toBe('ZeroDivisionError');
    const keyError = `Traceback (most recent call last):
  File "/prog/main.py", line 3, in <module>
    d["x"]
    ~^^^^^
KeyError: 'x'
`;
    expect(uncaughtExceptionType('python', keyError)).toBe('KeyError');
  });

  it('reads a RecursionError after the repeated frames', () => {
    const stderr = `Traceback (most recent call last):
  File "/prog/main.py", line 2, in <module>
    f(0)
  File "/prog/main.py", line 1, in f
    def f(n): return f(n+1)
                     ^^^^^^
  File "/prog/main.py", line 1, in f
    def f(n): return f(n+1)
                     ^^^^^^
  [Previous line repeated 996 more times]
RecursionError: maximum recursion depth exceeded
`;
    expect(uncaughtExceptionType('python', stderr)).toBe('RecursionError');
  });

  it('takes the exception that ended the program from chained tracebacks, and a module-qualified type whole', () => {
    const stderr = `debug: 5 7
Traceback (most recent call last):
  File "/prog/main.py", line 3, in <module>
    x = [1][5]
        ~~~^^^
IndexError: list index out of range

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/prog/main.py", line 5, in <module>
    json.loads(line)
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
`;
    expect(uncaughtExceptionType('python', stderr)).toBe('json.decoder.JSONDecodeError');
  });

  it('finds the type line of a message that spans lines, and a class of the program', () => {
    expect(
      uncaughtExceptionType(
        'python',
        'Traceback (most recent call last):\n  File "/prog/main.py", line 2, in <module>\n    raise MyErr("a\\nb: 3")\nMyErr: a\nb: 3\n',
      ),
    ).toBe('MyErr');
  });

  it('finds nothing without a traceback (sys.exit, a message of the program)', () => {
    expect(uncaughtExceptionType('python', '')).toBeUndefined();
    expect(uncaughtExceptionType('python', 'bye\n')).toBeUndefined();
    expect(uncaughtExceptionType('python', 'ValueError: printed by the program\n')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: Java', () => {
  it('reads the class from "Exception in thread", with or without a message', () => {
    expect(
      uncaughtExceptionType(
        'java',
        'Exception in thread "main" java.lang.ArithmeticException: / by zero\n\tat Main.main(Main.java:1)\n',
      ),
    ).toBe('java.lang.ArithmeticException');
    const overflow = `Exception in thread "main" java.lang.StackOverflowError\n${'\tat Main.f(Main.java:1)\n'.repeat(1024)}`;
    expect(uncaughtExceptionType('java', overflow)).toBe('java.lang.StackOverflowError');
    expect(
      uncaughtExceptionType(
        'java',
        'Exception in thread "main" java.util.InputMismatchException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:939)\n',
      ),
    ).toBe('java.util.InputMismatchException');
    expect(
      uncaughtExceptionType('java', 'Exception in thread "main" Main$MyEx: wrapped 42\n\tat Main.main(Main.java:1)\n'),
    ).toBe('Main$MyEx');
  });

  it('finds nothing in a program that exits by itself', () => {
    expect(uncaughtExceptionType('java', 'java.lang.ArithmeticException: / by zero\n')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: JavaScript (Node)', () => {
  it('reads the class from the uncaught-error report', () => {
    const typeError = `/prog/main.js:2
console.log(x.foo);
              ^

TypeError: Cannot read properties of null (reading 'foo')
    at Object.<anonymous> (/prog/main.js:2:15)
    at Module._compile (node:internal/modules/cjs/loader:1521:14)
    at node:internal/main/run_main_module:28:49

Node.js v20.20.2
`;
    expect(uncaughtExceptionType('node', typeError)).toBe('TypeError');
    const overflow = `/prog/main.js:1
function f(n){return f(n+1)+1}
              ^

RangeError: Maximum call stack size exceeded
    at f (/prog/main.js:1:15)
    at f (/prog/main.js:1:22)

Node.js v20.20.2
`;
    expect(uncaughtExceptionType('node', overflow)).toBe('RangeError');
  });

  it("keeps the class of Node's own errors without their code, and of a JSON.parse error quoting the data", () => {
    const nodeError = `node:internal/errors:541
      throw error;
      ^

RangeError [ERR_OUT_OF_RANGE]: The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received -1
    at Function.alloc (node:buffer:392:3)
    at Object.<anonymous> (/prog/main.js:1:8) {
  code: 'ERR_OUT_OF_RANGE'
}

Node.js v20.20.2
`;
    expect(uncaughtExceptionType('node', nodeError)).toBe('RangeError');
    const json = `<anonymous_script>:1
{x
 ^

SyntaxError: Expected property name or '}' in JSON at position 1
    at JSON.parse (<anonymous>)
    at Object.<anonymous> (/prog/main.js:1:6)

Node.js v20.20.2
`;
    expect(uncaughtExceptionType('node', json)).toBe('SyntaxError');
  });

  it('finds nothing for a thrown value that is no Error, or text the program printed', () => {
    const thrown42 = `/prog/main.js:1
throw 42
^
42
(Use \`node --trace-uncaught ...\` to show where the exception was thrown)

Node.js v20.20.2
`;
    expect(uncaughtExceptionType('node', thrown42)).toBeUndefined();
    expect(uncaughtExceptionType('node', 'TypeError: fake\n')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: C++', () => {
  it("reads the type from libstdc++'s terminate message, after the program's own stderr", () => {
    const stderr = `dbg
terminate called after throwing an instance of 'std::out_of_range'
  what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 1)
`;
    expect(uncaughtExceptionType('cpp', stderr)).toBe('std::out_of_range');
    expect(
      uncaughtExceptionType(
        'cpp',
        "terminate called after throwing an instance of 'std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >'\n",
      ),
    ).toBe('std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >');
    expect(uncaughtExceptionType('cpp', "terminate called after throwing an instance of 'int'\n")).toBe('int');
  });

  it("reads libc++'s message too, and finds nothing in an abort without an exception", () => {
    expect(
      uncaughtExceptionType(
        'cpp',
        'libc++abi: terminating due to uncaught exception of type std::out_of_range: vector\n',
      ),
    ).toBe('std::out_of_range');
    expect(uncaughtExceptionType('cpp', 'terminate called without an active exception\n')).toBeUndefined();
    expect(uncaughtExceptionType('cpp', '')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: Go', () => {
  it('names a runtime error by its kind, without the values in it', () => {
    const divide = `panic: runtime error: integer divide by zero

goroutine 1 [running]:
main.main()
	/w/main.go:3 +0x146
`;
    expect(uncaughtExceptionType('go', divide)).toBe('runtime error: integer divide by zero');
    const index = `panic: runtime error: index out of range [5] with length 1

goroutine 1 [running]:
main.main()
	/w/main.go:3 +0x150
`;
    expect(uncaughtExceptionType('go', index)).toBe('runtime error: index out of range');
    const nil = `panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x457b1a]
`;
    expect(uncaughtExceptionType('go', nil)).toBe('runtime error: invalid memory address or nil pointer dereference');
    expect(uncaughtExceptionType('go', 'panic: assignment to entry in nil map\n\ngoroutine 1 [running]:\n')).toBe(
      'assignment to entry in nil map',
    );
  });

  it("calls the program's own panic (its text may quote the data) only a panic", () => {
    const repanic = `panic: secret 5 [recovered]
	panic: secret 5

goroutine 1 [running]:
main.main.func1()
	/w/main.go:3 +0x25
panic({0x45ec60, 0xc00008a000})
	/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212
`;
    expect(uncaughtExceptionType('go', repanic)).toBe('panic');
    expect(uncaughtExceptionType('go', 'fatal error: all goroutines are asleep - deadlock!\n')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: Rust', () => {
  it('calls a panic a panic, in the old and the new message format', () => {
    expect(
      uncaughtExceptionType(
        'rust',
        "thread 'main' panicked at 'attempt to divide by zero', main.rs:2:120\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
      ),
    ).toBe('panic');
    expect(
      uncaughtExceptionType(
        'rust',
        "thread 'main' panicked at main.rs:2:5:\nindex out of bounds: the len is 3 but the index is 5\n",
      ),
    ).toBe('panic');
    expect(uncaughtExceptionType('rust', 'error: bad input\n')).toBeUndefined();
  });
});

describe('uncaughtExceptionType: any language', () => {
  it('reads CRLF stderr and ignores a "type" too long to be one', () => {
    expect(
      uncaughtExceptionType('java', 'Exception in thread "main" java.lang.ArithmeticException: / by zero\r\n'),
    ).toBe('java.lang.ArithmeticException');
    expect(
      uncaughtExceptionType('python', `Traceback (most recent call last):\n  File "x"\n${'A'.repeat(200)}: x\n`),
    ).toBeUndefined();
  });
});
