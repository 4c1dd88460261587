/// <reference path="../types/vendor.d.ts" />
import { createDocument, type DomDocument, type DomElement } from '@mixmark-io/domino';
import { RemoteJudgeError, type RemoteProblem } from '../adapter.js';
import { htmlToMarkdown } from '../markdown.js';

const changed = (field: string, what = 'problem page') =>
  new RemoteJudgeError('pageChanged', `Codeforces ${what}: could not read "${field}"`, field);

const text = (el: DomElement | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text of a header property (`div.time-limit`: "time limit per test" + "2 seconds"), without its title. */
const propertyValue = (el: DomElement) => {
  let value = '';
  for (const node of Array.from(el.childNodes)) {
    const cls = (node as DomElement).className ?? '';
    if (node.nodeType === 1 && String(cls).includes('property-title')) continue;
    value += node.textContent ?? '';
  }
  return value.replace(/\s+/g, ' ').trim();
};

/** A sample's `<pre>`: lines as `div.test-example-line` (current pages) or text with `<br>` (older pages). */
const sampleText = (pre: DomElement) => {
  const lines = Array.from(pre.querySelectorAll('div.test-example-line'));
  const raw = lines.length
    ? lines.map((l) => l.textContent ?? '').join('\n')
    : createDocument(`<pre>${pre.innerHTML.replace(/<br\s*\/?>/gi, '\n')}</pre>`).querySelector('pre')?.textContent;
  return (raw ?? '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');
};

/** The section's markdown without its `div.section-title` ("Input", "Note" ...). */
const sectionMarkdown = (section: DomElement, pageUrl: string, images: string[]) => {
  for (const title of Array.from(section.querySelectorAll('div.section-title'))) title.remove();
  const converted = htmlToMarkdown(section.innerHTML, pageUrl);
  for (const image of converted.images) if (!images.includes(image)) images.push(image);
  return converted.markdown;
};

/**
 * A problem page of Codeforces or GYM (`div.problem-statement` with `div.header` > title/time-limit/memory-limit,
 * the legend as the first unclassed div, `div.input-specification`, `div.output-specification`,
 * `div.sample-tests`, an optional `div.note`). A missing part fails with `pageChanged` naming it.
 */
export const parseProblemPage = (html: string, remoteId: string, pageUrl: string): RemoteProblem => {
  const doc: DomDocument = createDocument(html);
  const statement = doc.querySelector('div.problem-statement');
  if (!statement) throw changed('problem-statement');
  const header = statement.querySelector('div.header');
  if (!header) throw changed('header');

  const titleEl = header.querySelector('div.title');
  const title = text(titleEl).replace(/^[A-Z0-9]{1,3}\.\s*/, '');
  if (!title) throw changed('title');

  const timeEl = header.querySelector('div.time-limit');
  const time = timeEl ? /^([\d.]+)\s*(seconds?|s)\b/i.exec(propertyValue(timeEl)) : null;
  if (!time) throw changed('time-limit');
  const memoryEl = header.querySelector('div.memory-limit');
  const memory = memoryEl ? /^(\d+)\s*(megabytes|MB)\b/i.exec(propertyValue(memoryEl)) : null;
  if (!memory) throw changed('memory-limit');

  const children = Array.from(statement.children);
  const legend = children.find((c) => c.tagName === 'DIV' && (!c.className || c.className === 'legend'));
  if (!legend) throw changed('legend');
  const inputSpec = statement.querySelector('div.input-specification');
  if (!inputSpec) throw changed('input-specification');
  const outputSpec = statement.querySelector('div.output-specification');
  if (!outputSpec) throw changed('output-specification');
  const sampleTests = statement.querySelector('div.sample-tests');
  if (!sampleTests) throw changed('sample-tests');
  const inputs = Array.from(sampleTests.querySelectorAll('div.input pre'));
  const outputs = Array.from(sampleTests.querySelectorAll('div.output pre'));
  if (!inputs.length || inputs.length !== outputs.length) throw changed('sample-tests');
  const note = statement.querySelector('div.note');

  const images: string[] = [];
  return {
    remoteId,
    title,
    description: sectionMarkdown(legend, pageUrl, images),
    input: sectionMarkdown(inputSpec, pageUrl, images),
    output: sectionMarkdown(outputSpec, pageUrl, images),
    hint: note ? sectionMarkdown(note, pageUrl, images) : '',
    examples: inputs.map((pre, i) => ({ input: sampleText(pre), output: sampleText(outputs[i]) })),
    timeLimitMs: Math.round(Number(time[1]) * 1000),
    memoryLimitMb: Number(memory[1]),
    sourceUrl: pageUrl,
    images,
  };
};

/** The csrf token of a page: the form's `csrf_token` input, the `X-Csrf-Token` meta, or `span.csrf-token`. */
export const csrfTokenOf = (html: string) => {
  const doc = createDocument(html);
  return (
    doc.querySelector('input[name="csrf_token"]')?.getAttribute('value') ||
    doc.querySelector('meta[name="X-Csrf-Token"]')?.getAttribute('content') ||
    doc.querySelector('span.csrf-token')?.getAttribute('data-csrf') ||
    null
  );
};

/** The login form is still shown (with its error, if any): the login was refused. */
export const loginFormError = (html: string): string | null => {
  const doc = createDocument(html);
  if (!doc.querySelector('form#enterForm')) return null;
  return text(doc.querySelector('.error.for__password')) || text(doc.querySelector('.error')) || 'login refused';
};

/** The submit form's complaint (`span.error for__source`, `for__programTypeId` ...), or null when none. */
export const submitFormError = (html: string): string | null => {
  const doc = createDocument(html);
  for (const el of Array.from(doc.querySelectorAll('.error'))) {
    const message = text(el);
    if (message) return message;
  }
  return null;
};
