import type { groupTraining } from '@oj/shared';
import type { z } from 'zod';
import type { AuthUser } from '../auth/session.service.js';
import type { AdminTrainingService } from '../training/admin-training.service.js';
import type { TrainingService } from '../training/training.service.js';
import type { GroupPolicy } from './group-policy.js';

type Form = z.output<typeof groupTraining.createGroupTraining.input>;

/** A group's trainings (HOJ's GroupTrainingController; decision 0024): what names a group (the
 * lists, a new training, a new category) asks the group policy here; the rest is the training services' with the
 * group's id, never a copy. A call on one training goes straight to the admin training service, whose rule for a
 * group's training asks the policy itself (training-access.ts: author while a group admin, the group's root, the
 * super admin). */
export const createGroupTrainingService = (deps: {
  policy: GroupPolicy;
  trainings: TrainingService;
  admin: AdminTrainingService;
}) => {
  const { policy, admin } = deps;
  return {
    /** The group's visible trainings with the caller's progress. */
    async list(q: { gid: number; currentPage: number; limit: number }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'member');
      return deps.trainings.list(q, viewer, q.gid);
    },

    async adminList(q: { gid: number; currentPage: number; limit: number; keyword?: string }, viewer: AuthUser) {
      await policy.require(q.gid, viewer, 'admin');
      return admin.list(q, viewer, q.gid);
    },

    async create(f: Form, viewer: AuthUser) {
      await policy.require(f.training.gid, viewer, 'admin');
      return admin.create(f, viewer, f.training.gid);
    },

    async createCategory(b: { gid: number; name: string; color: string }, viewer: AuthUser) {
      await policy.require(b.gid, viewer, 'admin');
      return admin.createCategory(b, b.gid);
    },
  };
};
export type GroupTrainingService = ReturnType<typeof createGroupTrainingService>;
