import type { GroupRole } from '@oj/shared';
import { group as contract } from '@oj/shared';

const { isGroupAdmin, isGroupRoot } = contract;

/** A group contest is managed (edited, deleted, its visibility switched, its code downloaded) by its creator among
 * the group's admins, and by the group root (owner, super admin) whoever created it. */
export const canManageGroupContest = (role: GroupRole, uid: string | null | undefined, contest: { uid: string }) =>
  isGroupRoot(role) || (isGroupAdmin(role) && !!uid && contest.uid === uid);
