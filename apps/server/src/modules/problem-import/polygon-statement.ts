/** Polygon statements (decision 0054): the TeX of a package's statement (statement-sections/<lang>/*.tex,
 * statements/<lang>/problem-properties.json or statements/<lang>/problem.tex) as the site's markdown with KaTeX math
 * (apps/web/src/components/markdown-renderer.tsx: GFM + remark-math, no raw HTML). polygon-format.ts reads the
 * package's files and hands them here; everything below but readPolygonStatement is pure. */
import path from 'node:path';
import type { ImportNote } from './polygon-package.js';

export interface TexMarkdown {
  markdown: string;
  /** Files named by `\includegraphics`, as written (`pic.png`). */
  images: string[];
  /** `\exmp{input}{output}` examples, in order. */
  examples: { input: string; output: string }[];
  /** `\exmpfile{example.01}{example.01.a}` examples: file names beside the statement. */
  exampleFiles: { input: string; output: string }[];
}

// Private-use characters mark what the last pass must not touch: a paragraph break, a hard line break, and a
// finished piece (math, code, a list, a table) kept aside until then.
const PARA = '\uE000';
const BR = '\uE001';
const SLOT = '\uE002';

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '"': '\u0308',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030C',
  u: '\u0306',
  H: '\u030B',
  k: '\u0328',
  r: '\u030A',
};

/** Macros written as a text of their own. */
const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  cdots: '…',
  textellipsis: '…',
  textless: '<',
  textgreater: '>',
  textbackslash: '\\\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textbar: '|',
  textendash: '–',
  textemdash: '—',
  guillemotleft: '«',
  guillemotright: '»',
  copyright: '©',
  textcopyright: '©',
  S: '§',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  quad: ' ',
  qquad: ' ',
  enspace: ' ',
  thinspace: ' ',
  ss: 'ß',
  i: 'ı',
  o: 'ø',
  O: 'Ø',
  ae: 'æ',
  AE: 'Æ',
};

/** Macros dropped with their brace arguments (how many). */
const DROPPED: Record<string, number> = {
  vspace: 1,
  hspace: 1,
  label: 1,
  ref: 1,
  pagestyle: 1,
  thispagestyle: 1,
  cline: 1,
  phantom: 1,
  hphantom: 1,
  vphantom: 1,
  usepackage: 1,
  documentclass: 1,
  graphicspath: 1,
  selectlanguage: 1,
  input: 1,
  include: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
  newcommand: 2,
  renewcommand: 2,
  hline: 0,
  toprule: 0,
  midrule: 0,
  bottomrule: 0,
  centering: 0,
  raggedright: 0,
  raggedleft: 0,
  noindent: 0,
  indent: 0,
  smallskip: 0,
  medskip: 0,
  bigskip: 0,
  newpage: 0,
  clearpage: 0,
  pagebreak: 0,
  nopagebreak: 0,
  relax: 0,
  protect: 0,
  hfill: 0,
  vfill: 0,
  null: 0,
  nobreak: 0,
  allowbreak: 0,
  sloppy: 0,
  fussy: 0,
  maketitle: 0,
  item: 0,
};

/** Declarations that change the font of the rest of their group (`{\bf x}`): bold, italic, code or nothing. */
const DECLARATIONS: Record<string, 'bold' | 'italic' | 'code' | 'plain'> = {
  bf: 'bold',
  bfseries: 'bold',
  it: 'italic',
  itshape: 'italic',
  em: 'italic',
  sl: 'italic',
  slshape: 'italic',
  tt: 'code',
  ttfamily: 'code',
  rm: 'plain',
  rmfamily: 'plain',
  sf: 'plain',
  sffamily: 'plain',
  sc: 'plain',
  scshape: 'plain',
  normalfont: 'plain',
  upshape: 'plain',
  mdseries: 'plain',
  tiny: 'plain',
  scriptsize: 'plain',
  footnotesize: 'plain',
  small: 'plain',
  normalsize: 'plain',
  large: 'plain',
  Large: 'plain',
  LARGE: 'plain',
  huge: 'plain',
  Huge: 'plain',
};

/** The headings olymp.sty's problem.tex writes between a statement's sections. */
const SECTION_HEADINGS: Record<string, string> = {
  InputFile: 'Input',
  OutputFile: 'Output',
  Interaction: 'Interaction',
  Scoring: 'Scoring',
  Examples: 'Examples',
  Example: 'Example',
  Note: 'Note',
  Notes: 'Notes',
  Explanation: 'Explanation',
  Explanations: 'Explanations',
  Tutorial: 'Tutorial',
};

