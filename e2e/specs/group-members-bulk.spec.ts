import { expect, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const TEACHER = `bt${stamp}`;
const NEW_1 = `bn1${stamp}`;
const NEW_2 = `bn2${stamp}`;
const APPLICANT_1 = `ba1${stamp}`;
const APPLICANT_2 = `ba2${stamp}`;
const UNKNOWN = `nobody${stamp}`;
const CODE = 'm3p8z1';

test('a teacher pastes usernames into Add members and sees each result, approves two applications at once and removes two members at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, NEW_1, NEW_2, APPLICANT_1, APPLICANT_2]);
  // The teacher role (1001) may create groups.
  const list = await request.get(`/api/admin/user/get-user-list?keyword=${TEACHER}`, { headers: admin(root) });
  const teacherUid = (await list.json()).data.records[0].uid as string;
  const role = await request.put('/api/admin/user/edit-user', {
    headers: admin(root),
    data: { uid: teacherUid, type: 1001 },
  });
  expect((await role.json()).status).toBe(200);
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const made = await request.post('/api/group', {
    headers: { Authorization: teacher },
    data: {
      name: `Class 9A ${stamp}`,
      shortName: `c9a${stamp}`,
      brief: 'Grade 9 C++ basics',
      description: 'We meet on Tuesdays.',
      auth: 2,
      code: CODE,
      visible: true,
    },
  });
  const gid = (await made.json()).data.id as number;
  // Two students apply with the code.
  for (const name of [APPLICANT_1, APPLICANT_2]) {
    const token = await apiLogin(request, name, USER_PASSWORD);
    const res = await request.post(`/api/group/member?gid=${gid}&code=${CODE}&reason=`, {
      headers: { Authorization: token },
    });
    expect((await res.json()).data.auth).toBe(1);
  }

  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto(`/group/${gid}/member`);
  const members = page.getByRole('region', { name: '成员列表' });
  const applications = page.getByRole('region', { name: '入团申请' });

  // Add members: two real usernames and an unknown one, pasted on lines and after a comma.
  await members.getByRole('button', { name: /批量添加成员/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '用户名列表' }).fill(`${NEW_1}\n${NEW_2}, ${UNKNOWN}\n`);
  await expect(dialog.getByText('共 3 个用户名')).toBeVisible();
  await dialog.getByRole('button', { name: '添加' }).click();
  const results = dialog.getByRole('region', { name: '添加结果' });
  await expect(results.getByRole('listitem').filter({ hasText: NEW_1 })).toContainText('已添加');
  await expect(results.getByRole('listitem').filter({ hasText: NEW_2 })).toContainText('已添加');
  await expect(results.getByRole('listitem').filter({ hasText: UNKNOWN })).toContainText('用户不存在');
  await expect(results.getByText('已添加：2 人')).toBeVisible();
  // The footer's Close (the corner's × is named the same).
  await dialog.getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(members.getByRole('cell', { name: NEW_1, exact: true })).toBeVisible();
  await expect(members.getByRole('cell', { name: NEW_2, exact: true })).toBeVisible();

  // Approve both applications at once.
  await applications.getByRole('checkbox', { name: `选择 ${APPLICANT_1}` }).check();
  await applications.getByRole('checkbox', { name: `选择 ${APPLICANT_2}` }).check();
  await applications.getByRole('button', { name: '批量通过（2）' }).click();
  await expect(applications.getByRole('status')).toContainText('已通过申请（2 人）');
  await expect(applications.getByText('暂无申请')).toBeVisible();
  await expect(members.getByRole('cell', { name: APPLICANT_1, exact: true })).toBeVisible();
  await expect(members.getByRole('cell', { name: APPLICANT_2, exact: true })).toBeVisible();

  // Remove the two added members at once, after the confirmation.
  await members.getByRole('checkbox', { name: `选择 ${NEW_1}` }).check();
  await members.getByRole('checkbox', { name: `选择 ${NEW_2}` }).check();
  await members.getByRole('button', { name: /批量移出（2）/ }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(members.getByRole('status')).toContainText('已移出（2 人）');
  await expect(members.getByRole('cell', { name: NEW_1, exact: true })).toHaveCount(0);
  await expect(members.getByRole('cell', { name: NEW_2, exact: true })).toHaveCount(0);
  await expect(members.getByRole('cell', { name: APPLICANT_1, exact: true })).toBeVisible();

  // What the server keeps: the teacher and the two approved students.
  const kept = await request.get(`/api/group/get-member-list?gid=${gid}&limit=50`, {
    headers: { Authorization: teacher },
  });
  const names = ((await kept.json()).data.records as { username: string }[]).map((r) => r.username).sort();
  expect(names).toEqual([APPLICANT_1, APPLICANT_2, TEACHER].sort());
});
