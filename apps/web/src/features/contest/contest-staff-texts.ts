import { i18next } from '../../lib/i18n';

/** Texts of the contest staff screens (spec 2 §2 "Contest admin pages", "Contest print", §8, §9): printing, AC
 * info, contest rejudge and the downloads. Both languages side by side; they travel with the contest and admin
 * contest chunks, never with the first visit to /home (DESIGN §5 budget). */
export const CONTEST_STAFF_TEXTS = {
  Staff_No_Access: ['你没有权限访问此页面', 'You have no access to this page'],
  Print_Closed: ['本场比赛未开启打印', 'Printing is not open in this contest'],
  // Print (participant)
  Print_Text: ['打印内容', 'Text to print'],
  Print_Placeholder: [
    '粘贴需要打印的代码或文字（至少 50 个字符）',
    'Paste the code or text to print (at least 50 characters)',
  ],
  Print_Submit: ['提交打印', 'Submit to print'],
  Print_Reset: ['清空', 'Clear'],
  Content_cannot_be_empty: ['内容不能为空', 'Content cannot be empty'],
  Content_less_than_50: ['内容字数不能少于50', 'The number of content cannot be less than 50'],
  Print_Submit_successfully: ['提交成功', 'Submit code successfully'],
  Print_Chars: ['{{count}} 个字符', '{{count}} characters'],
  My_Prints: ['我的打印', 'My prints'],
  No_Print: ['暂无打印记录', 'No print yet'],
  // Print admin
  Print_ID: ['ID', 'ID'],
  Print_Username: ['用户名', 'Username'],
  Print_Realname: ['真实姓名', 'Real name'],
  Print_Time: ['提交时间', 'Time'],
  Print_Length: ['长度', 'Length'],
  Print_Status: ['状态', 'Status'],
  Print_Waiting: ['未打印', 'Waiting'],
  Print_Printed: ['已打印', 'Printed'],
  Print_Download: ['下载', 'Download'],
  Print_Mark_Printed: ['标记已打印', 'Mark printed'],
  Print_Actions: ['操作', 'Actions'],
  Staff_Update_Successfully: ['修改成功', 'Update Successfully'],
  // AC info
  AC_Time_Since_Start: ['比赛用时', 'Time since start'],
  AC_Submit_Time: ['提交时间', 'Submit time'],
  AC_Problem: ['题目', 'Problem'],
  AC_First_Blood: ['一血', 'First blood'],
  AC_Checked: ['已送气球', 'Checked'],
  AC_Balloon_Of: ['{{problem}} 题气球颜色', 'Balloon colour of {{problem}}'],
  No_AC_Info: ['暂无 AC 记录', 'No AC yet'],
  // Contest rejudge
  Rejudge_Problem_Title: ['题目名称', 'Title'],
  Rejudge_Button: ['重判', 'Rejudge'],
  Rejudge_Confirm: [
    '确定重判本场比赛中题目 {{problem}} 的全部提交吗？',
    'Rejudge every submission of problem {{problem}} in this contest?',
  ],
  Rejudge_Done: ['重判成功（{{count}} 个提交）', 'Rejudge successfully ({{count}} submissions)'],
  Rejudge_Hint: [
    '重判会把该题在本场比赛中的全部提交重新放入评测队列，榜单随评测结果更新。',
    'A rejudge puts every submission of the problem in this contest back into the judge queue; the board follows the new verdicts.',
  ],
  // Downloads
  Download_Rank_List: ['下载榜单', 'Download'],
  Download_AC_Code: ['下载 AC 代码', 'Download AC code'],
  Exclude_Admin: ['排除管理员', 'Exclude admins'],
  Split_Type: ['分类方式', 'Split by'],
  Split_By_User: ['按用户', 'By user'],
  Split_By_Problem: ['按题目', 'By problem'],
  Staff_OK_Download: ['下载', 'Download'],
  Staff_Cancel: ['取消', 'Cancel'],
  Staff_OK: ['确定', 'OK'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; every staff screen calls it when its chunk loads. */
export const registerContestStaffTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(CONTEST_STAFF_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
