/** A group's contests are managed with the admin contest pages (a group contest is a contest with a
 * gid): the pages take this scope to call the group's endpoints and stay inside the group's area. */
export interface ContestGroupScope {
  gid: number;
  /** Whether the viewer manages a contest of the group (edit, delete, visibility, downloads). */
  canManage: (contest: { uid: string }) => boolean;
}

/** Where a contest's admin pages live: under the group's contest tab, or under /admin/contest. */
export const contestAdminPath = (group: Pick<ContestGroupScope, 'gid'> | undefined, cid: number | string) =>
  group ? `/group/${group.gid}/contest/${cid}` : `/admin/contest/${cid}`;
