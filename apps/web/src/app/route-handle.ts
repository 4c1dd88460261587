import { useMatches } from 'react-router';
import type { RouteDef, ScreenName } from './route-table';

/** What a matched route tells the frames (title, footer rule). The router writes it, the site and admin frames read
 * it; it lives apart from both so neither frame imports the router. */
export interface RouteHandle {
  titleKey?: RouteDef['titleKey'];
  hideFooter?: boolean;
  /** The screen the route shows (the entry starts its chunk before the first render: app/screens.ts). */
  screen?: ScreenName;
}

/** The deepest matched route's handle decides the title and the footer. */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  const handles = matches.map((m) => (m.handle ?? {}) as RouteHandle);
  return {
    titleKey: handles.findLast((h) => h.titleKey)?.titleKey,
    hideFooter: handles.some((h) => h.hideFooter),
  };
};
