import { z } from 'zod';
import { endpoint, isoDate, wireInt } from '../api.js';
import { groupId } from './group.js';

/** Homework extensions and a group's gradebook (decision 0052): one row per student (a member who is not a group
 * admin), one column per assignment (the group's trainings with a due time and its contests, by date), for the
 * group's admins and root. */

const tid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

/** Lab-time help: a student is stuck on a problem after this many failed tries with no Accepted, for this long. */
export const STUCK_DEFAULTS = { attempts: 3, minutes: 10 } as const;
/** Only tries made this recently are looked at for "who is stuck" (a lab, not the whole term). */
export const STUCK_WINDOW_HOURS = 4;

export const trainingExtension = z.object({
  tid: z.number().int(),
  uid: z.string(),
  /** The student's own due time and late-until (the training's moved by the same amount); null: no extension. */
  dueTime: isoDate.nullable(),
  lateUntil: isoDate.nullable(),
});
export type TrainingExtension = z.infer<typeof trainingExtension>;

/** A later due time for one student of a group training with a due time (group admins: the training's admins);
 * `dueTime: null` removes the extension. The due time must be after the training's own. */
export const setTrainingExtension = endpoint({
  method: 'PUT',
  path: '/api/group/training-extension',
  access: 'user',
  input: z.object({
    tid,
    uid: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(64),
    dueTime: z.iso.datetime({ offset: true }).nullable(),
  }),
  output: trainingExtension,
});

export const ASSIGNMENT_KINDS = ['training', 'contest'] as const;
export const assignmentKind = z.enum(ASSIGNMENT_KINDS);
export type AssignmentKind = z.infer<typeof assignmentKind>;

/** One column: a training with a due time (open and due times, the late rule) or a contest (its start and end). */
export const gradebookAssignment = z.object({
  kind: assignmentKind,
  id: z.number().int(),
  title: z.string(),
  /** A training's open time, a contest's start. */
  openTime: isoDate.nullable(),
  /** A training's due time, a contest's end. */
  dueTime: isoDate,
  lateUntil: isoDate.nullable(),
  latePenalty: z.number().int(),
  latePenaltyUnit: z.enum(['day', 'hour']),
  latePenaltyFloor: z.number().int(),
  /** A contest's rule: 'ACM' | 'OI'; null for a training. */
  contestType: z.enum(['ACM', 'OI']).nullable(),
  problemCount: z.number().int(),
  /** The class average of the column's scores (null: no student). */
  average: z.number().nullable(),
});
export type GradebookAssignment = z.infer<typeof gradebookAssignment>;

export const gradebookCell = z.object({
  /** 0-100: a training's counted problem scores over its problems, an OI contest's score over its maximum, an ACM
   * contest's solved problems over its problems. */
  score: z.number(),
  solved: z.number().int(),
  total: z.number().int(),
  /** A problem's counted score came from a late submission. */
  late: z.boolean(),
  /** The student has an extension: `dueTime` is his own. */
  extended: z.boolean(),
  dueTime: isoDate.nullable(),
  /** Any try made in the assignment. */
  started: z.boolean(),
  /** An ACM contest's penalty time in seconds (null elsewhere). */
  totalTime: z.number().int().nullable(),
  /** An OI contest's score and its maximum (null elsewhere). */
  totalScore: z.number().int().nullable(),
  maxScore: z.number().int().nullable(),
});
export type GradebookCell = z.infer<typeof gradebookCell>;

export const gradebookStudent = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  /** The mean of the row's scores (null: no assignment). */
  total: z.number().nullable(),
  /** In the order of `assignments`. */
  cells: z.array(gradebookCell),
});
export type GradebookStudent = z.infer<typeof gradebookStudent>;

export const gradebook = z.object({
  gid: z.number().int(),
  groupName: z.string(),
  assignments: z.array(gradebookAssignment),
  students: z.array(gradebookStudent),
  /** The mean of the students' totals. */
  average: z.number().nullable(),
});
export type Gradebook = z.infer<typeof gradebook>;

export const getGroupGradebook = endpoint({
  method: 'GET',
  path: '/api/group/gradebook',
  access: 'user',
  input: z.object({ gid: groupId }),
  output: gradebook,
});

/** One student's standing on one problem of an assignment. */
export const assignmentProblemCell = z.object({
  /** The best try's verdict (our status codes; -10: never tried). */
  status: z.number().int(),
  /** The problem's counted score, 0-100 (trainings: after the late penalty; contests: as the board counts it). */
  score: z.number().nullable(),
  attempts: z.number().int(),
  lastSubmitTime: isoDate.nullable(),
  late: z.boolean(),
});
export type AssignmentProblemCell = z.infer<typeof assignmentProblemCell>;

export const assignmentMatrix = z.object({
  gid: z.number().int(),
  assignment: gradebookAssignment,
  problems: z.array(
    z.object({ pid: z.number().int(), displayId: z.string(), title: z.string(), problemId: z.string() }),
  ),
  students: z.array(
    gradebookStudent.omit({ cells: true, total: true }).extend({
      cell: gradebookCell,
      /** In the order of `problems`. */
      problems: z.array(assignmentProblemCell),
    }),
  ),
});
export type AssignmentMatrix = z.infer<typeof assignmentMatrix>;

/** One assignment's students x problems, with each cell's verdict, tries and last submission time. */
export const getGradebookAssignment = endpoint({
  method: 'GET',
  path: '/api/group/gradebook-assignment',
  access: 'user',
  input: z.object({ gid: groupId, kind: assignmentKind, id: wireInt(z.number({ error: 'fieldRequired' }).int()) }),
  output: assignmentMatrix,
});

export const stuckStudent = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  kind: assignmentKind,
  id: z.number().int(),
  title: z.string(),
  pid: z.number().int(),
  displayId: z.string(),
  attempts: z.number().int(),
  lastStatus: z.number().int(),
  firstSubmitTime: isoDate,
  lastSubmitTime: isoDate,
});
export type StuckStudent = z.infer<typeof stuckStudent>;

/** Who is stuck: students with at least `attempts` failed tries and no Accepted on a problem of the group's
 * assignments, the first of them at least `minutes` ago (tries of the last STUCK_WINDOW_HOURS), longest stuck first. */
export const getGradebookStuck = endpoint({
  method: 'GET',
  path: '/api/group/gradebook-stuck',
  access: 'user',
  input: z.object({
    gid: groupId,
    attempts: wireInt(z.number().int().default(STUCK_DEFAULTS.attempts), { min: 1, max: 100 }),
    minutes: wireInt(z.number().int().default(STUCK_DEFAULTS.minutes), { min: 0, max: 240 }),
  }),
  output: z.array(stuckStudent),
});

/** The gradebook as a workbook (a grid sheet and one students x problems sheet per assignment) or as CSV (the grid),
 * real names included. */
export const downloadGroupGradebook = endpoint({
  method: 'GET',
  path: '/api/file/download-group-gradebook',
  access: 'user',
  input: z.object({
    gid: groupId,
    format: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(['xlsx', 'csv']).default('xlsx')),
  }),
  output: z.unknown(),
  binary: true,
});

/** The gradebook's live event (`gradebook` on the event stream opened with `gid`): a verdict in one of the group's
 * assignments changed; the page reads the gradebook again. */
export interface LiveGradebookEvent {
  gid: number;
}
