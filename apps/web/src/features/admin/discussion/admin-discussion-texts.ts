import { i18next } from '../../../lib/i18n';

/** Texts of the discussion admin screen (spec 3 §2.3 "Discussion admin", spec 2 §3 Report), both languages side
 * by side; they travel with the admin discussion chunk only. Keys carry their own prefix. */
export const ADMIN_DISCUSSION_TEXTS = {
  Admin_Discussion_Title: ['讨论管理', 'Discussion admin'],
  Admin_Discussion_Tab_List: ['讨论', 'Discussions'],
  Admin_Discussion_Tab_Reports: ['举报', 'Reports'],
  Admin_Discussion_Search: ['搜索讨论', 'Search discussions'],
  Admin_Discussion_Column_Title: ['标题', 'Title'],
  Admin_Discussion_Author: ['作者', 'Author'],
  Admin_Discussion_Category: ['分类', 'Category'],
  Admin_Discussion_Problem: ['题目', 'Problem'],
  Admin_Discussion_Top: ['置顶', 'Top'],
  Admin_Discussion_Disabled: ['禁用', 'Disabled'],
  Admin_Discussion_Created: ['发布时间', 'Posted'],
  Admin_Discussion_Option: ['操作', 'Actions'],
  Admin_Discussion_Open: ['查看', 'Open'],
  Admin_Discussion_Delete_Selected: ['删除所选', 'Delete selected'],
  Admin_Discussion_Delete_Confirm: [
    '确定删除所选的 {{count}} 条讨论吗？',
    'Delete the {{count}} selected discussions?',
  ],
  Admin_Discussion_Reporter: ['举报人', 'Reporter'],
  Admin_Discussion_Report_Content: ['举报内容', 'Report'],
  Admin_Discussion_Report_Time: ['举报时间', 'Reported'],
  Admin_Discussion_Handled: ['已处理', 'Handled'],
  Admin_Discussion_Updated: ['修改成功', 'Update Successfully'],
  Admin_Discussion_Deleted: ['删除成功', 'Delete successfully'],
  Admin_Discussion_Confirm: ['确定', 'OK'],
  Admin_Discussion_Cancel: ['取消', 'Cancel'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

export const registerAdminDiscussionTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(ADMIN_DISCUSSION_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
