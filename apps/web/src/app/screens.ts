import type { ComponentType, LazyExoticComponent } from 'react';
import { HomePage } from '../features/home/home-page';
import { lazyScreen } from '../lib/lazy-screen';
import type { ScreenName } from './route-table';

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/** The implemented screens by route name. Home is the landing page and ships in the entry chunk; every other
 * screen is its own chunk (DESIGN §5: the SPA splits code by route). */
export const SCREENS: Record<ScreenName, Screen> = {
  Home: HomePage,
  LoginRedirect: lazyScreen(() => import('../features/auth/login-redirect')),
  Logout: lazyScreen(() => import('../features/auth/logout-page')),
  ProblemList: lazyScreen(() => import('../features/problem/problem-list-page')),
  ProblemDetails: lazyScreen(() => import('../features/problem/problem-detail-page')),
  SubmissionDetails: lazyScreen(() => import('../features/submission/submission-detail-page')),
  ACMRank: lazyScreen(() => import('../features/rank/acm-rank-page')),
  OIRank: lazyScreen(() => import('../features/rank/oi-rank-page')),
  UserHome: lazyScreen(() => import('../features/user/user-home-page')),
  Setting: lazyScreen(() => import('../features/user/setting-page')),
  ApplyResetPassword: lazyScreen(() => import('../features/auth/apply-reset-password-page')),
  ResetPassword: lazyScreen(() => import('../features/auth/reset-password-page')),
  SubmissionList: lazyScreen(() => import('../features/submission/submission-list-page')),
  AdminDashboard: lazyScreen(() => import('../features/admin/admin-dashboard-page')),
  AdminProblemList: lazyScreen(() => import('../features/admin/admin-problem-list-page')),
  AdminCreateProblem: lazyScreen(() => import('../features/admin/admin-problem-edit-page')),
  AdminEditProblem: lazyScreen(() => import('../features/admin/admin-problem-edit-page')),
  AdminProblemBatch: lazyScreen(() => import('../features/admin/admin-problem-batch-page')),
  AdminUser: lazyScreen(() => import('../features/admin/admin-user-page')),
  AdminAnnouncement: lazyScreen(() => import('../features/admin/admin-announcement-page')),
  AdminNotice: lazyScreen(() => import('../features/admin/admin-notice-page')),
  AdminConfig: lazyScreen(() => import('../features/admin/admin-config-page')),
  AdminSwitch: lazyScreen(() => import('../features/admin/admin-switch-page')),
  AdminTag: lazyScreen(() => import('../features/admin/admin-tag-page')),
  AdminAudit: lazyScreen(() => import('../features/admin/admin-audit-page')),
  AdminProblemImport: lazyScreen(() => import('../features/admin/admin-problem-import-page')),
  ContestList: lazyScreen(() => import('../features/contest/contest-list-page')),
  ContestDetails: lazyScreen(() => import('../features/contest/contest-detail-page')),
  ContestProblemList: lazyScreen(() => import('../features/contest/contest-problem-list-page')),
  ContestProblemDetails: lazyScreen(() => import('../features/problem/problem-detail-page')),
  ContestFullProblemDetails: lazyScreen(() => import('../features/problem/problem-detail-page')),
  ContestSubmissionList: lazyScreen(() => import('../features/submission/submission-list-page')),
  ContestSubmissionDetails: lazyScreen(() => import('../features/submission/submission-detail-page')),
  ContestRank: lazyScreen(() => import('../features/contest/contest-rank-page')),
  ContestAnnouncementList: lazyScreen(() => import('../features/contest/contest-announcement-page')),
  ACMScoreBoard: lazyScreen(() => import('../features/contest/contest-scoreboard-page')),
  OIScoreBoard: lazyScreen(() => import('../features/contest/contest-scoreboard-page')),
};
