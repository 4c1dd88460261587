import { i18next } from '../../lib/i18n';

/** Texts of the message centre (spec 2 §2 "Message centre", §3 Message, §4), both languages side by side; they
 * travel with the message chunk, never with the first visit to /home (DESIGN §5 budget). */
export const MESSAGE_TEXTS = {
  Message_Center: ['消息中心', 'Message centre'],
  Message_Tab_Discuss: ['评论我的', 'Comments'],
  Message_Tab_Reply: ['回复我的', 'Replies'],
  Message_Tab_Like: ['收到的赞', 'Likes'],
  Message_Tab_Sys: ['系统通知', 'System'],
  Message_Tab_Mine: ['我的消息', 'Mine'],
  Message_Action_Discuss: ['评论了你的帖子', 'commented on your post'],
  Message_Action_Reply: ['回复了你', 'replied to you'],
  Message_Action_Like_Post: ['赞了你的帖子', 'liked your post'],
  Message_Action_Like_Discuss: ['赞了你的评论', 'liked your comment'],
  Message_Action_Other: ['与你互动', 'interacted with you'],
  Message_Someone: ['有人', 'Someone'],
  Message_Source_Untitled: ['（无标题）', '(untitled)'],
  Message_Unread: ['未读', 'Unread'],
  Message_Read: ['已读', 'Read'],
  Message_Clean: ['删除', 'Delete'],
  Message_Clean_Confirm: ['确定删除这条消息吗？', 'Delete this message?'],
  Message_Clean_All: ['全部清空', 'Clean all'],
  Message_Clean_All_Confirm: ['确定清空这一栏的全部消息吗？', 'Delete every message of this tab?'],
  Message_Delete_successfully: ['删除成功', 'Delete successfully'],
  Message_Empty: ['暂无消息', 'No messages'],
  Message_Confirm: ['确定', 'OK'],
  Message_Cancel: ['取消', 'Cancel'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; the message pages call it when their chunk loads. */
export const registerMessageTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(MESSAGE_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
