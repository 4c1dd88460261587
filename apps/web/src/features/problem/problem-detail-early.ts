import { problem as contract } from '@oj/shared';
import { api } from '../../lib/api';

type Detail = ReturnType<typeof api.call<typeof contract.getProblemDetail>>;

let early: { problemId: string; answer: Detail } | null = null;

/** Opening /problem/<id> from outside the app (a link, a reload): the problem's request starts together with the
 * page's chunk, when the route is matched, instead of after the chunk has arrived and the page has rendered
 * (decision 0038). Called by the page's split point in app/screens.ts. */
export const requestProblemDetailEarly = () => {
  const m = /^\/problem\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!m) return;
  const problemId = decodeURIComponent(m[1]);
  const answer = api.call(contract.getProblemDetail, { problemId });
  // A failure is told by the HTTP client and met again by the page that takes it.
  answer.catch(() => undefined);
  early = { problemId, answer };
};

/** The early answer for this problem, taken once: later loads of the page ask the server again. */
export const takeEarlyProblemDetail = (problemId: string): Detail | undefined => {
  if (early?.problemId !== problemId) return undefined;
  const { answer } = early;
  early = null;
  return answer;
};
