import { createDocument, type DomElement } from '@mixmark-io/domino';
import { RemoteJudgeError, type RemoteProblem } from '../adapter.js';
import { htmlToMarkdown } from '../markdown.js';
import { preAsCode, texToCodeforcesDelimiters } from '../tex.js';

const changed = (field: string, what = 'task page') =>
  new RemoteJudgeError('pageChanged', `AtCoder ${what}: could not read "${field}"`, field);

const text = (el: DomElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A section's heading without the "Copy" buttons AtCoder puts in the headings of samples. */
const headingOf = (section: DomElement) => {
  const h3 = section.querySelector('h3');
  if (!h3) return '';
  let heading = '';
  for (const node of Array.from(h3.childNodes)) if (node.nodeType === 3) heading += node.textContent ?? '';
  return heading.replace(/\s+/g, ' ').trim();
};

const markdownOf = (html: string, pageUrl: string, images: string[]) => {
  const converted = htmlToMarkdown(preAsCode(texToCodeforcesDelimiters(html, { varTags: true })), pageUrl);
  for (const image of converted.images) if (!images.includes(image)) images.push(image);
  return converted.markdown;
};

/** A section's body (without its h3, the copy buttons and, for samples, the pre) as markdown. */
const sectionMarkdown = (section: DomElement, pageUrl: string, images: string[], dropPre = false) => {
  const copy = createDocument(`<div>${section.innerHTML}</div>`).querySelector('div') as DomElement;
  for (const el of Array.from(copy.querySelectorAll('h3, div.div-btn-copy'))) el.remove();
  if (dropPre) for (const el of Array.from(copy.querySelectorAll('pre'))) el.remove();
  return markdownOf(copy.innerHTML, pageUrl, images);
};

const sampleText = (pre: DomElement) => (pre.textContent ?? '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');

/** Section headings in English and, for the oldest contests that have only a Japanese statement, in Japanese. */
const KINDS: [RegExp, 'statement' | 'constraints' | 'input' | 'output' | 'sampleInput' | 'sampleOutput'][] = [
  [/^(Problem Statement|Problem|Statement|問題文|問題)$/i, 'statement'],
  [/^(Constraints|制約)$/i, 'constraints'],
  [/^(Input|入力)$/i, 'input'],
  [/^(Output|出力)$/i, 'output'],
  [/^(Sample Input|入力例) ?\d+$/i, 'sampleInput'],
  [/^(Sample Output|出力例) ?\d+$/i, 'sampleOutput'],
];

/**
 * A task page (/contests/<contest>/tasks/<task>): the title (`span.h2`, "A - Product"), "Time Limit: 2 sec /
 * Memory Limit: 1024 MiB" (MB on older pages), and `#task-statement` with its English part (`span.lang-en`; the
 * oldest contests have only Japanese, read the same way) made of `div.part > section` with an h3 each: Problem
 * Statement, Constraints, Input, Output, Sample Input/Output n (a `pre`); other sections (Notes, Scoring ...) and a
 * sample's explanation go to the hint. Formulas (`<var>`, `\(…\)`, `\[…\]`) become `$…$`/`$$…$$`; a var inside a
 * `pre` (the input format) is its plain text. The constraints follow the statement under their own heading.
 */
export const parseTaskPage = (html: string, remoteId: string, pageUrl: string): RemoteProblem => {
  const doc = createDocument(html);
  const heading = doc.querySelector('span.h2');
  let title = '';
  if (heading) {
    for (const node of Array.from(heading.childNodes)) if (node.nodeType === 3) title += node.textContent ?? '';
  }
  title = title.replace(/\s+/g, ' ').trim() || text(doc.querySelector('title'));
  title = title.replace(/^[A-Za-z0-9]{1,3} - /, '').trim();
  if (!title) throw changed('title');

  const limits = /Time Limit:\s*([\d.]+)\s*sec\s*\/\s*Memory Limit:\s*(\d+)\s*(MiB|MB|KiB|KB)/i.exec(
    text(doc.querySelector('#main-container')) || text(doc.body),
  );
  if (!limits) throw changed('time-limit');

  const statementRoot = doc.querySelector('#task-statement');
  if (!statementRoot) throw changed('task-statement');
  const root = statementRoot.querySelector('span.lang-en') ?? statementRoot;

  const images: string[] = [];
  let description = '';
  let constraints = '';
  let input = '';
  let output = '';
  const hints: string[] = [];
  const sampleInputs: string[] = [];
  const sampleOutputs: string[] = [];
  for (const section of Array.from(root.querySelectorAll('div.part > section'))) {
    const name = headingOf(section);
    const kind = KINDS.find(([pattern]) => pattern.test(name))?.[1];
    if (kind === 'sampleInput' || kind === 'sampleOutput') {
      const pre = section.querySelector('pre');
      if (!pre) throw changed('samples');
      (kind === 'sampleInput' ? sampleInputs : sampleOutputs).push(sampleText(pre));
      const explanation = sectionMarkdown(section, pageUrl, images, true);
      if (explanation) hints.push(`**${name}**\n\n${explanation}`);
      continue;
    }
    const markdown = sectionMarkdown(section, pageUrl, images);
    if (kind === 'statement') description = markdown;
    else if (kind === 'constraints') constraints = markdown;
    else if (kind === 'input') input = markdown;
    else if (kind === 'output') output = markdown;
    else if (markdown) hints.push(name ? `**${name}**\n\n${markdown}` : markdown);
  }
  if (!description) throw changed('problem-statement');
  if (!input) throw changed('input');
  if (!output) throw changed('output');
  if (!sampleInputs.length || sampleInputs.length !== sampleOutputs.length) throw changed('samples');

  const unit = limits[3].toUpperCase();
  const memory = Number(limits[2]);
  return {
    remoteId,
    title,
    description: constraints ? `${description}\n\n### Constraints\n\n${constraints}` : description,
    input,
    output,
    hint: hints.join('\n\n'),
    examples: sampleInputs.map((i, n) => ({ input: i, output: sampleOutputs[n] })),
    timeLimitMs: Math.round(Number(limits[1]) * 1000),
    memoryLimitMb: unit.startsWith('K') ? Math.ceil(memory / 1024) : memory,
    sourceUrl: pageUrl,
    images,
  };
};

/** The csrf token of a page: a form's `csrf_token` input, else the script's `var csrfToken = "…"`. */
export const csrfTokenOf = (html: string) => {
  const doc = createDocument(html);
  const input = doc.querySelector('input[name="csrf_token"]')?.getAttribute('value');
  if (input) return input;
  return /var csrfToken\s*=\s*"([^"]+)"/.exec(html)?.[1] ?? null;
};

