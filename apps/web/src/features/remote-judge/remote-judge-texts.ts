import { i18next } from '../../lib/i18n';

/** Texts of the remote judges (issue 24; spec 1-core §2, 3-groups-admin-routes §2.3): the home logos, the source of an
 * imported problem, the admin import dialog and the switch page's account pools. Both languages side by side; they
 * travel with the chunks that show them (home widgets, problem page, admin pages), never with the first download. */
export const REMOTE_JUDGE_TEXTS = {
  // Home
  Remote_Judges: ['支持的远程评测平台', 'Supported remote judges'],
  Remote_Bank_Link: ['{{name}} 题库', '{{name}} problems'],
  // Problem page
  Remote_Original_Problem: ['原题', 'Original problem'],
  Remote_Judged_On: [
    '本题的代码提交到 {{name}} 评测，语言为该平台提供的语言',
    "Code for this problem is judged on {{name}}, in that site's languages",
  ],
  // Admin: import
  Remote_Import_Problem: ['导入远程题目', 'Import remote problem'],
  Remote_Import_Tip: [
    '从远程评测平台读取题面、样例和时空限制；学生的代码通过本站在该平台的账号提交评测（系统开关页配置账号）',
    "The statement, samples and limits are read from the site; students' code is judged there through this site's accounts (set on the Switches page)",
  ],
  Remote_Judge_Site: ['远程评测平台', 'Remote judge'],
  Remote_Not_Available: ['暂不支持', 'not supported yet'],
  Remote_Problem_Id: ['原题号', 'Problem id on the site'],
  Remote_Problem_Id_Example: ['例如 {{example}}', 'e.g. {{example}}'],
  Remote_Problem_Id_Required: ['请输入原题号', 'Enter the problem id on the site'],
  Remote_Display_Id: ['比赛中的展示 ID', 'Display ID in the contest'],
  Remote_Display_Id_Required: ['请输入该题在比赛中的展示 ID', 'Enter the display ID of the problem in the contest'],
  Remote_Import: ['导入', 'Import'],
  Remote_Imported: ['导入成功：{{problemId}} {{title}}', 'Imported: {{problemId}} {{title}}'],
  Remote_Added_Existing: [
    '题库中已有 {{problemId}} {{title}}，已直接添加',
    '{{problemId}} {{title}} was already in the bank and has been added',
  ],
  // Admin: the switch page's account pools
  Remote_Accounts: ['远程评测账号', 'Remote judge accounts'],
  Remote_Accounts_Tip: [
    '学生提交远程题目时，系统从该平台的账号池中取一个空闲账号代为提交。已保存的密码从不显示；密码留空即保持原密码，与其他开关一同保存。',
    "A submission to a remote problem goes through an idle account of that site's pool. Stored passwords are never shown: an empty password keeps the stored one. Saved with the other switches.",
  ],
  Remote_Cf_Gym_Shared: ['Codeforces Gym 的题目也使用这些账号', 'Codeforces Gym problems use these accounts too'],
  Remote_No_Account: ['尚无账号：该平台的题目无法评测', 'No account yet: problems of this site cannot be judged'],
  Remote_Account_Username: ['账号', 'Username'],
  Remote_Account_Password: ['密码', 'Password'],
  Remote_Password_Keep: ['留空则保持原密码', 'Empty keeps the stored password'],
  Remote_Password_New: ['新账号的密码', 'Password of the new account'],
  Remote_Add_Account: ['添加账号', 'Add account'],
  Remote_Remove_Account: ['移除账号', 'Remove account'],
  Remote_Username_Required: ['请输入账号', 'Enter the username'],
  Remote_Username_Repeated: ['账号重复', 'This username is already in the list'],
  Remote_Password_Required: ['新账号需要填写密码', 'A new account needs a password'],
  // Submission detail: the reasons the server stores in English for a remote run it could not judge
  Remote_Reason_No_Account: [
    '系统未配置 [{{oj}}] 的远程评测账号',
    'No [{{oj}}] account is configured for remote judging',
  ],
  Remote_Reason_Account_Wait: ['等待远程评测账号调度超时', 'Timed out waiting for a free remote judge account'],
  Remote_Reason_Poll_Limit: [
    '等待远程评测结果超过最大查询次数',
    'The remote judge gave no result within the maximum number of queries',
  ],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; each page or widget that shows them calls it when its chunk loads. */
export const registerRemoteJudgeTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(REMOTE_JUDGE_TEXTS);
  for (const [i, lng] of ['zh-CN', 'en-US'].entries()) {
    i18next.addResourceBundle(lng, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};

/** The reasons the server stores for a remote run it could not judge (reference §4.9: Submitted Failed or System
 * Error), kept in English on the wire for HOJ clients; shown translated. Any other message, such as a site's compile
 * error, is shown as it is. */
const REMOTE_REASONS: [RegExp, keyof typeof REMOTE_JUDGE_TEXTS][] = [
  [/^System does not have \[(?<oj>[A-Za-z]+)\] account configured$/, 'Remote_Reason_No_Account'],
  [/^Waiting for account scheduling timeout$/, 'Remote_Reason_Account_Wait'],
  [/^Waiting for remote judge result exceeds the maximum number of times$/, 'Remote_Reason_Poll_Limit'],
];

export const remoteReasonText = (message: string, t: (key: string, values?: Record<string, string>) => string) => {
  for (const [pattern, key] of REMOTE_REASONS) {
    const match = pattern.exec(message.trim());
    if (match) return t(key, { ...match.groups });
  }
  return message;
};
