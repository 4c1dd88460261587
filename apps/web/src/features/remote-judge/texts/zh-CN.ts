/** zh-CN texts of the remote judges (problem page, admin import and accounts, remote reasons): the `remote-judge`
 * namespace, named after the feature's folder and fetched with its screens, never with the first visit to /home
 * (lib/i18n.ts). en-US.ts carries the same keys. */
export default {
  // Problem page
  Remote_Original_Problem: '原题',
  Remote_Judged_On: '本题的代码提交到 {{name}} 评测，语言为该平台提供的语言',
  // Admin: import
  Remote_Import_Problem: '导入远程题目',
  Remote_Import_Tip:
    '从远程评测平台读取题面、样例和时空限制；学生的代码通过本站在该平台的账号提交评测（系统开关页配置账号）',
  Remote_Judge_Site: '远程评测平台',
  Remote_Not_Available: '暂不支持',
  Remote_Problem_Id: '原题号',
  Remote_Problem_Id_Example: '例如 {{example}}',
  Remote_Problem_Id_Required: '请输入原题号',
  Remote_Display_Id: '比赛中的展示 ID',
  Remote_Display_Id_Required: '请输入该题在比赛中的展示 ID',
  Remote_Import: '导入',
  Remote_Imported: '导入成功：{{problemId}} {{title}}',
  Remote_Added_Existing: '题库中已有 {{problemId}} {{title}}，已直接添加',
  // Admin: the switch page's account pools
  Remote_Accounts: '远程评测账号',
  Remote_Accounts_Tip:
    '学生提交远程题目时，系统从该平台的账号池中取一个空闲账号代为提交。已保存的密码从不显示；密码留空即保持原密码，与其他开关一同保存。',
  Remote_Cf_Gym_Shared: 'Codeforces Gym 的题目也使用这些账号',
  Remote_No_Account: '尚无账号：该平台的题目无法评测',
  Remote_Account_Username: '账号',
  Remote_Account_Password: '密码',
  Remote_Password_Keep: '留空则保持原密码',
  Remote_Password_New: '新账号的密码',
  Remote_Add_Account: '添加账号',
  Remote_Remove_Account: '移除账号',
  Remote_Username_Required: '请输入账号',
  Remote_Username_Repeated: '账号重复',
  Remote_Password_Required: '新账号需要填写密码',
  // Submission detail: the reasons the server stores in English for a remote run it could not judge
  Remote_Reason_No_Account: '系统未配置 [{{oj}}] 的远程评测账号',
  Remote_Reason_Account_Wait: '等待远程评测账号调度超时',
  Remote_Reason_Poll_Limit: '等待远程评测结果超过最大查询次数',
} as const;
