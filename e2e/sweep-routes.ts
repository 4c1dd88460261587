import { ADMIN_ROUTES, flattenRoutes, type RouteDef, SITE_ROUTES } from '../apps/web/src/app/route-table';

/** The route list of the layout sweep (specs/layout-sweep.spec.ts) and the screenshot sweep (screenshot-sweep.ts),
 * derived from the web's route table: every path of the table is visited, with its parameters filled from
 * data the sweep creates first (SweepData), unless it is in SKIPPED with a reason. The spec asserts that every
 * path of the table is covered or skipped, so a new route cannot be forgotten. */

export type Role = 'visitor' | 'student' | 'root';
export type Lang = 'zh-CN' | 'en-US';

/** Ids of the data the sweep creates through the API before it visits anything. */
export interface SweepData {
  /** The seed's A+B: its problemId ('1000') and numeric id. */
  problemId: string;
  problemPid: number;
  trainingId: number;
  /** The display id of the problem in the training. */
  trainingDisplayId: string;
  /** A running public ACM contest with problem A, and an OI one for the OI board. */
  contestId: number;
  oiContestId: number;
  contestDisplayId: string;
  contestSubmitId: number;
  submitId: number;
  discussionId: number;
  groupId: number;
  groupProblemId: string;
  groupProblemPid: number;
  groupTrainingId: number;
  groupContestId: number;
  groupSubmitId: number;
  groupDiscussionId: number;
}

type Fill = (d: SweepData) => string;

