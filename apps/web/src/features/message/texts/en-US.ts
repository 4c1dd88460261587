import type zhCN from './zh-CN';

/** en-US texts of the `message` namespace: exactly the keys of zh-CN.ts. */
export default {
  Message_Center: 'Message centre',
  Message_Tab_Discuss: 'Comments',
  Message_Tab_Reply: 'Replies',
  Message_Tab_Like: 'Likes',
  Message_Tab_Sys: 'System',
  Message_Tab_Mine: 'Mine',
  Message_Action_Discuss: 'commented on your post',
  Message_Action_Reply: 'replied to you',
  Message_Action_Like_Post: 'liked your post',
  Message_Action_Like_Discuss: 'liked your comment',
  Message_Action_Other: 'interacted with you',
  Message_Someone: 'Someone',
  Message_Source_Untitled: '(untitled)',
  Message_Unread: 'Unread',
  Message_Read: 'Read',
  Message_Clean: 'Delete',
  Message_Clean_Confirm: 'Delete this message?',
  Message_Clean_All: 'Clean all',
  Message_Clean_All_Confirm: 'Delete every message of this tab?',
  Message_Delete_successfully: 'Delete successfully',
  Message_Empty: 'No messages',
  Message_Confirm: 'OK',
  Message_Cancel: 'Cancel',
} satisfies Record<keyof typeof zhCN, string>;
