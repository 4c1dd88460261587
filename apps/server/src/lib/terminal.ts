import { inspect } from 'node:util';

/**
 * What the command-line tools (backup-cli.ts, judge-token-cli.ts) and the server's start (main.ts) tell the person at
 * the terminal: plain lines, not log records (those go through lib/logger.ts).
 */
export const say = (...lines: string[]) => {
  process.stdout.write(`${lines.join('\n')}\n`);
};

/** A line on standard error: what went wrong, or how the command is used. */
export const sayError = (line: string) => {
  process.stderr.write(`${line}\n`);
};

/** A failure for the person at the terminal: a known error's message after `prefix`; anything else whole, with its
 * stack, because it is a bug to report. */
export const sayFailure = (err: unknown, known: (err: unknown) => err is Error, prefix = 'Error: ') => {
  sayError(known(err) ? `${prefix}${err.message}` : inspect(err));
};