/** How each parameterised path of the table is filled (keyed by the table's full path). */
export const FILLS: Record<string, Fill> = {
  '/problem/:problemID': (d) => `/problem/${d.problemId}`,
  '/training/:trainingID/problem/:problemID/full-screen': (d) =>
    `/training/${d.trainingId}/problem/${d.trainingDisplayId}/full-screen`,
  '/contest/:contestID/problem/:problemID/full-screen': (d) =>
    `/contest/${d.contestId}/problem/${d.contestDisplayId}/full-screen`,
  '/group/:groupID/problem/:problemID/full-screen': (d) =>
    `/group/${d.groupId}/problem/${d.groupProblemId}/full-screen`,
  '/group/:groupID/training/:trainingID/problem/:problemID/full-screen': (d) =>
    `/group/${d.groupId}/training/${d.groupTrainingId}/problem/${d.groupProblemId}/full-screen`,
  '/training/:trainingID': (d) => `/training/${d.trainingId}`,
  '/training/:trainingID/problems': (d) => `/training/${d.trainingId}/problems`,
  '/training/:trainingID/problem/:problemID': (d) => `/training/${d.trainingId}/problem/${d.trainingDisplayId}`,
  '/training/:trainingID/rank': (d) => `/training/${d.trainingId}/rank`,
  '/contest/acm-scoreboard/:contestID': (d) => `/contest/acm-scoreboard/${d.contestId}`,
  '/contest/oi-scoreboard/:contestID': (d) => `/contest/oi-scoreboard/${d.oiContestId}`,
  '/contest/:contestID': (d) => `/contest/${d.contestId}`,
  '/contest/:contestID/submissions': (d) => `/contest/${d.contestId}/submissions`,
  '/contest/:contestID/problem/:problemID/submission-detail/:submitID': (d) =>
    `/contest/${d.contestId}/problem/${d.contestDisplayId}/submission-detail/${d.contestSubmitId}`,
  '/contest/:contestID/problems': (d) => `/contest/${d.contestId}/problems`,
  '/contest/:contestID/problem/:problemID': (d) => `/contest/${d.contestId}/problem/${d.contestDisplayId}`,
  '/contest/:contestID/announcements': (d) => `/contest/${d.contestId}/announcements`,
  '/contest/:contestID/rank': (d) => `/contest/${d.contestId}/rank`,
  '/contest/:contestID/ac-info': (d) => `/contest/${d.contestId}/ac-info`,
  '/contest/:contestID/rejudge': (d) => `/contest/${d.contestId}/rejudge`,
  '/contest/:contestID/comment': (d) => `/contest/${d.contestId}/comment`,
  '/contest/:contestID/print': (d) => `/contest/${d.contestId}/print`,
  '/contest/:contestID/admin-print': (d) => `/contest/${d.contestId}/admin-print`,
  '/contest/:contestID/scroll-board': (d) => `/contest/${d.contestId}/scroll-board`,
  '/contest/:contestID/clarification': (d) => `/contest/${d.contestId}/clarification`,
  // The sweep's contest is no exam: the page says so (the sessions' tables are e2e/specs/exam-clarification.spec.ts's).
  '/contest/:contestID/exam-sessions': (d) => `/contest/${d.contestId}/exam-sessions`,
  '/submission-detail/:submitID': (d) => `/submission-detail/${d.submitId}`,
  '/discussion/:problemID': (d) => `/discussion/${d.problemId}`,
  '/discussion-detail/:discussionID': (d) => `/discussion-detail/${d.discussionId}`,
  '/group/:groupID': (d) => `/group/${d.groupId}`,
  '/group/:groupID/announcement': (d) => `/group/${d.groupId}/announcement`,
  '/group/:groupID/problem': (d) => `/group/${d.groupId}/problem`,
  '/group/:groupID/problem/create': (d) => `/group/${d.groupId}/problem/create`,
  '/group/:groupID/problem/edit/:problemId': (d) => `/group/${d.groupId}/problem/edit/${d.groupProblemPid}`,
  '/group/:groupID/problem/:problemID': (d) => `/group/${d.groupId}/problem/${d.groupProblemId}`,
  '/group/:groupID/training': (d) => `/group/${d.groupId}/training`,
  '/group/:groupID/training/create': (d) => `/group/${d.groupId}/training/create`,
  '/group/:groupID/training/edit/:trainingId': (d) => `/group/${d.groupId}/training/edit/${d.groupTrainingId}`,
  '/group/:groupID/training/edit/:trainingId/problems': (d) =>
    `/group/${d.groupId}/training/edit/${d.groupTrainingId}/problems`,
  '/group/:groupID/training/:trainingID': (d) => `/group/${d.groupId}/training/${d.groupTrainingId}`,
  '/group/:groupID/training/:trainingID/problems': (d) => `/group/${d.groupId}/training/${d.groupTrainingId}/problems`,
  '/group/:groupID/training/:trainingID/problem/:problemID': (d) =>
    `/group/${d.groupId}/training/${d.groupTrainingId}/problem/${d.groupProblemId}`,
  '/group/:groupID/training/:trainingID/rank': (d) => `/group/${d.groupId}/training/${d.groupTrainingId}/rank`,
  '/group/:groupID/contest': (d) => `/group/${d.groupId}/contest`,
  '/group/:groupID/contest/create': (d) => `/group/${d.groupId}/contest/create`,
  '/group/:groupID/contest/:contestId/edit': (d) => `/group/${d.groupId}/contest/${d.groupContestId}/edit`,
  '/group/:groupID/contest/:contestId/problems': (d) => `/group/${d.groupId}/contest/${d.groupContestId}/problems`,
  '/group/:groupID/contest/:contestId/problem/create': (d) =>
    `/group/${d.groupId}/contest/${d.groupContestId}/problem/create`,
  '/group/:groupID/contest/:contestId/announcement': (d) =>
    `/group/${d.groupId}/contest/${d.groupContestId}/announcement`,
  '/group/:groupID/status': (d) => `/group/${d.groupId}/status`,
  '/group/:groupID/submission-detail/:submitID': (d) => `/group/${d.groupId}/submission-detail/${d.groupSubmitId}`,
  '/group/:groupID/discussion': (d) => `/group/${d.groupId}/discussion`,
  '/group/:groupID/discussion/:problemID': (d) => `/group/${d.groupId}/discussion/${d.groupProblemId}`,
  '/group/:groupID/discussion-detail/:discussionID': (d) =>
    `/group/${d.groupId}/discussion-detail/${d.groupDiscussionId}`,
  '/group/:groupID/member': (d) => `/group/${d.groupId}/member`,
  '/group/:groupID/setting': (d) => `/group/${d.groupId}/setting`,
  '/group/:groupID/rank': (d) => `/group/${d.groupId}/rank`,
  '/group/:groupID/gradebook': (d) => `/group/${d.groupId}/gradebook`,
  '/group/:groupID/reviewed-submissions': (d) => `/group/${d.groupId}/reviewed-submissions`,
  '/group/:groupID/plagiarism': (d) => `/group/${d.groupId}/plagiarism`,
  '/admin/problem/edit/:problemId': (d) => `/admin/problem/edit/${d.problemPid}`,
  '/admin/training/:trainingId/edit': (d) => `/admin/training/${d.trainingId}/edit`,
  '/admin/training/:trainingId/problems': (d) => `/admin/training/${d.trainingId}/problems`,
  '/admin/contest/:contestId/edit': (d) => `/admin/contest/${d.contestId}/edit`,
  '/admin/contest/:contestId/announcement': (d) => `/admin/contest/${d.contestId}/announcement`,
  '/admin/contest/:contestId/problems': (d) => `/admin/contest/${d.contestId}/problems`,
  '/admin/contest/:contestId/problem/create': (d) => `/admin/contest/${d.contestId}/problem/create`,
  '/admin/contest/:contestId/problem/:problemId/edit': (d) =>
    `/admin/contest/${d.contestId}/problem/${d.problemPid}/edit`,
  '/admin/contest/:contestId/plagiarism': (d) => `/admin/contest/${d.contestId}/plagiarism`,
  '/admin/training/:trainingId/plagiarism': (d) => `/admin/training/${d.trainingId}/plagiarism`,
  '/admin/problem/:problemId/plagiarism': (d) => `/admin/problem/${d.problemPid}/plagiarism`,
};

/** Paths of the table the sweep does not visit, and why. */
export const SKIPPED: Record<string, string> = {
  '/': 'redirect to /home (visited)',
  '/admin': 'redirect to /admin/dashboard (visited)',
  '/logout': 'ends the session of the context that visits it',
};

const ALL: Role[] = ['visitor', 'student', 'root'];
const SIGNED_IN: Role[] = ['student', 'root'];
const ROOT: Role[] = ['root'];
const VISITOR: Role[] = ['visitor'];

