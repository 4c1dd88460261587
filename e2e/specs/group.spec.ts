import { type Browser, expect, test } from '@playwright/test';
import { admin, apiLogin, createUsers, signIn, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const TEACHER = `gt${stamp}`;
const STUDENT = `gs${stamp}`;
const OUTSIDER = `go${stamp}`;
const HELPER = `gh${stamp}`;
const NAME = `Class 8B ${stamp}`;
const CODE = 'k7q2x9';
const NOTICE = `Homework for Monday ${stamp}`;

const userPage = async (browser: Browser, username: string) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, USER_PASSWORD);
  return page;
};

test('a teacher creates a private group; a student applies with a wrong then the right code, is accepted and reads the announcement and the message; an outsider sees the card only; a group admin cannot remove the teacher', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, root, [TEACHER, STUDENT, OUTSIDER, HELPER]);
  const uidOf = async (username: string) => {
    const res = await request.get(`/api/admin/user/get-user-list?keyword=${username}`, { headers: admin(root) });
    return (await res.json()).data.records[0].uid as string;
  };
  // The teacher has the admin role (1001), which may create groups.
  const teacherUid = await uidOf(TEACHER);
  const role = await request.put('/api/admin/user/edit-user', {
    headers: admin(root),
    data: { uid: teacherUid, type: 1001 },
  });
  expect((await role.json()).status).toBe(200);

  // The teacher creates a private group from the group list.
  await signIn(page, TEACHER, USER_PASSWORD);
  await page.goto('/group');
  await page.getByRole('button', { name: '创建团队' }).click();
  const form = page.getByRole('dialog', { name: '创建团队' });
  await form.getByLabel('团队名称').fill(NAME);
  await form.getByLabel('团队简称').fill(`c8b${stamp}`);
  await form.getByLabel('团队简介').fill('Grade 8 C++ basics');
  await form.getByLabel('团队类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '私有' }).click();
  await form.getByLabel('邀请码').fill(CODE);
  await form.getByRole('textbox', { name: '团队描述' }).fill('We meet on **Mondays**.');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/group\/\d+/);
  const gid = Number(/\/group\/(\d+)/.exec(page.url())?.[1]);

  // An announcement for the members.
  await page.getByRole('tab', { name: '公告' }).click();
  await page.getByRole('button', { name: '发布公告' }).click();
  const notice = page.getByRole('dialog', { name: '发布公告' });
  await notice.getByLabel('标题').fill(NOTICE);
  await notice.getByRole('textbox', { name: '内容' }).fill('Read chapter 2.');
  await notice.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('cell', { name: NOTICE, exact: true })).toBeVisible();

  // The student applies: a wrong code is refused in the dialog, the right one with a reason is pending.
  const student = await userPage(browser, STUDENT);
  await student.goto(`/group/${gid}`);
  await student.getByRole('button', { name: '申请加入' }).click();
  const apply = student.getByRole('dialog', { name: '申请加入团队' });
  await apply.getByLabel('邀请码').fill('wrong1');
  await apply.getByLabel('申请理由').fill('I sit in class 8B');
  await apply.getByRole('button', { name: '提交' }).click();
  await expect(apply.getByText('邀请码错误')).toBeVisible();
  await apply.getByLabel('邀请码').fill(CODE);
  await apply.getByRole('button', { name: '提交' }).click();
  await expect(student.getByText('你的入团申请正在等待管理员审核')).toBeVisible();
  await expect(student.getByText(NOTICE)).toHaveCount(0);

  // The teacher accepts the application.
  await page.getByRole('tab', { name: '成员' }).click();
  await page.getByRole('button', { name: `通过 ${STUDENT}` }).click();
  await expect(page.getByRole('combobox', { name: `${STUDENT} 的身份` })).toBeVisible();

  // The student now reads the announcement, and the acceptance under Mine.
  await student.reload();
  await expect(student.getByText(NOTICE)).toBeVisible();
  await student.goto('/message/mine');
  await expect(student.getByText('入团申请已通过')).toBeVisible();
  await expect(student.getByText(`您加入团队“${NAME}”的申请已通过。`)).toBeVisible();

  // An outsider sees the card but none of the content.
  const outsider = await userPage(browser, OUTSIDER);
  await outsider.goto(`/group/${gid}`);
  await expect(outsider.getByText(NAME).first()).toBeVisible();
  await expect(outsider.getByText(NOTICE)).toHaveCount(0);
  await outsider.goto(`/group/${gid}/rank`);
  await expect(outsider.getByText('加入团队后才能查看此页面')).toBeVisible();

  // A group admin manages members, but the teacher's row offers no removal and the server refuses it.
  const teacher = await apiLogin(request, TEACHER, USER_PASSWORD);
  const helperUid = await uidOf(HELPER);
  for (const res of [
    await request.post('/api/group/add-member', { headers: { Authorization: teacher }, data: { gid, uid: helperUid } }),
    await request.put('/api/group/member', {
      headers: { Authorization: teacher },
      data: { gid, uid: helperUid, auth: 4 },
    }),
  ]) {
    expect((await res.json()).status).toBe(200);
  }
  const helper = await userPage(browser, HELPER);
  await helper.goto(`/group/${gid}/member`);
  await expect(helper.getByRole('button', { name: `移出 ${STUDENT}` })).toBeVisible();
  await expect(helper.getByRole('button', { name: `移出 ${TEACHER}` })).toHaveCount(0);
  const helperToken = await apiLogin(request, HELPER, USER_PASSWORD);
  const refused = await request.delete(`/api/group/member?gid=${gid}&uid=${teacherUid}`, {
    headers: { Authorization: helperToken },
  });
  expect(refused.status()).toBe(403);
});
