import { i18next } from '../../lib/i18n';

/** Texts of the group's contest tab and its admin pages (spec 3 §2.8), both languages side by side; the contest
 * pages' own texts (contest-texts) cover the cards, the form and the tables. */
export const GROUP_CONTEST_TEXTS = {
  Group_Contest_Admin_Mode: ['管理模式', 'Admin mode'],
  Group_Contest_Empty: ['暂无比赛', 'No contests'],
  Group_Contest_Add_From_Group: ['从团队题库添加', "Add from the group's problems"],
  Group_Contest_Back: ['返回团队比赛', "Back to the group's contests"],
  Group_Contest_Admin_Only: ['只有团队管理员可以管理团队比赛', "Only group admins manage the group's contests"],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; every group contest page calls it when its chunk loads. */
export const registerGroupContestTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(GROUP_CONTEST_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
