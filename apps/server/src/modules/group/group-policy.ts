import { type GroupRole, group as g, isRoot } from '@oj/shared';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { GroupRepository, GroupRow } from './group.repository.js';

const { GROUP_STATUS, groupRoleOf, isGroupAdmin, isGroupMember, isGroupRoot } = g;

/** What a call needs of the caller in a group: to see its card, to be a member (read its content), a group admin
 * (write announcements, problems, trainings; manage members) or its root (settings, disband, any item). */
export type GroupNeed = 'see' | 'member' | 'admin' | 'root';

/** A group as one caller meets it. */
export interface GroupAccess {
  group: GroupRow;
  owner: string;
  memberCount: number;
  role: GroupRole;
  /** The caller's membership level, 0 without a row. */
  level: number;
}

const meets: Record<GroupNeed, (r: GroupRole) => boolean> = {
  see: () => true,
  member: isGroupMember,
  admin: isGroupAdmin,
  root: isGroupRoot,
};

/** The group a call names in its query string (an upload's, read before its body): undefined without one, 400 when
 * it is not a group id. */
export const queryGroupId = (query: Record<string, unknown>): number | undefined => {
  if (query.gid === undefined || query.gid === '') return undefined;
  const gid = g.groupId.safeParse(query.gid);
  if (!gid.success) throw badRequest('fieldInvalid', 'gid', { field: 'gid', rule: 'id' });
  return gid.data;
};

/**
 * The one group policy (decision 0022): every group endpoint, and the
 * group variants of problems, trainings, contests and discussions, ask it. A visitor is 401. A missing group, a
 * banned one (but for the super admin) and an invisible one for a caller without a membership row are 404, so
 * nothing about them shows. Otherwise the caller's role decides: outsiders, applicants and the refused see the
 * card and nothing else (403); members read; group admins write; the owner and the super admin do everything.
 */
export const createGroupPolicy = (repo: GroupRepository) => {
  const access = async (gid: number, viewer: AuthUser | undefined): Promise<GroupAccess> => {
    if (!viewer) throw new AppError(401, 'pleaseLogin');
    const found = await repo.withLevel(gid, viewer.uid);
    const superAdmin = isRoot(viewer.roles);
    if (!found || (found.group.status === GROUP_STATUS.BANNED && !superAdmin)) throw notFound();
    const { level } = found;
    if (!found.group.visible && !level && !superAdmin) throw notFound();
    const role = groupRoleOf({ signedIn: true, level, owner: found.group.uid === viewer.uid, superAdmin });
    return { group: found.group, owner: found.owner, memberCount: found.memberCount, role, level };
  };

  return {
    access,
    /** The group if the caller meets `need` in it, else 403 (401 and 404 as `access`). */
    async require(gid: number, viewer: AuthUser | undefined, need: GroupNeed): Promise<GroupAccess> {
      const a = await access(gid, viewer);
      if (!meets[need](a.role)) throw forbidden(need === 'member' ? 'groupNotMember' : 'forbidden');
      return a;
    },
    /** Nothing if the caller meets `need` in some group, else 403 (401 for a visitor): an upload whose form may
     * still name its group is refused by this before its body is read. */
    async requireSome(viewer: AuthUser | undefined, need: GroupNeed): Promise<void> {
      if (!viewer) throw new AppError(401, 'pleaseLogin');
      const superAdmin = isRoot(viewer.roles);
      const level = superAdmin ? 0 : await repo.highestLevel(viewer.uid);
      if (!meets[need](groupRoleOf({ signedIn: true, level, owner: false, superAdmin }))) throw forbidden();
    },
  };
};
export type GroupPolicy = ReturnType<typeof createGroupPolicy>;
