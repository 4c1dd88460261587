import { describe, expect, it } from 'vitest';
import { flattenRoutes, SITE_ROUTES } from '../../app/route-table';
import { SCREENS } from '../../app/screens';
import { PROBLEM_PAGE_PATH } from './problem-detail-early';

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
