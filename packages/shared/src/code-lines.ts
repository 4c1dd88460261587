/** The lines of a program as a code view numbers them (CodeMirror splits at \r\n, \r and \n; a final line break
 * starts an empty last line): the server checks a review's line range with it, the web places reviews with it. */
export const codeLines = (code: string): string[] => code.split(/\r\n?|\n/);

export const codeLineCount = (code: string): number => codeLines(code).length;
