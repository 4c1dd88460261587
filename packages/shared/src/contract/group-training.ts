import { z } from 'zod';
import { endpoint, page, pageQuery, qStr, wireInt } from '../api.js';
import {
  addTrainingProblemFromPublic,
  adminTraining,
  changeTrainingStatus,
  createTrainingCategory,
  deleteTrainingProblem,
  getTrainingProblemList,
  trainingDto,
  trainingForm,
  trainingProblemEntry,
  updateTrainingProblem,
} from './admin-training.js';
import { groupId } from './group.js';
import { training, trainingCategory } from './training.js';

/** A group's trainings (HOJ's GroupTrainingController): the
 * site's trainings with a gid, managed through the admin training code with the group's permissions. Group admins
 * create them; the author (while a group admin), the group's root and the super admin manage one. Reading one
 * (detail, problems, rank, register, submit) is the public training calls', for the group's members. */

const tid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

/** The group's visible trainings with the caller's progress (its admins: hidden ones too). */
export const getGroupTrainingList = endpoint({
  method: 'GET',
  path: '/api/group/get-training-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId }),
  output: page(training),
});

/** Every training of the group with its admin fields: group admins. */
export const getGroupAdminTrainingList = endpoint({
  method: 'GET',
  path: '/api/group/get-admin-training-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId, keyword: qStr().pipe(z.string().max(100).optional()) }),
  output: page(adminTraining),
});

export const getGroupTraining = endpoint({
  method: 'GET',
  path: '/api/group/training',
  access: 'user',
  input: z.object({ tid }),
  output: trainingDto,
});

/** HOJ's TrainingDTO with `training.gid`. */
const groupTrainingForm = trainingForm.extend({
  training: trainingForm.shape.training.extend({ gid: groupId }),
});

export const createGroupTraining = endpoint({
  method: 'POST',
  path: '/api/group/training',
  access: 'user',
  input: groupTrainingForm,
  output: trainingDto,
});

export const updateGroupTraining = endpoint({
  method: 'PUT',
  path: '/api/group/training',
  access: 'user',
  input: groupTrainingForm.extend({
    training: groupTrainingForm.shape.training.extend({ id: wireInt(z.number({ error: 'fieldRequired' }).int()) }),
  }),
  output: trainingDto,
});

export const deleteGroupTraining = endpoint({
  method: 'DELETE',
  path: '/api/group/training',
  access: 'user',
  input: z.object({ tid }),
  output: z.null(),
});

export const changeGroupTrainingStatus = endpoint({
  method: 'PUT',
  path: '/api/group/change-training-status',
  access: 'user',
  input: changeTrainingStatus.input,
  output: z.null(),
});

/** queryExisted: the training's problems in order; otherwise the public bank's problems not in it (the add dialog). */
export const getGroupTrainingProblemList = endpoint({
  method: 'GET',
  path: '/api/group/get-training-problem-list',
  access: 'user',
  input: getTrainingProblemList.input,
  output: getTrainingProblemList.output,
});

export const updateGroupTrainingProblem = endpoint({
  method: 'PUT',
  path: '/api/group/training-problem',
  access: 'user',
  input: updateTrainingProblem.input,
  output: trainingProblemEntry,
});

export const deleteGroupTrainingProblem = endpoint({
  method: 'DELETE',
  path: '/api/group/training-problem',
  access: 'user',
  input: deleteTrainingProblem.input,
  output: z.null(),
});

export const addGroupTrainingProblemFromPublic = endpoint({
  method: 'POST',
  path: '/api/group/add-training-problem-from-public',
  access: 'user',
  input: addTrainingProblemFromPublic.input,
  output: trainingProblemEntry,
});

/** A problem of the training's group, named by its display id (HOJ's `problemId`), which it keeps in the training. */
export const addGroupTrainingProblemFromGroup = endpoint({
  method: 'POST',
  path: '/api/group/add-training-problem-from-group',
  access: 'user',
  input: z.object({
    problemId: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(100),
    tid,
  }),
  output: trainingProblemEntry,
});

/** Categories are one list for the whole site (get-training-category); a group admin adds one from the group's
 * training form, so a group without a fitting category is never stuck. It carries the group's id. */
export const createGroupTrainingCategory = endpoint({
  method: 'POST',
  path: '/api/group/training-category',
  access: 'user',
  input: createTrainingCategory.input.extend({ gid: groupId }),
  output: trainingCategory,
});