/** The text of the page's red alert (a refused login, a contest one must join), or null. */
export const alertOf = (html: string) => {
  const doc = createDocument(html);
  for (const el of Array.from(doc.querySelectorAll('div.alert-danger'))) {
    const message = text(el).replace(/^×\s*/, '');
    if (message && !/display:\s*none/.test(el.getAttribute('style') ?? '')) return message;
  }
  return null;
};

/** Whether a login page asks for Cloudflare's Turnstile check (which a program cannot pass). */
export const hasTurnstile = (html: string) =>
  /class="[^"]*cf-turnstile|challenges\.cloudflare\.com\/turnstile/.test(html);

/** The submit form: whether it is there, the tasks it offers and the languages it offers ({id: name}). */
export const parseSubmitForm = (html: string) => {
  const doc = createDocument(html);
  const taskSelect = doc.querySelector('select[name="data.TaskScreenName"]');
  if (!taskSelect) return null;
  const tasks = Array.from(taskSelect.querySelectorAll('option')).map((o) => o.getAttribute('value') ?? '');
  const languages = new Map<string, string>();
  for (const option of Array.from(doc.querySelectorAll('select[name="data.LanguageId"] option'))) {
    const value = option.getAttribute('value');
    if (value) languages.set(value, text(option));
  }
  return {
    tasks,
    languages,
    csrf: csrfTokenOf(html),
    user: /var userScreenName\s*=\s*"([^"]*)"/.exec(html)?.[1] ?? '',
  };
};

/** The runs listed on /contests/<contest>/submissions/me, newest first: run id and task screen name. */
export const parseMySubmissions = (html: string) => {
  const doc = createDocument(html);
  const runs: { id: string; task: string }[] = [];
  for (const row of Array.from(doc.querySelectorAll('table tbody tr'))) {
    const detail = Array.from(row.querySelectorAll('a[href*="/submissions/"]'))
      .map((a) => /\/submissions\/(\d+)$/.exec(a.getAttribute('href') ?? '')?.[1])
      .find(Boolean);
    const id = detail ?? row.querySelector('td.submission-score')?.getAttribute('data-id');
    const task = /\/tasks\/([^/?#]+)$/.exec(row.querySelector('a[href*="/tasks/"]')?.getAttribute('href') ?? '')?.[1];
    if (id && task) runs.push({ id, task });
  }
  return runs;
};

/** A submission page: its status label, exec time (ms), memory (KiB) and compile error text. */
export const parseSubmissionPage = (html: string) => {
  const doc = createDocument(html);
  const status = doc.querySelector('#judge-status');
  if (!status) throw changed('judge-status', 'submission page');
  const row = (name: string) =>
    Array.from(doc.querySelectorAll('tr'))
      .find((tr) => text(tr.querySelector('th')) === name)
      ?.querySelector('td');
  const time = /(\d+)\s*ms/.exec(text(row('Exec Time')))?.[1];
  const memory = /(\d+)\s*(KiB|KB)/i.exec(text(row('Memory')))?.[1];
  // The compiler's text is the `pre` right after the "Compile Error" heading.
  const ce = /<h4>\s*Compil(?:e|ation) Error\s*<\/h4>\s*(<pre\b[^>]*>[\s\S]*?<\/pre>)/i.exec(html)?.[1];
  const compileError = ce
    ? (createDocument(ce).querySelector('pre')?.textContent ?? '').replace(/\r\n?/g, '\n').trimEnd()
    : '';
  return { label: text(status), timeMs: Number(time ?? 0), memoryKb: Number(memory ?? 0), compileError };
};
