import { createDocument, type DomElement } from '@mixmark-io/domino';
import { RemoteJudgeError, type RemoteProblem } from '../adapter.js';
import { htmlToMarkdown } from '../markdown.js';

const changed = (field: string, what = 'problem page') =>
  new RemoteJudgeError('pageChanged', `HDU ${what}: could not read "${field}"`, field);

/** The element siblings after `el`, in order. */
const followingElements = (el: DomElement) => {
  const siblings = Array.from((el.parentNode as DomElement | null)?.children ?? []);
  return siblings.slice(siblings.indexOf(el) + 1);
};

const text = (el: DomElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A `<pre>` sample: its text with `<br>` as line breaks, without the trailing newlines. */
const preText = (el: DomElement) => {
  const html = el.innerHTML.replace(/<br\s*\/?>/gi, '\n');
  const raw = createDocument(`<pre>${html}</pre>`).querySelector('pre')?.textContent ?? '';
  return raw.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
};

/** The text of HDU's "System Message" page (no such problem, invalid parameter ...), or null for another page. */
export const hduSystemMessage = (html: string): string | null => {
  const doc = createDocument(html);
  if (!doc.querySelector('img[src*="msg.png"]')) return null;
  return text(doc.querySelector('td[valign="middle"]')) || 'system message';
};

/**
 * HDU's problem page (/showproblem.php?pid=N): the title in `h1` (color #1A5CC8), the limits line "Time Limit:
 * 2000/1000 MS (Java/Others) Memory Limit: 65536/32768 K (Java/Others)" (the second figures are the C/C++ ones,
 * which we keep), then pairs of `div.panel_title` / `div.panel_content`: Problem Description, Input, Output, Sample
 * Input, Sample Output (the Hint box sits inside the sample output's block), Author, Source.
 */
export const parseHduProblemPage = (html: string, remoteId: string, pageUrl: string): RemoteProblem => {
  const doc = createDocument(html);
  const title = text(
    Array.from(doc.querySelectorAll('h1')).find((h) => /1A5CC8/i.test(h.getAttribute('style') ?? '')) ?? null,
  );
  if (!title) throw changed('title');

  const limits = text(doc.body);
  const time = /Time Limit:\s*(\d+)\s*\/\s*(\d+)\s*MS/i.exec(limits);
  if (!time) throw changed('time-limit');
  const memory = /Memory Limit:\s*(\d+)\s*\/\s*(\d+)\s*K/i.exec(limits);
  if (!memory) throw changed('memory-limit');

  const panels: { title: string; content: DomElement }[] = [];
  for (const heading of Array.from(doc.querySelectorAll('div.panel_title'))) {
    // The content follows its title (after a text node); the next title ends the search.
    for (const next of followingElements(heading)) {
      const cls = String(next.className);
      if (cls.includes('panel_title')) break;
      if (cls.includes('panel_content')) {
        panels.push({ title: text(heading), content: next });
        break;
      }
    }
  }
  const panel = (name: string) => panels.find((p) => p.title === name)?.content;

  const images: string[] = [];
  const markdown = (el: DomElement) => {
    const converted = htmlToMarkdown(el.innerHTML, pageUrl);
    for (const image of converted.images) if (!images.includes(image)) images.push(image);
    return converted.markdown;
  };
  const section = (name: string) => {
    const el = panel(name);
    if (!el) throw changed(name);
    return markdown(el);
  };

  const description = section('Problem Description');
  const input = section('Input');
  const output = section('Output');

  const inputs = panels.filter((p) => p.title === 'Sample Input').map((p) => p.content);
  const outputs = panels.filter((p) => p.title === 'Sample Output').map((p) => p.content);
  if (!inputs.length) throw changed('Sample Input');
  if (outputs.length !== inputs.length) throw changed('Sample Output');

  // The Hint box: a div whose first child is the "Hint" caption, inside the sample output's block.
  let hint = '';
  for (const out of outputs) {
    for (const box of Array.from(out.querySelectorAll('div'))) {
      const caption = box.children[0];
      if (caption?.tagName !== 'DIV' || text(caption) !== 'Hint') continue;
      caption.remove();
      hint = [hint, markdown(box)].filter(Boolean).join('\n\n');
      const spacer = followingElements(box)[0];
      if (spacer?.tagName === 'I' && !text(spacer)) spacer.remove();
      box.remove();
    }
  }
  const sample = (el: DomElement) => preText(el.querySelector('pre div') ?? el.querySelector('pre') ?? el);
  const source = text(panel('Source'));

  return {
    remoteId,
    title,
    description,
    input,
    output,
    hint: [hint, source ? `Source: ${source}` : ''].filter(Boolean).join('\n\n'),
    examples: inputs.map((el, i) => ({ input: sample(el), output: sample(outputs[i]) })),
    timeLimitMs: Number(time[2]),
    memoryLimitMb: Math.ceil(Number(memory[2]) / 1024),
    sourceUrl: pageUrl,
    images,
  };
};

export interface HduStatusRow {
  runId: string;
  verdict: string;
  problemId: string;
  timeMs: number;
  memoryKb: number;
  author: string;
}

/**
 * The runs listed on /status.php (`div#fixed_table` > `table.table_text`, rows of Run ID, Submit Time, Judge
 * Status, Pro.ID, Exe.Time "15MS", Exe.Memory "1736K", Code Len., Language, Author), newest first.
 */
export const parseHduStatusPage = (html: string): HduStatusRow[] => {
  const doc = createDocument(html);
  const table = doc.querySelector('#fixed_table table') ?? doc.querySelector('table.table_text');
  if (!table) throw changed('table_text', 'status page');
  const rows: HduStatusRow[] = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    const cells = Array.from(tr.children).filter((c) => c.tagName === 'TD');
    if (cells.length < 9 || !/^\d+$/.test(text(cells[0]))) continue;
    rows.push({
      runId: text(cells[0]),
      verdict: text(cells[2]),
      problemId: text(cells[3]),
      timeMs: Number.parseInt(text(cells[4]), 10) || 0,
      memoryKb: Number.parseInt(text(cells[5]), 10) || 0,
      author: text(cells[8]),
    });
  }
  return rows;
};

/** The compiler's text on /viewerror.php, or null when the page shows none (not the run's author, no such run). */
export const parseHduCompileError = (html: string): string | null => {
  const pre = createDocument(html).querySelector('pre');
  if (!pre) return null;
  return (pre.textContent ?? '').replace(/\r\n?/g, '\n').trimEnd();
};

/** The login form's complaint ("No such user or wrong password."), or null when the page is not the login form. */
export const hduLoginError = (html: string): string | null => {
  const doc = createDocument(html);
  if (!doc.querySelector('input[name="userpass"]')) return null;
  return text(doc.querySelector('span[style*="red"]')) || 'login refused';
};

/** The submit form's complaint ("One or more following ERROR(s) occurred." with its items, or "Please don't
 * re-submit in 5 seconds"), or null. */
export const hduSubmitError = (html: string): string | null => {
  const doc = createDocument(html);
  const box = doc.querySelector('div[style*="color:red"]');
  if (!box) return null;
  const items = Array.from(box.querySelectorAll('li')).map((li) => text(li));
  return items.length ? items.join(' ') : text(box) || null;
};
