/** A viewer's role in a group (decision 0022), free of zod so the browser bundle carries it (decision 0005); the
 * group contract (contract/group.ts) re-exports it. */

import { isAdminRole } from './roles.js';

/** A membership's level: 1 applying, 2 refused, 3 member, 4 group admin, 5 group root (owner). */
export const MEMBER_LEVEL = { APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
/** What a viewer is to a group, as the group policy decides it (decision 0022), strongest last but `super`. */
export const GROUP_ROLES = ['guest', 'outsider', 'applicant', 'refused', 'member', 'admin', 'root', 'super'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** The viewer's role from the membership level (0 without a row), the owner flag and the site's super admin role. */
export const groupRoleOf = (m: { signedIn: boolean; level: number; owner: boolean; superAdmin: boolean }): GroupRole =>
  !m.signedIn
    ? 'guest'
    : m.superAdmin
      ? 'super'
      : m.owner || m.level === MEMBER_LEVEL.ROOT
        ? 'root'
        : m.level === MEMBER_LEVEL.ADMIN
          ? 'admin'
          : m.level === MEMBER_LEVEL.MEMBER
            ? 'member'
            : m.level === MEMBER_LEVEL.REFUSED
              ? 'refused'
              : m.level === MEMBER_LEVEL.APPLYING
                ? 'applicant'
                : 'outsider';
const rankOf = (r: GroupRole) => GROUP_ROLES.indexOf(r);
/** At least a member (reads the group's content). */
export const isGroupMember = (r: GroupRole) => rankOf(r) >= rankOf('member');
/** At least a group admin (writes announcements, problems, trainings; manages members). */
export const isGroupAdmin = (r: GroupRole) => rankOf(r) >= rankOf('admin');
/** The owner or the super admin (settings, disband, any item of the group). */
export const isGroupRoot = (r: GroupRole) => rankOf(r) >= rankOf('root');
/** Who sees real names in a group (its rank and the rank's download): its admins, owner and the super admin, and
 * the site's admin roles (decision 0041). */
export const seesGroupRealNames = (r: GroupRole, siteRoles: readonly string[]) =>
  isGroupAdmin(r) || isAdminRole(siteRoles);
