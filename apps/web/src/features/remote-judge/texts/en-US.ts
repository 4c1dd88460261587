import type zhCN from './zh-CN';

/** en-US texts of the `remote-judge` namespace: exactly the keys of zh-CN.ts. */
export default {
  // Problem page
  Remote_Original_Problem: 'Original problem',
  Remote_Judged_On: "Code for this problem is judged on {{name}}, in that site's languages",
  // Admin: import
  Remote_Import_Problem: 'Import remote problem',
  Remote_Import_Tip:
    "The statement, samples and limits are read from the site; students' code is judged there through this site's accounts (set on the Switches page)",
  Remote_Judge_Site: 'Remote judge',
  Remote_Not_Available: 'not supported yet',
  Remote_Problem_Id: 'Problem id on the site',
  Remote_Problem_Id_Example: 'e.g. {{example}}',
  Remote_Problem_Id_Required: 'Enter the problem id on the site',
  Remote_Display_Id: 'Display ID in the contest',
  Remote_Display_Id_Required: 'Enter the display ID of the problem in the contest',
  Remote_Import: 'Import',
  Remote_Imported: 'Imported: {{problemId}} {{title}}',
  Remote_Added_Existing: '{{problemId}} {{title}} was already in the bank and has been added',
  // Admin: the switch page's account pools
  Remote_Accounts: 'Remote judge accounts',
  Remote_Accounts_Tip:
    "A submission to a remote problem goes through an idle account of that site's pool. Stored passwords are never shown: an empty password keeps the stored one. Saved with the other switches.",
  Remote_Cf_Gym_Shared: 'Codeforces Gym problems use these accounts too',
  Remote_No_Account: 'No account yet: problems of this site cannot be judged',
  Remote_Account_Username: 'Username',
  Remote_Account_Password: 'Password',
  Remote_Password_Keep: 'Empty keeps the stored password',
  Remote_Password_New: 'Password of the new account',
  Remote_Add_Account: 'Add account',
  Remote_Remove_Account: 'Remove account',
  Remote_Username_Required: 'Enter the username',
  Remote_Username_Repeated: 'This username is already in the list',
  Remote_Password_Required: 'A new account needs a password',
  // Submission detail: the reasons the server stores in English for a remote run it could not judge
  Remote_Reason_No_Account: 'No [{{oj}}] account is configured for remote judging',
  Remote_Reason_Account_Wait: 'Timed out waiting for a free remote judge account',
  Remote_Reason_Poll_Limit: 'The remote judge gave no result within the maximum number of queries',
} satisfies Record<keyof typeof zhCN, string>;
