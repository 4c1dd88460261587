/** LIKE pattern for a user's text: wildcards in the text match themselves. Every repository's keyword search uses
 * it. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
