import { isRoot } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';
import { managesAllProblems } from '../problem/problem-access.js';

/** The fields of a training that decide who may manage it. */
export interface TrainingOwnerFields {
  uid: string;
}

/** The one "training admin" rule (decision 0019): root and problem_admin manage every training, an admin (teacher)
 * the ones they created. Training admins edit it and its problems, see it while hidden, open a private one
 * without registering and see the real names on its rank. Group level 5 joins with groups. */
export const managesTraining = (t: TrainingOwnerFields, viewer: AuthUser | undefined) =>
  !!viewer &&
  (isRoot(viewer.roles) || managesAllProblems(viewer) || (viewer.roles.includes('admin') && t.uid === viewer.uid));
