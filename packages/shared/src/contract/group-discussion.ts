import { z } from 'zod';
import { endpoint, page, pageQuery, qStr, wireInt } from '../api.js';
import { DISCUSSION_PAGE, discussion, discussionForm } from './discussion.js';
import { groupId } from './group.js';

/** A group's discussions (HOJ's GroupDiscussionController): the
 * site's discussions with a gid, for the group's members, while the openGroupDiscussion switch is on. The author
 * edits a post; the author or a group admin deletes it; group admins pin. Reading one, its comments, replies, likes
 * and reports are the public discussion calls, which apply the group's rule and switch to a group's post. */

const did = wireInt(z.number({ error: 'fieldRequired' }).int().positive());

export const getGroupDiscussionList = endpoint({
  method: 'GET',
  path: '/api/group/get-discussion-list',
  access: 'user',
  switch: 'openGroupDiscussion',
  input: z.object({
    ...pageQuery(DISCUSSION_PAGE),
    gid: groupId,
    /** A problem's problemId: its discussions only. */
    pid: qStr().pipe(z.string().max(100).optional()),
  }),
  output: page(discussion),
});

/** Group admins: every discussion of the group, disabled ones too. */
export const getGroupAdminDiscussionList = endpoint({
  method: 'GET',
  path: '/api/group/get-admin-discussion-list',
  access: 'user',
  switch: 'openGroupDiscussion',
  input: z.object({ ...pageQuery(DISCUSSION_PAGE), gid: groupId }),
  output: page(discussion),
});

/** The title of a problem's discussion is prefixed with "[problemId]" (the server adds it when absent). */
const groupDiscussionForm = discussionForm.extend({ gid: groupId });

export const createGroupDiscussion = endpoint({
  method: 'POST',
  path: '/api/group/discussion',
  access: 'user',
  permission: 'discussion_add',
  switch: 'openGroupDiscussion',
  input: groupDiscussionForm,
  output: discussion,
});

/** The author only; `topPriority` is taken from group admins. */
export const updateGroupDiscussion = endpoint({
  method: 'PUT',
  path: '/api/group/discussion',
  access: 'user',
  permission: 'discussion_edit',
  switch: 'openGroupDiscussion',
  input: groupDiscussionForm.extend({ id: did }),
  output: discussion,
});

export const deleteGroupDiscussion = endpoint({
  method: 'DELETE',
  path: '/api/group/discussion',
  access: 'user',
  switch: 'openGroupDiscussion',
  input: z.object({ did }),
  output: z.null(),
});

/** Group admins pin or unpin any discussion of their group (the admin table's switch). */
export const pinGroupDiscussion = endpoint({
  method: 'PUT',
  path: '/api/group/discussion-top',
  access: 'user',
  switch: 'openGroupDiscussion',
  input: z.object({ did, topPriority: z.boolean({ error: 'fieldRequired' }) }),
  output: z.null(),
});
