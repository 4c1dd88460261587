import { i18next } from '../../lib/i18n';

/** Texts of the comment area (spec 2 §3-§9), both languages side by side; they travel with the comment section's
 * chunk (discussion detail, contest comment tab), never with the first visit to /home (DESIGN §5 budget). The English
 * messages are the spec's own words. */
export const COMMENT_TEXTS = {
  Comment_Area: ['评论区', 'Comments'],
  Comment_Total: ['共 {{count}} 条评论', '{{count}} comments'],
  Comment_Total_one: ['共 {{count}} 条评论', '{{count}} comment'],
  Comment_Placeholder: ['说点什么吧（支持 Markdown）', 'Say something (Markdown supported)'],
  Comment_Reply_Placeholder: ['回复 @{{name}}', 'Reply to @{{name}}'],
  Comment_Submit: ['评论', 'Comment'],
  Comment_Reply_Submit: ['回复', 'Reply'],
  Comment_Cancel: ['取消', 'Cancel'],
  Comment_Reply: ['回复', 'Reply'],
  Comment_Reply_To: ['回复', 'reply to'],
  Comment_Replies: ['回复列表', 'Replies'],
  Comment_Delete: ['删除', 'Delete'],
  Comment_Delete_Confirm: ['确定删除这条评论吗？', 'Delete this comment?'],
  Comment_Reply_Delete_Confirm: ['确定删除这条回复吗？', 'Delete this reply?'],
  Comment_Like: ['点赞', 'Like'],
  Comment_Liked: ['取消点赞', 'Unlike'],
  Comment_Likes: ['{{count}} 个赞', '{{count}} likes'],
  Comment_Likes_one: ['{{count}} 个赞', '{{count}} like'],
  Comment_View_More: ['查看全部 {{count}} 条回复', 'View all {{count}} replies'],
  Comment_Collapse: ['收起回复', 'Collapse replies'],
  Comment_Load_More: ['加载更多', 'Load more'],
  Comment_Empty: ['暂无评论，来抢沙发吧', 'No comments yet'],
  Comment_Editor: ['评论内容', 'Comment content'],
  Comment_Reply_Editor: ['回复内容', 'Reply content'],
  Comment_Toolbar: ['格式工具', 'Formatting'],
  Comment_Emoji: ['表情', 'Emoji'],
  Comment_Snippet_inlineCode: ['行内代码', 'Inline code'],
  Comment_Snippet_codeBlock: ['代码块', 'Code block'],
  Comment_Snippet_link: ['链接', 'Link'],
  Comment_Snippet_bulletList: ['无序列表', 'Bullet list'],
  Comment_Snippet_numberedList: ['有序列表', 'Numbered list'],
  Comment_Badge_Root_Title: ['超级管理员', 'Super admin'],
  Comment_Badge_Admin_Title: ['管理员', 'Admin'],
  Comment_Comment_Content: ['评论内容', 'Comment Content'],
  Comment_Reply_Content: ['回复内容', 'Reply Content'],
  Content_cannot_be_empty: ['内容不能为空', 'Content cannot be empty'],
  Content_Can_not_exceed: ['{{field}}不能超过 {{max}} 个字符', '{{field}} Can not exceed {{max}}'],
  Comment_Successfully: ['评论成功', 'Comment Successfully'],
  Reply_Successfully: ['回复成功', 'Reply Successfully'],
  Comment_Delete_successfully: ['删除成功', 'Delete successfully'],
  Comment_Like_Successfully: ['点赞成功', 'Like Successfully'],
  Comment_Cancel_Like_Successfully: ['取消点赞成功', 'Cancel Like Successfully'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; the comment section calls it when its chunk loads. */
export const registerCommentTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(COMMENT_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
