import { i18next } from '../../lib/i18n';

/** Texts of the training pages (spec 2 §2 "Trainings", §5, §8, §9), both languages side by side; they travel with
 * the training chunk, never with the first visit to /home (DESIGN §5 budget). */
export const TRAINING_TEXTS = {
  Training_List: ['训练列表', 'Training List'],
  Search_Training: ['搜索训练', 'Search trainings'],
  Training_Category: ['训练分类', 'Category'],
  Training_Auth: ['训练权限', 'Access'],
  Training_All: ['全部', 'All'],
  Training_Public: ['公开', 'Public'],
  Training_Private: ['私有', 'Private'],
  Training_Number: ['编号', 'No.'],
  Training_Title: ['训练标题', 'Title'],
  Training_Progress: ['训练进度', 'Progress'],
  Training_Problem_Count: ['题目数', 'Problems'],
  Training_Author: ['作者', 'Author'],
  Training_Updated: ['最近更新', 'Recent update'],
  Training_Description: ['训练简介', 'Description'],
  Training_No_Description: ['暂无简介', 'No description'],
  Training_Locked: ['需要密码', 'Needs a password'],
  Training_Detail_Tab: ['训练简介', 'Overview'],
  Training_Problems_Tab: ['训练题目', 'Problems'],
  Training_Rank_Tab: ['训练排行', 'Rankings'],
  Training_Password: ['训练密码', 'Training password'],
  Enter_the_training_password: ['请输入训练密码', 'Enter the training password'],
  Register_Training: ['参加训练', 'Register'],
  Register_training_successfully: ['参加训练成功', 'Register training successfully'],
  No_Training_Access: [
    '你还没有此训练的访问权限，请输入密码参加',
    'You have no access to this training yet; enter its password to join',
  ],
  Training_Login_Required: ['请先登录再打开训练', 'Please login first to open the training'],
  Training_Login: ['登录', 'Login'],
  Training_Not_Found: ['训练不存在或无法访问', 'The training does not exist or cannot be opened'],
  Training_Problem_Pid: ['#', '#'],
  Training_Problem_ID: ['题目 ID', 'Problem ID'],
  Training_Problem_Title: ['题目', 'Title'],
  Training_Difficulty: ['难度', 'Level'],
  Training_Tags: ['标签', 'Tags'],
  Training_AC: ['通过', 'AC'],
  Training_Total: ['总提交', 'Total'],
  Training_Passing_Rate: ['通过率', 'Passing rate'],
  Training_My_Status: ['我的状态', 'My status'],
  Training_No_Problems: ['该训练暂无题目', 'This training has no problems yet'],
  Training_Rank_Number: ['排名', 'Rank'],
  Training_User: ['用户', 'User'],
  Training_School: ['学校', 'School'],
  Training_Realname: ['真实姓名', 'Real name'],
  Training_Total_Run_Time: ['总运行时间', 'Total run time'],
  Training_Own: ['我', 'Own'],
  Training_Female: ['女', 'Female'],
  Search_Training_Rank: ['搜索用户名', 'Search user'],
  Training_Cell_Submissions: ['{{username}} 在 {{problem}} 的提交', 'Submissions of {{username}} on {{problem}}'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; every training page calls it when its chunk loads. */
export const registerTrainingTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(TRAINING_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
