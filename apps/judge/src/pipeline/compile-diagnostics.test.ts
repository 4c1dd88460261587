import { type Diagnostic, parseDiagnostics, sourceFileOf } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages/languages.js';
import { resolveLanguage } from '../languages/toolchains.js';
import { requireSandbox } from '../test/judge-fixtures.js';
import { compileProgram } from './compile-program.js';

// packages/shared/src/compile-diagnostics.ts read against what the real compilers print in the real sandbox: a broken
// program per language, compiled as a submission is (no cache, so the compiler really runs), its Compile Error text
// parsed. A language whose toolchain is not installed is skipped.

interface Broken {
  language: string;
  what: string;
  source: string;
  expected: Partial<Diagnostic>;
  /** What the message says (the compiler's own words, so a pattern loose enough for its versions). */
  message: RegExp;
}

const BROKEN: Broken[] = [
  {
    language: 'C',
    what: 'an undeclared identifier on line 3',
    source: '#include <stdio.h>\nint main(void) {\n  x = 1;\n  return 0;\n}\n',
    expected: { file: 'main.c', line: 3, column: 3, severity: 'error' },
    message: /x.*undeclared/,
  },
  {
    language: 'C++',
    what: 'an undeclared identifier on line 3',
    source: '#include <iostream>\nint main() {\n  x = 1;\n  return 0;\n}\n',
    expected: { file: 'main.cpp', line: 3, column: 3, severity: 'error' },
    message: /x.*not declared/,
  },
  {
    language: 'C++ 17 With O2',
    what: 'an undeclared identifier after bits/stdc++.h, a tab before it',
    source: '#include <bits/stdc++.h>\nint main() {\n\tstd::cout << y;\n}\n',
    // GCC counts a tab as far as the next multiple of 8 (the web maps that back to the character).
    expected: { file: 'main.cpp', line: 3, column: 22, severity: 'error' },
    message: /y.*not declared/,
  },
  {
    language: 'Java',
    what: 'an undeclared variable on line 3, its column from the caret',
    source: 'public class Main {\n  public static void main(String[] a) {\n    x = 1;\n  }\n}\n',
    expected: { file: 'Main.java', line: 3, column: 5, severity: 'error' },
    message: /cannot find symbol\n\s*symbol:\s+variable x/,
  },
  {
    language: 'Python3',
    what: 'a missing colon on line 3',
    source: 'a = 1\nb = 2\nif a\n    print(a)\n',
    expected: { file: 'main.py', line: 3, column: 0, severity: 'error' },
    message: /^SyntaxError: /,
  },
  {
    language: 'Python3',
    what: 'an unexpected indent on line 3',
    source: 'a = 1\nb = 2\n    print(a)\n',
    expected: { file: 'main.py', line: 3, severity: 'error' },
    message: /^IndentationError: unexpected indent/,
  },
  {
    language: 'Python2',
    what: 'a statement cut short on line 3',
    source: 'a = 1\nb = 2\nc = a +\n',
    expected: { file: 'main.py', line: 3, severity: 'error' },
    message: /^SyntaxError: /,
  },
  {
    language: 'PyPy3',
    what: 'a statement cut short on line 3',
    source: 'a = 1\nb = 2\nc = a +\n',
    expected: { file: 'main.py', line: 3, severity: 'error' },
    message: /^SyntaxError: /,
  },
  {
    language: 'Golang',
    what: 'an undefined name on line 4',
    source: 'package main\n\nfunc main() {\n\tx = 1\n}\n',
    expected: { file: 'main.go', line: 4, column: 2, severity: 'error' },
    message: /undefined: x/,
  },
  {
    language: 'Rust',
    what: 'an unknown value on line 3, an unused variable warned before it',
    source: 'fn main() {\n    let unused = 1;\n    x = 2;\n}\n',
    expected: { file: 'main.rs', line: 3, column: 5, severity: 'error' },
    message: /cannot find value `x` in this scope \[E0425\]/,
  },
  {
    language: 'JavaScript Node',
    what: 'an unexpected token on line 3, its column from the caret',
    source: 'const a = 1;\nfunction f() {\n  return a +;\n}\n',
    expected: { file: 'main.js', line: 3, column: 13, severity: 'error' },
    message: /^SyntaxError: Unexpected token/,
  },
];

beforeAll(requireSandbox);

describe('compile diagnostics from the real compilers', () => {
  for (const broken of BROKEN) {
    const resolution = resolveLanguage(broken.language);
    it.skipIf(!resolution.ok)(`${broken.language}: ${broken.what}`, async () => {
      if (!resolution.ok) return;
      const outcome = await compileProgram(resolution.language, broken.source, {}, undefined, {
        cache: false,
        precompiledHeader: false,
      });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.systemError).toBe(false);
      const diagnostics = parseDiagnostics(broken.language, outcome.message);
      expect(diagnostics[0], outcome.message).toMatchObject(broken.expected);
      expect(diagnostics[0].message, outcome.message).toMatch(broken.message);
      // Nothing of the sandbox's directories reaches the reader.
      for (const d of diagnostics) {
        expect(d.file).not.toContain('/');
        expect(d.message).not.toMatch(/\/w\//);
      }
    });
  }
});

it("the web marks the lines of the file each language's source is compiled as", () => {
  for (const language of LANGUAGES)
    expect([language.name, sourceFileOf(language.name)]).toEqual([language.name, language.sourceFile]);
});
