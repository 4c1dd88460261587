import { problem as contract } from '@oj/shared';
import { api } from '../../lib/api';
import { i18next, initialLanguage } from '../../lib/i18n';
import { PROBLEM_PAGE_NAMESPACES, PROBLEM_PAGE_PATH } from './problem-page-path';
import { editorPart, sidePart, toolbarPart } from './problem-parts';

/** The same namespaces' modules (lib/i18n.ts loads a namespace from features/<name>/texts/<language>.ts), fetched
 * directly when the entry runs, before i18next can be asked: i18next then finds them there. */
const PAGE_TEXTS = {
  'zh-CN': () =>
    Promise.all([
      import('./texts/zh-CN'),
      import('../submission/texts/zh-CN'),
      import('../contest/texts/zh-CN'),
      import('../remote-judge/texts/zh-CN'),
    ]),
  'en-US': () =>
    Promise.all([
      import('./texts/en-US'),
      import('../submission/texts/en-US'),
      import('../contest/texts/en-US'),
      import('../remote-judge/texts/en-US'),
    ]),
};

type Detail = ReturnType<typeof api.call<typeof contract.getProblemDetail>>;

let early: { problemId: string; answer: Detail; value?: Awaited<Detail> } | null = null;
let pageChunk: Promise<unknown> | null = null;
let earlyTexts: Promise<unknown> | null = null;

/** The page's texts: through i18next once it is set up, else their modules directly (i18next finds them there). */
const startTexts = () => {
  if (i18next.isInitialized) return i18next.loadNamespaces(PROBLEM_PAGE_NAMESPACES);
  earlyTexts ??= PAGE_TEXTS[initialLanguage().language]().catch(() => undefined);
  return earlyTexts;
};

/** The page's chunk and the editor's. */
const startChunks = () => {
  if (pageChunk) return pageChunk;
  pageChunk = import('./problem-detail-page');
  pageChunk.catch(() => {
    pageChunk = null;
  });
  editorPart.start().catch(() => undefined);
  return pageChunk;
};

/** Opening /problem/<id>: the problem's request, once. */
const startDetail = () => {
  const m = /^\/problem\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!m) return undefined;
  const problemId = decodeURIComponent(m[1]);
  if (early?.problemId === problemId) return early.answer;
  const answer = api.call(contract.getProblemDetail, { problemId });
  // A failure is told by the HTTP client and met again by the page that takes it.
  const entry: NonNullable<typeof early> = { problemId, answer };
  answer.then(
    (value) => {
      entry.value = value;
    },
    () => undefined,
  );
  early = entry;
  return answer;
};

/** Called by the problem page's split point in app/screens.ts when a problem route is matched (decisions 0038,
 * 0045): the page's chunks and, opening /problem/<id> from outside the app (a link, a reload), the problem's request
 * start together instead of one after another (on a load from outside the app they have already started, see the end
 * of this file); the page's texts are asked for all at once (asked for by each part as it rendered, they came one
 * after another, each holding the page back); then the code panel's row and the statement's side. A part that fails
 * here is asked for again by the page. */
export const requestProblemDetailEarly = () => {
  const first = [startTexts(), startChunks(), editorPart.start(), startDetail()];
  // Behind what the page needs first, not beside it: a browser fetches six files at a time from one server (HTTP/1.1),
  // and the row's and the side's thirty-odd files asked for at once held the texts back by a second on a busy machine.
  void Promise.allSettled(first).then(() => {
    toolbarPart.start().catch(() => undefined);
    sidePart.start().catch(() => undefined);
  });
};

/** The early answer for this problem if it has already arrived, taken once: the page's first render shows the
 * problem at once instead of rendering again once its query has read the answer. */
export const takeArrivedProblemDetail = (problemId: string): Awaited<Detail> | undefined => {
  if (early?.problemId !== problemId || !early.value) return undefined;
  const { value } = early;
  early = null;
  return value;
};

/** The early answer for this problem, taken once: later loads of the page ask the server again. */
export const takeEarlyProblemDetail = (problemId: string): Detail | undefined => {
  if (early?.problemId !== problemId) return undefined;
  const { answer } = early;
  early = null;
  return answer;
};

// A problem page opened from outside the app (a link, a reload): its texts, its chunks and the problem are asked for
// as soon as the entry has run, while the app's first render is under way (a few hundred milliseconds on a busy
// machine) rather than when it reaches the route.
if (typeof window !== 'undefined' && PROBLEM_PAGE_PATH.test(window.location.pathname)) {
  startTexts();
  startChunks();
  startDetail();
}
