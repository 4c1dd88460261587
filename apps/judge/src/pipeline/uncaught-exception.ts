/**
 * How a language's runtime reports an exception nothing caught, on stderr (languages.ts `uncaughtExceptions`).
 * C has no exceptions: a crash there is a signal, which the Runtime Error message names already.
 */
export type UncaughtExceptionFormat = 'python' | 'java' | 'node' | 'cpp' | 'go' | 'rust';

/** A longer "type" is no type name a runtime printed (C++ template names stay well under it). */
const TYPE_MAX_CHARS = 120;

const lastMatch = (text: string, pattern: RegExp): RegExpExecArray | undefined => {
  let found: RegExpExecArray | undefined;
  for (const match of text.matchAll(pattern)) found = match as RegExpExecArray;
  return found;
};

/** Python 2 and 3, PyPy: the last traceback's first unindented line after its frames, `ZeroDivisionError: ...`. */
const pythonType = (stderr: string): string | undefined => {
  const header = lastMatch(stderr, /^Traceback \(most recent call last\):$/gm);
  if (!header) return undefined;
  const lines = stderr
    .slice(header.index + header[0].length)
    .split('\n')
    .slice(1);
  const typeLine = lines.find((line) => line !== '' && !/^[ \t]/.test(line));
  return typeLine === undefined ? undefined : /^([A-Za-z_][\w.]*)(?::|$)/.exec(typeLine)?.[1];
};

/** `Exception in thread "main" java.lang.ArithmeticException: / by zero` (the exception that ended the thread;
 * its "Caused by:" lines follow the stack). */
const javaType = (stderr: string): string | undefined =>
  lastMatch(stderr, /^Exception in thread "[^"\n]*" ([A-Za-z_$][\w$.]*)(?=:|$)/gm)?.[1];

/**
 * Node's report of an uncaught error: the source line, a caret line under it, a blank line, then the error's stack,
 * whose first line is `TypeError: ...` (or `RangeError [ERR_OUT_OF_RANGE]: ...` for Node's own errors). A thrown
 * value that is no Error (`throw 42`) prints no blank line and no class: no type.
 */
const nodeType = (stderr: string): string | undefined => {
  const match = lastMatch(stderr, /^[ \t]*\^+[ \t]*\n\n([A-Za-z_$][\w$]*)(?: \[[A-Z0-9_]+\])?(?=:|\n|$)/gm);
  return match?.[1];
};

/** libstdc++'s terminate handler (g++), and libc++'s (clang). */
const cppType = (stderr: string): string | undefined => {
  const gnu = lastMatch(stderr, /^terminate called after throwing an instance of '([^'\n]+)'/gm);
  if (gnu) return gnu[1];
  return lastMatch(stderr, /^libc\+\+abi: terminating due to uncaught exception of type (.+?)(?=: |:?$)/gm)?.[1];
};

/** The runtime's own panics whose text quotes nothing of the program's data. */
const GO_PLAIN_PANICS = [
  'assignment to entry in nil map',
  'close of nil channel',
  'close of closed channel',
  'send on closed channel',
];

/**
 * `panic: runtime error: index out of range [5] with length 3` is `runtime error: index out of range`: the kind of
 * runtime error, without the values in it (they come from the data); the runtime's plain panics (a nil map) by their
 * text; any other panic (the program's own `panic(...)`, whose text may quote the data) is `panic`.
 */
const goType = (stderr: string): string | undefined => {
  // A panic raised while recovering from another follows it, indented: the last one ended the program.
  const match = lastMatch(stderr, /^\t?panic: (.*?)(?: \[recovered\])?$/gm);
  if (!match) return undefined;
  const text = match[1];
  if (text.startsWith('runtime error: ')) {
    const kind = text
      .slice('runtime error: '.length)
      .split(/[[\d'"`(]/)[0]
      .replace(/[\s:]+$/, '');
    return kind ? `runtime error: ${kind}` : 'runtime error';
  }
  if (text.startsWith('interface conversion: ')) return 'interface conversion';
  return GO_PLAIN_PANICS.includes(text) ? text : 'panic';
};

/** `thread 'main' panicked at 'attempt to divide by zero', main.rs:2:5` (or, since Rust 1.73, the message on the
 * next line): Rust has no exception types, and the message may quote the data, so only `panic`. */
const rustType = (stderr: string): string | undefined =>
  /^thread '[^'\n]*' panicked at/m.test(stderr) ? 'panic' : undefined;

const EXTRACTORS: Record<UncaughtExceptionFormat, (stderr: string) => string | undefined> = {
  python: pythonType,
  java: javaType,
  node: nodeType,
  cpp: cppType,
  go: goType,
  rust: rustType,
};

/**
 * The type of the exception that ended a program, read from its stderr (`ZeroDivisionError`,
 * `java.lang.ArithmeticException`, `std::out_of_range`, `runtime error: integer divide by zero`, `panic`), or
 * undefined when the stderr shows none. Only the type, never the exception's message: that may quote test data.
 */
export const uncaughtExceptionType = (format: UncaughtExceptionFormat, stderr: string): string | undefined => {
  const type = EXTRACTORS[format](stderr.replace(/\r\n/g, '\n'))?.trim();
  return type && type.length <= TYPE_MAX_CHARS ? type : undefined;
};
