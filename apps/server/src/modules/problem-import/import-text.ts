/** Text helpers shared by the importers of other judges' formats. */
import {
  decodeEntities,
  preAsCode,
  htmlToMarkdown as statementMarkdown,
  texToCodeforcesDelimiters,
} from '@oj/remote-judge';

export { decodeEntities };

/**
 * FPS and QDUOJ statements are HTML; ours are Markdown (GFM + math) rendered without raw HTML. The remote judges'
 * converter (turndown with GFM) writes them: tables as GFM tables, `<sup>`/`<sub>` as math (`10<sup>5</sup>` →
 * `10$^{5}$`, not "105"), `<pre>` as fenced code, images with their sources as written; the statement's own TeX
 * (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, as MathJax reads it on HUSTOJ and QDUOJ) is kept verbatim.
 */
export const htmlToMarkdown = (html: string) =>
  statementMarkdown(preAsCode(texToCodeforcesDelimiters(html, { dollars: true }))).markdown;

/** A one-line field written in HTML (FPS's source) as plain text. */
export const htmlToText = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, '')).trim();

/** The `value` of QDUOJ's `{format, value}` statement fields, or a plain string. */
export const richText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'value' in v) {
    const { value, format } = v as { value?: unknown; format?: unknown };
    const text = typeof value === 'string' ? value : '';
    return format === 'markdown' ? text : htmlToMarkdown(text);
  }
  return '';
};

/** Output files of test data use LF line ends and end with one newline at most, as the judge compares them. */
export const normalizeData = (s: string) => s.replace(/\r\n?/g, '\n');
