import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer, WEBSITE_CONFIG } from '../test-utils';
import MarkdownRenderer, { MarkdownContent } from './markdown-renderer';

const SIGNATURE = [
  'Hello ![my cat](https://tracker.example.com/cat.png?who=teacher)',
  '![logo](/api/public/img/0123456789abcdef0123456789abcdef.png)',
  '![inline](data:image/png;base64,iVBORw0KGgo=)',
].join('\n\n');

const configWith = (externalImages: string) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data: { ...WEBSITE_CONFIG, externalImages } }), {
    headers: { 'Content-Type': 'application/json' },
  });

const imageSources = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));

describe('markdown images on the page', () => {
  beforeAll(() => setupI18n('en-US'));

  it("loads another site's image through the proxy and the site's own as written", () => {
    const { container } = renderElement(<MarkdownContent source={SIGNATURE} externalImages="proxy" />);
    expect(imageSources(container)).toEqual([
      `/api/public/img-proxy?url=${encodeURIComponent('https://tracker.example.com/cat.png?who=teacher')}`,
      '/api/public/img/0123456789abcdef0123456789abcdef.png',
    ]);
    expect(screen.getByText('inline')).toBeTruthy();
    expect(container.innerHTML).not.toMatch(/<img[^>]+src="(https?:)?\/\/tracker/);
  });

  it('follows the site configuration: with "block" the other site\'s image becomes a link', async () => {
    stubServer({ '/api/get-website-config': configWith('block') });
    const { container } = renderElement(<MarkdownRenderer source={SIGNATURE} />);
    const link = await screen.findByRole('link', { name: 'my cat' });
    expect(link.getAttribute('href')).toBe('https://tracker.example.com/cat.png?who=teacher');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(imageSources(container)).toEqual(['/api/public/img/0123456789abcdef0123456789abcdef.png']);
  });

  it('with "proxy" in the configuration uses the proxy', async () => {
    stubServer({ '/api/get-website-config': configWith('proxy') });
    const { container } = renderElement(<MarkdownRenderer source={SIGNATURE} />);
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(2));
    expect(imageSources(container)[0]).toMatch(/^\/api\/public\/img-proxy\?url=https%3A%2F%2Ftracker\.example\.com/);
  });
});

describe('markdown from other users is inert (content of other roles is sanitised)', () => {
  beforeAll(() => setupI18n('en-US'));

  it('drops scripts, event handlers, javascript: links, iframes and styles', () => {
    const payload = [
      '<script>window.__pwned = 1</script>',
      '<img src="x" onerror="window.__pwned = 2">',
      '<iframe src="https://evil.example/"></iframe>',
      '<p style="position:fixed;inset:0" onclick="window.__pwned = 3">cover</p>',
      '<a href="javascript:window.__pwned=4">raw link</a>',
      '[md link](javascript:window.__pwned=5)',
      '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<svg><script>window.__pwned = 6</script></svg>',
      '<form action="https://evil.example"><input name="password"></form>',
      '**still bold**',
    ].join('\n\n');
    const { container } = renderElement(<MarkdownContent source={payload} externalImages="proxy" />);
    const html = container.innerHTML;
    expect(container.querySelector('script, iframe, svg, form, input, style')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
        expect(attr).not.toBe('style');
      }
    }
    for (const a of container.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    expect(html).not.toMatch(/javascript:/i);
    expect(screen.getByText('still bold').tagName).toBe('STRONG');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
