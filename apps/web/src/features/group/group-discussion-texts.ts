import { i18next } from '../../lib/i18n';

/** Texts of a group's discussion tab (spec 3 §2.9), both languages side by side; the list, post and dialog reuse
 * the discussion area's texts. They travel with the group chunk, never with the first visit to /home (DESIGN §5). */
export const GROUP_DISCUSSION_TEXTS = {
  Group_Discussion_Admin_Mode: ['管理模式', 'Admin mode'],
  Group_Discussion_Column_Title: ['标题', 'Title'],
  Group_Discussion_Author: ['作者', 'Author'],
  Group_Discussion_Category: ['分类', 'Category'],
  Group_Discussion_Problem: ['题目', 'Problem'],
  Group_Discussion_Top: ['置顶', 'Top'],
  Group_Discussion_Status: ['状态', 'Status'],
  Group_Discussion_Normal: ['正常', 'Normal'],
  Group_Discussion_Disabled: ['已禁用', 'Disabled'],
  Group_Discussion_Created: ['发布时间', 'Posted'],
  Group_Discussion_Options: ['操作', 'Options'],
  Group_Discussion_Delete: ['删除', 'Delete'],
  Group_Discussion_Delete_Confirm: ['确定删除这条讨论吗？', 'Delete this discussion?'],
  Group_Discussion_Confirm: ['确定', 'OK'],
  Group_Discussion_Cancel: ['取消', 'Cancel'],
  Group_Discussion_Updated: ['修改成功', 'Update Successfully'],
  Group_Discussion_Deleted: ['删除成功', 'Delete successfully'],
  Group_Discussion_Empty: ['暂无讨论', 'No discussions yet'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; the group discussion pages call it when their chunk loads. */
export const registerGroupDiscussionTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(GROUP_DISCUSSION_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
