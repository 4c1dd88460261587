/** The paths the problem page is shown under (app/route-table.ts): the bank's, a contest's, a training's, a group's,
 * a group training's, each also in full screen (a group's new problem is another page). Imported by the page's early
 * start (problem-detail-early.ts) and by the build (vite.config.ts, the route preloads), so it imports nothing. */
export const PROBLEM_PAGE_PATH =
  /^\/(?:(?:contest|training|group)\/[^/]+\/(?:training\/[^/]+\/)?)?problem\/(?!create\/?$)[^/]+(?:\/full-screen)?\/?$/;

/** The text namespaces the problem page and its code panel show (useTranslation in problem-detail-page.tsx,
 * code-panel.tsx, problem-description.tsx and the submission parts they use); each is the module
 * features/<name>/texts/<language>.ts (lib/i18n.ts). The build names them in index.html with the page's chunks. */
export const PROBLEM_PAGE_NAMESPACES = ['problem', 'submission', 'contest', 'remote-judge'];
