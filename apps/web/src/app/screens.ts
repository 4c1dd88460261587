import type { ComponentType } from 'react';
import { HomePage } from '../features/home/home-page';
import { requestProblemDetailEarly } from '../features/problem/problem-detail-early';
import { PROBLEM_PAGE_NAMESPACES } from '../features/problem/problem-page-path';
import { type LazyScreen, lazyScreen } from '../lib/lazy-screen';
import type { RouteHandle } from './route-handle';
import type { ScreenName } from './route-table';

type Screen = ComponentType | LazyScreen<ComponentType>;

// Areas with many screens share one split point each (fewer preload stubs in the entry chunk, decision 0004).
const pick =
  <M extends Record<string, ComponentType>>(load: () => Promise<M>) =>
  (name: keyof M) =>
    lazyScreen(() => load().then((m) => ({ default: m[name] as ComponentType })));
const contestScreen = pick(() => import('../features/contest/contest-screens'));
const adminContestScreen = pick(() => import('../features/admin/contest/admin-contest-screens'));
const adminTrainingScreen = pick(() => import('../features/admin/training/admin-training-screens'));
const trainingScreen = pick(() => import('../features/training/training-screens'));
const discussionScreen = pick(() => import('../features/discussion/discussion-screens'));
const messageScreen = pick(() => import('../features/message/message-screens'));
const adminDiscussionScreen = pick(() => import('../features/admin/discussion/admin-discussion-screens'));
const groupScreen = pick(() => import('../features/group/group-screens'));
const groupContestScreen = pick(() => import('../features/group/group-contest-screens'));
const groupTrainingScreen = pick(() => import('../features/group/group-training-screens'));
const aboutScreen = pick(() => import('../features/about/about-screens'));

// Screens shown under several routes (contest variants reuse the public pages) share one lazy component.
// The problem page's code editor and the problem itself are asked for with the page, not once the page's chunk has
// arrived and rendered (decision 0038); the page's own lazy import and query then find them loaded or on their way.
const problemDetail = lazyScreen(
  () => {
    import('../features/problem/code-editor').catch(() => undefined);
    requestProblemDetailEarly();
    return import('../features/problem/problem-detail-page');
  },
  { namespaces: PROBLEM_PAGE_NAMESPACES },
);
const submissionList = lazyScreen(() => import('../features/submission/submission-list-page'));
const submissionDetail = lazyScreen(() => import('../features/submission/submission-detail-page'));
const adminProblemEdit = lazyScreen(() => import('../features/admin/problem/admin-problem-edit-page'));
const plagiarism = lazyScreen(() => import('../features/plagiarism/plagiarism-page'));

/** The implemented screens by route name. Home is the landing page and ships in the entry chunk; every other
 * screen is its own chunk (the SPA splits code by route, decision 0004). */
