import { z } from 'zod';
import { endpoint, page, pageQuery, qBool, qStr, wireInt } from '../api.js';
import {
  adminProblem,
  compileInteractive,
  compileSpj,
  createProblem,
  PROBLEM_BODY_MAX_BYTES,
  problemCase,
  problemDto,
} from './admin-problem.js';
import { groupId } from './group.js';
import { tag } from './problem.js';
import { trainingProblem } from './training.js';

/** A group's own problems (HOJ's GroupProblemController and AdminGroupProblemController; decision 0023): the site's
 * problems with a gid, written through the admin problem code with the group's permissions. Their display id starts
 * with the group's short name. */

/** Inside a group: 1 its members see it, 2 only its admins, 3 only within its contests. */
export const GROUP_PROBLEM_AUTH = { PUBLIC: 1, PRIVATE: 2, CONTEST: 3 } as const;
/** A group problem's way to the public bank: null none, 1 applying, 2 public (approved), 3 refused. */
export const APPLY_PUBLIC = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;

const pid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

/** A problem of the group's list as a member sees it: the group's own counts (group submissions never feed the
 * bank's) and the caller's status (-10 never submitted). */
export const groupProblemItem = trainingProblem;
export type GroupProblemItem = z.infer<typeof groupProblemItem>;

export const getGroupProblemList = endpoint({
  method: 'GET',
  path: '/api/group/get-problem-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId }),
  output: page(groupProblemItem),
});

/** Every problem of the group with its admin fields (hidden and contest ones too): group admins. */
export const getGroupAdminProblemList = endpoint({
  method: 'GET',
  path: '/api/group/get-admin-problem-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId, keyword: qStr().pipe(z.string().max(100).optional()) }),
  output: page(adminProblem),
});

export const getGroupProblem = endpoint({
  method: 'GET',
  path: '/api/group/problem',
  access: 'user',
  input: z.object({ pid }),
  output: adminProblem,
});

/** ProblemDTO with `problem.gid`, as the admin area's. */
export const createGroupProblem = endpoint({
  method: 'POST',
  path: '/api/group/problem',
  access: 'user',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto,
  output: createProblem.output,
});

export const updateGroupProblem = endpoint({
  method: 'PUT',
  path: '/api/group/problem',
  access: 'user',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: problemDto,
  output: z.null(),
});

export const deleteGroupProblem = endpoint({
  method: 'DELETE',
  path: '/api/group/problem',
  access: 'user',
  input: z.object({ pid }),
  output: z.null(),
});

export const getGroupProblemCases = endpoint({
  method: 'GET',
  path: '/api/group/get-problem-cases',
  access: 'user',
  input: z.object({ pid, isUpload: qBool() }),
  output: z.array(problemCase),
});

/** The tags the group's problems carry. */
export const getGroupProblemTags = endpoint({
  method: 'GET',
  path: '/api/group/get-all-problem-tags',
  access: 'user',
  input: z.object({ gid: groupId }),
  output: z.array(tag),
});

export const compileGroupSpj = endpoint({
  method: 'POST',
  path: '/api/group/compile-spj',
  access: 'user',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: z.intersection(compileSpj.input, z.object({ gid: groupId })),
  output: z.null(),
});

export const compileGroupInteractive = endpoint({
  method: 'POST',
  path: '/api/group/compile-interactive',
  access: 'user',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: z.intersection(compileInteractive.input, z.object({ gid: groupId })),
  output: z.null(),
});

export const changeGroupProblemAuth = endpoint({
  method: 'PUT',
  path: '/api/group/change-problem-auth',
  access: 'user',
  input: z.object({ pid, auth: wireInt(z.number({ error: 'fieldRequired' }).int().min(1).max(3)) }),
  output: z.null(),
});

/** A group admin asks for (true) or withdraws (false) the problem's publication in the site's bank. */
export const applyGroupProblemPublic = endpoint({
  method: 'PUT',
  path: '/api/group/apply-public',
  access: 'user',
  input: z.object({
    pid,
    isApplied: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
  }),
  output: z.null(),
});

/** The applications to publish (root and problem_admin). */
export const getGroupProblemApplyList = endpoint({
  method: 'GET',
  path: '/api/admin/group-problem/list',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: z.object({
    ...pageQuery(10),
    keyword: qStr().pipe(z.string().max(100).optional()),
    gid: wireInt(z.number().int().positive().optional()),
  }),
  output: page(adminProblem),
});

/** Approve (2: the problem joins the public bank and leaves its group) or refuse (3). */
export const changeGroupProblemProgress = endpoint({
  method: 'PUT',
  path: '/api/admin/group-problem/change-progress',
  access: 'admin',
  roles: ['root', 'problem_admin'],
  input: z.object({ pid, progress: wireInt(z.union([z.literal(2), z.literal(3)], { error: 'fieldInvalid' })) }),
  output: z.null(),
});
