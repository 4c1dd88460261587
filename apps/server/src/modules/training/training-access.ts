import { type GroupRole, group as g, isRoot } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';
import { managesAllProblems } from '../problem/problem-access.js';

/** The fields of a training that decide who may manage it. */
export interface TrainingOwnerFields {
  uid: string;
  gid: number | null;
}

/** The one "training admin" rule (decisions 0019, 0024). A site training: root and problem_admin manage every
 * one, an admin (teacher) the ones they created. A group's training: the super admin, the group's root (owner,
 * level 5) and its author while a group admin; site teachers and problem_admin are strangers there, as with group
 * problems. `groupRole` is the viewer's role in the training's group (the group policy's answer), absent for a
 * site training. Training admins edit it and its problems, see it while hidden, open a private one without
 * registering and see the real names on its rank. */
export const managesTraining = (t: TrainingOwnerFields, viewer: AuthUser | undefined, groupRole?: GroupRole) => {
  if (!viewer) return false;
  if (isRoot(viewer.roles)) return true;
  if (t.gid !== null) {
    return !!groupRole && (g.isGroupRoot(groupRole) || (g.isGroupAdmin(groupRole) && t.uid === viewer.uid));
  }
  return managesAllProblems(viewer) || (viewer.roles.includes('admin') && t.uid === viewer.uid);
};
