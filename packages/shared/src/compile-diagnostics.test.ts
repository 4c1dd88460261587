import { describe, expect, it } from 'vitest';
import { columnTabWidthOf, DIAGNOSTICS_MAX, parseDiagnostics, sourceFileOf } from './compile-diagnostics.js';

// Samples as the judge's compile step keeps them (apps/judge/src/pipeline/compile-program.ts: stdout and stderr
// together, trimmed), most of them printed by the compilers of the judge's sandbox
// (apps/judge/src/pipeline/compile-diagnostics.test.ts checks the live ones).

describe('parseDiagnostics: GCC and Clang', () => {
  it('reads the error, its note and warnings of a C program, skipping the context and the code excerpt', () => {
    const text = `main.c: In function ‘main’:
main.c:3:3: error: ‘x’ undeclared (first use in this function)
    3 |   x = 1;
      |   ^
main.c:3:3: note: each undeclared identifier is reported only once for each function it appears in
main.c:5:10: warning: unused variable ‘y’ [-Wunused-variable]`;
    expect(parseDiagnostics('C', text)).toEqual([
      { file: 'main.c', line: 3, column: 3, severity: 'error', message: '‘x’ undeclared (first use in this function)' },
      {
        file: 'main.c',
        line: 3,
        column: 3,
        severity: 'note',
        message: 'each undeclared identifier is reported only once for each function it appears in',
      },
      { file: 'main.c', line: 5, column: 10, severity: 'warning', message: 'unused variable ‘y’ [-Wunused-variable]' },
    ]);
  });

  it('reads C++ with its include chain, a fatal error, template context and a system header', () => {
    const text = `In file included from main.cpp:2:
helper.h:1:10: fatal error: missing.h: No such file or directory
    1 | #include "missing.h"
      |          ^~~~~~~~~~~
compilation terminated.
main.cpp: In instantiation of ‘void f(T) [with T = int]’:
main.cpp:12:5:   required from here
/usr/include/c++/12/bits/stl_vector.h:1123:7: note: candidate: ‘void std::vector<_Tp>::push_back(const value_type&)’`;
    expect(parseDiagnostics('C++ 17 With O2', text)).toEqual([
      { file: 'helper.h', line: 1, column: 10, severity: 'error', message: 'missing.h: No such file or directory' },
      {
        file: 'stl_vector.h',
        line: 1123,
        column: 7,
        severity: 'note',
        message: 'candidate: ‘void std::vector<_Tp>::push_back(const value_type&)’',
      },
    ]);
  });

  it("reads Clang's messages the same way", () => {
    const text = `main.cpp:4:5: error: use of undeclared identifier 'x'
    x = 1;
    ^
main.cpp:2:6: note: previous definition is here
1 error generated.`;
    expect(parseDiagnostics('C++', text)).toEqual([
      { file: 'main.cpp', line: 4, column: 5, severity: 'error', message: "use of undeclared identifier 'x'" },
      { file: 'main.cpp', line: 2, column: 6, severity: 'note', message: 'previous definition is here' },
    ]);
  });

  it('reads a message without a column (-fno-show-column) as column 0, and never takes a caret from the gutter', () => {
    const text = `main.cpp:7: error: expected ‘;’ before ‘}’ token
    7 | }
      | ^`;
    expect(parseDiagnostics('C++', text)).toEqual([
      { file: 'main.cpp', line: 7, column: 0, severity: 'error', message: 'expected ‘;’ before ‘}’ token' },
    ]);
  });

  it('finds nothing in a link error, a limit the compile hit or an empty text', () => {
    const link = `/usr/bin/ld: /tmp/ccAbc123.o: in function \`main':
main.cpp:(.text+0x5): undefined reference to \`solve()'
collect2: error: ld returned 1 exit status`;
    expect(parseDiagnostics('C++', link)).toEqual([]);
    expect(parseDiagnostics('C++', 'Compilation time limit exceeded (10 s of CPU)')).toEqual([]);
    expect(parseDiagnostics('C', '')).toEqual([]);
  });

  it('keeps a path of the sandbox out of the file and the message', () => {
    const text = `/w/main.cpp:3:3: error: ‘x’ was not declared in this scope
/w/sub/dir/main.cpp:4:1: error: cannot open /w/sub/data.txt`;
    expect(parseDiagnostics('C++', text)).toEqual([
      { file: 'main.cpp', line: 3, column: 3, severity: 'error', message: '‘x’ was not declared in this scope' },
      { file: 'main.cpp', line: 4, column: 1, severity: 'error', message: 'cannot open data.txt' },
    ]);
  });

  it(`keeps at most ${DIAGNOSTICS_MAX} messages and cuts a very long one`, () => {
    const many = Array.from({ length: 80 }, (_, i) => `main.cpp:${i + 1}:1: error: bad ${i}`).join('\n');
    const list = parseDiagnostics('C++', many);
    expect(list).toHaveLength(DIAGNOSTICS_MAX);
    expect(list.at(-1)?.line).toBe(DIAGNOSTICS_MAX);
    const [long] = parseDiagnostics('C', `main.c:1:1: error: ${'x'.repeat(5000)}`);
    expect(long.message.length).toBeLessThanOrEqual(300);
    expect(long.message.endsWith('…')).toBe(true);
  });

  it('reads Windows line ends', () => {
    expect(parseDiagnostics('C', 'main.c:2:1: error: expected ‘;’\r\n    2 | }\r\n')).toEqual([
      { file: 'main.c', line: 2, column: 1, severity: 'error', message: 'expected ‘;’' },
    ]);
  });
});

