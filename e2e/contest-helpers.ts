import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** What the contest journeys share: sample solutions, API logins, contest set-up and judged submissions. */

export const USER_PASSWORD = 'e2e-user-pass1';
export const ACCEPTED = 0;
export const WRONG_ANSWER = -1;

/** Python3 solutions of the sample problems A+B (problemId 1000) and Sort (1004), and a wrong one for both. */
export const A_PLUS_B =
  'import sys\nd = list(map(int, sys.stdin.read().split()))\nfor i in range(0, len(d) - 1, 2):\n    print(d[i] + d[i + 1])\n';
export const SORT =
  'import sys\nd = sys.stdin.read().split()\nn = int(d[0])\nprint(" ".join(map(str, sorted(map(int, d[1 : n + 1])))))\n';
export const WRONG = 'print(0)\n';

/** A session as the app keeps it: the token and the signed-in user. */
export interface ApiSession {
  token: string;
  user: unknown;
}

/** Logs in through the API; the session. */
export const apiSession = async (
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<ApiSession> => {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  const token = res.headers().authorization;
  expect(token).toBeTruthy();
  return { token, user: (await res.json()).data };
};

/** Logs in through the API; the session token. */
export const apiLogin = async (request: APIRequestContext, username: string, password: string) =>
  (await apiSession(request, username, password)).token;

/** Headers of an admin-area call. */
export const admin = (token: string) => ({ Authorization: token, 'Url-Type': 'admin' });

/** New users from the admin's batch import (the user admin API), all with one password; fails unless every
 * one was created. */
export const createUsers = async (
  request: APIRequestContext,
  rootToken: string,
  usernames: string[],
  password = USER_PASSWORD,
) => {
  const res = await request.post('/api/admin/user/insert-batch-user', {
    headers: admin(rootToken),
    data: { users: usernames.map((username) => [username, password]) },
  });
  expect((await res.json()).data?.created).toBe(usernames.length);
};

/** Signs in through the API and keeps the session where the app keeps it (localStorage: the token and the user), so
 * the next page the journey opens is signed in. For journeys that are not about logging in: it spares loading the
 * app once more only to fill the dialog (the login journeys use uiLogin). The page is left on a small same-origin
 * answer, not the app; the caller opens the page it needs. */
export const signIn = async (page: Page, username: string, password: string) => {
  const { token, user } = await apiSession(page.request, username, password);
  await page.goto('/api/get-website-config');
  await page.evaluate(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('userInfo', JSON.stringify(user));
    },
    { token, user },
  );
};

/** Logs in through the navigation's dialog, as a visitor does. */
export const uiLogin = async (page: Page, username: string, password: string) => {
  await page.goto('/home');
  await page.getByRole('navigation', { name: '菜单' }).getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: 'OJ' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(dialog).toBeHidden();
};

/** Adds sample problems to a contest by problemId, once the embedded judge offers Python3 for them (it declares
 * its languages when its probes have run in the sandbox). */
export const addSampleProblems = async (
  request: APIRequestContext,
  rootToken: string,
  cid: number,
  problems: readonly { problemId: string; displayId: string; color?: string }[],
) => {
  for (const { problemId, displayId, color } of problems) {
    const detail = await request.get(`/api/get-problem-detail?problemId=${problemId}`);
    const pid = (await detail.json()).data.problem.id as number;
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/get-problem-languages?pid=${pid}`);
          return ((await res.json()).data as { name: string }[]).map((l) => l.name);
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toContain('Python3');
    const added = await request.post('/api/admin/contest/add-problem-from-public', {
      headers: admin(rootToken),
      data: { cid, pid, displayId, ...(color ? { color } : {}) },
    });
    expect((await added.json()).status).toBe(200);
  }
};

/** Submits Python3 through the API and waits (polling, no sleep) for the expected verdict. A contest submit keeps
 * the site's submit interval (decision 0015): a user's next submit is sent again until the interval has passed. */
export const submitAndJudge = async (
  request: APIRequestContext,
  rootToken: string,
  user: string,
  cid: number,
  displayId: string,
  code: string,
  verdict: number,
) => {
  let body = { status: 0, data: null as { submitId: number } | null };
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/submit-problem-judge', {
          headers: { Authorization: user },
          data: { pid: displayId, language: 'Python3', code, cid },
        });
        body = await res.json();
        return body.status;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .not.toBe(429);
  expect(body.status, JSON.stringify(body)).toBe(200);
  const submitId = body.data?.submitId as number;
  await expect
    .poll(
      async () => {
        const detail = await request.get(`/api/get-submission-detail?submitId=${submitId}`, {
          headers: { Authorization: rootToken },
        });
        return (await detail.json()).data?.submission?.status;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe(verdict);
};
