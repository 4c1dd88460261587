import { JUDGE_STATUS } from '@oj/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/router';
import { session } from '../../lib/auth-store';
import { i18next } from '../../lib/i18n';
import { renderWithProviders, setupI18n, stubServer, WEBSITE_CONFIG } from '../../test-utils';
import { STATUS_META } from '../submission/judge-status';
import DeveloperPage from './developer-page';
import IntroductionPage from './introduction-page';
import ResultExplanationPage from './result-explanation-page';
import aboutTexts from './texts/zh-CN';

const json = (data: unknown) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const renderPage = (element: React.ReactNode, path: string) =>
  renderWithProviders(
    [
      { path, element },
      { path: '/status/explanation', element: <ResultExplanationPage /> },
    ],
    path,
  );

/** A text key left untranslated shows as itself: none of this page's keys may appear on screen. */
const expectNoRawKeys = () => {
  const text = document.body.textContent ?? '';
  for (const key of Object.keys(aboutTexts)) expect(text).not.toContain(key);
};

beforeEach(() => {
  session.clear();
  stubServer();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => setupI18n('zh-CN'));

describe('about pages', { timeout: 30_000 }, () => {
  it('introduces the site with the four feature cards, in Chinese', async () => {
    await setupI18n('zh-CN');
    renderPage(<IntroductionPage />, '/introduction');
    expect(screen.getByRole('heading', { name: '简介' })).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      '分布式',
      '可定制',
      '安全',
      '多样化',
    ]);
    expect(within(cards[2] as HTMLElement).getByText(/bubblewrap 沙箱/)).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText(/cgroup/)).toBeTruthy();
    // The site's name comes from its configuration.
    expect(await screen.findByText(/^Test Judge 是一个在线评测系统/)).toBeTruthy();
    expectNoRawKeys();
  });

  it('introduces the site in English, and leads to the result explanation', async () => {
    await setupI18n('en-US');
    const { router } = renderPage(<IntroductionPage />, '/introduction');
    expect(screen.getByRole('heading', { name: 'Introduction' })).toBeTruthy();
    for (const name of ['Distributed', 'Customizable', 'Secure', 'Diverse'])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByText(/standalone judge workers/)).toBeTruthy();
    expect(screen.getByText(/Rust; each judge offers the languages installed/)).toBeTruthy();
    expectNoRawKeys();
    fireEvent.click(screen.getByRole('link', { name: 'What each judging result means' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/status/explanation'));
  });

  it('credits the developers and the projects the site stands on, in both languages', async () => {
    stubServer({
      '/api/get-website-config': json({
        ...WEBSITE_CONFIG,
        projectName: 'Judge Project',
        projectUrl: 'https://p.example',
      }),
    });
    await setupI18n('zh-CN');
    const zh = renderPage(<DeveloperPage />, '/developer');
    expect(screen.getByRole('heading', { name: '开发者' })).toBeTruthy();
    expect(screen.getByText(/沿用 HOJ（Hcode Online Judge）的设计/)).toBeTruthy();
    const project = await screen.findByRole('link', { name: 'Judge Project' });
    expect(project.getAttribute('href')).toBe('https://p.example');
    const bwrap = screen.getByRole('link', { name: 'bubblewrap' });
    expect(bwrap.closest('li')?.textContent).toBe('bubblewrap：评测沙箱');
    expect(bwrap.getAttribute('target')).toBe('_blank');
    expect(bwrap.getAttribute('rel')).toContain('noopener');
    expectNoRawKeys();
    zh.unmount();

    await setupI18n('en-US');
    renderPage(<DeveloperPage />, '/developer');
    expect(screen.getByRole('heading', { name: 'Developer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open-source projects we thank' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bubblewrap' }).closest('li')?.textContent).toBe(
      'bubblewrap: the judge’s sandbox',
    );
    expect(screen.getByRole('link', { name: 'HOJ' }).getAttribute('href')).toBe('https://github.com/HimitZH/HOJ');
    expectNoRawKeys();
  });

  it('leaves the project line out when the site names no project', async () => {
    stubServer({ '/api/get-website-config': json({ ...WEBSITE_CONFIG, projectName: '' }) });
    await setupI18n('en-US');
    renderPage(<DeveloperPage />, '/developer');
    expect(await screen.findByText('This site is written and maintained by its development team.')).toBeTruthy();
    expect(screen.queryByText(/^Project:/)).toBeNull();
  });
});

describe('result explanation page', { timeout: 30_000 }, () => {
  const statuses = Object.values(JUDGE_STATUS);

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`explains every judge status with the list's tag (${lang})`, async () => {
      await setupI18n(lang);
      renderPage(<ResultExplanationPage />, '/status/explanation');
      const terms = screen.getAllByRole('term');
      expect(terms).toHaveLength(statuses.length);
      const labels = terms.map((dt) => dt.textContent);
      for (const status of statuses) {
        const label = i18next.t(STATUS_META[status]?.key ?? '', { ns: 'submission' });
        expect(label).not.toBe(STATUS_META[status]?.key);
        expect(labels).toContain(label);
      }
      // Each status is followed by its explanation.
      for (const dt of terms) expect(dt.nextElementSibling?.textContent?.length).toBeGreaterThan(5);
      // The tag's colour and icon are the status list's own: Accepted green, Judging spinning.
      const accepted = terms.find((dt) => dt.textContent === i18next.t('Status_Accepted', { ns: 'submission' }));
      expect(accepted?.querySelector('.ant-tag-green')).toBeTruthy();
      const judging = terms.find((dt) => dt.textContent === i18next.t('Status_Judging', { ns: 'submission' }));
      expect(judging?.querySelector('.anticon-loading')).toBeTruthy();
      expectNoRawKeys();
    });
  }

  it('names the results in Chinese on the Chinese page', async () => {
    await setupI18n('zh-CN');
    renderPage(<ResultExplanationPage />, '/status/explanation');
    expect(screen.getByRole('heading', { name: '评测结果说明' })).toBeTruthy();
    expect(screen.getByText('程序通过了全部测试点。')).toBeTruthy();
    expect(screen.getByText(/去掉所有空格、制表符和换行后与答案一致/)).toBeTruthy();
  });
});

describe('routes and links to the about and explanation pages', { timeout: 60_000 }, () => {
  it('links the status list to the result explanation', async () => {
    await setupI18n('en-US');
    stubServer({ '/api/get-submission-list': json({ records: [], total: 0, size: 15, current: 1 }) });
    const { router } = renderWithProviders(buildRoutes(), '/status');
    fireEvent.click(await screen.findByRole('link', { name: /Judging results explained/ }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: 'Judging results explained' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/status/explanation');
    await waitFor(() => expect(document.title).toBe('Test Judge - Judging results explained'));
  });

  it('opens both about pages from the about submenu (the phone drawer, 390 px wide)', async () => {
    // Under 992 px the top menu is a drawer whose submenus open on a tap.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    await setupI18n('en-US');
    const { router } = renderWithProviders(buildRoutes(), '/home');
    for (const [label, path] of [
      ['Introduction', '/introduction'],
      ['Developer', '/developer'],
    ] as const) {
      fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
      const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
      const about = await within(drawer).findByRole('menuitem', { name: 'About' });
      if (about.getAttribute('aria-expanded') !== 'true') fireEvent.click(about);
      const link = await within(drawer).findByRole('link', { name: label });
      expect(link.getAttribute('href')).toBe(path);
      fireEvent.click(link);
      expect(await screen.findByRole('heading', { name: label }, { timeout: 10_000 })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    }
  });
});
