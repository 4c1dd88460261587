import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubServer } from '../../test-utils';
import { RemoteJudgeLogos } from './remote-judge-logos';

describe("the remote judges' logos on home", () => {
  it('shows a shipped logo for each remote judge, linking to the problem list of its bank', async () => {
    await setupI18n('en-US');
    stubServer();
    renderWithProviders([{ path: '*', element: <RemoteJudgeLogos /> }], '/home');
    const panel = screen.getByText('Supported remote judges').closest('section, div') as HTMLElement;
    expect(panel).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['HDU problems', '/problem?oj=HDU'],
      ['Codeforces problems', '/problem?oj=CF'],
      ['POJ problems', '/problem?oj=POJ'],
      ['Codeforces Gym problems', '/problem?oj=GYM'],
      ['AtCoder problems', '/problem?oj=AC'],
      ['SPOJ problems', '/problem?oj=SPOJ'],
    ]);
    for (const link of links) {
      const img = within(link).getByRole('img');
      // Shipped with the app: a bundled file or an inlined data URL, never another site's address.
      expect(img.getAttribute('src')).not.toMatch(/^(https?:)?\/\//);
      expect(img.getAttribute('alt')).toBeTruthy();
    }
  });

  it('names the widget in Chinese in the Chinese interface', async () => {
    await setupI18n('zh-CN');
    stubServer();
    renderWithProviders([{ path: '*', element: <RemoteJudgeLogos /> }], '/home');
    expect(screen.getByText('支持的远程评测平台')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Codeforces 题库' }).getAttribute('href')).toBe('/problem?oj=CF');
    await setupI18n('en-US');
  });
});
