import type { TranslationKey } from '../locales/zh-cn';
import { type FeatureKey, hasFeature, IMPLEMENTED_FEATURES } from './features';

/** Site areas that the site configuration can switch off (spec 3 §2.2). */
export type AreaSwitch = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment';

export interface RouteGuard {
  login?: boolean;
  /** Any admin role (the admin area). */
  admin?: boolean;
  superAdmin?: boolean;
  area?: AreaSwitch;
}

/** Screen names: the spec's route names; app/screens.ts maps the implemented ones to lazy components. */
export type ScreenName = string;

export interface RouteDef {
  /** Relative to the parent route, react-router syntax. */
  path: string;
  feature: FeatureKey;
  screen?: ScreenName;
  redirect?: string;
  guard?: RouteGuard;
  /** Window title after the product name. */
  titleKey?: TranslationKey;
  /** Problem-detail and focus-mode pages have no footer (spec 1-core §2 "Site frame"). */
  hideFooter?: boolean;
  children?: RouteDef[];
}

const problemDetail = (screen: string, feature: FeatureKey): RouteDef => ({
  path: 'problem/:problemID',
  feature,
  screen,
  titleKey: 'Problem',
  hideFooter: true,
});

const groupDiscussion: RouteGuard = { area: 'openGroupDiscussion' };

