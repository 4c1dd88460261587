import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { beforeEach, type Mock, vi } from 'vitest';
import { createQueryClient } from './app/app';
import { changeLanguage, FEATURE_TEXTS_DIR, i18next, initI18n } from './lib/i18n';
import { bindNotifiers } from './lib/notify';

export const WEBSITE_CONFIG = {
  baseUrl: '',
  name: 'Test Judge',
  shortName: 'TJ',
  description: '',
  email: '',
  register: true,
  recordName: 'ICP 123',
  recordUrl: 'https://beian.example',
  projectName: 'OJ',
  projectUrl: '',
  footerBrand: 'Training School',
  preliminaryUrl: '',
  registerMethod: 'mobile',
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  judgeWaitNoticeSeconds: 60,
};

/** A fake server for component tests: answers the site calls the frame makes on every page. */
export const stubServer = (overrides: Record<string, () => Response | Promise<Response>> = {}) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0];
    if (overrides[path]) return overrides[path]();
    const data =
      path === '/api/get-website-config'
        ? WEBSITE_CONFIG
        : path === '/api/get-common-announcement'
          ? { records: [], total: 0, size: 5, current: 1 }
          : path === '/api/home-carousel'
            ? []
            : null;
    return new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** An answer for stubServer: the server's envelope around data, with the HTTP status and the envelope's msg. */
export const json =
  (data: unknown, status = 200, msg = 'success') =>
  () =>
    new Response(JSON.stringify({ status, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** An answer for stubServer: one page (10 a page) holding all the records. */
export const page = (records: unknown[]) => json({ records, total: records.length, size: 10, current: 1 });

/** The calls the page made to one path (the query left off), as [url, init]. */
export const callsTo = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit | undefined][];

/** The query of a call, or of its url. */
export const queryOf = (call: string | [string, RequestInit | undefined] | undefined) =>
  new URLSearchParams(String(Array.isArray(call) ? call[0] : call).split('?')[1]);

/** The JSON body a call sent. */
export const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

/** Spies in the place of antd's toasts (message): bound afresh, and emptied, before each test of the calling file. */
export const spyOnToasts = () => {
  const toasts = { success: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() };
  beforeEach(() => {
    for (const f of Object.values(toasts)) f.mockReset();
    bindNotifiers(toasts as unknown as MessageInstance, { error: vi.fn() } as unknown as NotificationInstance);
  });
  return toasts;
};

/** Every feature's texts in both languages, read at once: tests render a screen without waiting for its namespaces. */
const ALL_FEATURE_TEXTS = import.meta.glob<Record<string, string>>('./features/**/texts/*.ts', {
  import: 'default',
  eager: true,
});

export const setupI18n = async (lang: 'zh-CN' | 'en-US' = 'zh-CN') => {
  if (!i18next.isInitialized) {
    await initI18n('zh-CN');
    for (const [file, texts] of Object.entries(ALL_FEATURE_TEXTS)) {
      const m = FEATURE_TEXTS_DIR.exec(file);
      if (m) i18next.addResourceBundle(m[2], m[1], texts);
    }
  }
  await changeLanguage(lang, { save: false });
};

/** As the app (app/app.tsx): antd's styles come from its static CSS, so components write no style elements of their
 * own, which jsdom would parse and match on every getComputedStyle. */
const TEST_THEME = { zeroRuntime: true };

export const renderWithProviders = (routes: RouteObject[], initialPath: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const client = createQueryClient();
  const utils = render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={TEST_THEME}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
};

export const renderElement = (element: ReactNode, path = '/') => renderWithProviders([{ path: '*', element }], path);

/** A screen `px` wide for the media queries (lib/use-media-query.ts): `(max-width: N)` matches below N, so a table
 * (components/responsive-table.tsx) lays itself out as on that screen. jsdom's own matchMedia matches nothing (the
 * widest layout). Undo with vi.restoreAllMocks(). */
export const screenWidth = (px: number) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: px < Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );

/** jsdom lays nothing out, and CodeMirror (the code editor and the code views) measures text through ranges'
 * rectangles: each range answers with none. */
export const stubTextLayout = () => {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
};
