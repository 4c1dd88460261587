import { i18next } from '../../lib/i18n';

/** Texts of the discussion pages (spec 2 §2 "Discussions", §5, §6, §8, §9), both languages side by side; they travel
 * with the discussion chunk, never with the first visit to /home (DESIGN §5 budget). The English messages are the
 * spec's own words. */
export const DISCUSSION_TEXTS = {
  Discussion_List: ['讨论区', 'Discussions'],
  Discussion_Problem_List: ['题目 {{pid}} 的讨论', 'Discussions of problem {{pid}}'],
  Discussion_Back_To_Problem: ['返回题目', 'Back to the problem'],
  Discussion_All_Discussions: ['全部讨论', 'All discussions'],
  Discussion_Search: ['搜索讨论', 'Search discussions'],
  Discussion_Category: ['分类', 'Category'],
  Discussion_Category_Label: ['分类：', 'Category:'],
  Discussion_All: ['全部', 'All'],
  Discussion_Only_Mine: ['只看我的', 'Only mine'],
  Discussion_Create: ['发布讨论', 'Post a discussion'],
  Discussion_Edit: ['编辑讨论', 'Edit the discussion'],
  Discussion_Edit_Categories: ['编辑分类', 'Edit categories'],
  Discussion_Top: ['置顶', 'Top'],
  Discussion_Disabled: ['已禁用', 'Disabled'],
  Discussion_Likes: ['{{count}} 赞', '{{count}} likes'],
  Discussion_Views: ['{{count}} 浏览', '{{count}} views'],
  Discussion_Comment_Count: ['{{count}} 评论', '{{count}} comments'],
  Discussion_Posted_At: ['发布于 {{time}}', 'Posted {{time}}'],
  Discussion_Empty: ['暂无讨论', 'No discussions yet'],
  Discussion_Badge_Root: ['SPA', 'SPA'],
  Discussion_Badge_Admin: ['ADM', 'ADM'],
  Discussion_Badge_Root_Title: ['超级管理员', 'Super admin'],
  Discussion_Badge_Admin_Title: ['管理员', 'Admin'],
  Discussion_Problem: ['题目', 'Problem'],
  // Form (spec 2 §5)
  Discussion_Title: ['标题', 'Title'],
  Discussion_Description: ['描述', 'Description'],
  Discussion_Content: ['内容', 'Content'],
  Discussion_Problem_ID: ['题目 ID（选填）', 'Problem ID (optional)'],
  Discussion_Choose_Category: ['选择分类', 'Choose a category'],
  Discussion_Top_Priority: ['置顶', 'Top priority'],
  Discussion_Preview: ['预览', 'Preview'],
  Discussion_Write: ['编辑', 'Write'],
  Discussion_Nothing_To_Preview: ['暂无内容', 'Nothing to preview'],
  Discussion_Submit: ['发布', 'Post'],
  Discussion_Save: ['保存', 'Save'],
  Discussion_Cancel: ['取消', 'Cancel'],
  Discussion_Draft_Kept: ['已保留未发布的草稿', 'Your unposted draft was kept'],
  Discussion_Discard_Draft: ['清空草稿', 'Discard the draft'],
  Discussion_is_required: ['{{field}}为必填项', '{{field}} is required'],
  Discussion_Can_not_exceed: ['不能超过 {{max}} 个字符', 'Can not exceed {{max}}'],
  Post_successfully: ['发布成功', 'Post successfully'],
  Discussion_Update_Successfully: ['修改成功', 'Update Successfully'],
  Discussion_Delete_successfully: ['删除成功', 'Delete successfully'],
  // Detail
  Discussion_Like: ['点赞', 'Like'],
  Discussion_Liked: ['已点赞', 'Liked'],
  Like_Successfully: ['点赞成功', 'Like Successfully'],
  Cancel_Like_Successfully: ['取消点赞成功', 'Cancel Like Successfully'],
  Discussion_Report: ['举报', 'Report'],
  Discussion_Delete: ['删除', 'Delete'],
  Discussion_Delete_Confirm: ['确定删除这条讨论吗？', 'Delete this discussion?'],
  Discussion_Comments: ['评论', 'Comments'],
  Discussion_Not_Found: ['讨论不存在或已被禁用', 'The discussion does not exist or has been disabled'],
  Discussion_Back_To_List: ['返回讨论区', 'Back to discussions'],
  // Report (spec 2 §5)
  Discussion_Report_Title: ['举报讨论', 'Report the discussion'],
  Discussion_Report_Tags: ['举报标签', 'Report labels'],
  Discussion_Report_Reason: ['举报原因', 'Reason'],
  Discussion_Report_Reason_Placeholder: ['请补充举报原因（最多 200 字）', 'Tell us more (at most 200 characters)'],
  Discussion_Report_Empty: ['举报标签和原因不能都为空', 'The report label and reason cannot be empty'],
  Discussion_Report_Submit: ['提交', 'Submit'],
  Send_successfully: ['发送成功', 'Send successfully'],
  Report_Tag_0: ['垃圾广告', 'Spam ads'],
  Report_Tag_1: ['违法违规', 'Illegal'],
  Report_Tag_2: ['色情低俗', 'Pornography / vulgar'],
  Report_Tag_3: ['赌博诈骗', 'Gambling / fraud'],
  Report_Tag_4: ['恶意辱骂', 'Malicious abuse'],
  Report_Tag_5: ['抄袭侵权', 'Plagiarism'],
  // Categories (super admin)
  Discussion_Category_Name: ['分类名称', 'Category name'],
  Discussion_Category_Add: ['添加分类', 'Add a category'],
  Discussion_Category_Remove: ['移除', 'Remove'],
  Discussion_Category_Hint: [
    '仍有讨论使用的分类即使移除也会保留。',
    'A category that discussions still use is kept even when removed here.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; every discussion page calls it when its chunk loads. */
export const registerDiscussionTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(DISCUSSION_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
