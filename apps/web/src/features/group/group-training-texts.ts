import { i18next } from '../../lib/i18n';

/** Texts of a group's Training tab and its admin pages (spec 3 §2.7), both languages side by side; they travel with
 * the group training chunks, never with the first visit to /home (DESIGN §5 budget). The list's columns and the
 * admin forms reuse the training pages' and the training admin's texts; the keys here are the group's own. */
export const GROUP_TRAINING_TEXTS = {
  Group_Training_Admin_Mode: ['管理模式', 'Admin mode'],
  Group_Training_Empty: ['本团队暂无训练', 'This group has no trainings yet'],
  Group_Training_Admin_Only: ['只有团队管理员可以管理团队训练', 'Only group admins manage the group trainings'],
  Group_Training_Back_To_List: ['返回训练管理', 'Back to the trainings'],
  Group_Training_Add_From_Group: ['从团队题库添加', 'Add from group problems'],
  Group_Training_No_Group_Problem: ['本团队暂无题目', 'This group has no problems yet'],
  Group_Training_Problem_Added: ['已在训练中', 'In the training'],
  Group_Training_New_Category: ['新建分类', 'New category'],
  Group_Training_Create_Category: ['为本团队创建训练分类', 'Create a training category for the group'],
  Group_Training_No_Category: [
    '还没有可用的训练分类，训练需要一个分类才能保存。请先为本团队创建一个分类。',
    'There is no training category yet, and a training needs one to be saved. Create one for the group first.',
  ],
  Group_Training_Category_Save: ['创建', 'Create'],
  Group_Training_Category_Created: ['分类已创建', 'Category created'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; every group training page calls it when its chunk loads. */
export const registerGroupTrainingTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(GROUP_TRAINING_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
