import { isAdminRole } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';

/** The fields of a problem that decide who may read it. */
export interface ProblemAccessFields {
  /** 1 public, 2 private (hidden), 3 contest-only. */
  auth: number;
  isGroup: number;
  /** The username of the admin who wrote it. */
  author: string;
}

/** Root and problem_admin manage every problem; an admin (teacher) only the ones they wrote. */
export const managesAllProblems = (user: AuthUser) =>
  user.roles.includes('root') || user.roles.includes('problem_admin');

/** The one "may read problem" rule (docs/decisions/0016): a public bank problem (auth 1, not a group's) is
 * everyone's; any other (private, contest-only, a group's) only for who may manage it: root, problem_admin and
 * the admin who wrote it. The problem pages, submitting, a submission's problem title and adding a problem to a
 * contest (trainings too, when they come) all ask this. A contest's participants read its problems through the
 * contest (contest.service.ts), never through this rule. */
export const mayReadProblem = (p: ProblemAccessFields, viewer: AuthUser | undefined) => {
  if (p.auth === 1 && p.isGroup === 0) return true;
  if (!viewer || !isAdminRole(viewer.roles)) return false;
  return managesAllProblems(viewer) || (p.author !== '' && p.author === viewer.username);
};
