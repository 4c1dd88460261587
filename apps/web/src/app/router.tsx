import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoading } from '../components/page-loading';
import { RouteErrorPage } from '../components/route-error-page';
import { SiteFrame } from '../features/layout/site-frame';
import { lazyScreen } from '../lib/lazy-screen';
import { GuardedRoute } from './route-guard';
import type { RouteHandle } from './route-handle';
import { ADMIN_ROUTES, type RouteDef, SITE_ROUTES } from './route-table';
import { SCREENS } from './screens';

// The admin area is its own chunk: visitors of the site never download it (decision 0004).
const AdminFrame = lazyScreen(() => import('../features/admin/admin-frame'));
const AdminLoginPage = lazyScreen(() => import('../features/admin/admin-login-page'));
// The medal ceremony (the contest's scroll board) fills its own window, without the site frame.
const ScrollBoardPage = lazyScreen(() => import('../features/contest/scroll-board/scroll-board-page'));

const lazyElement = (Component: typeof AdminFrame) => (
  <Suspense fallback={<PageLoading />}>
    <Component />
  </Suspense>
);

/** Any /admin/* path without an admin screen goes to the admin login (which sends a signed-in
 * admin on to the dashboard), never to the site's 404 page. */
const toAdminLogin = (path: string): RouteObject => ({
  path: path ? `${path}/*` : '*',
  element: <Navigate to="/admin/login" replace />,
});

/** Turns the declared route table into react-router routes. */
export const toRouteObjects = (defs: RouteDef[], screens: typeof SCREENS = SCREENS): RouteObject[] =>
  defs.map((def): RouteObject => {
    const handle: RouteHandle = { titleKey: def.titleKey, hideFooter: def.hideFooter, screen: def.screen };
    if (def.redirect) {
      const element = <Navigate key={def.path} to={def.redirect} replace />;
      return def.path ? { path: def.path, element } : { index: true, element };
    }
    const Screen = def.screen ? screens[def.screen] : undefined;
    // A declared route whose screen is missing is a programming error worth seeing, not a blank page.
    if (!Screen) throw new Error(`Route ${def.path}: screen ${def.screen} is missing`);
    return {
      path: def.path,
      handle,
      element: (
        <GuardedRoute key={def.path} guard={def.guard}>
          <Suspense fallback={<PageLoading />}>
            <Screen />
          </Suspense>
        </GuardedRoute>
      ),
      children: def.children ? toRouteObjects(def.children, screens) : undefined,
    };
  });

export const buildRoutes = (screens: typeof SCREENS = SCREENS): RouteObject[] => [
  {
    path: '/admin/login',
    element: lazyElement(AdminLoginPage),
    handle: { titleKey: 'Admin_Login' } satisfies RouteHandle,
  },
  {
    path: '/admin',
    element: <GuardedRoute guard={{ admin: true }}>{lazyElement(AdminFrame)}</GuardedRoute>,
    children: [
      ...toRouteObjects(ADMIN_ROUTES, screens),
      // Any other /admin/* goes to the admin login.
      toAdminLogin(''),
    ],
  },
  { path: '/scrollBoard', element: lazyElement(ScrollBoardPage), errorElement: <RouteErrorPage /> },
  {
    path: '/',
    element: <SiteFrame />,
    errorElement: <RouteErrorPage />,
    children: [...toRouteObjects(SITE_ROUTES, screens), { path: '*', element: <NotFoundPage /> }],
  },
];

export const createAppRouter = () => createBrowserRouter(buildRoutes());
export type AppRouter = ReturnType<typeof createAppRouter>;
