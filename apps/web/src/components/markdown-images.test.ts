import { describe, expect, it } from 'vitest';
import { markdownImage } from './markdown-images';

const PAGE = 'https://oj.example.edu/problem/1001';
const proxied = (url: string) => ({ kind: 'image', src: `/api/public/img-proxy?url=${encodeURIComponent(url)}` });

describe('images of markdown', () => {
  it('keeps images of the site as they are written', () => {
    for (const src of [
      '/api/public/img/0123456789abcdef0123456789abcdef.png',
      'api/public/img/a.png',
      '../img/a.png',
      'https://oj.example.edu/api/public/img/a.png',
    ]) {
      expect(markdownImage(src, 'proxy', PAGE), src).toEqual({ kind: 'image', src });
      expect(markdownImage(src, 'block', PAGE), src).toEqual({ kind: 'image', src });
    }
  });

  it('sends images of other sites through the proxy, however their address is written', () => {
    expect(markdownImage('https://tracker.example.com/pixel.png?u=1', 'proxy', PAGE)).toEqual(
      proxied('https://tracker.example.com/pixel.png?u=1'),
    );
    // Protocol-relative, with a backslash, another port or scheme of the same host: all another origin.
    expect(markdownImage('//tracker.example.com/p.png', 'proxy', PAGE)).toEqual(
      proxied('https://tracker.example.com/p.png'),
    );
    expect(markdownImage('/\\tracker.example.com/p.png', 'proxy', PAGE)).toEqual(
      proxied('https://tracker.example.com/p.png'),
    );
    expect(markdownImage('https://oj.example.edu:8443/p.png', 'proxy', PAGE)).toEqual(
      proxied('https://oj.example.edu:8443/p.png'),
    );
    expect(markdownImage('http://oj.example.edu/p.png', 'proxy', PAGE)).toEqual(proxied('http://oj.example.edu/p.png'));
    expect(markdownImage('HTTPS://Tracker.Example.com/a b.png', 'proxy', PAGE)).toEqual(
      proxied('https://tracker.example.com/a%20b.png'),
    );
  });

  it('with "block" loads no image of another site and offers a link instead', () => {
    expect(markdownImage('https://tracker.example.com/pixel.png', 'block', PAGE)).toEqual({
      kind: 'link',
      href: 'https://tracker.example.com/pixel.png',
    });
    expect(markdownImage('//tracker.example.com/p.png', 'block', PAGE)).toEqual({
      kind: 'link',
      href: 'https://tracker.example.com/p.png',
    });
  });

  it('links what the proxy would refuse rather than loading it directly', () => {
    const long = `https://tracker.example.com/${'a'.repeat(2100)}.png`;
    expect(markdownImage(long, 'proxy', PAGE)).toEqual({ kind: 'link', href: long });
    expect(markdownImage('https://user:pw@tracker.example.com/p.png', 'proxy', PAGE).kind).toBe('link');
  });

  it('loads nothing for addresses that are no web address', () => {
    for (const src of [
      undefined,
      '',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'ftp://x.example/a.png',
      'http://[::1',
    ]) {
      expect(markdownImage(src, 'proxy', PAGE), String(src)).toEqual({ kind: 'none' });
    }
  });
});
