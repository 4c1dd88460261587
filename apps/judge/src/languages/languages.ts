import { existsSync } from 'node:fs';
import type { LanguageName } from '@oj/shared';
import type { UncaughtExceptionFormat } from '../pipeline/uncaught-exception.js';

/**
 * The languages the judge can offer, as data, not code. Commands are argv templates run inside the
 * sandbox with the work dir at /w; compiled artifacts are bound read-only at /prog for runs.
 *
 * Placeholders: `{tool}` for a toolchain binary resolved from `tools` (absolute, symlinks resolved: python3 on
 * PATH may be a pyenv shim under /root, java goes through /etc/alternatives), `{memoryMb}` and `{stackMb}` for
 * the run's effective limits.
 */
export interface LanguageDefinition {
  name: LanguageName;
  /** The source file name inside the work dir. */
  sourceFile: string;
  /** Candidate absolute paths per tool; the first that exists wins. */
  tools: Record<string, string[]>;
  /** Host paths the toolchain reads besides /usr (prefixes under /etc are matched as globs `prefix*`). */
  systemPaths?: string[];
  compile?: string[];
  compileEnv?: Record<string, string>;
  run: string[];
  runEnv?: Record<string, string>;
  /** Memory the runtime needs beyond the user's heap limit (JVM and V8 get -Xmx / max-old-space at the limit). */
  runtimeOverheadMb?: number;
  /** stderr that means the runtime refused more memory: Memory Limit Exceeded rather than Runtime Error. */
  memoryErrorPatterns?: string[];
  /** How the runtime reports an uncaught exception on stderr: its type joins a Runtime Error's message. */
  uncaughtExceptions?: UncaughtExceptionFormat;
  /** Hello world used by the probe: it must print `hello` with a newline. */
  probeSource: string;
  /**
   * System headers each built once into a GCC precompiled header with exactly these flags (the compile's own
   * flags before the source file): a source whose first include is one of them compiles in a fraction of the
   * time (decision 0027).
   */
  precompiledHeader?: { includes: string[]; flags: string[] };
}

const GCC = ['/usr/bin/gcc'];
const GXX = ['/usr/bin/g++'];
const cFlags = ['-DONLINE_JUDGE', '-w', '-fmax-errors=1', '-pipe'];
/** GNU gold links an A+B in about half of ld.bfd's ~80 ms, the same program (decision 0027); binutils ships it on
 * Debian 12, and a host without it links with the default linker (the flag is part of the compile cache's key). */
const linkFlags = existsSync('/usr/bin/ld.gold') ? ['-fuse-ld=gold'] : [];

const cLanguage = (name: LanguageName, optimize: boolean): LanguageDefinition => ({
  name,
  sourceFile: 'main.c',
  tools: { gcc: GCC },
  compile: ['{gcc}', ...cFlags, '-std=c11', ...(optimize ? ['-O2'] : []), 'main.c', ...linkFlags, '-lm', '-o', 'main'],
  run: ['/prog/main'],
  probeSource: '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n',
});

const cppLanguage = (name: LanguageName, standard: string, optimize: boolean): LanguageDefinition => {
  const flags = [...cFlags, `-std=${standard}`, ...(optimize ? ['-O2'] : [])];
  return {
    name,
    sourceFile: 'main.cpp',
    tools: { gxx: GXX },
    compile: ['{gxx}', ...flags, 'main.cpp', ...linkFlags, '-lm', '-o', 'main'],
    run: ['/prog/main'],
    uncaughtExceptions: 'cpp',
    probeSource: '#include <iostream>\nint main() { std::cout << "hello" << std::endl; }\n',
    precompiledHeader: { includes: ['bits/stdc++.h', 'iostream'], flags },
  };
};

const pythonProbe = 'print("hello")\n';

