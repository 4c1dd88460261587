/** Text helpers shared by the importers of other judges' formats. */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });

/**
 * FPS and QDUOJ statements are HTML; ours are Markdown rendered without raw HTML. Keeps the text, paragraphs,
 * line breaks, images, code blocks and bold/italic; drops the other tags (scripts and styles with their content).
 */
export const htmlToMarkdown = (html: string) => {
  let s = html.replace(/\r\n?/g, '\n');
  s = s.replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '');
  s = s.replace(
    /<pre[^>]*>([\s\S]*?)<\/pre>/gi,
    (_, body: string) => `\n\n\`\`\`\n${body.replace(/<[^>]+>/g, '')}\n\`\`\`\n\n`,
  );
  s = s.replace(/<img[^>]*?src\s*=\s*["']?([^"' >]+)["']?[^>]*>/gi, (_, src: string) => `![](${src})`);
  s = s.replace(/<br\s*\/?>/gi, '  \n');
  s = s.replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol)>/gi, '\n\n');
  s = s.replace(/<li[^>]*>/gi, '- ');
  s = s.replace(/<\/?(strong|b)>/gi, '**').replace(/<\/?(em|i)>/gi, '*');
  s = s.replace(/<[^>]+>/g, '');
  s = decodeEntities(s);
  return s
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, (m) => (m === '  ' ? m : '')))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};

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
