/**
 * Site-wide judge headers (testlib.h ...): files root uploads once for the whole site, put beside every checker and
 * interactor compile (its work dir /w, on the include path). A problem's own file of the same name (its judge extra
 * files, a package's root) wins. The worker fetches them by hash as it fetches test files (worker/main.ts).
 */
export type JudgeFiles = Record<string, string | Buffer>;

/** A name that can only be a file in the compile's work dir: no directory part, no `.` or `..`. */
export const isPlainFileName = (name: string): boolean =>
  name.length > 0 && name.length <= 255 && !/[/\\\0]/.test(name) && name !== '.' && name !== '..';

/** The files a checker compile sees: the site's headers, then the problem's own files over them. */
export const withSiteHeaders = (problemFiles: JudgeFiles = {}, siteHeaders: JudgeFiles = {}): JudgeFiles => ({
  ...siteHeaders,
  ...problemFiles,
});

const MISSING_HEADER = /fatal error: ([^\s:/]+): No such file or directory/g;

/**
 * The compiler's message with one line more for each header it could not find that a site could provide (a plain
 * file name: `#include "testlib.h"`, or `<testlib.h>` since the work dir is on the include path), saying where.
 */
export const withMissingHeaderHint = (message: string): string => {
  const names = [...new Set([...message.matchAll(MISSING_HEADER)].map((match) => match[1]))];
  const hints = names.map(
    (name) =>
      `${name} is not provided: root can upload it once for the whole site in Admin → Judge headers, or add it to the problem's judge extra files.`,
  );
  return [message, ...hints].join('\n');
};
