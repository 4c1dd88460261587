import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PROBLEM_PAGE_NAMESPACES } from '../features/problem/problem-page-path';
import { buildRoutes } from './router';
import { preloadRoute as preloadMatched } from './screens';

/** What the entry does with the router's matches for a path. */
const preloadRoute = (path: string) => preloadMatched(matchRoutes(buildRoutes(), path) ?? []);

describe('the screens a page opened from outside the app waits for', () => {
  it('names the problem page with the texts it shows, under each of its paths', () => {
    for (const path of ['/problem/1000', '/contest/7/problem/A', '/group/3/training/2/problem/P1/full-screen']) {
      expect(preloadRoute(path).namespaces, path).toEqual(PROBLEM_PAGE_NAMESPACES);
    }
  });

  it('has nothing to wait for on home (in the entry chunk) or on a path that is not declared', async () => {
    for (const path of ['/home', '/no-such-page/at-all']) {
      const route = preloadRoute(path);
      expect(route.namespaces).toEqual([]);
      await expect(route.ready).resolves.toEqual([]);
    }
  });

  it('starts a shell and its tab together (a contest and its problem list)', async () => {
    const route = preloadRoute('/contest/7/problems');
    await expect(route.ready).resolves.toHaveLength(2);
  });
});
