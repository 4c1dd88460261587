import { afterEach, describe, expect, it, vi } from 'vitest';
import { flattenRoutes, SITE_ROUTES } from '../../app/route-table';
import { SCREENS } from '../../app/screens';
import { stubServer } from '../../test-utils';
import { requestProblemDetailEarly, takeArrivedProblemDetail } from './problem-detail-early';
import { PROBLEM_PAGE_PATH } from './problem-page-path';

describe("the paths whose problem page starts loading with the app's entry", () => {
  it('are every route the problem page is shown under, and no other', () => {
    const page = SCREENS.ProblemDetails;
    for (const { fullPath, route } of flattenRoutes(SITE_ROUTES)) {
      const path = fullPath.replace(/:[A-Za-z]+/g, 'x7');
      const isProblemPage = !!route.screen && SCREENS[route.screen] === page;
      expect(PROBLEM_PAGE_PATH.test(path), path).toBe(isProblemPage);
    }
    expect(PROBLEM_PAGE_PATH.test('/problem/1000')).toBe(true);
    expect(PROBLEM_PAGE_PATH.test('/group/7/training/3/problem/P1/full-screen/')).toBe(true);
  });
});

describe('the problem asked for as the page opens', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("is handed to the page's first render once it has arrived, once", async () => {
    const detail = { problem: { problemId: '1000', title: 'A+B' } };
    stubServer({
      '/api/get-problem-detail': () =>
        new Response(JSON.stringify({ status: 200, msg: 'success', data: detail }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    window.history.replaceState(null, '', '/problem/1000');
    requestProblemDetailEarly();
    expect(takeArrivedProblemDetail('1000')).toBeUndefined();
    await vi.waitFor(() => expect(takeArrivedProblemDetail('1000')).toEqual(detail));
    // Taken: a later visit of the page asks the server again.
    expect(takeArrivedProblemDetail('1000')).toBeUndefined();
  });
});
