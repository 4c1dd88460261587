/// <reference path="./types/vendor.d.ts" />
import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

/**
 * A site's statement HTML as the site's markdown (GFM + remark-math, rendered without raw HTML):
 * - TeX between `$$$...$$$` (Codeforces' inline delimiters) becomes `$...$`, `$$$$$$...$$$$$$` becomes `$$...$$`;
 *   the TeX is kept verbatim (no markdown escaping inside);
 * - `<sup>`/`<sub>` become inline math (`10<sup>5</sup>` → `10$^{5}$`, `a<sub>i</sub>` → `a$_{i}$`), since raw HTML
 *   is not rendered and "105" would change the statement;
 * - tables become GFM tables (the GFM plugin keeps a table it cannot express as HTML, which the renderer drops, so
 *   tables here always get a header row: the first row is promoted when the site wrote none);
 * - images get absolute URLs (resolved against the page; kept as written when there is no page, as for a problem
 *   package's statement), listed in `images` for the importer to store.
 * The server's importers of FPS and QDUOJ packages use it too (their statements are HTML).
 */
export interface StatementMarkdown {
  markdown: string;
  images: string[];
}

const MATH_TOKEN = 'OJMATHTOKEN';

const texEscape = (s: string) => s.replace(/([\\{}$%&#_^])/g, '\\$1').replace(/~/g, '\\textasciitilde{}');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** HTML's character references (numeric, and the few named ones statements use) as text. */
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });

export const htmlToMarkdown = (html: string, pageUrl?: string): StatementMarkdown => {
  const formulas: string[] = [];
  const keep = (tex: string, display: boolean) => {
    const body = decodeEntities(tex.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '')).trim();
    formulas.push(display ? `$$${body}$$` : `$${body}$`);
    return `${MATH_TOKEN}${formulas.length - 1}X`;
  };
  let source = html.replace(/\$\$\$\$\$\$([\s\S]+?)\$\$\$\$\$\$/g, (_, tex: string) => keep(tex, true));
  source = source.replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, tex: string) => keep(tex, false));

  const images: string[] = [];
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.use(gfm);
  service.remove(['script', 'style']);
  service.addRule('supSub', {
    filter: ['sup', 'sub'],
    replacement: (_content, node) => {
      // The children's markdown is not used: TeX needs the plain text.
      const text = (node.textContent ?? '').trim();
      if (!text) return '';
      // A formula inside (10<sup>$$$k$$$</sup>) is already TeX: unwrap it instead of escaping it.
      const inner = text.replace(new RegExp(`${MATH_TOKEN}(\\d+)X`, 'g'), (_: string, i: string) =>
        formulas[Number(i)].replace(/^\$+|\$+$/g, ''),
      );
      const tex = inner === text ? texEscape(text) : inner;
      return `$${node.nodeName === 'SUP' ? '^' : '_'}{${tex}}$`;
    },
  });
  service.addRule('absoluteImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as unknown as { getAttribute(name: string): string | null };
      const src = element.getAttribute('src');
      if (!src) return '';
      let url = src;
      if (pageUrl !== undefined) {
        try {
          url = new URL(src, pageUrl).toString();
        } catch {
          return '';
        }
      }
      if (!images.includes(url)) images.push(url);
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]]/g, '');
      return `![${alt}](${url})`;
    },
  });

  const withHeaders = promoteTableHeaders(source);
  let markdown = service.turndown(withHeaders);
  markdown = markdown.replace(new RegExp(`${MATH_TOKEN}(\\d+)X`, 'g'), (_, i: string) => formulas[Number(i)]);
  // Display formulas on a line of their own, as remark-math wants them.
  markdown = markdown.replace(/[ \t]*(\$\$[^$]+\$\$)[ \t]*/g, '\n\n$1\n\n').replace(/\n{3,}/g, '\n\n');
  return { markdown: markdown.trim(), images };
};

/** A table whose first row has no `<th>` is turned into one with a header row, so the GFM plugin writes a
 * markdown table instead of keeping HTML that the renderer would drop. */
const promoteTableHeaders = (html: string) =>
  html.replace(/<table\b[^>]*>([\s\S]*?)<\/table>/gi, (table, body: string) => {
    if (/<th\b/i.test(body)) return table;
    let first = true;
    return table.replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi, (row, cells: string) => {
      if (!first) return row;
      first = false;
      return `<tr>${cells.replace(/<td\b/gi, '<th').replace(/<\/td>/gi, '</th>')}</tr>`;
    });
  });
