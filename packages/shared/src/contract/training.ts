import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qInt, qStr, wireInt } from '../api.js';
import { getProblemDetail, tag } from './problem.js';

/** Trainings: ordered problem sets, public or password-protected, with progress and a rank (HOJ's
 * TrainingController; decision 0019). A group's training is a training with a gid. */

export const TRAINING_AUTH = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export const trainingAuth = z.enum([TRAINING_AUTH.PUBLIC, TRAINING_AUTH.PRIVATE]);
export type TrainingAuth = z.infer<typeof trainingAuth>;

/** Page sizes: the list 15, the rank 30. */
export const TRAINING_PAGE = { list: 15, rank: 30 } as const;
/** The ordering number of a new training. */
export const TRAINING_DEFAULT_RANK = 1000;

export const trainingCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  gid: z.number().int().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type TrainingCategory = z.infer<typeof trainingCategory>;

/** Homework (decision 0052): a training with a due time is an assignment. Late submissions (after the due time, up to
 * `lateUntil`) keep 100 - latePenalty x (started days or hours late) percent of their score, never less than
 * latePenaltyFloor; after lateUntil (or after the due time without one) they are judged but do not count. */
export const LATE_PENALTY_UNITS = ['day', 'hour'] as const;
export const latePenaltyUnit = z.enum(LATE_PENALTY_UNITS);
export type LatePenaltyUnit = z.infer<typeof latePenaltyUnit>;
/** Where an assignment stands for one student: not open yet, open, past its due time but still counted with the
 * penalty, closed. */
export const HOMEWORK_STATES = ['upcoming', 'open', 'late', 'closed'] as const;
export const homeworkState = z.enum(HOMEWORK_STATES);
export type HomeworkState = z.infer<typeof homeworkState>;
/** How many hours before the due time students who have not finished an assignment are reminded. */
export const HOMEWORK_REMINDER_HOURS = 24;

/** A training's homework rule as every answer carries it (null times: not set). */
export const homeworkRule = {
  openTime: isoDate.nullable(),
  dueTime: isoDate.nullable(),
  lateUntil: isoDate.nullable(),
  latePenalty: z.number().int(),
  latePenaltyUnit,
  latePenaltyFloor: z.number().int(),
};

/** HOJ's TrainingVO. `description` is null for a caller who may see the card of a private training but not its
 * content (decision 0019); acCount is the caller's solved problems of it (0 for visitors). */
export const training = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  author: z.string(),
  auth: trainingAuth,
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  rank: z.number().int(),
  problemCount: z.number().int(),
  acCount: z.number().int(),
  gid: z.number().int().nullable(),
  gmtModified: isoDate,
  ...homeworkRule,
  /** The viewer's own due time and late-until when a group admin extended them, else null. */
  myDueTime: isoDate.nullable(),
  myLateUntil: isoDate.nullable(),
  /** The viewer's state of the assignment (null: no due time, or a visitor). */
  homeworkState: homeworkState.nullable(),
  /** The viewer's homework score, 0-100 (null: no due time, or a visitor). */
  homeworkScore: z.number().nullable(),
});
export type Training = z.infer<typeof training>;

const tid = wireInt(z.number().int());

export const getTrainingCategory = endpoint({
  method: 'GET',
  path: '/api/get-training-category',
  access: 'public',
  input: z.object({}),
  output: z.array(trainingCategory),
});

export const getTrainingList = endpoint({
  method: 'GET',
  path: '/api/get-training-list',
  access: 'public',
  input: z.object({
    ...pageQuery(TRAINING_PAGE.list),
    keyword: qStr().pipe(z.string().max(100).optional()),
    categoryId: qInt(),
    auth: qStr().pipe(trainingAuth.optional()),
  }),
  output: page(training),
});

export const getTrainingDetail = endpoint({
  method: 'GET',
  path: '/api/get-training-detail',
  access: 'user',
  input: z.object({ tid }),
  output: training,
});

/** A problem of a training as its problem list shows it: `problemId` is its display id in the training, ac and total
 * count the public bank's submissions, myStatus is the caller's (-10 never submitted; any AC wins). */
export const trainingProblem = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  tags: z.array(tag),
  ac: z.number().int(),
  total: z.number().int(),
  myStatus: z.number().int(),
});
export type TrainingProblem = z.infer<typeof trainingProblem>;

/** A plain array, as HOJ's `List<ProblemVO>` (decision 0019). */
export const getTrainingProblemList = endpoint({
  method: 'GET',
  path: '/api/get-training-problem-list',
  access: 'user',
  input: z.object({ tid }),
  output: z.array(trainingProblem),
});

export const registerTraining = endpoint({
  method: 'POST',
  path: '/api/register-training',
  access: 'user',
  input: z.object({ tid, password: z.string().max(100).nullish() }),
  output: z.null(),
});

export const getTrainingAccess = endpoint({
  method: 'GET',
  path: '/api/get-training-access',
  access: 'user',
  input: z.object({ tid }),
  output: z.object({ access: z.boolean() }),
});

/** A problem of a training by its display id, with the training's access rule; `cid` (HOJ's client's name) is taken as
 * an alias of `tid`. */
export const getTrainingProblemDetails = endpoint({
  method: 'GET',
  path: '/api/get-training-problem-details',
  access: 'user',
  input: z.object({ tid: qInt(), cid: qInt(), displayId: z.string().trim().min(1).max(100) }),
  output: getProblemDetail.output,
});

export const trainingRankCell = z.object({
  status: z.number().int(),
  score: z.number().int().nullable(),
  isAC: z.boolean(),
  /** ms: the fastest accepted run, else the latest judged one. */
  runTime: z.number().int().nullable(),
});

/** HOJ's TrainingRankVO; realname only for the training's admins, submissionInfo keyed by display id. */
export const trainingRankRow = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
  ac: z.number().int(),
  totalRunTime: z.number().int(),
  submissionInfo: z.record(z.string(), trainingRankCell),
});
export type TrainingRankRow = z.infer<typeof trainingRankRow>;

export const getTrainingRank = endpoint({
  method: 'GET',
  path: '/api/get-training-rank',
  access: 'user',
  input: z.object({
    tid,
    ...pageQuery(TRAINING_PAGE.rank),
    keyword: qStr().pipe(z.string().max(100).optional()),
  }),
  output: page(trainingRankRow),
});
