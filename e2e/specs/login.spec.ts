import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogin, createUsers, USER_PASSWORD } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

const nav = (page: Page) => page.getByRole('navigation', { name: '菜单' });

test('a visitor signs in as root through the dialog, finds the admin entry, switches to English and logs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle('Online Judge - 首页');

  await nav(page).getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('用户名').fill('root');
  await dialog.getByLabel('密码').fill(ROOT_PASSWORD);
  await dialog.getByRole('button', { name: '登录' }).click();

  await expect(page.getByText('欢迎回来')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The user dropdown offers the admin area to admin roles, in a new window.
  await nav(page).getByRole('button', { name: 'root' }).click();
  const adminEntry = page.getByRole('menuitem', { name: '后台管理' });
  await expect(adminEntry).toBeVisible();
  // A new page of the context: the entry opens it with noopener, so it need not be reported as this page's popup.
  const [adminWindow] = await Promise.all([page.context().waitForEvent('page'), adminEntry.click()]);
  await expect(adminWindow).toHaveURL(/\/admin\/dashboard$/);
  await expect(adminWindow.getByRole('heading', { name: '仪表盘' })).toBeVisible();
  await expect(adminWindow.getByText('超级管理员')).toBeVisible();
  await adminWindow.close();

  await nav(page).getByRole('button', { name: 'English' }).click();
  const englishNav = page.getByRole('navigation', { name: 'Menu' });
  await expect(englishNav.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Announcement' })).toBeVisible();
  await expect(page).toHaveTitle('Online Judge - Home');

  await englishNav.getByRole('button', { name: 'root' }).click();
  await expect(page.getByRole('menuitem', { name: 'Management' })).toBeVisible();
  const loggedOut = page.waitForResponse((r) => r.url().includes('/api/logout'));
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(200);

  await expect(page).toHaveURL(/\/home$/);
  await expect(englishNav.getByRole('button', { name: 'Login' })).toBeVisible();
  // The user who just left is not asked to log in again.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(englishNav.getByRole('button', { name: 'root' })).toHaveCount(0);
  // The language choice survives the logout and a reload.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Login' })).toBeVisible();
});

test('five wrong logins bring the slide puzzle before a sixth is sent', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('用户名').fill('nobody');
  await dialog.getByLabel('密码').fill('wrong-password');

  const submit = dialog.getByRole('button', { name: '登录' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await submit.click();
    expect((await answer).status()).toBe(400);
    await expect(submit).toBeEnabled();
  }

  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/login')) sent++;
  });
  // Enter submits, which now opens the puzzle instead of sending.
  await dialog.getByLabel('密码').press('Enter');
  await expect(dialog.getByRole('slider', { name: '拖动滑块' })).toBeVisible();
  await expect(dialog.getByText('向右拖动滑块填充拼图')).toBeVisible();
  expect(sent).toBe(0);
});

/** Where the piece fits, found as a person finds it: by the picture. The hole is the picture whitened 70% in the
 * piece's shape; the best match of the piece's opaque pixels against it gives the left (decision 0014). */
const findPiece = (puzzle: Locator) =>
  puzzle.evaluate(async (root) => {
    const [background, piece] = Array.from(root.querySelectorAll('img'));
    await Promise.all([background.decode(), piece.decode()]);
    const pixels = (img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, canvas.width, canvas.height);
    };
    const b = pixels(background);
    const p = pixels(piece);
    const top = Number.parseInt(piece.style.top, 10);
    let best = { left: 0, error: Number.POSITIVE_INFINITY };
    for (let left = 0; left + p.width <= b.width; left++) {
      let error = 0;
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          const at = (y * p.width + x) * 4;
          if (p.data[at + 3] < 255) continue;
          const hole = ((top + y) * b.width + left + x) * 4;
          for (let c = 0; c < 3; c++) error += Math.abs(b.data[hole + c] - (p.data[at + c] * 0.3 + 255 * 0.7));
        }
      }
      if (error < best.error) best = { left, error };
    }
    return best.left;
  });

test('after five wrong logins the server asks for the puzzle; the solved puzzle’s proof signs in', async ({ page }) => {
  // A user of its own: the server counts failures per (username, IP), and root stays free for the other journeys.
  const rootToken = await apiLogin(page.request, 'root', ROOT_PASSWORD);
  const username = `puzzle${Date.now() % 1_000_000}`;
  await createUsers(page.request, rootToken, [username]);
  const logins: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/login')) logins.push(r.postDataJSON());
  });

  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('密码').fill('wrong-password');
  const submit = dialog.getByRole('button', { name: '登录' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await submit.click();
    expect((await answer).status()).toBe(400);
    await expect(submit).toBeEnabled();
  }

  // A browser that forgot its own count (another tab, cleared storage) is asked by the server.
  await page.evaluate(() => window.localStorage.removeItem('loginFailNum'));
  await page.goto('/login');
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('密码').fill(USER_PASSWORD);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await dialog.getByRole('button', { name: '登录' }).click();
  expect(await (await refused).json()).toMatchObject({ status: 400, data: { key: 'loginVerificationRequired' } });
  await expect(page.getByText('登录失败次数过多，请先完成安全验证')).toBeVisible();

  const handle = dialog.getByRole('slider', { name: '拖动滑块' });
  await expect(handle).toBeVisible();
  // The slider shows at once; the picture and its piece arrive with the puzzle from the server.
  await expect(dialog.locator('.oj-slide-puzzle img')).toHaveCount(2);
  const left = await findPiece(dialog.locator('.oj-slide-puzzle'));
  // A person looks before dragging; the server refuses an answer faster than that.
  await page.waitForTimeout(600);
  const box = await handle.boundingBox();
  if (!box) throw new Error('no slider handle');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + left, box.y + box.height / 2, { steps: 20 });
  await page.mouse.up();
  await expect(dialog.getByText(/^验证通过，用时 [\d.]+ 秒$/)).toBeVisible();

  await expect(page.getByText('欢迎回来')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(logins.at(-1)).toMatchObject({ username, password: USER_PASSWORD, verificationToken: expect.any(String) });
  expect(logins.at(-2)).not.toHaveProperty('verificationToken');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  // Every declared site path has its feature now (/zhuce, /message and /group were the examples before); a path of
  // a missing feature is covered by app/route-table.test.tsx.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
  await page.getByRole('button', { name: '回到首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the admin area asks visitors for an admin login and lets root in', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('请先使用管理员账号登录').first()).toBeVisible();
  await page.getByLabel('用户名').fill('root');
  await page.getByLabel('密码').fill(ROOT_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: '仪表盘' })).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu becomes a side drawer with the same entries', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: '菜单' }).click();
    const drawer = page.getByRole('dialog', { name: 'OJ' });
    await expect(drawer.getByRole('menuitem', { name: '首页' })).toBeVisible();
    await drawer.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('dialog', { name: 'OJ' }).getByLabel('用户名')).toBeVisible();
  });
});
