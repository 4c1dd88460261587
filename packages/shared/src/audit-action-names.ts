import type { AuditAction } from './contract/audit.js';
import type { Locale } from './messages.js';

/** Readable names of every action the audit log records, in both interface languages.
 * Typed by AuditAction: an action added to the contract without a name here fails the typecheck. */
export const AUDIT_ACTION_NAMES: Record<AuditAction, Record<Locale, string>> = {
  rejudge: { 'zh-CN': '重新评测', 'en-US': 'Rejudge' },
  manualJudge: { 'zh-CN': '手动评测', 'en-US': 'Manual judge' },
  cancelJudge: { 'zh-CN': '取消评测', 'en-US': 'Cancel judging' },
  userRole: { 'zh-CN': '修改用户角色', 'en-US': 'Change user role' },
  userPassword: { 'zh-CN': '修改用户密码', 'en-US': 'Change user password' },
  userStatus: { 'zh-CN': '封禁或解封用户', 'en-US': 'Ban or unban user' },
  userEdit: { 'zh-CN': '编辑用户', 'en-US': 'Edit user' },
  userDelete: { 'zh-CN': '删除用户', 'en-US': 'Delete users' },
  userSignOut: { 'zh-CN': '强制用户下线', 'en-US': 'Sign user out' },
  userImport: { 'zh-CN': '批量导入用户', 'en-US': 'Import users' },
  userGenerate: { 'zh-CN': '批量生成账号', 'en-US': 'Generate accounts' },
  webConfig: { 'zh-CN': '修改网站配置', 'en-US': 'Change website settings' },
  emailConfig: { 'zh-CN': '修改邮箱配置', 'en-US': 'Change email settings' },
  switchConfig: { 'zh-CN': '修改系统开关', 'en-US': 'Change switches' },
  carousel: { 'zh-CN': '修改首页轮播图', 'en-US': 'Change home carousel' },
  judgeHeader: { 'zh-CN': '修改评测头文件', 'en-US': 'Change judge headers' },
  plagiarismDecision: { 'zh-CN': '标记查重结果', 'en-US': 'Mark a copy-detection pair' },
  plagiarismWatch: { 'zh-CN': '开关查重持续监测', 'en-US': 'Switch copy-detection watching' },
  homeworkExtension: { 'zh-CN': '修改作业延期', 'en-US': 'Change a homework extension' },
};

export const auditActionName = (action: string, locale: Locale): string =>
  AUDIT_ACTION_NAMES[action as AuditAction]?.[locale] ?? action;
