import type { FeatureKey } from '../../app/features';
import type { TranslationKey } from '../../locales/zh-cn';

export interface AdminMenuEntry {
  key: string;
  labelKey: TranslationKey;
  path: string;
  feature: FeatureKey;
  superAdmin?: boolean;
}

/** The admin menu (spec 3 §2.3 "Admin menu labels"); entries appear as their features arrive. */
export const ADMIN_MENU: AdminMenuEntry[] = [
  { key: 'dashboard', labelKey: 'Dashboard', path: '/admin/dashboard', feature: 'admin' },
  { key: 'user', labelKey: 'Admin_User', path: '/admin/user', feature: 'admin-user', superAdmin: true },
  { key: 'auth', labelKey: 'Admin_Auth', path: '/admin/auth', feature: 'admin-auth', superAdmin: true },
  {
    key: 'announcement',
    labelKey: 'Admin_Announcement',
    path: '/admin/announcement',
    feature: 'admin-announcement',
    superAdmin: true,
  },
  { key: 'notice', labelKey: 'Admin_Notice', path: '/admin/notice', feature: 'admin-notice', superAdmin: true },
  { key: 'conf', labelKey: 'Admin_Config', path: '/admin/conf', feature: 'admin-config', superAdmin: true },
  { key: 'switch', labelKey: 'Admin_Switch', path: '/admin/switch', feature: 'admin-config', superAdmin: true },
  { key: 'problems', labelKey: 'Admin_Problems', path: '/admin/problems', feature: 'admin-problem' },
  { key: 'problem-create', labelKey: 'Admin_Problem_Create', path: '/admin/problem/create', feature: 'admin-problem' },
  {
    key: 'problem-batch',
    labelKey: 'Admin_Problem_Batch',
    path: '/admin/problem/batch-operation',
    feature: 'admin-problem-batch',
    superAdmin: true,
  },
  {
    key: 'problem-import',
    labelKey: 'Admin_Problem_Import',
    path: '/admin/problem/import',
    feature: 'admin-problem-batch',
    superAdmin: true,
  },
  {
    key: 'group-problem-apply',
    labelKey: 'Admin_Group_Problem_Apply',
    path: '/admin/group-problem/apply',
    feature: 'admin-group-problem',
  },
  { key: 'tag', labelKey: 'Admin_Tags', path: '/admin/problem/tag', feature: 'admin-tag' },
  { key: 'training', labelKey: 'Admin_Training', path: '/admin/training', feature: 'admin-training' },
  {
    key: 'training-create',
    labelKey: 'Admin_Training_Create',
    path: '/admin/training/create',
    feature: 'admin-training',
  },
  {
    key: 'training-category',
    labelKey: 'Admin_Training_Category',
    path: '/admin/training/category',
    feature: 'admin-training',
  },
  { key: 'contest', labelKey: 'Admin_Contest', path: '/admin/contest', feature: 'admin-contest' },
  { key: 'discussion', labelKey: 'Admin_Discussion', path: '/admin/discussion', feature: 'admin-discussion' },
  { key: 'audit', labelKey: 'Admin_Audit', path: '/admin/audit', feature: 'admin-audit', superAdmin: true },
];