describe('parseDiagnostics: javac', () => {
  it('takes the column from the caret and the first line of the explanation', () => {
    const text = `Main.java:3: error: cannot find symbol
    x = 1;
    ^
  symbol:   variable x
  location: class Main
Main.java:7: warning: [removal] Integer(int) in Integer has been deprecated and marked for removal
\t\tInteger i = new Integer(3);
\t\t            ^
Note: Main.java uses unchecked or unsafe operations.
1 error
1 warning`;
    expect(parseDiagnostics('Java', text)).toEqual([
      { file: 'Main.java', line: 3, column: 5, severity: 'error', message: 'cannot find symbol\nsymbol:   variable x' },
      {
        file: 'Main.java',
        line: 7,
        column: 15,
        severity: 'warning',
        message: '[removal] Integer(int) in Integer has been deprecated and marked for removal',
      },
    ]);
  });

  it('gives column 0 when no caret follows', () => {
    expect(parseDiagnostics('Java', 'Main.java:1: error: class, interface, enum, or record expected')).toEqual([
      {
        file: 'Main.java',
        line: 1,
        column: 0,
        severity: 'error',
        message: 'class, interface, enum, or record expected',
      },
    ]);
  });
});

describe('parseDiagnostics: Python and PyPy (py_compile)', () => {
  it('reads a SyntaxError after its code and caret, without a column (the code is shown unindented)', () => {
    const text = `File "main.py", line 3
    if a
        ^
SyntaxError: expected ':'`;
    expect(parseDiagnostics('Python3', text)).toEqual([
      { file: 'main.py', line: 3, column: 0, severity: 'error', message: "SyntaxError: expected ':'" },
    ]);
  });

  it('reads the one-line IndentationError and TabError of py_compile', () => {
    expect(parseDiagnostics('PyPy3', 'Sorry: IndentationError: unexpected indent (main.py, line 3)')).toEqual([
      { file: 'main.py', line: 3, column: 0, severity: 'error', message: 'IndentationError: unexpected indent' },
    ]);
    expect(
      parseDiagnostics(
        'Python3',
        'Sorry: TabError: inconsistent use of tabs and spaces in indentation (/w/main.py, line 12)',
      ),
    ).toEqual([
      {
        file: 'main.py',
        line: 12,
        column: 0,
        severity: 'error',
        message: 'TabError: inconsistent use of tabs and spaces in indentation',
      },
    ]);
  });

  it('reads an IndentationError in the traceback form (Python 2) and a place without code', () => {
    const text = `  File "main.py", line 2
    y = 2
    ^
IndentationError: unexpected indent
  File "/w/main.py", line 5
SyntaxError: Non-ASCII character '\\xe4' in file main.py on line 5, but no encoding declared`;
    expect(parseDiagnostics('Python2', text)).toEqual([
      { file: 'main.py', line: 2, column: 0, severity: 'error', message: 'IndentationError: unexpected indent' },
      {
        file: 'main.py',
        line: 5,
        column: 0,
        severity: 'error',
        message: "SyntaxError: Non-ASCII character '\\xe4' in file main.py on line 5, but no encoding declared",
      },
    ]);
  });
});

