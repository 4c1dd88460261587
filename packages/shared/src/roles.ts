/** Roles (1000 root ... 1008 problem_admin) and their permissions: one table, used by the server guard,
 * the seed data, the web menus and the generated role-matrix tests. */

import type { Locale } from './messages.js';

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

/** An "admin role": root, admin (teacher) or problem_admin. */
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

/** Readable names of the roles in both interface languages (the admin user picker, the auth admin table). */
export const ROLE_NAMES: Record<RoleName, Record<Locale, string>> = {
  root: { 'zh-CN': '超级管理员', 'en-US': 'Super admin' },
  admin: { 'zh-CN': '管理员（教师）', 'en-US': 'Admin (teacher)' },
  default_user: { 'zh-CN': '校外学生（不能登录）', 'en-US': 'External student (cannot log in)' },
  user: { 'zh-CN': '普通用户', 'en-US': 'User' },
  no_discuss_user: { 'zh-CN': '禁止发帖用户', 'en-US': 'User who cannot post discussions' },
  mute_user: { 'zh-CN': '禁言用户', 'en-US': 'Muted user' },
  no_subimit_no_discuss_user: { 'zh-CN': '禁止提交、禁止发帖用户', 'en-US': 'User who cannot submit or post' },
  no_subimit_mute_user: { 'zh-CN': '禁止提交、禁言用户', 'en-US': 'Muted user who cannot submit' },
  problem_admin: { 'zh-CN': '题目管理员', 'en-US': 'Problem admin' },
};

/** Readable names of the permissions in both interface languages (the auth admin table). */
export const PERMISSION_NAMES: Record<Permission, Record<Locale, string>> = {
  problem_admin: { 'zh-CN': '管理题目', 'en-US': 'Manage problems' },
  submit: { 'zh-CN': '提交代码', 'en-US': 'Submit code' },
  contest_admin: { 'zh-CN': '管理比赛', 'en-US': 'Manage contests' },
  rejudge: { 'zh-CN': '重新评测', 'en-US': 'Rejudge' },
  announcement_admin: { 'zh-CN': '管理公告', 'en-US': 'Manage announcements' },
  user_admin: { 'zh-CN': '管理用户', 'en-US': 'Manage users' },
  system_info_admin: { 'zh-CN': '管理系统配置', 'en-US': 'Manage system settings' },
  discussion_add: { 'zh-CN': '发布讨论', 'en-US': 'Post discussions' },
  discussion_del: { 'zh-CN': '删除讨论', 'en-US': 'Delete discussions' },
  discussion_edit: { 'zh-CN': '编辑讨论', 'en-US': 'Edit discussions' },
  comment_add: { 'zh-CN': '发表评论', 'en-US': 'Post comments' },
  reply_add: { 'zh-CN': '回复评论', 'en-US': 'Reply to comments' },
  group_add: { 'zh-CN': '创建团队', 'en-US': 'Create groups' },
  group_del: { 'zh-CN': '解散团队', 'en-US': 'Disband groups' },
};

/** A role's readable name by its code (or id); an unknown code is shown as it is. */
export const roleName = (role: string | number, locale: Locale): string => {
  const found = typeof role === 'number' ? roleById(role) : ROLES.find((r) => r.name === role);
  return found ? ROLE_NAMES[found.name][locale] : String(role);
};
