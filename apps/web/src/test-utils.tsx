import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from './app/app';
import { changeLanguage, i18next, initI18n } from './lib/i18n';

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
};

/** A fake server for component tests: answers the site calls the frame makes on every page. */
export const stubServer = (overrides: Record<string, () => Response> = {}) => {
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

export const setupI18n = async (lang: 'zh-CN' | 'en-US' = 'zh-CN') => {
  if (!i18next.isInitialized) await initI18n(lang);
  else await changeLanguage(lang, { save: false });
};

export const renderWithProviders = (routes: RouteObject[], initialPath: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const client = createQueryClient();
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router };
};

export const renderElement = (element: ReactNode, path = '/') => renderWithProviders([{ path: '*', element }], path);
