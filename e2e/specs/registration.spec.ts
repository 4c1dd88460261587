import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { solveCaptcha } from '../captcha';
import { A_PLUS_B, admin, apiLogin, uiLogin } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

// A missing control fails fast instead of eating the whole journey's time.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

const stamp = Date.now().toString(36).slice(-5);
const STUDENT = `rg${stamp}`;
const PASSWORD = 'first-pass-1';
const NEW_PASSWORD = 'second-pass-2';
const MOBILE = `138${String(Date.now()).slice(-8)}`;

/** Reads the captcha picture in `scope` and types its answer, as a visitor would. */
const answerCaptcha = async (scope: Page | Locator) => {
  const picture = scope.getByRole('button', { name: '图形验证码，点击刷新' }).locator('img');
  await expect(picture).toHaveAttribute('src', /^data:image\/png/);
  const src = (await picture.getAttribute('src')) as string;
  await scope.getByRole('textbox', { name: '图形验证码' }).fill(solveCaptcha(src));
  return src;
};

/** The code of the last text message to the mobile, from the SMS outbox (root). */
const textedCode = async (request: APIRequestContext, root: string) => {
  const res = await request.get(`/api/admin/sms-outbox?mobile=${MOBILE}`, { headers: admin(root) });
  const last = (await res.json()).data.records[0] as { content: string };
  return /(\d{6})/.exec(last.content)?.[1] as string;
};

test('a visitor registers in the account dialog with a texted code, waits for approval, root approves, the student solves a problem, then resets the password by mobile and the old session is gone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const root = await apiLogin(request, 'root', ROOT_PASSWORD);
  const opened = await request.put('/api/admin/config/set-web-config', {
    headers: admin(root),
    data: { register: true },
  });
  expect(opened.ok()).toBeTruthy();
  await request.put('/api/admin/switch/update', { headers: admin(root), data: { defaultSubmitInterval: 0 } });

  // The Register link of the login dialog turns it into the registration form (one 370 px dialog).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/home');
  await visitor.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: '登录' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'OJ' });
  await dialog.getByText(/注册/).first().click();

  // The form: every field, a code texted to the mobile (the captcha is used up by sending and drawn again).
  const form = dialog.getByRole('form', { name: '注册账号' });
  await form.getByLabel('用户名').fill(STUDENT);
  await form.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await form.getByLabel('真实姓名').fill('李雷');
  await form.getByLabel('城市').fill('杭州');
  await form.getByLabel('学校').fill('第一中学');
  await form.getByLabel('年级').fill('初二');
  await form.getByLabel('手机号').fill(MOBILE);
  const first = await answerCaptcha(form);
  await form.getByRole('button', { name: '发送验证码' }).click();
  await expect(form.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await expect(form.getByRole('button', { name: '图形验证码，点击刷新' }).locator('img')).not.toHaveAttribute(
    'src',
    first,
  );
  await form.getByRole('textbox', { name: '短信验证码' }).fill(await textedCode(request, root));
  await answerCaptcha(form);
  await form.getByRole('button', { name: /^注\s?册$/ }).click();
  const thanks = visitor.getByRole('dialog', { name: '感谢注册' });
  await expect(thanks).toContainText('等待管理员审核');
  await thanks.getByRole('button', { name: /知道了/ }).click();
  await expect(dialog).toBeHidden();

  // Pending: the login says why.
  await visitor.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: '登录' }).click();
  const login = visitor.getByRole('dialog', { name: 'OJ' });
  await login.getByLabel('用户名').fill(STUDENT);
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  await expect(login.getByText('您的注册申请正在等待管理员审核，审核通过后即可登录')).toBeVisible();

  // Root approves it in the user admin page.
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('root');
  await page.getByLabel('密码').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/user');
  await page.getByRole('button', { name: `通过 ${STUDENT}` }).click();
  await expect(page.getByRole('button', { name: `通过 ${STUDENT}` })).toHaveCount(0);

  // The student logs in and solves A+B.
  const student = await (await browser.newContext()).newPage();
  await uiLogin(student, STUDENT, PASSWORD);
  await student.goto('/problem/1000');
  const languageBox = student.getByRole('combobox', { name: '语言' });
  await languageBox.fill('Python3');
  await languageBox.press('Enter');
  await student.getByRole('textbox', { name: '代码编辑器' }).fill(A_PLUS_B);
  await student.getByRole('button', { name: /提\s?交$/ }).click();
  await expect(student.getByRole('status', { name: '评测' }).getByText('答案正确')).toBeVisible({ timeout: 120_000 });
  const oldToken = (await student.evaluate(() => localStorage.getItem('token'))) ?? '';

  // Then resets the password by mobile, from another browser.
  await visitor.goto('/apply-reset-password');
  await visitor.getByRole('tab', { name: '通过手机' }).click();
  const reset = visitor.getByRole('form', { name: '通过手机' });
  await reset.getByLabel('用户名').fill(STUDENT);
  await reset.getByLabel('手机号').fill(MOBILE);
  await answerCaptcha(reset);
  await reset.getByRole('button', { name: '发送验证码' }).click();
  await expect(reset.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await reset.getByRole('textbox', { name: '短信验证码' }).fill(await textedCode(request, root));
  await reset.getByLabel('新密码').fill(NEW_PASSWORD);
  await reset.getByLabel('再次输入密码').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: '重置密码' }).click();
  await expect(visitor.getByText('你的密码已重置')).toBeVisible();

  // The old session is gone; the new password works, the old one does not.
  expect(oldToken).not.toBe('');
  const gone = await request.get('/api/get-user-auth-info', { headers: { Authorization: oldToken } });
  expect(gone.status()).toBe(401);
  expect((await request.post('/api/login', { data: { username: STUDENT, password: PASSWORD } })).status()).toBe(400);
  await apiLogin(request, STUDENT, NEW_PASSWORD);
});