/** Who visits a path when the guard alone does not tell: the signed-out pages are a visitor's, the group admins'
 * and contest staff's pages root's (the student is a plain member), the admin area also the visitor's login. */
const ROLE_OVERRIDES: Record<string, Role[]> = {
  '/login': VISITOR,
  '/chusai': VISITOR,
  '/zhuce': VISITOR,
  '/apply-reset-password': VISITOR,
  '/reset-password': VISITOR,
  '/contest/:contestID/admin-print': ROOT,
  '/contest/:contestID/exam-sessions': ROOT,
  '/group/:groupID/problem/create': ROOT,
  '/group/:groupID/problem/edit/:problemId': ROOT,
  '/group/:groupID/training/create': ROOT,
  '/group/:groupID/training/edit/:trainingId': ROOT,
  '/group/:groupID/training/edit/:trainingId/problems': ROOT,
  '/group/:groupID/contest/create': ROOT,
  '/group/:groupID/contest/:contestId/edit': ROOT,
  '/group/:groupID/contest/:contestId/problems': ROOT,
  '/group/:groupID/contest/:contestId/problem/create': ROOT,
  '/group/:groupID/contest/:contestId/announcement': ROOT,
  '/group/:groupID/setting': ROOT,
  // A visitor is sent to the admin login (the extra route below), a student to a refusal.
  '/admin/dashboard': ['root', 'student'],
};

/** Pages outside the table's RouteDefs that the sweep visits too. */
const EXTRA: { pattern: string; roles: Role[] }[] = [{ pattern: '/admin/login', roles: VISITOR }];

export interface SweepRoute {
  /** The table's path pattern (the report's "route"). */
  pattern: string;
  roles: Role[];
  url: (d: SweepData) => string;
}

const rolesOf = (pattern: string, route: RouteDef, admin: boolean): Role[] => {
  if (ROLE_OVERRIDES[pattern]) return ROLE_OVERRIDES[pattern];
  if (admin || route.guard?.admin || route.guard?.superAdmin) return ROOT;
  if (route.guard?.login) return SIGNED_IN;
  return ALL;
};

/** Every path of the table with whether it is an admin path. */
export const tablePaths = () => [
  ...flattenRoutes(SITE_ROUTES, '/').map((r) => ({ ...r, admin: false })),
  ...flattenRoutes(ADMIN_ROUTES, '/admin').map((r) => ({ ...r, admin: true })),
];

/** The sweep's list: the paths of the table that are not skipped, plus EXTRA. */
export const sweepRoutes = (): SweepRoute[] => {
  // Children inherit their parents' login guard (the group and contest pages under /group/:groupID, /contest/:contestID).
  const guarded = new Set<string>();
  const walk = (routes: RouteDef[], base: string, inherited: boolean) => {
    for (const r of routes) {
      const full = flattenRoutes([r], base)[0].fullPath;
      if (inherited) guarded.add(full);
      walk(r.children ?? [], full, inherited || !!r.guard?.login);
    }
  };
  walk(SITE_ROUTES, '/', false);
  const list: SweepRoute[] = [];
  for (const { fullPath, route, admin } of tablePaths()) {
    if (SKIPPED[fullPath] !== undefined || route.redirect) continue;
    const fill = FILLS[fullPath];
    if (fullPath.includes(':') && !fill) continue; // Reported by coverageProblems().
    let roles = rolesOf(fullPath, route, admin);
    if (!ROLE_OVERRIDES[fullPath] && guarded.has(fullPath)) roles = roles.filter((r) => r !== 'visitor');
    list.push({ pattern: fullPath, roles, url: fill ?? (() => fullPath) });
  }
  for (const e of EXTRA) list.push({ pattern: e.pattern, roles: e.roles, url: () => e.pattern });
  return list;
};

/** What keeps the list from covering the table: parameterised paths without a fill, redirects not skipped, and
 * fills, skips or overrides naming paths the table no longer has. Empty when all is well. */
export const coverageProblems = (): string[] => {
  const paths = tablePaths();
  const known = new Set(paths.map((p) => p.fullPath));
  const problems: string[] = [];
  for (const { fullPath, route } of paths) {
    if (SKIPPED[fullPath] !== undefined) continue;
    if (route.redirect) problems.push(`${fullPath}: a redirect, add it to SKIPPED`);
    else if (fullPath.includes(':') && !FILLS[fullPath]) problems.push(`${fullPath}: no FILLS entry`);
  }
  for (const [name, table] of [
    ['FILLS', FILLS],
    ['SKIPPED', SKIPPED],
    ['ROLE_OVERRIDES', ROLE_OVERRIDES],
  ] as const) {
    for (const key of Object.keys(table)) if (!known.has(key)) problems.push(`${name} names ${key}, not in the table`);
  }
  return problems;
};

/** A file-name slug of a pattern: /contest/:contestID/rank -> contest-contestID-rank. */
export const slugOf = (pattern: string) =>
  pattern.replace(/[:]/g, '').replace(/^\/+/, '').replace(/\//g, '-') || 'root';