export const SCREENS: Record<ScreenName, Screen> = {
  Home: HomePage,
  LoginRedirect: lazyScreen(() => import('../features/auth/login-redirect')),
  Logout: lazyScreen(() => import('../features/auth/logout-page')),
  ProblemList: lazyScreen(() => import('../features/problem/problem-list-page')),
  ProblemDetails: problemDetail,
  SubmissionDetails: submissionDetail,
  ACMRank: lazyScreen(() => import('../features/rank/acm-rank-page')),
  OIRank: lazyScreen(() => import('../features/rank/oi-rank-page')),
  RatingRank: lazyScreen(() => import('../features/rank/rating-rank-page')),
  UserHome: lazyScreen(() => import('../features/user/user-home-page')),
  Setting: lazyScreen(() => import('../features/user/setting-page')),
  ApplyResetPassword: lazyScreen(() => import('../features/auth/apply-reset-password-page')),
  ResetPassword: lazyScreen(() => import('../features/auth/reset-password-page')),
  Register: lazyScreen(() => import('../features/auth/register-page')),
  SubmissionList: submissionList,
  AdminDashboard: lazyScreen(() => import('../features/admin/judge/admin-dashboard-page')),
  AdminProblemList: lazyScreen(() => import('../features/admin/problem/admin-problem-list-page')),
  AdminCreateProblem: adminProblemEdit,
  AdminEditProblem: adminProblemEdit,
  AdminProblemBatch: lazyScreen(() => import('../features/admin/problem/admin-problem-batch-page')),
  AdminUser: lazyScreen(() => import('../features/admin/user/admin-user-page')),
  AdminAnnouncement: lazyScreen(() => import('../features/admin/site/admin-announcement-page')),
  AdminNotice: lazyScreen(() => import('../features/admin/site/admin-notice-page')),
  AdminConfig: lazyScreen(() => import('../features/admin/site/admin-config-page')),
  AdminSwitch: lazyScreen(() => import('../features/admin/judge/admin-switch-page')),
  AdminTag: lazyScreen(() => import('../features/admin/problem/admin-tag-page')),
  AdminGroupProblemApply: lazyScreen(() => import('../features/admin/group/admin-group-problem-apply-page')),
  AdminAudit: lazyScreen(() => import('../features/admin/site/admin-audit-page')),
  AdminJudgeHeaders: lazyScreen(() => import('../features/admin/judge/admin-judge-header-page')),
  AdminAuth: lazyScreen(() => import('../features/admin/user/admin-auth-page')),
  AdminProblemImport: lazyScreen(() => import('../features/admin/problem/admin-problem-import-page')),
  ContestList: contestScreen('ContestList'),
  ContestDetails: contestScreen('ContestDetails'),
  ContestProblemList: contestScreen('ContestProblemList'),
  ContestProblemDetails: problemDetail,
  ContestFullProblemDetails: problemDetail,
  ContestSubmissionList: submissionList,
  ContestSubmissionDetails: submissionDetail,
  ContestRank: contestScreen('ContestRank'),
  ContestAnnouncementList: contestScreen('ContestAnnouncementList'),
  ACMScoreBoard: contestScreen('ContestScoreboard'),
  OIScoreBoard: contestScreen('ContestScoreboard'),
  // Contest part 2: the staff screens (AC info, rejudge, printing, scroll board) and the comment tab.
  ContestACInfo: contestScreen('ContestACInfo'),
  ContestRejudgeAdmin: contestScreen('ContestRejudgeAdmin'),
  ContestComment: contestScreen('ContestComment'),
  ContestPrint: contestScreen('ContestPrint'),
  ContestAdminPrint: contestScreen('ContestAdminPrint'),
  ContestScrollBoard: contestScreen('ContestScrollBoard'),
  // Exams and clarifications (decision 0055), in the contest chunk.
  ContestClarification: contestScreen('ContestClarification'),
  ContestExamSessions: contestScreen('ContestExamSessions'),
  AdminContestList: adminContestScreen('AdminContestList'),
  AdminCreateContest: adminContestScreen('AdminEditContest'),
  AdminEditContest: adminContestScreen('AdminEditContest'),
  AdminContestProblemList: adminContestScreen('AdminContestProblemList'),
  AdminContestAnnouncement: adminContestScreen('AdminContestAnnouncement'),
  AdminTrainingList: adminTrainingScreen('AdminTrainingList'),
  AdminCreateTraining: adminTrainingScreen('AdminEditTraining'),
  AdminEditTraining: adminTrainingScreen('AdminEditTraining'),
  AdminTrainingProblemList: adminTrainingScreen('AdminTrainingProblemList'),
  AdminTrainingCategory: adminTrainingScreen('AdminTrainingCategory'),
  // Contest-only problems use the problem form, saved through the contest's problem calls.
  AdminCreateContestProblem: adminProblemEdit,
  AdminEditContestProblem: adminProblemEdit,
  // Trainings: the list, the shell and its tabs share one chunk; the problem pages reuse the problem detail page.
  TrainingList: trainingScreen('TrainingList'),
  TrainingDetails: trainingScreen('TrainingDetails'),
  TrainingProblemList: trainingScreen('TrainingProblemList'),
  TrainingRank: trainingScreen('TrainingRank'),
  TrainingProblemDetails: problemDetail,
  TrainingFullProblemDetails: problemDetail,
  // Discussions: the list (general and per problem) and the detail share one chunk; the message centre another.
  DiscussionList: discussionScreen('DiscussionList'),
  ProblemDiscussionList: discussionScreen('ProblemDiscussionList'),
  DiscussionDetails: discussionScreen('DiscussionDetails'),
  Message: messageScreen('Message'),
  MessageList: messageScreen('MessageList'),
  AdminDiscussion: adminDiscussionScreen('AdminDiscussion'),
  AdminContestPlagiarism: plagiarism,
  AdminTrainingPlagiarism: plagiarism,
  AdminProblemPlagiarism: plagiarism,
  // Groups part 1: the list, the group shell (home) and its announcement, member, setting and rank tabs, one chunk.
  GroupList: groupScreen('GroupList'),
  GroupDetails: groupScreen('GroupDetails'),
  GroupAnnouncementList: groupScreen('GroupAnnouncementList'),
  GroupMemberList: groupScreen('GroupMemberList'),
  GroupPlagiarism: plagiarism,
  GroupSetting: groupScreen('GroupSetting'),
  GroupRank: groupScreen('GroupRank'),
  // Groups part 2: the problems tab in the group chunk; the problem form, problem and submission pages reused with
  // the group's id.
  GroupProblemList: groupScreen('GroupProblemList'),
  GroupCreateProblem: lazyScreen(() => import('../features/group/group-problem-edit-page')),
  GroupEditProblem: lazyScreen(() => import('../features/group/group-problem-edit-page')),
  GroupProblemDetails: problemDetail,
  GroupFullProblemDetails: problemDetail,
  GroupSubmissionList: submissionList,
  GroupSubmissionDetails: submissionDetail,
  // Groups part 3: the trainings tab with its admin pages (the training admin's pages with the group's calls), one
  // chunk; the training pages reused inside the group.
  GroupTrainingList: groupTrainingScreen('GroupTrainingList'),
  GroupTrainingDetails: trainingScreen('TrainingDetails'),
  GroupTrainingProblemList: trainingScreen('TrainingProblemList'),
  GroupTrainingRank: trainingScreen('TrainingRank'),
  GroupTrainingProblemDetails: problemDetail,
  GroupTrainingFullProblemDetails: problemDetail,
  GroupCreateTraining: groupTrainingScreen('GroupEditTraining'),
  GroupEditTraining: groupTrainingScreen('GroupEditTraining'),
  GroupTrainingProblemAdmin: groupTrainingScreen('GroupTrainingProblemAdmin'),
  // Groups part 3: the discussions tab, the site's discussion pages with the group's calls (group chunk).
  GroupDiscussionList: groupScreen('GroupDiscussionList'),
  GroupProblemDiscussionList: groupScreen('GroupProblemDiscussionList'),
  GroupDiscussionDetails: groupScreen('GroupDiscussionDetails'),
  // Groups part 3: the contests tab and its admin pages (the admin contest pages with the group's calls), one chunk;
  // a problem written inside a contest uses the group's problem form.
  GroupContestList: groupContestScreen('GroupContestList'),
  GroupCreateContest: groupContestScreen('GroupEditContest'),
  GroupEditContest: groupContestScreen('GroupEditContest'),
  GroupContestProblemList: groupContestScreen('GroupContestProblemList'),
  GroupContestAnnouncementList: groupContestScreen('GroupContestAnnouncementList'),
  GroupCreateContestProblem: lazyScreen(() => import('../features/group/group-problem-edit-page')),
  // The group admins' gradebook (decision 0052): its own chunk, loaded only where used.
  GroupGradebook: lazyScreen(() => import('../features/gradebook/gradebook-page'), {
    namespaces: ['gradebook', 'training', 'submission'],
  }),
  // The submissions the group's admins reviewed (decision 0053).
  GroupReviewedSubmissions: lazyScreen(() => import('../features/review/reviewed-submissions-page'), {
    namespaces: ['review', 'submission'],
  }),
  // The about pages and the result explanation: static texts, one chunk.
  Introduction: aboutScreen('Introduction'),
  Developer: aboutScreen('Developer'),
  ResultExplanation: aboutScreen('ResultExplanation'),
};

/** The screens the router matched for a path (a shell and its tab: each route's handle names its screen, router.tsx),
 * their chunks started now: `ready` settles once they are there, with the text namespaces they named. The entry
 * (main.tsx) renders the app once they are there, so a page opened from outside the app renders at once instead of
 * showing its loading view first (decision 0048). It takes the router's own matches: ranking the routes again here
 * cost as much as the router's ranking (about 25 ms on a busy 2-core machine, before the first render). */
export const preloadRoute = (
  matches: readonly { route: { handle?: unknown } }[],
): { ready: Promise<unknown>; namespaces: string[] } => {
  const screens = matches.flatMap(({ route }) => {
    const screen = (route.handle as RouteHandle | undefined)?.screen;
    const found = screen ? SCREENS[screen] : undefined;
    return found && 'preload' in found ? [found as LazyScreen<ComponentType>] : [];
  });
  return {
    ready: Promise.all(screens.map((s) => s.preload())),
    namespaces: screens.flatMap((s) => s.namespaces),
  };
};
