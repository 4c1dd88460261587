import type { TranslationKey } from '../locales/zh-cn';

/** Site areas that the site configuration can switch off. */
export type AreaSwitch = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment';

export interface RouteGuard {
  login?: boolean;
  /** Any admin role (the admin area). */
  admin?: boolean;
  superAdmin?: boolean;
  area?: AreaSwitch;
}

/** Screen names, one per route (ProblemList, GroupCreateProblem ...); app/screens.ts maps the implemented ones to
 * lazy components. */
export type ScreenName = string;

export interface RouteDef {
  /** Relative to the parent route, react-router syntax. */
  path: string;
  screen?: ScreenName;
  redirect?: string;
  guard?: RouteGuard;
  /** Window title after the product name. */
  titleKey?: TranslationKey;
  /** Problem-detail and focus-mode pages have no footer. */
  hideFooter?: boolean;
  children?: RouteDef[];
}

const problemDetail = (screen: string): RouteDef => ({
  path: 'problem/:problemID',
  screen,
  titleKey: 'Problem',
  hideFooter: true,
});

const groupDiscussion: RouteGuard = { area: 'openGroupDiscussion' };

/** The site's routes, declared once; a path not declared here shows the 404 page. */
export const SITE_ROUTES: RouteDef[] = [
  { path: '', redirect: '/home' },
  { path: 'home', screen: 'Home', titleKey: 'Home' },
  // /login and /chusai open home with the login dialog.
  { path: 'login', screen: 'LoginRedirect', titleKey: 'Login' },
  { path: 'chusai', screen: 'LoginRedirect', titleKey: 'Login' },
  { path: 'logout', screen: 'Logout', guard: { login: true }, titleKey: 'Logout' },
  {
    path: 'apply-reset-password',
    screen: 'ApplyResetPassword',
    titleKey: 'Forget_Password',
  },
  { path: 'reset-password', screen: 'ResetPassword', titleKey: 'Forget_Password' },
  { path: 'zhuce', screen: 'Register', titleKey: 'Register' },
  { path: 'problem', screen: 'ProblemList', titleKey: 'Problem' },
  problemDetail('ProblemDetails'),
  {
    path: 'training/:trainingID/problem/:problemID/full-screen',
    screen: 'TrainingFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'contest/:contestID/problem/:problemID/full-screen',
    screen: 'ContestFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'group/:groupID/problem/:problemID/full-screen',
    screen: 'GroupFullProblemDetails',
    hideFooter: true,
  },
  {
    path: 'group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    screen: 'GroupTrainingFullProblemDetails',
    hideFooter: true,
  },
  { path: 'training', screen: 'TrainingList', titleKey: 'Training' },
  {
    path: 'training/:trainingID',
    screen: 'TrainingDetails',
    titleKey: 'Training',
    children: [
      { path: 'problems', screen: 'TrainingProblemList' },
      problemDetail('TrainingProblemDetails'),
      { path: 'rank', screen: 'TrainingRank' },
    ],
  },
  { path: 'contest', screen: 'ContestList', titleKey: 'Contest' },
  { path: 'contest/acm-scoreboard/:contestID', screen: 'ACMScoreBoard', titleKey: 'Contest' },
  { path: 'contest/oi-scoreboard/:contestID', screen: 'OIScoreBoard', titleKey: 'Contest' },
  {
    path: 'contest/:contestID',
    screen: 'ContestDetails',
    guard: { login: true },
    titleKey: 'Contest',
    children: [
      { path: 'submissions', screen: 'ContestSubmissionList' },
      {
        path: 'problem/:problemID/submission-detail/:submitID',
        screen: 'ContestSubmissionDetails',
      },
      { path: 'problems', screen: 'ContestProblemList' },
      problemDetail('ContestProblemDetails'),
      { path: 'announcements', screen: 'ContestAnnouncementList' },
      { path: 'rank', screen: 'ContestRank' },
      { path: 'ac-info', screen: 'ContestACInfo' },
      { path: 'rejudge', screen: 'ContestRejudgeAdmin', guard: { superAdmin: true } },
      { path: 'comment', screen: 'ContestComment', guard: { area: 'openContestComment' } },
      { path: 'print', screen: 'ContestPrint' },
      { path: 'admin-print', screen: 'ContestAdminPrint' },
      { path: 'scroll-board', screen: 'ContestScrollBoard' },
      // Exams and clarifications (decision 0055): the questions and answers, and the exam's sessions (its admins).
      { path: 'clarification', screen: 'ContestClarification' },
      { path: 'exam-sessions', screen: 'ContestExamSessions' },
    ],
  },
  { path: 'status', screen: 'SubmissionList', titleKey: 'Nav_Status' },
  // The result explanation page, under the list it explains.
  { path: 'status/explanation', screen: 'ResultExplanation', titleKey: 'Result_Explanation' },
  { path: 'submission-detail/:submitID', screen: 'SubmissionDetails', titleKey: 'Nav_Status' },
  { path: 'acm-rank', screen: 'ACMRank', titleKey: 'ACM_Rank' },
  { path: 'oi-rank', screen: 'OIRank', titleKey: 'OI_Rank' },
  { path: 'rating-rank', screen: 'RatingRank', titleKey: 'Rating_Rank' },
  { path: 'user-home', screen: 'UserHome', titleKey: 'MyHome' },
  { path: 'setting', screen: 'Setting', guard: { login: true }, titleKey: 'Setting' },
  {
    path: 'discussion',
    screen: 'DiscussionList',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  {
    path: 'discussion/:problemID',
    screen: 'ProblemDiscussionList',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  {
    path: 'discussion-detail/:discussionID',
    screen: 'DiscussionDetails',
    guard: { area: 'openPublicDiscussion' },
    titleKey: 'Discussion',
  },
  { path: 'group', screen: 'GroupList', titleKey: 'Group' },
  {
    path: 'group/:groupID',
    screen: 'GroupDetails',
    guard: { login: true },
    titleKey: 'Group',
    children: [
      { path: 'announcement', screen: 'GroupAnnouncementList' },
      { path: 'problem', screen: 'GroupProblemList' },
      // Group admins' problem form (GroupCreateProblem, GroupEditProblem; the edit path takes the pid).
      { path: 'problem/create', screen: 'GroupCreateProblem' },
      { path: 'problem/edit/:problemId', screen: 'GroupEditProblem' },
      problemDetail('GroupProblemDetails'),
      { path: 'training', screen: 'GroupTrainingList' },
      // Group admins' training form and a training's problems (GroupCreateTraining, GroupEditTraining).
      { path: 'training/create', screen: 'GroupCreateTraining' },
      { path: 'training/edit/:trainingId', screen: 'GroupEditTraining' },
      { path: 'training/edit/:trainingId/problems', screen: 'GroupTrainingProblemAdmin' },
      {
        path: 'training/:trainingID',
        screen: 'GroupTrainingDetails',
        children: [
          { path: 'problems', screen: 'GroupTrainingProblemList' },
          problemDetail('GroupTrainingProblemDetails'),
          { path: 'rank', screen: 'GroupTrainingRank' },
        ],
      },
      { path: 'contest', screen: 'GroupContestList' },
      // Group admins' contest pages (GroupCreateContest, GroupEditContest, GroupContestProblemList,
      // GroupContestAnnouncementList) and the problem form writing a problem inside a contest.
      { path: 'contest/create', screen: 'GroupCreateContest' },
      { path: 'contest/:contestId/edit', screen: 'GroupEditContest' },
      { path: 'contest/:contestId/problems', screen: 'GroupContestProblemList' },
      { path: 'contest/:contestId/problem/create', screen: 'GroupCreateContestProblem' },
      { path: 'contest/:contestId/announcement', screen: 'GroupContestAnnouncementList' },
      { path: 'status', screen: 'GroupSubmissionList' },
      { path: 'submission-detail/:submitID', screen: 'GroupSubmissionDetails' },
      { path: 'discussion', screen: 'GroupDiscussionList', guard: groupDiscussion },
      {
        path: 'discussion/:problemID',
        screen: 'GroupProblemDiscussionList',
        guard: groupDiscussion,
      },
      {
        path: 'discussion-detail/:discussionID',
        screen: 'GroupDiscussionDetails',
        guard: groupDiscussion,
      },
      { path: 'member', screen: 'GroupMemberList' },
      // Copy detection of the group, or of its contest, training or problem (?cid=, ?tid=, ?pid=): its admins'.
      { path: 'plagiarism', screen: 'GroupPlagiarism' },
      { path: 'setting', screen: 'GroupSetting' },
      { path: 'rank', screen: 'GroupRank' },
      // The class gradebook of the group's admins (decision 0052).
      { path: 'gradebook', screen: 'GroupGradebook' },
      // The submissions the group's admins reviewed (decision 0053).
      { path: 'reviewed-submissions', screen: 'GroupReviewedSubmissions' },
    ],
  },
  { path: 'introduction', screen: 'Introduction', titleKey: 'Introduction' },
  { path: 'developer', screen: 'Developer', titleKey: 'Developer' },
  {
    path: 'message',
    screen: 'Message',
    guard: { login: true },
    titleKey: 'Message_Menu',
    children: ['discuss', 'reply', 'like', 'sys', 'mine'].map((path) => ({
      path,
      screen: 'MessageList',
    })),
  },
];

const superAdmin: RouteGuard = { admin: true, superAdmin: true };

/** Children of /admin; all need an admin role, some the super admin. */
export const ADMIN_ROUTES: RouteDef[] = [
  { path: '', redirect: '/admin/dashboard' },
  { path: 'dashboard', screen: 'AdminDashboard', titleKey: 'Dashboard' },
  { path: 'user', screen: 'AdminUser', guard: superAdmin, titleKey: 'Admin_User' },
  // "Auth admin": a read-only page of the role x permission table.
  { path: 'auth', screen: 'AdminAuth', guard: superAdmin, titleKey: 'Admin_Auth' },
  {
    path: 'announcement',
    screen: 'AdminAnnouncement',
    guard: superAdmin,
    titleKey: 'Admin_Announcement',
  },
  { path: 'notice', screen: 'AdminNotice', guard: superAdmin, titleKey: 'Admin_Notice' },
  { path: 'conf', screen: 'AdminConfig', guard: superAdmin, titleKey: 'Admin_Config' },
  { path: 'switch', screen: 'AdminSwitch', guard: superAdmin, titleKey: 'Admin_Switch' },
  { path: 'problems', screen: 'AdminProblemList', titleKey: 'Admin_Problems' },
  { path: 'problem/create', screen: 'AdminCreateProblem', titleKey: 'Admin_Problem_Create' },
  {
    path: 'problem/edit/:problemId',
    screen: 'AdminEditProblem',
    titleKey: 'Admin_Title_Problem_Edit',
  },
  { path: 'problem/tag', screen: 'AdminTag', titleKey: 'Admin_Tags' },
  {
    path: 'group-problem/apply',
    screen: 'AdminGroupProblemApply',
    titleKey: 'Admin_Group_Problem_Apply',
  },
  {
    path: 'problem/batch-operation',
    screen: 'AdminProblemBatch',
    titleKey: 'Admin_Problem_Batch',
    // Imports and exports are root only.
    guard: superAdmin,
  },
  {
    path: 'training/create',
    screen: 'AdminCreateTraining',
    titleKey: 'Admin_Training_Create',
  },
  { path: 'training', screen: 'AdminTrainingList', titleKey: 'Admin_Training' },
  {
    path: 'training/:trainingId/edit',
    screen: 'AdminEditTraining',
    titleKey: 'Admin_Title_Training_Edit',
  },
  {
    path: 'training/:trainingId/problems',
    screen: 'AdminTrainingProblemList',
    titleKey: 'Admin_Title_Training_Problems',
  },
  {
    path: 'training/category',
    screen: 'AdminTrainingCategory',
    titleKey: 'Admin_Training_Category',
  },
  {
    path: 'contest/create',
    screen: 'AdminCreateContest',
    titleKey: 'Admin_Title_Contest_Create',
  },
  { path: 'contest', screen: 'AdminContestList', titleKey: 'Admin_Contest' },
  {
    path: 'contest/:contestId/edit',
    screen: 'AdminEditContest',
    titleKey: 'Admin_Title_Contest_Edit',
  },
  {
    path: 'contest/:contestId/announcement',
    screen: 'AdminContestAnnouncement',
    titleKey: 'Admin_Title_Contest_Announcement',
  },
  {
    path: 'contest/:contestId/problems',
    screen: 'AdminContestProblemList',
    titleKey: 'Admin_Title_Contest_Problems',
  },
  {
    path: 'contest/:contestId/problem/create',
    screen: 'AdminCreateContestProblem',
    titleKey: 'Admin_Title_Contest_Problem_Create',
  },
  {
    path: 'contest/:contestId/problem/:problemId/edit',
    screen: 'AdminEditContestProblem',
    titleKey: 'Admin_Title_Contest_Problem_Edit',
  },
  { path: 'discussion', screen: 'AdminDiscussion', titleKey: 'Admin_Discussion' },
  // Copy detection of a contest, a training or a problem, for its admins (decision 0047).
  { path: 'contest/:contestId/plagiarism', screen: 'AdminContestPlagiarism', titleKey: 'Copy_Detection' },
  { path: 'training/:trainingId/plagiarism', screen: 'AdminTrainingPlagiarism', titleKey: 'Copy_Detection' },
  { path: 'problem/:problemId/plagiarism', screen: 'AdminProblemPlagiarism', titleKey: 'Copy_Detection' },
  // Beyond HOJ's admin routes: the audit log (rejudges, manual judges, role and configuration changes) and the
  // other judges' import formats.
  { path: 'audit', screen: 'AdminAudit', guard: superAdmin, titleKey: 'Admin_Audit' },
  // The site's judge headers (testlib.h ...), on the include path of every checker and interactor compile.
  { path: 'judge-headers', screen: 'AdminJudgeHeaders', guard: superAdmin, titleKey: 'Admin_Judge_Headers' },
  {
    path: 'problem/import',
    screen: 'AdminProblemImport',
    guard: superAdmin,
    titleKey: 'Admin_Problem_Import',
  },
];

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

/** Whether a path shows a real screen (false: not declared, the 404 page). */
export const isPathAvailable = (pathname: string) => !!findRoute(pathname);
