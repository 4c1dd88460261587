import { createDocument, type DomElement } from '@mixmark-io/domino';
import { RemoteJudgeError, type RemoteProblem } from '../adapter.js';
import { htmlToMarkdown } from '../markdown.js';
import { preAsCode, texToCodeforcesDelimiters } from '../tex.js';

const changed = (field: string, what = 'problem page') =>
  new RemoteJudgeError('pageChanged', `SPOJ ${what}: could not read "${field}"`, field);

const text = (el: DomElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** SPOJ's statements are free HTML; `<h3>` headings split them where the author wrote Input, Output, Example. */
const HEADINGS: [RegExp, 'input' | 'output' | 'example' | 'other'][] = [
  [/^input( specification| format)?:?$/i, 'input'],
  [/^output( specification| format)?:?$/i, 'output'],
  [/^(examples?|sample( input( and output)?)?):?$/i, 'example'],
];

/** Seconds on SPOJ's "Time limit" row: "1s", "0.5s", or per cluster "0.115s-0.230s" (the larger counts). */
const secondsOf = (value: string) => {
  const all = [...value.matchAll(/([\d.]+)\s*s/g)].map((m) => Number(m[1]));
  return all.length && all.every(Number.isFinite) ? Math.max(...all) : null;
};

/** An example `pre`: "Input:" then the input, "Output:" then the output (bold labels). */
const exampleOf = (pre: DomElement) => {
  const raw = (pre.textContent ?? '').replace(/\r\n?/g, '\n');
  const m = /^\s*Input:?[ \t]*\n?([\s\S]*?)\n\s*Output:?[ \t]*\n?([\s\S]*)$/i.exec(raw);
  if (!m) return null;
  const clean = (s: string) =>
    s
      .split('\n')
      .map((l) => l.replace(/[ \t]+$/, ''))
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
  return { input: clean(m[1]), output: clean(m[2]) };
};

/**
 * A problem page (/problems/<CODE>/): `h2#problem-name` ("PRIME1 - Prime Generator"), the `#problem-meta` table's
 * "Time limit" and "Memory limit" rows, and `#problem-body`. The body is split at its h3 headings: what comes
 * before Input is the description, then Input, Output, the Example `pre` (Input:/Output:) as the samples, and what
 * follows (a warning, an explanation) the hint; a body without those headings is all description. Formulas
 * (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, SPOJ's MathJax) become `$…$`/`$$…$$`.
 */
export const parseProblemPage = (html: string, remoteId: string, pageUrl: string): RemoteProblem => {
  const doc = createDocument(html);
  const name = text(doc.querySelector('#problem-name'));
  if (!name) throw changed('problem-name');
  const title = name.replace(new RegExp(`^${remoteId}\\s*-\\s*`, 'i'), '').trim();
  if (!title) throw changed('problem-name');

  const meta = new Map<string, string>();
  for (const row of Array.from(doc.querySelectorAll('#problem-meta tr'))) {
    const cells = Array.from(row.querySelectorAll('td'));
    if (cells.length >= 2) meta.set(text(cells[0]).replace(/:$/, '').toLowerCase(), text(cells[1]));
  }
  const seconds = secondsOf(meta.get('time limit') ?? '');
  if (seconds === null) throw changed('time-limit');
  const memory = /^(\d+)\s*(MB|KB)/i.exec(meta.get('memory limit') ?? '');
  if (!memory) throw changed('memory-limit');

  const body = doc.querySelector('#problem-body');
  if (!body) throw changed('problem-body');

  const parts: Record<'description' | 'input' | 'output' | 'example' | 'other', string[]> = {
    description: [],
    input: [],
    output: [],
    example: [],
    other: [],
  };
  let current: keyof typeof parts = 'description';
  for (const node of Array.from(body.childNodes)) {
    const element = node.nodeType === 1 ? (node as DomElement) : null;
    if (element && /^H[1-4]$/.test(element.tagName)) {
      const heading = text(element);
      const kind = HEADINGS.find(([pattern]) => pattern.test(heading))?.[1];
      if (kind) {
        current = kind;
        continue;
      }
      if (current !== 'description') current = 'other';
    }
    const html = element ? element.outerHTML : node.nodeType === 3 ? escapeText(node.textContent ?? '') : '';
    // After the example's pre, the rest (a warning, an explanation) is the hint.
    if (current === 'example' && parts.example.some((h) => /^<pre\b/i.test(h)) && !/^\s*$/.test(html)) {
      current = 'other';
    }
    parts[current].push(html);
  }

  const examples = parts.example
    .filter((h) => /^<pre\b/i.test(h))
    .map((h) => exampleOf(createDocument(h).querySelector('pre') as DomElement))
    .filter((e): e is { input: string; output: string } => e !== null);
  if (parts.example.some((h) => /^<pre\b/i.test(h)) && !examples.length) throw changed('example');

  const images: string[] = [];
  const markdown = (chunks: string[]) => {
    const converted = htmlToMarkdown(preAsCode(texToCodeforcesDelimiters(chunks.join(''), { dollars: true })), pageUrl);
    for (const image of converted.images) if (!images.includes(image)) images.push(image);
    return converted.markdown;
  };
  return {
    remoteId,
    title,
    description: markdown(parts.description),
    input: markdown(parts.input),
    output: markdown(parts.output),
    hint: markdown([...parts.example.filter((h) => !/^<pre\b/i.test(h)), ...parts.other]),
    examples,
    timeLimitMs: Math.round(seconds * 1000),
    memoryLimitMb: memory[2].toUpperCase() === 'KB' ? Math.ceil(Number(memory[1]) / 1024) : Number(memory[1]),
    sourceUrl: pageUrl,
    images,
  };
};

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** SPOJ's answer to an unknown problem code. */
export const isWrongProblemCode = (html: string) => /Wrong problem code!?/i.test(html);

/** Whether the page asks to sign in (a login form). */
export const asksToSignIn = (html: string) => /name="login_user"/.test(html);

/** The refusal a login answer shows ("Authentication failed!"). */
export const loginError = (html: string) => {
  const doc = createDocument(html);
  for (const el of Array.from(doc.querySelectorAll('.text-danger, .alert-danger, .error'))) {
    const message = text(el).replace(/\s*Forgot your password\?$/, '');
    if (message) return message;
  }
  return null;
};

/** The complaint of a submit answer, or null. */
export const submitError = (html: string) => {
  const known = [
    /Wrong problem code!?/i,
    /You can't submit in this language for this problem/i,
    /solution is too long/i,
    /You have to wait[^<.]*/i,
  ];
  for (const pattern of known) {
    const m = pattern.exec(html);
    if (m) return m[0];
  }
  return null;
};

/** The run id of a submit answer (`input[name=newSubmissionId]`). */
export const newSubmissionIdOf = (html: string) =>
  createDocument(html).querySelector('input[name="newSubmissionId"]')?.getAttribute('value') ?? null;

/** The runs of /status/<user>/, newest first: id and problem code. */
export const parseStatusPage = (html: string) => {
  const doc = createDocument(html);
  const runs: { id: string; code: string }[] = [];
  for (const cell of Array.from(doc.querySelectorAll('td[id^="statusres_"]'))) {
    const id = cell.getAttribute('id')?.slice('statusres_'.length) ?? '';
    const row = cell.parentNode as DomElement | null;
    const href = row?.querySelector('a[href^="/problems/"]')?.getAttribute('href') ?? '';
    const code = /^\/problems\/([^/]+)/.exec(href)?.[1];
    if (/^\d+$/.test(id) && code) runs.push({ id, code: code.toUpperCase() });
  }
  return runs;
};

const stripTags = (s: unknown) =>
  createDocument(`<p>${String(s ?? '')}</p>`)
    .querySelector('p')
    ?.textContent?.replace(/\s+/g, ' ')
    .trim() ?? '';

/** One run of the status answer (/status/ajax=1,ajaxdiff=1): result code, final flag, words, time and memory. */
export const parseStatusAnswer = (body: string, runId: string) => {
  let rows: Record<string, unknown>[];
  try {
    const json = JSON.parse(body);
    rows = Array.isArray(json) ? json : [json];
  } catch {
    throw changed('status', 'status answer');
  }
  const row = rows.find((r) => String(r?.id) === runId);
  if (!row) return null;
  const status = Number(row.status);
  if (!Number.isFinite(status)) throw changed('status', 'status answer');
  const time = stripTags(row.time);
  const mem = stripTags(row.mem);
  const memory = /^([\d.]+)\s*([MkK]?)/.exec(mem);
  return {
    status,
    final: String(row.final).trim() === '1',
    description: stripTags(row.status_description).replace(/\s*edit\s+ideone it$/i, ''),
    timeMs: /^[\d.]+$/.test(time) ? Math.round(Number(time) * 1000) : 0,
    memoryKb: memory ? Math.round(Number(memory[1]) * (memory[2] === 'M' ? 1024 : 1)) : 0,
  };
};

/** The compiler's text of /error/<id>/ (`div > pre > small`). */
export const compileErrorOf = (html: string) => {
  const doc = createDocument(html);
  const pre = doc.querySelector('pre small') ?? doc.querySelector('pre');
  return (pre?.textContent ?? '').replace(/\r\n?/g, '\n').trimEnd();
};
