import { i18next } from '../../../lib/i18n';

/** Texts of the training admin screens (spec 3 §2.3, §3 "Group training", §5), both languages side by side; they
 * travel with the admin training chunk, never with the first visit to /home (DESIGN §5 budget). Keys carry their
 * own prefix so the public training pages' texts never collide with them. */
export const ADMIN_TRAINING_TEXTS = {
  // List
  Admin_Training_List: ['训练列表', 'Training list'],
  Admin_Training_Create: ['创建训练', 'Create training'],
  Admin_Training_Edit: ['编辑训练', 'Edit training'],
  Admin_Training_Category: ['训练分类', 'Training categories'],
  Admin_Training_Search: ['搜索训练标题', 'Search trainings'],
  Admin_Training_Title: ['训练标题', 'Title'],
  Admin_Training_Auth: ['权限', 'Auth'],
  Admin_Training_Public: ['公开', 'Public'],
  Admin_Training_Private: ['私有', 'Private'],
  Admin_Training_Category_Column: ['分类', 'Category'],
  Admin_Training_Problem_Count: ['题目数', 'Problems'],
  Admin_Training_Author: ['作者', 'Author'],
  Admin_Training_Modified: ['最近更新', 'Recent update'],
  Admin_Training_Visible: ['可见', 'Visible'],
  Admin_Training_Option: ['操作', 'Actions'],
  Admin_Training_Edit_Action: ['编辑', 'Edit'],
  Admin_Training_Problems: ['题目管理', 'Problems'],
  Admin_Training_Delete: ['删除', 'Delete'],
  Admin_Training_Delete_Confirm: [
    '删除训练会同时删除其题目列表与做题记录，确定删除吗？',
    'Deleting a training deletes its problem list and records too. Delete?',
  ],
  Admin_Training_Updated: ['修改成功', 'Update Successfully'],
  Admin_Training_Deleted: ['删除成功', 'Delete successfully'],
  Admin_Training_Added: ['添加成功', 'Add Successfully'],
  // Form
  Admin_Training_Rank: ['训练排序', 'Rank'],
  Admin_Training_Rank_Tip: ['数值越小越靠前（0 至 2147483647）', 'Smaller numbers come first (0 to 2147483647)'],
  Admin_Training_Rank_Range: ['{{field}} 须在 0 到 2147483647 之间', '{{field}} must be between 0 and 2147483647'],
  Admin_Training_Description: ['训练描述', 'Description'],
  Admin_Training_Password: ['训练密码', 'Password'],
  Admin_Training_Category_Field: ['训练分类', 'Category'],
  Admin_Training_Choose_Category: ['选择分类', 'Choose a category'],
  Admin_Training_Field_Required: ['{{field}} 不能为空', '{{field}} is required'],
  Admin_Training_Save: ['保存', 'Save'],
  Admin_Training_Saved: ['保存成功', 'Saved'],
  Admin_Training_No_Category_Title: ['暂无训练分类', 'No training category yet'],
  Admin_Training_No_Category: [
    '创建训练前需要先添加训练分类，即将前往分类管理。',
    'A training needs a category; add one first. You will be taken to the categories.',
  ],
  Admin_Training_Go_Category: ['前往分类管理', 'Go to categories'],
  // Problems of a training
  Admin_Training_Problem_List: ['训练题目', 'Training problems'],
  Admin_Training_View: ['查看训练', 'View training'],
  Admin_Training_Problem_ID: ['题目 ID', 'Problem ID'],
  Admin_Training_Problem_Title: ['题目标题', 'Title'],
  Admin_Training_Display_ID: ['展示 ID', 'Display ID'],
  Admin_Training_Display_ID_Invalid: [
    '展示 ID 只能包含字母、数字、下划线和短横线',
    'A display ID holds letters, digits, _ and - only',
  ],
  Admin_Training_Problem_Rank: ['排序号', 'Order'],
  Admin_Training_Problem_Rank_Tip: ['题目按排序号从小到大排列', 'Problems are listed by order number, smallest first'],
  Admin_Training_Remove: ['移除', 'Remove'],
  Admin_Training_Remove_Confirm: ['确定从训练中移除该题目吗？', 'Remove this problem from the training?'],
  Admin_Training_No_Problem: ['该训练还没有题目', 'This training has no problems yet'],
  Admin_Training_Add_From_Public: ['从公共题库添加', 'Add from public problems'],
  Admin_Training_Search_Problem: ['搜索题目 ID 或标题', 'Search problem ID or title'],
  Admin_Training_Add: ['添加', 'Add'],
  Admin_Training_Add_Problem_Title: ['添加题目：{{title}}', 'Add problem: {{title}}'],
  Admin_Training_Back: ['返回', 'Back'],
  // Categories
  Admin_Training_Add_Category: ['添加分类', 'Add category'],
  Admin_Training_Category_Name: ['分类名称', 'Name'],
  Admin_Training_Category_Color: ['颜色', 'Colour'],
  Admin_Training_Category_Preview: ['效果', 'Preview'],
  Admin_Training_Delete_Category_Confirm: ['确定删除该分类吗？', 'Delete this category?'],
  Admin_Training_No_Category_Rows: ['暂无分类', 'No categories yet'],
  Admin_Training_Cancel: ['取消', 'Cancel'],
} as const satisfies Record<string, readonly [string, string]>;

export type AdminTrainingTextKey = keyof typeof ADMIN_TRAINING_TEXTS;

let registered = false;

/** Adds the texts to both languages once; every training admin screen calls it when its chunk loads. */
export const registerAdminTrainingTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(ADMIN_TRAINING_TEXTS);
  for (const [i, lng] of ['zh-CN', 'en-US'].entries()) {
    // Keys shared with the core bundle (the menu labels) keep their translation.
    i18next.addResourceBundle(lng, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
