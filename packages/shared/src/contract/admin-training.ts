import { z } from 'zod';
import { endpoint, INT32, isoDate, page, pageQuery, qBool, qStr, wireInt } from '../api.js';
import { homeworkRule, latePenaltyUnit, trainingAuth, trainingCategory } from './training.js';

/** Training administration (HOJ's AdminTrainingController and AdminTrainingCategoryController). An admin manages own
 * trainings, root and problem_admin all of them. */

/** HOJ's Training entity as its admins see it (the password included). */
export const adminTraining = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  auth: trainingAuth,
  privatePwd: z.string().nullable(),
  status: z.boolean(),
  rank: z.number().int(),
  isGroup: z.boolean(),
  gid: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  problemCount: z.number().int(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
  ...homeworkRule,
});
export type AdminTraining = z.infer<typeof adminTraining>;

/** HOJ's TrainingDTO. */
export const trainingDto = z.object({ training: adminTraining, trainingCategory: trainingCategory.nullable() });
export type TrainingDto = z.infer<typeof trainingDto>;

const required = (max: number) =>
  z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(max);

/** What the form sends: HOJ's TrainingDTO, `{training, trainingCategory}` (rank 0..2^31-1, title,
 * description and category required, a password when private; the service checks the last two). */
export const trainingForm = z.object({
  training: z.object({
    id: wireInt(z.number().int().nullish()),
    title: required(255),
    description: z.string({ error: 'fieldRequired' }).min(1, { error: 'fieldRequired' }).max(65535),
    auth: trainingAuth,
    privatePwd: z.string().max(100).nullish(),
    rank: wireInt(z.number({ error: 'fieldRequired' }).int(), { min: 0, max: INT32.max }),
    status: z.boolean().nullish(),
    // Homework (decision 0052), all optional: open < due <= late-until, late-until only with a due time.
    openTime: z.iso.datetime({ offset: true }).nullish(),
    dueTime: z.iso.datetime({ offset: true }).nullish(),
    lateUntil: z.iso.datetime({ offset: true }).nullish(),
    latePenalty: wireInt(z.number().int().nullish(), { min: 0, max: 100 }),
    latePenaltyUnit: latePenaltyUnit.nullish(),
    latePenaltyFloor: wireInt(z.number().int().nullish(), { min: 0, max: 100 }),
  }),
  trainingCategory: z.object({ id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) }).passthrough(),
});
export type TrainingForm = z.input<typeof trainingForm>;

const tid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

export const getAdminTrainingList = endpoint({
  method: 'GET',
  path: '/api/admin/training/get-training-list',
  access: 'admin',
  input: z.object({ ...pageQuery(10), keyword: qStr().pipe(z.string().max(100).optional()) }),
  output: page(adminTraining),
});

export const getAdminTraining = endpoint({
  method: 'GET',
  path: '/api/admin/training',
  access: 'admin',
  input: z.object({ tid }),
  output: trainingDto,
});

export const createTraining = endpoint({
  method: 'POST',
  path: '/api/admin/training',
  access: 'admin',
  input: trainingForm,
  output: trainingDto,
});

export const updateTraining = endpoint({
  method: 'PUT',
  path: '/api/admin/training',
  access: 'admin',
  input: trainingForm.extend({
    training: trainingForm.shape.training.extend({ id: wireInt(z.number({ error: 'fieldRequired' }).int()) }),
  }),
  output: trainingDto,
});

export const deleteTraining = endpoint({
  method: 'DELETE',
  path: '/api/admin/training',
  access: 'root',
  input: z.object({ tid }),
  output: z.null(),
});

export const changeTrainingStatus = endpoint({
  method: 'PUT',
  path: '/api/admin/training/change-training-status',
  access: 'admin',
  input: z.object({
    tid,
    /** HOJ's client sends the author's username; the server decides by the training itself. */
    author: qStr(),
    status: z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.stringbool()),
  }),
  output: z.null(),
});

/** A bank problem as the training's problem pages list it (HOJ's Problem entity, trimmed). */
export const adminTrainingProblemListItem = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  auth: z.number().int(),
  type: z.number().int(),
  difficulty: z.number().int(),
  modifiedUser: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});

/** HOJ's TrainingProblem. `rank` orders the list (ascending, then the id). */
export const trainingProblemEntry = z.object({
  id: z.number().int(),
  tid: z.number().int(),
  pid: z.number().int(),
  displayId: z.string(),
  rank: z.number().int(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type TrainingProblemEntry = z.infer<typeof trainingProblemEntry>;

/** queryExisted: the training's own problems in its order (true), or the public bank's problems not yet in it, for
 * the add dialog (false, HOJ's default). */
export const getTrainingProblemList = endpoint({
  method: 'GET',
  path: '/api/admin/training/get-problem-list',
  access: 'admin',
  input: z.object({
    tid,
    ...pageQuery(10),
    keyword: qStr().pipe(z.string().max(100).optional()),
    queryExisted: qBool(),
  }),
  output: z.object({
    problemList: page(adminTrainingProblemListItem),
    /** Keyed by the problem's id. */
    trainingProblemMap: z.record(z.string(), trainingProblemEntry),
  }),
});

const displayId = z
  .string({ error: 'fieldRequired' })
  .trim()
  .min(1, { error: 'fieldRequired' })
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'problemIdInvalid' });

/** HOJ's TrainingProblem body: the row by `id`, its new display id and order. */
export const updateTrainingProblem = endpoint({
  method: 'PUT',
  path: '/api/admin/training/problem',
  access: 'admin',
  input: z.object({
    id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
    tid: wireInt(z.number().int().nullish()),
    pid: wireInt(z.number().int().nullish()),
    displayId: displayId.optional(),
    rank: wireInt(z.number().int().min(0).optional(), { min: 0, max: INT32.max }),
  }),
  output: trainingProblemEntry,
});

export const deleteTrainingProblem = endpoint({
  method: 'DELETE',
  path: '/api/admin/training/problem',
  access: 'admin',
  input: z.object({ pid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), tid }),
  output: z.null(),
});

export const addTrainingProblemFromPublic = endpoint({
  method: 'POST',
  path: '/api/admin/training/add-problem-from-public',
  access: 'admin',
  input: z.object({ pid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), tid, displayId }),
  output: trainingProblemEntry,
});

const categoryBody = {
  name: required(50),
  /** A CSS hex colour (the tag colours' rule). */
  color: z
    .string({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'fieldInvalid' }),
};

export const createTrainingCategory = endpoint({
  method: 'POST',
  path: '/api/admin/training/category',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: z.object({ ...categoryBody }),
  output: trainingCategory,
});

export const updateTrainingCategory = endpoint({
  method: 'PUT',
  path: '/api/admin/training/category',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: z.object({ id: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), ...categoryBody }),
  output: trainingCategory,
});

/** A category some training uses is refused (400 naming them). */
export const deleteTrainingCategory = endpoint({
  method: 'DELETE',
  path: '/api/admin/training/category',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: z.object({ cid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) }),
  output: z.null(),
});