describe('parseDiagnostics: Go', () => {
  it('reads every message of go build, which names no severity', () => {
    const text = `# command-line-arguments
./main.go:4:2: undefined: x
./main.go:5:6: y declared but not used`;
    expect(parseDiagnostics('Golang', text)).toEqual([
      { file: 'main.go', line: 4, column: 2, severity: 'error', message: 'undefined: x' },
      { file: 'main.go', line: 5, column: 6, severity: 'error', message: 'y declared but not used' },
    ]);
  });
});

describe('parseDiagnostics: Rust', () => {
  it('reads each header with the place on its arrow line, and leaves the summary', () => {
    const text = `warning: unused variable: \`a\`
 --> main.rs:2:9
  |
2 |     let a = 1;
  |         ^ help: if this is intentional, prefix it with an underscore: \`_a\`
  |
  = note: \`#[warn(unused_variables)]\` on by default

error[E0425]: cannot find value \`x\` in this scope
 --> main.rs:3:5
  |
3 |     x = 2;
  |     ^ not found in this scope

error[E0308]: mismatched types
  --> /w/main.rs:14:18
   |
14 |     let b: i32 = "s";
   |            ---   ^^^ expected \`i32\`, found \`&str\`
   |
  ::: /rustc/abc/library/core/src/lib.rs:1:1

error: aborting due to 2 previous errors; 1 warning emitted

Some errors have detailed explanations: E0308, E0425.
For more information about an error, try \`rustc --explain E0308\`.`;
    expect(parseDiagnostics('Rust', text)).toEqual([
      { file: 'main.rs', line: 2, column: 9, severity: 'warning', message: 'unused variable: `a`' },
      {
        file: 'main.rs',
        line: 3,
        column: 5,
        severity: 'error',
        message: 'cannot find value `x` in this scope [E0425]',
      },
      { file: 'main.rs', line: 14, column: 18, severity: 'error', message: 'mismatched types [E0308]' },
    ]);
  });
});

describe('parseDiagnostics: Node (--check)', () => {
  it('reads the place, the column from the caret and the error, with the sandbox path cut to the file', () => {
    const text = `/w/main.js:3
  return a +;
            ^

SyntaxError: Unexpected token ';'
    at wrapSafe (node:internal/modules/cjs/loader:1464:18)
    at checkSyntax (node:internal/main/check_syntax:78:3)

Node.js v20.20.2`;
    expect(parseDiagnostics('JavaScript Node', text)).toEqual([
      { file: 'main.js', line: 3, column: 13, severity: 'error', message: "SyntaxError: Unexpected token ';'" },
    ]);
  });
});

describe('parseDiagnostics: a language it does not know', () => {
  it('reads the formats whose lines name their severity, and not bare context lines', () => {
    const text = `main.cpp:12:5:   required from here
Main.kt:3:5: error: unresolved reference: x`;
    expect(parseDiagnostics('Kotlin 1.9', text)).toEqual([
      { file: 'Main.kt', line: 3, column: 5, severity: 'error', message: 'unresolved reference: x' },
    ]);
  });
});

describe('the code view of a language', () => {
  it("names the file its source is compiled as, and how far GCC's columns count a tab", () => {
    expect(['C With O2', 'C++ 20', 'Java', 'PyPy3', 'JavaScript Node', 'Kotlin'].map(sourceFileOf)).toEqual([
      'main.c',
      'main.cpp',
      'Main.java',
      'main.py',
      'main.js',
      null,
    ]);
    expect(['C', 'C++ 17 With O2', 'Golang', 'Rust'].map(columnTabWidthOf)).toEqual([8, 8, 1, 1]);
  });
});
