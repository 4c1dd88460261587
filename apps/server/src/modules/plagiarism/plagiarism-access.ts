import { type GroupRole, group as g, isAdminRole, isRoot } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';
import { type ContestOwnerFields, managesContest } from '../contest/contest-access.js';
import { managesAllProblems } from '../problem/problem-access.js';
import { managesTraining, type TrainingOwnerFields } from '../training/training-access.js';

/** A scope of copy detection with the fields that decide who administers it. */
export type ScopeOwner =
  | { kind: 'contest'; contest: ContestOwnerFields }
  | { kind: 'training'; training: TrainingOwnerFields }
  | { kind: 'group' }
  | { kind: 'problem'; problem: { author: string; gid: number | null } };

/**
 * The one "admin of this scope" rule of copy detection (decision 0047): the rule each area's own admin pages use.
 * A contest: its admins (contest-access.ts, root, its creator, a group contest's group root). A training: its
 * admins (training-access.ts). A group: its admins (group-policy.ts, level admin and up, the owner, the super
 * admin). A problem: a site problem's managers (root, problem_admin, the teacher who wrote it, as the admin problem
 * pages say), a group's problem the group's admins (who read every submission of the group). `groupRole` is the
 * viewer's role in the scope's group (the group policy's answer), absent on the site. Everyone else, students
 * first, has no part in it: a check they cannot administer does not exist for them.
 */
export const managesScope = (s: ScopeOwner, viewer: AuthUser | undefined, groupRole?: GroupRole): boolean => {
  if (!viewer) return false;
  if (isRoot(viewer.roles)) return true;
  switch (s.kind) {
    case 'contest':
      return managesContest(s.contest, viewer, groupRole);
    case 'training':
      return managesTraining(s.training, viewer, groupRole);
    case 'group':
      return !!groupRole && g.isGroupAdmin(groupRole);
    case 'problem':
      if (s.problem.gid !== null) return !!groupRole && g.isGroupAdmin(groupRole);
      return (
        isAdminRole(viewer.roles) &&
        (managesAllProblems(viewer) || (s.problem.author !== '' && s.problem.author === viewer.username))
      );
  }
};
