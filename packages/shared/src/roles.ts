/** Roles and permissions of the spec (1-core §6, DESIGN §7 "Roles"): one table, used by the server guard,
 * the seed data, the web menus and the generated role-matrix tests. */

export const PERMISSIONS = [
  'problem_admin',
  'submit',
  'contest_admin',
  'rejudge',
  'announcement_admin',
  'user_admin',
  'system_info_admin',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const USER_PERMISSIONS: Permission[] = [
  'submit',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
];
const without = (drop: Permission[]) => USER_PERMISSIONS.filter((p) => !drop.includes(p));
const DISCUSS: Permission[] = ['discussion_add', 'discussion_del', 'discussion_edit'];
const TALK: Permission[] = [...DISCUSS, 'comment_add', 'reply_add'];

export const ROLES = [
  { id: 1000, name: 'root', description: 'super admin', permissions: [...PERMISSIONS] },
  {
    id: 1001,
    name: 'admin',
    description: 'teacher',
    permissions: [...USER_PERMISSIONS, 'contest_admin', 'problem_admin'] as Permission[],
  },
  { id: 1002, name: 'default_user', description: 'external student (cannot log in)', permissions: [] },
  { id: 1003, name: 'user', description: 'internal student', permissions: USER_PERMISSIONS },
  { id: 1004, name: 'no_discuss_user', description: 'cannot post discussions', permissions: without(DISCUSS) },
  { id: 1005, name: 'mute_user', description: 'muted', permissions: without(TALK) },
  {
    id: 1006,
    name: 'no_subimit_no_discuss_user',
    description: 'cannot submit or discuss',
    permissions: without(['submit', ...DISCUSS]),
  },
  {
    id: 1007,
    name: 'no_subimit_mute_user',
    description: 'cannot submit, muted',
    permissions: without(['submit', ...TALK]),
  },
  {
    id: 1008,
    name: 'problem_admin',
    description: 'problem admin',
    permissions: [...USER_PERMISSIONS, 'problem_admin'] as Permission[],
  },
] as const satisfies readonly { id: number; name: string; description: string; permissions: readonly Permission[] }[];

export type RoleName = (typeof ROLES)[number]['name'];
export const ROLE_IDS = Object.fromEntries(ROLES.map((r) => [r.name, r.id])) as Record<RoleName, number>;
export const roleById = (id: number) => ROLES.find((r) => r.id === id);

/** "Admin role" in the spec: root, admin (teacher) or problem_admin. */
export const ADMIN_ROLES: RoleName[] = ['root', 'admin', 'problem_admin'];
export const isAdminRole = (roles: readonly string[]) => roles.some((r) => ADMIN_ROLES.includes(r as RoleName));
export const isRoot = (roles: readonly string[]) => roles.includes('root');

/** What an endpoint or a route requires. `public` works without a token (a bad token is ignored), `user` needs
 * a valid session, `admin` an admin role, `root` the super admin, `judge` the judge token. */
export type Access = 'public' | 'user' | 'admin' | 'root' | 'judge';

export const permissionsOf = (roles: readonly string[]): Permission[] => {
  const set = new Set<Permission>();
  for (const r of ROLES) if (roles.includes(r.name)) for (const p of r.permissions) set.add(p);
  return PERMISSIONS.filter((p) => set.has(p));
};