/** The site's routes (spec 3 §2.1), declared once. Paths whose feature does not exist yet show the 404 page. */
export const SITE_ROUTES: RouteDef[] = [
  { path: '', feature: 'home', redirect: '/home' },
  { path: 'home', feature: 'home', screen: 'Home', titleKey: 'Home' },
  // /login and /chusai open home with the login dialog (DESIGN §7).
  { path: 'login', feature: 'auth', screen: 'LoginRedirect', titleKey: 'Login' },
  { path: 'chusai', feature: 'auth', screen: 'LoginRedirect', titleKey: 'Login' },
  { path: 'logout', feature: 'auth', screen: 'Logout', guard: { login: true }, titleKey: 'Logout' },
  {
    path: 'apply-reset-password',
    feature: 'reset-password',
    screen: 'ApplyResetPassword',
    titleKey: 'Forget_Password',
  },
  { path: 'reset-password', feature: 'reset-password', screen: 'ResetPassword', titleKey: 'Forget_Password' },
  { path: 'zhuce', feature: 'register', screen: 'Register', titleKey: 'Register' },
  { path: 'problem', feature: 'problem', screen: 'ProblemList', titleKey: 'Problem' },
  { ...problemDetail('ProblemDetails', 'problem') },
  {
    path: 'training/:trainingID/problem/:problemID/full-screen',
    feature: 'training',
    screen: 'TrainingFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'contest/:contestID/problem/:problemID/full-screen',
    feature: 'contest',
    screen: 'ContestFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'group/:groupID/problem/:problemID/full-screen',
    feature: 'group-problem',
    screen: 'GroupFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    feature: 'group-content',
    screen: 'GroupTrainingFullProblemDetails',
    hideFooter: true,
  },
  { path: 'training', feature: 'training', screen: 'TrainingList', titleKey: 'Training' },
  {
    path: 'training/:trainingID',
    feature: 'training',
    screen: 'TrainingDetails',
    titleKey: 'Training',
    children: [
      { path: 'problems', feature: 'training', screen: 'TrainingProblemList' },
      problemDetail('TrainingProblemDetails', 'training'),
      { path: 'rank', feature: 'training', screen: 'TrainingRank' },
    ],
  },
  { path: 'contest', feature: 'contest', screen: 'ContestList', titleKey: 'Contest' },
  { path: 'contest/acm-scoreboard/:contestID', feature: 'contest', screen: 'ACMScoreBoard', titleKey: 'Contest' },
  { path: 'contest/oi-scoreboard/:contestID', feature: 'contest', screen: 'OIScoreBoard', titleKey: 'Contest' },
  {
    path: 'contest/:contestID',
    feature: 'contest',
    screen: 'ContestDetails',
    guard: { login: true },
    titleKey: 'Contest',
    children: [
      { path: 'submissions', feature: 'contest', screen: 'ContestSubmissionList' },
      {
        path: 'problem/:problemID/submission-detail/:submitID',
        feature: 'contest',
        screen: 'ContestSubmissionDetails',
      },
      { path: 'problems', feature: 'contest', screen: 'ContestProblemList' },
      problemDetail('ContestProblemDetails', 'contest'),
      { path: 'announcements', feature: 'contest', screen: 'ContestAnnouncementList' },
      { path: 'rank', feature: 'contest', screen: 'ContestRank' },
      { path: 'ac-info', feature: 'contest', screen: 'ContestACInfo' },
      { path: 'rejudge', feature: 'contest', screen: 'ContestRejudgeAdmin', guard: { superAdmin: true } },
      { path: 'comment', feature: 'contest', screen: 'ContestComment', guard: { area: 'openContestComment' } },
      { path: 'print', feature: 'contest', screen: 'ContestPrint' },
      { path: 'admin-print', feature: 'contest', screen: 'ContestAdminPrint' },
      { path: 'scroll-board', feature: 'contest', screen: 'ContestScrollBoard' },
    ],
  },
  { path: 'status', feature: 'status', screen: 'SubmissionList', titleKey: 'Nav_Status' },
  // Not in the route table of spec 3 §2.1: the result explanation page of spec 2, under the list it explains.
  { path: 'status/explanation', feature: 'status', screen: 'ResultExplanation', titleKey: 'Result_Explanation' },
  { path: 'submission-detail/:submitID', feature: 'status', screen: 'SubmissionDetails', titleKey: 'Nav_Status' },
  { path: 'acm-rank', feature: 'rank', screen: 'ACMRank', titleKey: 'ACM_Rank' },
  { path: 'oi-rank', feature: 'rank', screen: 'OIRank', titleKey: 'OI_Rank' },
  { path: 'user-home', feature: 'user-home', screen: 'UserHome', titleKey: 'MyHome' },
  { path: 'setting', feature: 'setting', screen: 'Setting', guard: { login: true }, titleKey: 'Setting' },
  {
    path: 'discussion',
    feature: 'discussion',
    screen: 'DiscussionList',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  {
    path: 'discussion/:problemID',
    feature: 'discussion',
    screen: 'ProblemDiscussionList',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  {
    path: 'discussion-detail/:discussionID',
    feature: 'discussion',
    screen: 'DiscussionDetails',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  { path: 'group', feature: 'group', screen: 'GroupList', titleKey: 'Group' },
  {
    path: 'group/:groupID',
    feature: 'group',
    screen: 'GroupDetails',
    guard: { login: true },
    titleKey: 'Group',
    children: [
      { path: 'announcement', feature: 'group', screen: 'GroupAnnouncementList' },
      { path: 'problem', feature: 'group-problem', screen: 'GroupProblemList' },
      // Group admins' problem form (spec 3 §2.1 GroupCreateProblem, GroupEditProblem; the edit path takes the pid).
      { path: 'problem/create', feature: 'group-problem', screen: 'GroupCreateProblem' },
      { path: 'problem/edit/:problemId', feature: 'group-problem', screen: 'GroupEditProblem' },
      problemDetail('GroupProblemDetails', 'group-problem'),
      { path: 'training', feature: 'group-content', screen: 'GroupTrainingList' },
      // Group admins' training form and a training's problems (spec 3 §2.5 GroupCreateTraining, GroupEditTraining).
      { path: 'training/create', feature: 'group-content', screen: 'GroupCreateTraining' },
      { path: 'training/edit/:trainingId', feature: 'group-content', screen: 'GroupEditTraining' },
      { path: 'training/edit/:trainingId/problems', feature: 'group-content', screen: 'GroupTrainingProblemAdmin' },
      {
        path: 'training/:trainingID',
        feature: 'group-content',
        screen: 'GroupTrainingDetails',
        children: [
          { path: 'problems', feature: 'group-content', screen: 'GroupTrainingProblemList' },
          problemDetail('GroupTrainingProblemDetails', 'group-content'),
          { path: 'rank', feature: 'group-content', screen: 'GroupTrainingRank' },
        ],
      },
      { path: 'contest', feature: 'group-content', screen: 'GroupContestList' },
      // Group admins' contest pages (spec 3 §2.5 GroupCreateContest, GroupEditContest, GroupContestProblemList,
      // GroupContestAnnouncementList) and the problem form writing a problem inside a contest.
      { path: 'contest/create', feature: 'group-content', screen: 'GroupCreateContest' },
      { path: 'contest/:contestId/edit', feature: 'group-content', screen: 'GroupEditContest' },
      { path: 'contest/:contestId/problems', feature: 'group-content', screen: 'GroupContestProblemList' },
      { path: 'contest/:contestId/problem/create', feature: 'group-content', screen: 'GroupCreateContestProblem' },
      { path: 'contest/:contestId/announcement', feature: 'group-content', screen: 'GroupContestAnnouncementList' },
      { path: 'status', feature: 'group-problem', screen: 'GroupSubmissionList' },
      { path: 'submission-detail/:submitID', feature: 'group-problem', screen: 'GroupSubmissionDetails' },
      { path: 'discussion', feature: 'group-content', screen: 'GroupDiscussionList', guard: groupDiscussion },
      {
        path: 'discussion/:problemID',
        feature: 'group-content',
        screen: 'GroupProblemDiscussionList',
        guard: groupDiscussion,
      },
      {
        path: 'discussion-detail/:discussionID',
        feature: 'group-content',
        screen: 'GroupDiscussionDetails',
        guard: groupDiscussion,
      },
      { path: 'member', feature: 'group', screen: 'GroupMemberList' },
      { path: 'setting', feature: 'group', screen: 'GroupSetting' },
      { path: 'rank', feature: 'group', screen: 'GroupRank' },
    ],
  },
  { path: 'introduction', feature: 'about', screen: 'Introduction', titleKey: 'Introduction' },
  { path: 'developer', feature: 'about', screen: 'Developer', titleKey: 'Developer' },
  {
    path: 'message',
    feature: 'message',
    screen: 'Message',
    guard: { login: true },
    children: ['discuss', 'reply', 'like', 'sys', 'mine'].map((path) => ({
      path,
      feature: 'message' as const,
      screen: 'MessageList',
    })),
  },
];

const superAdmin: RouteGuard = { admin: true, superAdmin: true };

/** Children of /admin (spec 3 §2.3); all need an admin role, some the super admin. */
export const ADMIN_ROUTES: RouteDef[] = [
  { path: '', feature: 'admin', redirect: '/admin/dashboard' },
  { path: 'dashboard', feature: 'admin', screen: 'AdminDashboard', titleKey: 'Dashboard' },
  { path: 'user', feature: 'admin-user', screen: 'AdminUser', guard: superAdmin, titleKey: 'Admin_User' },
  // "Auth admin": a read-only page of the role x permission table (DESIGN §7).
  { path: 'auth', feature: 'admin-auth', screen: 'AdminAuth', guard: superAdmin, titleKey: 'Admin_Auth' },
  {
    path: 'announcement',
    feature: 'admin-announcement',
    screen: 'AdminAnnouncement',
    guard: superAdmin,
    titleKey: 'Admin_Announcement',
  },
  { path: 'notice', feature: 'admin-notice', screen: 'AdminNotice', guard: superAdmin, titleKey: 'Admin_Notice' },
  { path: 'conf', feature: 'admin-config', screen: 'AdminConfig', guard: superAdmin, titleKey: 'Admin_Config' },
  { path: 'switch', feature: 'admin-config', screen: 'AdminSwitch', guard: superAdmin, titleKey: 'Admin_Switch' },
  { path: 'problems', feature: 'admin-problem', screen: 'AdminProblemList', titleKey: 'Admin_Problems' },
  { path: 'problem/create', feature: 'admin-problem', screen: 'AdminCreateProblem', titleKey: 'Admin_Problem_Create' },
  {
    path: 'problem/edit/:problemId',
    feature: 'admin-problem',
    screen: 'AdminEditProblem',
    titleKey: 'Admin_Title_Problem_Edit',
  },
  { path: 'problem/tag', feature: 'admin-tag', screen: 'AdminTag', titleKey: 'Admin_Tags' },
  {
    path: 'group-problem/apply',
    feature: 'admin-group-problem',
    screen: 'AdminGroupProblemApply',
    titleKey: 'Admin_Group_Problem_Apply',
  },
  {
    path: 'problem/batch-operation',
    feature: 'admin-problem-batch',
    screen: 'AdminProblemBatch',
    titleKey: 'Admin_Problem_Batch',
    // Imports and exports are root only (DESIGN §7 "Roles").
    guard: superAdmin,
  },
  {
    path: 'training/create',
    feature: 'admin-training',
    screen: 'AdminCreateTraining',
    titleKey: 'Admin_Training_Create',
  },
  { path: 'training', feature: 'admin-training', screen: 'AdminTrainingList', titleKey: 'Admin_Training' },
  {
    path: 'training/:trainingId/edit',
    feature: 'admin-training',
    screen: 'AdminEditTraining',
    titleKey: 'Admin_Title_Training_Edit',
  },
  {
    path: 'training/:trainingId/problems',
    feature: 'admin-training',
    screen: 'AdminTrainingProblemList',
    titleKey: 'Admin_Title_Training_Problems',
  },
  {
    path: 'training/category',
    feature: 'admin-training',
    screen: 'AdminTrainingCategory',
    titleKey: 'Admin_Training_Category',
  },
  {
    path: 'contest/create',
    feature: 'admin-contest',
    screen: 'AdminCreateContest',
    titleKey: 'Admin_Title_Contest_Create',
  },
  { path: 'contest', feature: 'admin-contest', screen: 'AdminContestList', titleKey: 'Admin_Contest' },
  {
    path: 'contest/:contestId/edit',
    feature: 'admin-contest',
    screen: 'AdminEditContest',
    titleKey: 'Admin_Title_Contest_Edit',
  },
  {
    path: 'contest/:contestId/announcement',
    feature: 'admin-contest',
    screen: 'AdminContestAnnouncement',
    titleKey: 'Admin_Title_Contest_Announcement',
  },
  {
    path: 'contest/:contestId/problems',
    feature: 'admin-contest',
    screen: 'AdminContestProblemList',
    titleKey: 'Admin_Title_Contest_Problems',
  },
  {
    path: 'contest/:contestId/problem/create',
    feature: 'admin-contest',
    screen: 'AdminCreateContestProblem',
    titleKey: 'Admin_Title_Contest_Problem_Create',
  },
  {
    path: 'contest/:contestId/problem/:problemId/edit',
    feature: 'admin-contest',
    screen: 'AdminEditContestProblem',
    titleKey: 'Admin_Title_Contest_Problem_Edit',
  },
  { path: 'discussion', feature: 'admin-discussion', screen: 'AdminDiscussion', titleKey: 'Admin_Discussion' },
  // Not in spec 3 §2.3: the audit log of DESIGN §7 "Operations" and the other judges' import formats.
  { path: 'audit', feature: 'admin-audit', screen: 'AdminAudit', guard: superAdmin, titleKey: 'Admin_Audit' },
  {
    path: 'problem/import',
    feature: 'admin-problem-batch',
    screen: 'AdminProblemImport',
    guard: superAdmin,
    titleKey: 'Admin_Problem_Import',
  },
];

/** A route is live when its feature exists; otherwise its path (and everything under it) is the 404 page. */
export const isRouteLive = (route: RouteDef, implemented: readonly FeatureKey[] = IMPLEMENTED_FEATURES) =>
  hasFeature(route.feature, implemented);

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path}`.replace(/\/+/g, '/');

/** Every declared path with its route, flattened (absolute paths). */
export const flattenRoutes = (routes: RouteDef[], base = '/'): { fullPath: string; route: RouteDef }[] =>
  routes.flatMap((route) => {
    const fullPath = route.path ? join(base, route.path) : base;
    return [{ fullPath, route }, ...flattenRoutes(route.children ?? [], fullPath)];
  });

const matches = (pattern: string, pathname: string) => {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
};

/** The declared route a path belongs to (site or admin), if any; used by menus and tests. */
export const findRoute = (pathname: string) => {
  const all = [...flattenRoutes(SITE_ROUTES, '/'), ...flattenRoutes(ADMIN_ROUTES, '/admin')];
  // Literal segments win over parameters (/contest/acm-scoreboard/1 before /contest/:contestID/...).
  const found = all.filter((r) => matches(r.fullPath, pathname));
  found.sort((x, y) => y.fullPath.split(':').length - x.fullPath.split(':').length);
  return found.at(-1);
};

/** Whether a path shows a real screen now (false: the 404 page, or not declared at all). */
export const isPathAvailable = (pathname: string, implemented: readonly FeatureKey[] = IMPLEMENTED_FEATURES) => {
  const hit = findRoute(pathname);
  return !!hit && isRouteLive(hit.route, implemented);
};