export const LANGUAGES: readonly LanguageDefinition[] = [
  cLanguage('C', false),
  cLanguage('C With O2', true),
  cppLanguage('C++', 'c++14', false),
  cppLanguage('C++ With O2', 'c++14', true),
  cppLanguage('C++ 17', 'c++17', false),
  cppLanguage('C++ 17 With O2', 'c++17', true),
  cppLanguage('C++ 20', 'c++20', false),
  cppLanguage('C++ 20 With O2', 'c++20', true),
  {
    name: 'Java',
    sourceFile: 'Main.java',
    tools: {
      javac: ['/usr/bin/javac', '/usr/lib/jvm/default-java/bin/javac'],
      java: ['/usr/bin/java', '/usr/lib/jvm/default-java/bin/java'],
    },
    systemPaths: ['/etc/java-'],
    // javac is a JVM too: without -Xmx it sizes its heap from host RAM and gets OOM-killed in the compile cgroup.
    compile: [
      '{javac}',
      '-J-Xmx256m',
      '-J-XX:+UseSerialGC',
      '-J-XX:TieredStopAtLevel=1',
      '-J-XX:-UsePerfData',
      '-encoding',
      'UTF-8',
      '-d',
      '.',
      'Main.java',
    ],
    // Inside bwrap the JVM cannot see its cgroup: -Xmx is mandatory (it would size its heap
    // from the host's memory).
    run: [
      '{java}',
      '-Xmx{memoryMb}m',
      '-Xss{stackMb}m',
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-XX:+ExitOnOutOfMemoryError',
      '-Dfile.encoding=UTF-8',
      '-cp',
      '/prog',
      'Main',
    ],
    runtimeOverheadMb: 128,
    memoryErrorPatterns: ['java.lang.OutOfMemoryError'],
    uncaughtExceptions: 'java',
    probeSource: 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }\n',
  },
  {
    name: 'Python3',
    sourceFile: 'main.py',
    tools: { python: ['/usr/bin/python3'] },
    systemPaths: ['/etc/python3'],
    compile: ['{python}', '-m', 'py_compile', 'main.py'],
    run: ['{python}', '-B', '/prog/main.py'],
    runEnv: { PYTHONIOENCODING: 'utf-8' },
    memoryErrorPatterns: ['MemoryError'],
    uncaughtExceptions: 'python',
    probeSource: pythonProbe,
  },
  {
    name: 'Python2',
    sourceFile: 'main.py',
    tools: { python: ['/usr/bin/python2', '/usr/bin/python2.7'] },
    systemPaths: ['/etc/python2'],
    compile: ['{python}', '-m', 'py_compile', 'main.py'],
    run: ['{python}', '-B', '/prog/main.py'],
    runEnv: { PYTHONIOENCODING: 'utf-8' },
    memoryErrorPatterns: ['MemoryError'],
    uncaughtExceptions: 'python',
    probeSource: pythonProbe,
  },
  {
    name: 'PyPy3',
    sourceFile: 'main.py',
    tools: { pypy: ['/usr/bin/pypy3'] },
    systemPaths: ['/etc/pypy3'],
    compile: ['{pypy}', '-m', 'py_compile', 'main.py'],
    run: ['{pypy}', '-B', '/prog/main.py'],
    runEnv: { PYTHONIOENCODING: 'utf-8' },
    memoryErrorPatterns: ['MemoryError'],
    uncaughtExceptions: 'python',
    probeSource: pythonProbe,
  },
  {
    name: 'Golang',
    sourceFile: 'main.go',
    tools: { go: ['/usr/bin/go', '/usr/local/go/bin/go'] },
    compile: ['{go}', 'build', '-o', 'main', 'main.go'],
    compileEnv: {
      GOCACHE: '/tmp/gocache',
      GOPATH: '/tmp/gopath',
      GO111MODULE: 'off',
      CGO_ENABLED: '0',
      GOTOOLCHAIN: 'local',
    },
    run: ['/prog/main'],
    runEnv: { GODEBUG: 'madvdontneed=1' },
    uncaughtExceptions: 'go',
    probeSource: 'package main\nimport "fmt"\nfunc main() { fmt.Println("hello") }\n',
  },
  {
    name: 'JavaScript Node',
    sourceFile: 'main.js',
    tools: { node: ['/usr/bin/node', '/usr/local/bin/node'] },
    compile: ['{node}', '--check', 'main.js'],
    run: ['{node}', '--max-old-space-size={memoryMb}', '/prog/main.js'],
    runtimeOverheadMb: 128,
    memoryErrorPatterns: ['JavaScript heap out of memory', 'Reached heap limit'],
    uncaughtExceptions: 'node',
    probeSource: 'console.log("hello");\n',
  },
  {
    name: 'Rust',
    sourceFile: 'main.rs',
    tools: { rustc: ['/usr/bin/rustc'] },
    compile: ['{rustc}', '-O', '-o', 'main', 'main.rs'],
    compileEnv: { TMPDIR: '/tmp' },
    run: ['/prog/main'],
    uncaughtExceptions: 'rust',
    probeSource: 'fn main() { println!("hello"); }\n',
  },
];

/**
 * How a package-provided checker or interactor is compiled: `-std=c++17 -O2`, the package root on the include path.
 * `-fwhole-program` because a checker is one source file linked alone: GCC may then drop every function nothing
 * calls, and testlib.h defines hundreds with external linkage that it would otherwise optimise and assemble each
 * time. A testlib checker's first compile takes about 40 % of the CPU it took without it (`bench/checker-compile.ts`).
 */
export const CHECKER_LANGUAGE: LanguageDefinition = {
  name: 'C++ 17 With O2',
  sourceFile: 'checker.cpp',
  tools: { gxx: GXX },
  compile: [
    '{gxx}',
    '-DONLINE_JUDGE',
    '-w',
    '-fmax-errors=3',
    '-std=c++17',
    '-O2',
    '-fwhole-program',
    '-I',
    '/w',
    'checker.cpp',
    '-o',
    'checker',
  ],
  run: ['/prog/checker'],
  probeSource: '',
};
