/** Markdown as the plain text of a list's excerpt (a training's description, a home announcement, a comment in a
 * message): no heading or quote marks, list items after a middle dot, no emphasis, code or link syntax, images and
 * HTML tags dropped, whitespace collapsed. */
export const plainExcerpt = (markdown: string) =>
  markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?)/gm, '')
    // A list's items stay apart in the one line.
    .replace(/^\s{0,3}([-*+]|\d+[.)])\s+/gm, '· ')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*)[*_](?=[\s).,!?:;]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
