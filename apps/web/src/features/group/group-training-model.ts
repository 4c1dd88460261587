import type { GroupRole } from '@oj/shared';
import { group as groupContract } from '@oj/shared';

const { isGroupAdmin, isGroupRoot } = groupContract;

/** The group a training admin page works for: its id and the viewer's role in it. */
export interface TrainingAdminGroup {
  gid: number;
  role: GroupRole;
}

/** A group's training is managed (edited, its problems changed, switched, deleted) by its author while a group
 * admin, by the group root (owner) and by the super admin; the server answers 403 to anyone else. */
export const canManageGroupTraining = (
  role: GroupRole,
  username: string | undefined,
  training: { author: string; gid: number | null },
  gid: number,
) => training.gid === gid && (isGroupRoot(role) || (isGroupAdmin(role) && !!username && training.author === username));

/** Where a training lives: the site's /training/:id or the group's /group/:gid/training/:id. */
export const trainingBasePath = (tid: number | string, gid?: number | null) =>
  gid ? `/group/${gid}/training/${tid}` : `/training/${tid}`;

/** The group's training admin pages (GroupCreateTraining, GroupEditTraining, the training's problems and its copy
 * detection on the group's tab). */
export const groupTrainingAdminPaths = (gid: number) => ({
  list: `/group/${gid}/training?mode=admin`,
  create: `/group/${gid}/training/create`,
  edit: (tid: number) => `/group/${gid}/training/edit/${tid}`,
  problems: (tid: number) => `/group/${gid}/training/edit/${tid}/problems`,
  plagiarism: (tid: number) => `/group/${gid}/plagiarism?tid=${tid}`,
});

/** Site categories and the group's own: another group's categories are not offered. */
export const categoriesForGroup = <C extends { gid: number | null }>(categories: C[], gid: number) =>
  categories.filter((c) => c.gid === null || c.gid === gid);
