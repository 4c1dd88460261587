import { createDocument, type DomElement } from '@mixmark-io/domino';
import { RemoteJudgeError, type RemoteProblem } from '../adapter.js';
import { htmlToMarkdown } from '../markdown.js';

const changed = (field: string, what = 'problem page') =>
  new RemoteJudgeError('pageChanged', `POJ ${what}: could not read "${field}"`, field);

const text = (el: DomElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The element right after `el` among its parent's children. */
const nextElement = (el: DomElement) => {
  const siblings = Array.from((el.parentNode as DomElement | null)?.children ?? []);
  return siblings[siblings.indexOf(el) + 1] ?? null;
};

/** A `<pre>` sample: its text with `<br>` as line breaks, without the trailing newlines. */
const preText = (el: DomElement) => {
  const html = el.innerHTML.replace(/<br\s*\/?>/gi, '\n');
  const raw = createDocument(`<pre>${html}</pre>`).querySelector('pre')?.textContent ?? '';
  return raw.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
};

/** The items of POJ's "Error Occurred" page (no such problem, a refused login or submission), or null. */
export const pojErrorMessage = (html: string): string | null => {
  const doc = createDocument(html);
  if (text(doc.querySelector('title')) !== 'Error' && !html.includes('Error Occurred')) return null;
  const items = Array.from(doc.querySelectorAll('li')).map((li) => text(li));
  return items.filter(Boolean).join(' ') || 'Error Occurred';
};

/** The page asks to log in (POJ's answer to a submit without a session). */
export const isPojLoginPage = (html: string) =>
  !pojErrorMessage(html) && /please login/i.test(html) && html.includes('name=password1');

/**
 * POJ's problem page (/problem?id=N): the title in `div.ptt`, the limits in `div.plm` ("Time Limit: 1000MS",
 * "Memory Limit: 10000K"), then `p.pst` captions each followed by its `div.ptx` (Description, Input, Output, Hint,
 * Source) or `pre.sio` (Sample Input, Sample Output).
 */
export const parsePojProblemPage = (html: string, remoteId: string, pageUrl: string): RemoteProblem => {
  const doc = createDocument(html);
  const title = text(doc.querySelector('div.ptt'));
  if (!title) throw changed('title');
  const limits = text(doc.querySelector('div.plm'));
  const time = /Time Limit:\s*(\d+)\s*MS/i.exec(limits);
  if (!time) throw changed('time-limit');
  const memory = /Memory Limit:\s*(\d+)\s*K/i.exec(limits);
  if (!memory) throw changed('memory-limit');

  const sections: { title: string; content: DomElement }[] = [];
  for (const caption of Array.from(doc.querySelectorAll('p.pst'))) {
    const content = nextElement(caption);
    if (content && content.tagName !== 'P') sections.push({ title: text(caption), content });
  }
  const images: string[] = [];
  const markdown = (el: DomElement) => {
    const converted = htmlToMarkdown(el.innerHTML, pageUrl);
    for (const image of converted.images) if (!images.includes(image)) images.push(image);
    return converted.markdown;
  };
  const find = (name: string) => sections.find((s) => s.title === name)?.content;
  const section = (name: string) => {
    const el = find(name);
    if (!el) throw changed(name);
    return markdown(el);
  };

  const description = section('Description');
  const input = section('Input');
  const output = section('Output');
  const inputs = sections.filter((s) => s.title === 'Sample Input').map((s) => s.content);
  const outputs = sections.filter((s) => s.title === 'Sample Output').map((s) => s.content);
  if (!inputs.length) throw changed('Sample Input');
  if (outputs.length !== inputs.length) throw changed('Sample Output');
  const hintEl = find('Hint');
  const source = text(find('Source'));

  return {
    remoteId,
    title,
    description,
    input,
    output,
    hint: [hintEl ? markdown(hintEl) : '', source ? `Source: ${source}` : ''].filter(Boolean).join('\n\n'),
    examples: inputs.map((el, i) => ({ input: preText(el), output: preText(outputs[i]) })),
    timeLimitMs: Number(time[1]),
    memoryLimitMb: Math.ceil(Number(memory[1]) / 1024),
    sourceUrl: pageUrl,
    images,
  };
};

export interface PojStatusRow {
  runId: string;
  user: string;
  problemId: string;
  verdict: string;
  memoryKb: number;
  timeMs: number;
}

/**
 * The runs listed on /status (`table.a`, rows `tr[align=center]` of Run ID, User, Problem, Result, Memory "164K",
 * Time "0MS", Language, Code Length, Submit Time; memory and time are empty unless accepted), newest first.
 */
export const parsePojStatusPage = (html: string): PojStatusRow[] => {
  const doc = createDocument(html);
  const table = doc.querySelector('table.a');
  if (!table) throw changed('table.a', 'status page');
  const rows: PojStatusRow[] = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    const cells = Array.from(tr.children).filter((c) => c.tagName === 'TD');
    if (cells.length < 9 || !/^\d+$/.test(text(cells[0]))) continue;
    rows.push({
      runId: text(cells[0]),
      user: text(cells[1]),
      problemId: text(cells[2]),
      verdict: text(cells[3]),
      memoryKb: Number.parseInt(text(cells[4]), 10) || 0,
      timeMs: Number.parseInt(text(cells[5]), 10) || 0,
    });
  }
  return rows;
};

/** The compiler's text on /showcompileinfo, or null when the page shows none. */
export const parsePojCompileError = (html: string): string | null => {
  const pre = createDocument(html).querySelector('pre');
  if (!pre) return null;
  return (pre.textContent ?? '').replace(/\r\n?/g, '\n').trimEnd();
};
