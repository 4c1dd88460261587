/**
 * Formulas of sites that typeset with KaTeX/MathJax (AtCoder, SPOJ) in the delimiters the package's converter
 * reads (`$$$…$$$` inline, `$$$$$$…$$$$$$` display, Codeforces' own), so `htmlToMarkdown` keeps the TeX verbatim.
 * `<pre>` blocks are left alone: samples and input formats are code, not formulas.
 */
export interface TexDelimiters {
  /** `<var>…</var>` (AtCoder: KaTeX renders the content of every var). */
  varTags?: boolean;
  /** `$…$` and `$$…$$` (SPOJ's MathJax configuration); `\(…\)` and `\[…\]` are always read. */
  dollars?: boolean;
}

const inline = (tex: string) => `$$$${tex.trim()}$$$`;
const display = (tex: string) => `$$$$$$${tex.trim()}$$$$$$`;
/** A var's content without KaTeX's own delimiters (`<var>\(N\)</var>`). */
const varTex = (tex: string) => tex.replace(/\\\(|\\\)/g, '');

export const texToCodeforcesDelimiters = (html: string, options: TexDelimiters = {}) =>
  html
    .split(/(<pre\b[\s\S]*?<\/pre>)/i)
    .map((part) => {
      if (/^<pre\b/i.test(part)) {
        // In code, a var is its plain text (`<var>N</var>` → `N`).
        return options.varTags ? part.replace(/<var>([\s\S]*?)<\/var>/gi, (_, tex: string) => varTex(tex)) : part;
      }
      let out = part;
      if (options.varTags) out = out.replace(/<var>([\s\S]*?)<\/var>/gi, (_, tex: string) => inline(varTex(tex)));
      const pattern = options.dollars
        ? /\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|\$\$([\s\S]+?)\$\$|(?<!\$)\$([^$\n]+?)\$(?!\$)/g
        : /\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g;
      // One pass: the delimiters written here are never read again.
      return out.replace(pattern, (m, d1?: string, i1?: string, d2?: string, i2?: string) => {
        if (d1 !== undefined) return display(d1);
        if (i1 !== undefined) return inline(i1);
        if (d2 !== undefined) return display(d2);
        if (i2 !== undefined) return inline(i2);
        return m;
      });
    })
    .join('');

/** A bare `<pre>` (a statement's input format) as `<pre><code>`, which the converter writes as a fenced block. */
export const preAsCode = (html: string) =>
  html.replace(/<pre\b([^>]*)>(?!\s*<code)([\s\S]*?)<\/pre>/gi, '<pre$1><code>$2</code></pre>');
