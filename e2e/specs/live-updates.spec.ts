import { expect, test } from '@playwright/test';
import { apiLogin, createUsers, USER_PASSWORD, uiLogin } from '../contest-helpers';
import { ROOT_PASSWORD } from '../env';

const CPP_SOLUTION = `#include <iostream>
// live updates journey
int main() {
  long long a, b;
  while (std::cin >> a >> b) std::cout << a + b << "\\n";
  return 0;
}
`;

// Live updates (decision 0034): the problem page's verdict comes through the tab's event stream, not the 2 s polling.
test('a submitted verdict reaches the problem page through the event stream, without polling the submission', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A user of its own: root's submissions belong to the journeys that count them (solve-problem).
  const username = `live${Date.now().toString(36)}`;
  const rootToken = await apiLogin(request, 'root', ROOT_PASSWORD);
  await createUsers(request, rootToken, [username]);
  // What the tab's EventSource receives, recorded as it arrives (the page's own client is unchanged).
  await page.addInitScript(() => {
    const seen: { type: string; data: string }[] = [];
    (window as unknown as { __live: typeof seen }).__live = seen;
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ['submission', 'unread']) {
          this.addEventListener(type, (e) => seen.push({ type, data: (e as MessageEvent<string>).data }));
        }
      }
    } as typeof EventSource;
  });
  const streams: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams.push(r.url());
  });
  await uiLogin(page, username, USER_PASSWORD);
  // Signed in: the stream opens with a ticket, never the session token, and tells the unread counts.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __live: { type: string }[] }).__live.length))
    .toBeGreaterThan(0);
  expect(streams[0]).toMatch(/\/api\/events\?ticket=[\w-]+/);
  const token = await page.evaluate(() => Object.values(localStorage).join(' '));
  for (const part of token.split(/\s+/).filter((p) => p.length > 20)) expect(streams[0]).not.toContain(part);

  await page.goto('/problem/1000');
  await expect(page.getByRole('heading', { name: '1000 A+B Problem' })).toBeVisible();
  await page.getByRole('textbox', { name: '代码编辑器' }).fill(CPP_SOLUTION);
  const detailCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/get-submission-detail') detailCalls.push(r.url());
  });
  await page.getByRole('button', { name: /提交$/ }).click();
  const banner = page.getByRole('status', { name: '评测' });
  await expect(banner.getByText('答案正确')).toBeVisible({ timeout: 90_000 });

  // The verdict came as an event of the stream; the page read the submission when it was made and once more when
  // the stream told the verdict, never on the 2 s timer.
  const events = await page.evaluate(() =>
    (window as unknown as { __live: { type: string; data: string }[] }).__live
      .filter((e) => e.type === 'submission')
      .map((e) => JSON.parse(e.data) as { submitId: number; status: number }),
  );
  const verdict = events.find((e) => e.status === 0);
  expect(verdict).toBeTruthy();
  expect(detailCalls.length).toBeLessThanOrEqual(2);
});