const MATH_ENVS = new Set(['equation', 'equation*', 'displaymath', 'math']);
const ALIGN_ENVS = new Set(['align', 'align*', 'gather', 'gather*', 'multline', 'multline*', 'eqnarray', 'eqnarray*']);
const VERBATIM_ENVS = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'alltt']);
const LIST_ENVS = new Set(['itemize', 'enumerate', 'description']);
const TABLE_ENVS = new Set(['tabular', 'tabular*', 'tabularx', 'array']);
const QUOTE_ENVS = new Set(['quote', 'quotation', 'verse']);

/** `%` comments to the end of the line (with the line's end and the next line's indent, as TeX reads them); `\%`
 * stays, and so do verbatim environments and `\verb`. */
export const stripTexComments = (tex: string) =>
  tex
    .split(
      /(\\begin\{(?:verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{(?:verbatim\*?|Verbatim|lstlisting|minted)\}|\\verb(.)[^\n]*?\2)/,
    )
    .map((part, k) => {
      // split puts the captured verbatim at odd places (and the \verb delimiter at every third).
      if (k % 3 === 1) return part;
      if (k % 3 === 2) return '';
      return part.replace(/((?:^|[^\\])(?:\\\\)*)%[^\n]*(?:\n[ \t]*)?/g, '$1');
    })
    .join('');

/** The text of a paragraph as markdown: what markdown would read as its own syntax is escaped. */
/** TeX's dashes, quotes and ties in text, and a table's `&` kept as it is; the longer of two that share a start first. */
const LIGATURES: [string, string][] = [
  ['---', '—'],
  ['--', '–'],
  ['<<', '«'],
  ['>>', '»'],
  ['``', '“'],
  ["''", '”'],
  [',,', '„'],
  ['~', ' '],
  ['`', '‘'],
  ['&', '&'],
];

const escapeText = (s: string) => s.replace(/([*`_])/g, '\\$1').replace(/<(?=[a-zA-Z/!?])/g, '\\<');

/** A paragraph (or line) that starts like a markdown block (`1. `, `- `, `#`, `>`) is escaped there. */
const escapeLineStart = (s: string) =>
  s
    .replace(/^(\d+)([.)])(\s|$)/, '$1\\$2$3')
    .replace(/^([-+])(\s|$)/, '\\$1$2')
    .replace(/^(#+|>)/, '\\$1')
    .replace(/^(=+|-+)$/, '\\$1');

interface Cursor {
  s: string;
  i: number;
}

const skipSpaces = (c: Cursor, newlines = true) => {
  const re = newlines ? /[ \t\n]/ : /[ \t]/;
  // TeX skips the spaces after a control word, and one line end among them (not a blank line).
  let seenNewline = false;
  while (c.i < c.s.length && re.test(c.s[c.i])) {
    if (c.s[c.i] === '\n') {
      if (seenNewline) {
        c.i--;
        break;
      }
      seenNewline = true;
    }
    c.i++;
  }
};

/** The balanced `{...}` at the cursor (after spaces), or undefined when there is none. */
const readGroup = (c: Cursor): string | undefined => {
  const save = c.i;
  skipSpaces(c);
  if (c.s[c.i] !== '{') {
    c.i = save;
    return undefined;
  }
  let depth = 0;
  const start = c.i + 1;
  for (; c.i < c.s.length; c.i++) {
    const ch = c.s[c.i];
    if (ch === '\\') {
      c.i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      c.i++;
      return c.s.slice(start, c.i - 1);
    }
  }
  return c.s.slice(start);
};

/** An optional `[...]` argument at the cursor. */
const readOptional = (c: Cursor): string | undefined => {
  const save = c.i;
  skipSpaces(c);
  if (c.s[c.i] !== '[') {
    c.i = save;
    return undefined;
  }
  let depth = 0;
  const start = c.i + 1;
  for (; c.i < c.s.length; c.i++) {
    const ch = c.s[c.i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ']' && depth === 0) {
      c.i++;
      return c.s.slice(start, c.i - 1);
    }
  }
  c.i = save;
  return undefined;
};

/** The body of `\begin{name}` up to its matching `\end{name}` (nested ones of the same name included). */
const readEnvironment = (c: Cursor, name: string): string => {
  const escaped = name.replace(/[*]/g, '\\*');
  const re = new RegExp(`\\\\(begin|end)\\s*\\{${escaped}\\}`, 'g');
  re.lastIndex = c.i;
  let depth = 1;
  for (let m = re.exec(c.s); m; m = re.exec(c.s)) {
    depth += m[1] === 'begin' ? 1 : -1;
    if (depth === 0) {
      const body = c.s.slice(c.i, m.index);
      c.i = m.index + m[0].length;
      return body;
    }
  }
  const body = c.s.slice(c.i);
  c.i = c.s.length;
  return body;
};

/** Splits `s` at the top level (outside braces, math and nested environments) where `sep` matches; the separators
 * found go to `seps`. */
const splitTopLevel = (s: string, sep: RegExp, seps: string[] = []): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let env = 0;
  let math = false;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\') {
      const rest = s.slice(i);
      if (/^\\begin\s*\{/.test(rest)) env++;
      else if (/^\\end\s*\{/.test(rest)) env--;
      else if (depth === 0 && env === 0 && !math) {
        const m = sep.exec(rest);
        if (m && m.index === 0) {
          parts.push(s.slice(last, i));
          seps.push(m[0]);
          i += m[0].length - 1;
          last = i + 1;
          continue;
        }
      }
      i++;
      continue;
    }
    if (ch === '$') math = !math;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 0 && env === 0 && !math) {
      const m = sep.exec(s.slice(i));
      if (m && m.index === 0) {
        parts.push(s.slice(last, i));
        seps.push(m[0]);
        i += m[0].length - 1;
        last = i + 1;
      }
    }
  }
  parts.push(s.slice(last));
  return parts;
};

const wrap = (inner: string, mark: string) => {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner) as RegExpExecArray;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : inner;
};

const codeSpan = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return '';
  const fence = t.includes('`') ? '``' : '`';
  return `${fence}${t.startsWith('`') || t.endsWith('`') ? ` ${t} ` : t}${fence}`;
};

/** The text of TeX written plainly, for code spans and code blocks (`\_` → `_`, `\{` → `{`). */
const plainTex = (tex: string) =>
  tex
    .replace(/\\textbackslash(\{\})?/g, '\\')
    .replace(/\\([_{}$%&#])/g, '$1')
    .replace(/\\(textasciitilde|textasciicircum)(\{\})?/g, (_, m: string) => (m === 'textasciitilde' ? '~' : '^'))
    .replace(/~/g, ' ');

class TexConverter {
  readonly images: string[] = [];
  readonly examples: { input: string; output: string }[] = [];
  readonly exampleFiles: { input: string; output: string }[] = [];
  private readonly slots: string[] = [];

  /** Keeps a finished piece aside from the last pass (which would join its lines). */
  private slot(piece: string) {
    this.slots.push(piece);
    return `${SLOT}${this.slots.length - 1}${SLOT}`;
  }

  private block(piece: string) {
    return `${PARA}${this.slot(piece)}${PARA}`;
  }

  /** Markdown of a piece of TeX: converted, then its paragraphs and lines settled. */
  markdown(tex: string): string {
    return this.finish(this.convert(tex));
  }

  /** The last pass: blank lines are paragraphs, other line ends spaces, the pieces kept aside put back. */
  finish(raw: string): string {
    const text = raw
      .replace(/[ \t]*\n[ \t]*\n\s*/g, PARA)
      .replace(/\n/g, ' ')
      .replace(/[ \t]+/g, ' ');
    const paragraphs = text
      .split(PARA)
      .map((p) =>
        p
          .split(BR)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => (line.startsWith(SLOT) ? line : escapeLineStart(line)))
          .join('\\\n'),
      )
      .filter((p) => p.trim());
    const joined = paragraphs.join('\n\n');
    return this.restore(joined);
  }

  private restore(s: string): string {
    return s.replace(new RegExp(`${SLOT}(\\d+)${SLOT}`, 'g'), (_, n: string) => this.restore(this.slots[Number(n)]));
  }

  convert(tex: string): string {
    const c: Cursor = { s: tex, i: 0 };
    let out = '';
    while (c.i < c.s.length) {
      const ch = c.s[c.i];
      if (ch === '\\') {
        out += this.command(c);
        continue;
      }
      if (ch === '$') {
        out += this.dollarMath(c);
        continue;
      }
      if (ch === '{') {
        out += this.group(readGroup(c) ?? '');
        continue;
      }
      if (ch === '}') {
        c.i++;
        continue;
      }
      const ligature = LIGATURES.find(([tex]) => c.s.startsWith(tex, c.i));
      if (ligature) {
        out += ligature[1];
        c.i += ligature[0].length;
      } else {
        out += escapeText(ch);
        c.i++;
      }
    }
    return out;
  }

  /** `$...$` and `$$...$$`, and Codeforces' `$$$...$$$` (inline) and `$$$$$$...$$$$$$` (display) as Polygon keeps
   * them. */
  private dollarMath(c: Cursor) {
    let n = 0;
    while (c.s[c.i + n] === '$') n++;
    const width = n >= 6 ? 6 : Math.min(n, 3);
    const fence = '$'.repeat(width);
    const start = c.i + width;
    let end = -1;
    for (let k = start; k < c.s.length; k++) {
      if (c.s[k] === '\\') {
        k++;
        continue;
      }
      if (c.s.startsWith(fence, k)) {
        end = k;
        break;
      }
    }
    // Inline math never runs over a blank line: a `$` without its pair there is text.
    if (end < 0 || ((width === 1 || width === 3) && /\n[ \t]*\n/.test(c.s.slice(start, end)))) {
      c.i += width;
      return '\\$'.repeat(width);
    }
    c.i = end + width;
    const body = c.s.slice(start, end);
    return width === 2 || width === 6 ? this.displayMath(body) : this.inlineMath(body);
  }

  private inlineMath(body: string) {
    const t = body.replace(/\s+/g, ' ').trim();
    return t ? this.slot(`$${t}$`) : '';
  }

  private displayMath(body: string) {
    const t = body
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim())
      .join('\n')
      .trim();
    return t ? this.block(`$$\n${t}\n$$`) : '';
  }

  private group(inner: string) {
    const m = /^\s*\\([a-zA-Z]+)(?![a-zA-Z])\s*/.exec(inner);
    const kind = m ? DECLARATIONS[m[1]] : undefined;
    if (!m || !kind) return this.convert(inner);
    const rest = inner.slice(m[0].length);
    return this.styled(kind, rest);
  }

  private styled(kind: 'bold' | 'italic' | 'code' | 'plain', tex: string) {
    if (kind === 'code') return this.slot(codeSpan(plainTex(tex)));
    const inner = this.convert(tex);
    if (kind === 'plain') return inner;
    return wrap(inner, kind === 'bold' ? '**' : '*');
  }

  private command(c: Cursor): string {
    const m = /^\\([a-zA-Z]+\*?|.)/s.exec(c.s.slice(c.i));
    if (!m) {
      c.i++;
      return '';
    }
    let name = m[1];
    c.i += m[0].length;
    // A starred control word (\section*) only when it is one LaTeX knows; `\ldots*` is \ldots and a star.
    if (name.endsWith('*') && !/^(section|subsection|subsubsection|paragraph)\*$/.test(name)) {
      name = name.slice(0, -1);
      c.i--;
    }
    if (/^[a-zA-Z]/.test(name)) {
      const save = c.i;
      skipSpaces(c);
      // Spaces after a word are TeX's own, except before a brace argument a macro without arguments does not take.
      const out = this.word(name, c);
      if (out === undefined) {
        c.i = save;
        return '';
      }
      return out;
    }
    return this.symbol(name, c);
  }

  private symbol(name: string, c: Cursor): string {
    switch (name) {
      case '\\':
        readOptional(c);
        return BR;
      case '%':
        return '%';
      case '$':
        return '\\$';
      case '&':
        return '&';
      case '#':
        return '\\#';
      case '_':
        return '\\_';
      case '{':
        return '{';
      case '}':
        return '}';
      case ',':
      case ' ':
      case ';':
      case ':':
        return ' ';
      case '\n':
        return ' ';
      case '-':
      case '/':
      case '!':
        return '';
      case '[': {
        const end = c.s.indexOf('\\]', c.i);
        const body = end < 0 ? c.s.slice(c.i) : c.s.slice(c.i, end);
        c.i = end < 0 ? c.s.length : end + 2;
        return this.displayMath(body);
      }
      case '(': {
        const end = c.s.indexOf('\\)', c.i);
        const body = end < 0 ? c.s.slice(c.i) : c.s.slice(c.i, end);
        c.i = end < 0 ? c.s.length : end + 2;
        return this.inlineMath(body);
      }
      default:
        if (ACCENTS[name]) return this.accent(name, c);
        return escapeText(name);
    }
  }

  private accent(name: string, c: Cursor) {
    const arg = readGroup(c) ?? c.s[c.i++] ?? '';
    const text = plainTex(arg).replace(/\\i\b/g, 'ı');
    return escapeText(`${text}${ACCENTS[name]}`.normalize('NFC'));
  }

  /** A control word (spaces after it skipped); undefined: nothing, and the spaces after it kept. */
  private word(name: string, c: Cursor): string | undefined {
    switch (name) {
      case 'textbf':
        return this.styled('bold', readGroup(c) ?? '');
      case 'textit':
      case 'emph':
      case 'textsl':
        return this.styled('italic', readGroup(c) ?? '');
      case 'texttt':
      case 't':
      case 'path':
        return this.styled('code', readGroup(c) ?? '');
      case 'underline':
      case 'uline':
      case 'textsc':
      case 'textrm':
      case 'textsf':
      case 'textup':
      case 'textmd':
      case 'textnormal':
      case 'mbox':
      case 'hbox':
      case 'text':
      case 'makebox':
      case 'fbox':
        readOptional(c);
        return this.convert(readGroup(c) ?? '');
      case 'verb': {
        const delim = c.s[c.i];
        const end = c.s.indexOf(delim, c.i + 1);
        if (!delim || end < 0) return '';
        const body = c.s.slice(c.i + 1, end);
        c.i = end + 1;
        return this.slot(codeSpan(body));
      }
      case 'url': {
        const u = plainTex(readGroup(c) ?? '').trim();
        return u ? this.slot(`<${u}>`) : '';
      }
      case 'href': {
        const u = plainTex(readGroup(c) ?? '').trim();
        const t = this.convert(readGroup(c) ?? '').trim();
        return this.slot(`[${this.finish(t) || u}](${u})`);
      }
      case 'footnote':
        return ` (${this.convert(readGroup(c) ?? '').trim()})`;
      case 'includegraphics': {
        readOptional(c);
        const file = plainTex(readGroup(c) ?? '').trim();
        if (!file) return '';
        this.images.push(file);
        return this.slot(`![](${file.replace(/ /g, '%20')})`);
      }
      case 'epigraph': {
        const quote = this.markdown(readGroup(c) ?? '');
        const author = this.markdown(readGroup(c) ?? '');
        const lines = quote.split('\n').map((l) => (l ? `> ${l}` : '>'));
        if (author) lines.push('>', `> — ${author}`);
        return this.block(lines.join('\n'));
      }
      case 'exmp': {
        const input = readGroup(c) ?? '';
        const output = readGroup(c) ?? '';
        this.examples.push({ input: exampleText(input), output: exampleText(output) });
        return '';
      }
      case 'exmpfile': {
        const input = (readGroup(c) ?? '').trim();
        const output = (readGroup(c) ?? '').trim();
        this.exampleFiles.push({ input, output });
        return '';
      }
      case 'section':
      case 'section*':
        return this.block(`### ${this.markdown(readGroup(c) ?? '')}`);
      case 'subsection':
      case 'subsection*':
      case 'subsubsection':
      case 'subsubsection*':
        return this.block(`#### ${this.markdown(readGroup(c) ?? '')}`);
      case 'paragraph':
      case 'paragraph*':
      case 'subparagraph':
        return `${PARA}${wrap(this.convert(readGroup(c) ?? ''), '**')} `;
      case 'par':
        return PARA;
      case 'newline':
      case 'linebreak':
        return BR;
      case 'begin':
        return this.environment(c);
      case 'end':
        readGroup(c);
        return '';
      case 'textcolor':
      case 'colorbox':
        readOptional(c);
        readGroup(c);
        return this.convert(readGroup(c) ?? '');
      case 'color':
        readOptional(c);
        readGroup(c);
        return '';
      case 'multicolumn':
      case 'multirow': {
        readGroup(c);
        readGroup(c);
        return this.convert(readGroup(c) ?? '');
      }
      case 'def': {
        // \def\name{...}
        const m = /^\\[a-zA-Z]+[^{]*/.exec(c.s.slice(c.i));
        if (m) c.i += m[0].length;
        readGroup(c);
        return '';
      }
    }
    if (SECTION_HEADINGS[name]) return this.block(`### ${SECTION_HEADINGS[name]}`);
    if (name in SYMBOLS) {
      // `\ldots{}`: the empty group only ends the word.
      if (c.s.startsWith('{}', c.i)) c.i += 2;
      return SYMBOLS[name];
    }
    if (name in DROPPED) {
      if (name.endsWith('space') || name === 'newcommand' || name === 'renewcommand') {
        if (c.s[c.i] === '*') c.i++;
      }
      for (let k = 0; k < DROPPED[name]; k++) {
        readOptional(c);
        readGroup(c);
      }
      return DROPPED[name] === 0 ? undefined : '';
    }
    if (DECLARATIONS[name]) return undefined;
    if (name.length === 1 && ACCENTS[name]) return this.accent(name, c);
    // An unknown macro: its text arguments are kept, its options dropped.
    const args: string[] = [];
    readOptional(c);
    for (let arg = readGroup(c); arg !== undefined; arg = readGroup(c)) args.push(this.convert(arg));
    return args.length ? args.join(' ') : undefined;
  }

  private environment(c: Cursor): string {
    const name = (readGroup(c) ?? '').trim();
    if (VERBATIM_ENVS.has(name)) {
      readOptional(c);
      if (name === 'minted') readGroup(c);
      const body = readEnvironment(c, name)
        .replace(/^[ \t]*\n/, '')
        .replace(/\s+$/, '');
      const fence = body.includes('```') ? '~~~~' : '```';
      return this.block(`${fence}\n${body}\n${fence}`);
    }
    if (MATH_ENVS.has(name)) return this.displayMath(readEnvironment(c, name));
    if (ALIGN_ENVS.has(name)) {
      const env = name.startsWith('eqnarray') ? 'align*' : name.endsWith('*') ? name : `${name}*`;
      const body = readEnvironment(c, name);
      return this.displayMath(`\\begin{${env}}\n${body.trim()}\n\\end{${env}}`);
    }
    if (LIST_ENVS.has(name)) {
      readOptional(c);
      return this.list(name, readEnvironment(c, name));
    }
    if (TABLE_ENVS.has(name)) {
      if (name === 'tabular*' || name === 'tabularx') readGroup(c);
      readOptional(c);
      readGroup(c);
      return this.table(readEnvironment(c, name));
    }
    if (QUOTE_ENVS.has(name)) {
      const md = this.markdown(readEnvironment(c, name));
      return md ? this.block(md.replace(/^/gm, '> ').replace(/^> $/gm, '>')) : '';
    }
    if (name === 'minipage' || name === 'wrapfigure') {
      readOptional(c);
      readGroup(c);
      if (name === 'wrapfigure') readGroup(c);
    } else if (name === 'figure' || name === 'table') readOptional(c);
    else if (name === 'problem') {
      // olymp.sty: {title}{input file}{output file}{time}{memory}
      for (let k = 0; k < 5; k++) readGroup(c);
    }
    const md = this.markdown(readEnvironment(c, name));
    return md ? this.block(md) : '';
  }

  private list(name: string, body: string) {
    const items = splitTopLevel(body, /^\\item(?![a-zA-Z])/).slice(1);
    const lines = items.map((item) => {
      const ic: Cursor = { s: item, i: 0 };
      const label = readOptional(ic);
      const text = this.markdown(item.slice(ic.i));
      const marker = name === 'enumerate' ? '1. ' : '- ';
      const head = label !== undefined ? `**${this.markdown(label)}** ` : '';
      const indent = ' '.repeat(marker.length);
      return `${marker}${head}${text}`.replace(/\n/g, `\n${indent}`).replace(/\n +(?=\n)/g, '\n');
    });
    return lines.length ? this.block(lines.join('\n')) : '';
  }

  private table(body: string) {
    const rows = splitTopLevel(body, /^\\\\(\[[^\]]*\])?/)
      .map((row) => row.replace(/\\(hline|toprule|midrule|bottomrule)\b/g, '').replace(/\\cline\s*\{[^}]*\}/g, ''))
      .filter((row) => row.trim())
      .map((row) =>
        splitTopLevel(row, /^&/).flatMap((cell) => {
          const span = /^\s*\\multicolumn\s*\{\s*(\d+)\s*\}/.exec(cell);
          const text = this.finish(this.convert(cell))
            .replace(/\\\n/g, ' ')
            .replace(/\n+/g, ' ')
            .replace(/(?<!\\)\|/g, '\\|')
            .trim();
          return [text, ...Array<string>(Math.max(0, Number(span?.[1] ?? 1) - 1)).fill('')];
        }),
      );
    if (!rows.length) return '';
    const width = Math.max(...rows.map((r) => r.length));
    const line = (r: string[]) => `| ${[...r, ...Array<string>(width - r.length).fill('')].join(' | ')} |`;
    const out = [line(rows[0]), `| ${Array<string>(width).fill('---').join(' | ')} |`, ...rows.slice(1).map(line)];
    return this.block(out.join('\n'));
  }
}

/** An example's text as olymp.sty's `\exmp` holds it: its lines as written, one line end at the end. */
const exampleText = (s: string) => {
  const t = s.replace(/\r\n?/g, '\n').replace(/^\n/, '');
  return t && !t.endsWith('\n') ? `${t}\n` : t;
};

/** Polygon's TeX (a statement section, or a whole problem.tex body) as markdown with KaTeX math. */
export const texToMarkdown = (tex: string): TexMarkdown => {
  const conv = new TexConverter();
  const markdown = conv.markdown(stripTexComments(tex.replace(/\r\n?/g, '\n')));
  return { markdown, images: conv.images, examples: conv.examples, exampleFiles: conv.exampleFiles };
};

export interface StatementSections {
  name: string;
  legend: string;
  input: string;
  output: string;
  interaction: string;
  scoring: string;
  notes: string;
  tutorial: string;
}

const emptySections = (): StatementSections => ({
  name: '',
  legend: '',
  input: '',
  output: '',
  interaction: '',
  scoring: '',
  notes: '',
  tutorial: '',
});

const PROBLEM_TEX_SECTIONS: Record<string, keyof StatementSections | 'examples'> = {
  InputFile: 'input',
  OutputFile: 'output',
  Interaction: 'interaction',
  Scoring: 'scoring',
  Examples: 'examples',
  Example: 'examples',
  Note: 'notes',
  Notes: 'notes',
  Explanation: 'notes',
  Explanations: 'notes',
  Tutorial: 'tutorial',
};

/** statements/<lang>/problem.tex (olymp.sty: `\begin{problem}{name}{in}{out}{time}{memory}` ... `\InputFile` ...
 * `\Examples` `\exmp{..}{..}` ... `\Note` ... `\end{problem}`) split into its sections, still TeX; the examples'
 * TeX (`\exmp`, `\exmpfile`) stays in `examples`. */
export const splitProblemTex = (tex: string): StatementSections & { examples: string } => {
  const src = stripTexComments(tex.replace(/\r\n?/g, '\n'));
  const out = { ...emptySections(), examples: '' };
  const begin = /\\begin\s*\{problem\}/.exec(src);
  let body = src;
  if (begin) {
    const c: Cursor = { s: src, i: begin.index + begin[0].length };
    out.name = readGroup(c) ?? '';
    for (let k = 0; k < 4; k++) readGroup(c);
    body = readEnvironment(c, 'problem');
  }
  const seps: string[] = [];
  const marks = splitTopLevel(
    body,
    /^\\(InputFile|OutputFile|Interaction|Scoring|Examples?|Notes?|Explanations?|Tutorial)(?![a-zA-Z])/,
    seps,
  );
  const names = seps.map((sep) => sep.slice(1));
  out.legend = marks[0] ?? '';
  marks.slice(1).forEach((part, k) => {
    const key = PROBLEM_TEX_SECTIONS[names[k] ?? ''] ?? 'notes';
    out[key] = out[key] ? `${out[key]}\n\n${part}` : part;
  });
  return out;
};

/** Which statement to take: the one asked for when the package has it, else Chinese, else English, else the first. */
export const chooseStatementLanguage = (available: string[], wanted?: string) => {
  const language =
    (wanted && available.includes(wanted) ? wanted : undefined) ??
    ['chinese', 'english'].find((l) => available.includes(l)) ??
    available[0];
  return { language, others: available.filter((l) => l !== language) };
};

/** The statement's files as polygon-format.ts hands them over: every entry's name relative to the package's root,
 * and a reader of one of them (undefined when it is not there). */
export interface StatementFiles {
  names: string[];
  read: (name: string) => Promise<string | undefined>;
}

export interface PolygonStatement {
  language: string | undefined;
  title: string;
  statement: { description: string; input: string; output: string; hint: string };
  /** Images the statement shows: the name it refers to, and the package file. */
  images: { name: string; path: string }[];
  /** Examples from the statement's own files; empty: polygon-format.ts takes the sample tests. */
  examples: { input: string; output: string }[];
  notes: ImportNote[];
}

const IMAGE = /\.(png|jpe?g|gif|svg|webp|bmp)$/i;
const sectionFiles = (lang: string) => `statement-sections/${lang}/`;
const statementDir = (lang: string) => `statements/${lang}/`;

/** The languages the package has a statement in: problem.xml's TeX statements, then the folders found. */
export const statementLanguages = (files: StatementFiles, xmlLanguages: string[]) => {
  const found = new Set<string>();
  for (const l of xmlLanguages) found.add(l);
  for (const name of files.names) {
    const m = /^(?:statement-sections|statements)\/([^/.][^/]*)\/[^/]+$/.exec(name);
    if (m && /\.(tex|json)$|\/example\.\d+/.test(name)) found.add(m[1]);
  }
  // problem.xml may name a language whose files are not there (a PDF-only statement).
  return [...found].filter((l) =>
    files.names.some((n) => n.startsWith(sectionFiles(l)) || n.startsWith(`${statementDir(l)}problem`)),
  );
};

const readSections = async (files: StatementFiles, lang: string) => {
  const dir = sectionFiles(lang);
  if (files.names.some((n) => n.startsWith(dir) && n.endsWith('.tex'))) {
    const s = emptySections();
    for (const key of Object.keys(s) as (keyof StatementSections)[])
      s[key] = (await files.read(`${dir}${key}.tex`)) ?? '';
    return { sections: s, from: dir, examplesTex: '' };
  }
  const json = await files.read(`${statementDir(lang)}problem-properties.json`);
  if (json !== undefined) {
    try {
      const p = JSON.parse(json) as Record<string, unknown>;
      const s = emptySections();
      for (const key of Object.keys(s) as (keyof StatementSections)[]) {
        const v = p[key];
        s[key] = typeof v === 'string' ? v : '';
      }
      const samples = Array.isArray(p.sampleTests) ? (p.sampleTests as Record<string, unknown>[]) : [];
      return {
        sections: s,
        from: statementDir(lang),
        examplesTex: '',
        samples: samples.map((t) => ({ input: String(t.input ?? ''), output: String(t.output ?? '') })),
      };
    } catch {
      // Falls through to problem.tex.
    }
  }
  const tex = await files.read(`${statementDir(lang)}problem.tex`);
  if (tex !== undefined) {
    const { examples, ...sections } = splitProblemTex(tex);
    return { sections, from: statementDir(lang), examplesTex: examples };
  }
  return undefined;
};

/** Reads the statement in the language chosen (chooseStatementLanguage): its sections as markdown, the images it
 * shows, its examples. `names`: problem.xml's `<names>` by language. */
export const readPolygonStatement = async (
  files: StatementFiles,
  opts: { language?: string; xmlLanguages: string[]; names: Record<string, string> },
): Promise<PolygonStatement> => {
  const notes: ImportNote[] = [];
  const available = statementLanguages(files, opts.xmlLanguages);
  const { language, others } = chooseStatementLanguage(available, opts.language);
  const empty = { description: '', input: '', output: '', hint: '' };
  if (!language) {
    notes.push({ key: 'polygonNoteNoStatement' });
    const title = Object.values(opts.names)[0] ?? '';
    return { language: undefined, title, statement: empty, images: [], examples: [], notes };
  }
  if (opts.language && opts.language !== language) {
    notes.push({ key: 'polygonNoteStatementMissing', vars: { language: opts.language } });
  }
  notes.push(
    others.length
      ? { key: 'polygonNoteStatementTakenOthersLeftOut', vars: { language, languages: others.join(', ') } }
      : { key: 'polygonNoteStatementTaken', vars: { language } },
  );
  const read = await readSections(files, language);
  if (!read) {
    return { language, title: opts.names[language] ?? '', statement: empty, images: [], examples: [], notes };
  }
  const { sections } = read;
  const conv = (tex: string) => texToMarkdown(tex);
  const legend = conv(sections.legend);
  const input = conv(sections.input);
  const output = conv(sections.output);
  const interaction = conv(sections.interaction);
  const scoring = conv(sections.scoring);
  const hint = conv(sections.notes);
  const exampleTex = conv(read.examplesTex);
  const parts = [legend, input, output, interaction, scoring, hint, exampleTex];
  if (sections.tutorial.trim()) notes.push({ key: 'polygonNoteTutorialLeftOut' });
  const join = (...mds: string[]) => mds.filter(Boolean).join('\n\n');
  const statement = {
    description: legend.markdown,
    input: input.markdown,
    output: join(output.markdown, interaction.markdown && `### Interaction\n\n${interaction.markdown}`),
    hint: join(scoring.markdown && `### Scoring\n\n${scoring.markdown}`, hint.markdown),
  };
  const images: PolygonStatement['images'] = [];
  for (const name of new Set(parts.flatMap((p) => p.images))) {
    const candidates = IMAGE.test(name) ? [name] : ['png', 'jpg', 'jpeg', 'gif', 'svg'].map((e) => `${name}.${e}`);
    const dirs = [read.from, sectionFiles(language), statementDir(language), ''];
    const hit = dirs.flatMap((d) => candidates.map((n) => path.posix.join(d, n))).find((p) => files.names.includes(p));
    if (hit) images.push({ name, path: hit });
    else notes.push({ key: 'polygonNoteImageMissing', vars: { image: name } });
  }
  // Examples: statement-sections' example.NN / .NN.a, else the JSON's sampleTests, else problem.tex's own.
  let examples: PolygonStatement['examples'] = [];
  const exampleDir = sectionFiles(language);
  const numbered = files.names
    .map((n) => /^statement-sections\/[^/]+\/example\.(\d+)$/.exec(n))
    .filter((m): m is RegExpExecArray => !!m && m[0].startsWith(exampleDir))
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  for (const m of numbered) {
    const inputText = await files.read(m[0]);
    const outputText = await files.read(`${m[0]}.a`);
    if (inputText !== undefined && outputText !== undefined)
      examples.push({ input: normalizeExample(inputText), output: normalizeExample(outputText) });
  }
  if (!examples.length && 'samples' in read && read.samples?.length) {
    examples = read.samples.map((s) => ({ input: normalizeExample(s.input), output: normalizeExample(s.output) }));
  }
  if (!examples.length) {
    for (const p of parts) examples.push(...p.examples);
    for (const f of parts.flatMap((p) => p.exampleFiles)) {
      const inputText = await files.read(path.posix.join(read.from, f.input));
      const outputText = await files.read(path.posix.join(read.from, f.output));
      if (inputText !== undefined && outputText !== undefined)
        examples.push({ input: normalizeExample(inputText), output: normalizeExample(outputText) });
    }
  }
  const title = opts.names[language] || texToMarkdown(sections.name).markdown || Object.values(opts.names)[0] || '';
  return { language, title, statement, images, examples, notes };
};

/** An example as the site shows it: LF line ends. */
export const normalizeExample = (s: string) => s.replace(/\r\n?/g, '\n');
