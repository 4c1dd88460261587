import { i18next } from '../../../lib/i18n';

/** Texts of the group-problem examine screen (spec 3 §2.3 "group-problem/apply"), both languages side by side;
 * they travel with that screen's chunk only. Keys carry their own prefix. */
export const ADMIN_GROUP_PROBLEM_TEXTS = {
  Admin_Group_Problem_Title: ['团队题目审核', 'Group problem examine'],
  Admin_Group_Problem_Tip: [
    '团队管理员申请公开到公共题库的团队题目。',
    'Group problems whose group admins asked to publish them in the public bank.',
  ],
  Admin_Group_Problem_Search: ['搜索题目 ID 或标题', 'Search problem ID or title'],
  Admin_Group_Problem_Gid_Filter: ['团队 ID', 'Group ID'],
  Admin_Group_Problem_Column_Id: ['题目 ID', 'Problem ID'],
  Admin_Group_Problem_Column_Title: ['标题', 'Title'],
  Admin_Group_Problem_Column_Author: ['作者', 'Author'],
  Admin_Group_Problem_Column_Gid: ['团队 ID', 'Group ID'],
  Admin_Group_Problem_Column_Time: ['申请时间', 'Applied'],
  Admin_Group_Problem_Column_Option: ['操作', 'Actions'],
  Admin_Group_Problem_Approve: ['通过', 'Approve'],
  Admin_Group_Problem_Refuse: ['拒绝', 'Refuse'],
  Admin_Group_Problem_Approve_Confirm: [
    '通过后该题目将加入公共题库并离开所属团队，确定通过吗？',
    'The problem joins the public bank and leaves its group. Approve?',
  ],
  Admin_Group_Problem_Refuse_Confirm: [
    '确定拒绝将该题目公开到公共题库吗？',
    'Refuse to publish this problem in the public bank?',
  ],
  Admin_Group_Problem_Approved: ['已通过，题目已加入公共题库', 'Approved: the problem is in the public bank'],
  Admin_Group_Problem_Refused: ['已拒绝该申请', 'The application is refused'],
  Admin_Group_Problem_Empty: ['暂无待审核的团队题目', 'No group problem is waiting for examination'],
  Admin_Group_Problem_No_Permission: [
    '只有超级管理员和题目管理员可以审核团队题目。',
    'Only super admins and problem admins examine group problems.',
  ],
  Admin_Group_Problem_Confirm: ['确定', 'OK'],
  Admin_Group_Problem_Cancel: ['取消', 'Cancel'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

export const registerAdminGroupProblemTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(ADMIN_GROUP_PROBLEM_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
