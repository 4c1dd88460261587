import { z } from 'zod';
import { endpoint, page, pageQuery, qStr, wireInt } from '../api.js';
import {
  addContestProblemFromPublic,
  adminContest,
  adminContestProblem,
  changeContestVisible,
  contestForm,
  createContestAnnouncement,
  createContestProblem,
  deleteContestProblem,
  getAdminContestAnnouncements,
  getContestProblemInfo,
  getContestProblemList,
  setContestProblemInfo,
  updateContestAnnouncement,
} from './admin-contest.js';
import { PROBLEM_BODY_MAX_BYTES } from './admin-problem.js';
import { contest } from './contest.js';
import { groupId } from './group.js';

/** A group's contests (HOJ's GroupContestController): the
 * site's contests with a gid, managed through the admin contest code with the group's permissions and hidden from
 * the public contest list. Group admins create them; the creator, the group's root and the super admin manage one
 * (its visible switch included). Taking part (problems, submits, boards, prints, comments) is the public contest
 * calls', for the group's members. */

const cid = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

/** The group's visible contests as cards (its contest admins: hidden ones too). */
export const getGroupContestList = endpoint({
  method: 'GET',
  path: '/api/group/get-contest-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId }),
  output: page(contest),
});

/** Every contest of the group with its admin fields: group admins. */
export const getGroupAdminContestList = endpoint({
  method: 'GET',
  path: '/api/group/get-admin-contest-list',
  access: 'user',
  input: z.object({ ...pageQuery(10), gid: groupId, keyword: qStr().pipe(z.string().max(100).optional()) }),
  output: page(adminContest),
});

export const getGroupContest = endpoint({
  method: 'GET',
  path: '/api/group/contest',
  access: 'user',
  input: z.object({ cid }),
  output: adminContest,
});

/** HOJ's AdminContestVO with `gid`. */
const groupContestForm = contestForm.extend({ gid: groupId });

export const createGroupContest = endpoint({
  method: 'POST',
  path: '/api/group/contest',
  access: 'user',
  input: groupContestForm,
  output: adminContest,
});

export const updateGroupContest = endpoint({
  method: 'PUT',
  path: '/api/group/contest',
  access: 'user',
  input: groupContestForm.extend({ id: wireInt(z.number({ error: 'fieldRequired' }).int()) }),
  output: adminContest,
});

export const deleteGroupContest = endpoint({
  method: 'DELETE',
  path: '/api/group/contest',
  access: 'user',
  input: z.object({ cid }),
  output: z.null(),
});

export const changeGroupContestVisible = endpoint({
  method: 'PUT',
  path: '/api/group/change-contest-visible',
  access: 'user',
  input: changeContestVisible.input,
  output: z.null(),
});

export const getGroupContestProblemList = endpoint({
  method: 'GET',
  path: '/api/group/get-contest-problem-list',
  access: 'user',
  input: getContestProblemList.input,
  output: getContestProblemList.output,
});

/** A problem written inside the contest: a problem of the contest's group, by default for its contests only
 * (auth 3), linked to the contest at once. Edited afterwards as any group problem (PUT /api/group/problem). */
export const createGroupContestProblem = endpoint({
  method: 'POST',
  path: '/api/group/contest-problem',
  access: 'user',
  bodyMaxBytes: PROBLEM_BODY_MAX_BYTES,
  input: createContestProblem.input.extend({ cid }),
  output: createContestProblem.output,
});

export const getGroupContestProblem = endpoint({
  method: 'GET',
  path: '/api/group/contest-problem',
  access: 'user',
  input: getContestProblemInfo.input,
  output: adminContestProblem,
});

export const updateGroupContestProblem = endpoint({
  method: 'PUT',
  path: '/api/group/contest-problem',
  access: 'user',
  input: setContestProblemInfo.input,
  output: adminContestProblem,
});

export const deleteGroupContestProblem = endpoint({
  method: 'DELETE',
  path: '/api/group/contest-problem',
  access: 'user',
  input: deleteContestProblem.input,
  output: z.null(),
});

export const addGroupContestProblemFromPublic = endpoint({
  method: 'POST',
  path: '/api/group/add-contest-problem-from-public',
  access: 'user',
  input: addContestProblemFromPublic.input,
  output: adminContestProblem,
});

/** A problem of the contest's group by its display id (HOJ's `problemId`), shown in the contest as `displayId`. */
export const addGroupContestProblemFromGroup = endpoint({
  method: 'POST',
  path: '/api/group/add-contest-problem-from-group',
  access: 'user',
  input: z.object({
    problemId: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(100),
    cid,
    displayId: addContestProblemFromPublic.input.shape.displayId,
  }),
  output: adminContestProblem,
});

export const getGroupContestAnnouncementList = endpoint({
  method: 'GET',
  path: '/api/group/get-contest-announcement-list',
  access: 'user',
  input: getAdminContestAnnouncements.input,
  output: getAdminContestAnnouncements.output,
});

export const createGroupContestAnnouncement = endpoint({
  method: 'POST',
  path: '/api/group/contest-announcement',
  access: 'user',
  input: createContestAnnouncement.input,
  output: createContestAnnouncement.output,
});

export const updateGroupContestAnnouncement = endpoint({
  method: 'PUT',
  path: '/api/group/contest-announcement',
  access: 'user',
  input: updateContestAnnouncement.input,
  output: updateContestAnnouncement.output,
});

export const deleteGroupContestAnnouncement = endpoint({
  method: 'DELETE',
  path: '/api/group/contest-announcement',
  access: 'user',
  input: z.object({ aid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), cid }),
  output: z.null(),
});

/** A group contest's page is a contest page; nothing else differs on the wire. */
export type GroupContestForm = z.input<typeof groupContestForm>;
