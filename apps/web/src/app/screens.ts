import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { HomePage } from '../features/home/home-page';
import type { ScreenName } from './route-table';

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/** The implemented screens by route name. Home is the landing page and ships in the entry chunk; every other
 * screen is its own chunk (DESIGN §5: the SPA splits code by route). */
export const SCREENS: Record<ScreenName, Screen> = {
  Home: HomePage,
  LoginRedirect: lazy(() => import('../features/auth/login-redirect')),
  Logout: lazy(() => import('../features/auth/logout-page')),
  AdminDashboard: lazy(() => import('../features/admin/admin-dashboard-page')),
};
