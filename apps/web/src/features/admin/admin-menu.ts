import type { TranslationKey } from '../../locales/zh-cn';

export interface AdminMenuEntry {
  key: string;
  labelKey: TranslationKey;
  path: string;
  superAdmin?: boolean;
}

/** The admin menu; entries marked superAdmin show to the super admin only. */
export const ADMIN_MENU: AdminMenuEntry[] = [
  { key: 'dashboard', labelKey: 'Dashboard', path: '/admin/dashboard' },
  { key: 'user', labelKey: 'Admin_User', path: '/admin/user', superAdmin: true },
  { key: 'auth', labelKey: 'Admin_Auth', path: '/admin/auth', superAdmin: true },
  {
    key: 'announcement',
    labelKey: 'Admin_Announcement',
    path: '/admin/announcement',
    superAdmin: true,
  },
  { key: 'notice', labelKey: 'Admin_Notice', path: '/admin/notice', superAdmin: true },
  { key: 'conf', labelKey: 'Admin_Config', path: '/admin/conf', superAdmin: true },
  { key: 'switch', labelKey: 'Admin_Switch', path: '/admin/switch', superAdmin: true },
  { key: 'judge-headers', labelKey: 'Admin_Judge_Headers', path: '/admin/judge-headers', superAdmin: true },
  { key: 'problems', labelKey: 'Admin_Problems', path: '/admin/problems' },
  { key: 'problem-create', labelKey: 'Admin_Problem_Create', path: '/admin/problem/create' },
  {
    key: 'problem-batch',
    labelKey: 'Admin_Problem_Batch',
    path: '/admin/problem/batch-operation',
    superAdmin: true,
  },
  {
    key: 'problem-import',
    labelKey: 'Admin_Problem_Import',
    path: '/admin/problem/import',
    superAdmin: true,
  },
  {
    key: 'group-problem-apply',
    labelKey: 'Admin_Group_Problem_Apply',
    path: '/admin/group-problem/apply',
  },
  { key: 'tag', labelKey: 'Admin_Tags', path: '/admin/problem/tag' },
  { key: 'training', labelKey: 'Admin_Training', path: '/admin/training' },
  {
    key: 'training-create',
    labelKey: 'Admin_Training_Create',
    path: '/admin/training/create',
  },
  {
    key: 'training-category',
    labelKey: 'Admin_Training_Category',
    path: '/admin/training/category',
  },
  { key: 'contest', labelKey: 'Admin_Contest', path: '/admin/contest' },
  { key: 'discussion', labelKey: 'Admin_Discussion', path: '/admin/discussion' },
  { key: 'audit', labelKey: 'Admin_Audit', path: '/admin/audit', superAdmin: true },
];
