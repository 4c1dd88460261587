import { type ExternalImageMode, imageProxy } from '@oj/shared';

/** What an image of markdown becomes (decision 0011). */
export type MarkdownImage =
  /** Loaded from the site: a same-site image as written, another site's through the site's proxy. */
  | { kind: 'image'; src: string }
  /** Another site's image, not loaded: a link the reader may follow. */
  | { kind: 'link'; href: string }
  /** Nothing to load (no address, or a scheme that is no web address: data:, javascript:, ...). */
  | { kind: 'none' };

/** Decides how an image's `src` is shown on the page at `pageUrl`, so that a reader's browser never contacts
 * another host for it: the address is resolved as the browser would (so `//host`, `/\host` and `http:host` are
 * seen as absolute), kept when it stays on the page's origin, otherwise proxied or, with "block" (or when the
 * proxy would refuse it), turned into a link. */
export const markdownImage = (src: string | undefined, mode: ExternalImageMode, pageUrl: string): MarkdownImage => {
  if (!src) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(src, pageUrl);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === new URL(pageUrl).origin) return { kind: 'image', src };
  if (mode === 'block' || !imageProxy.isProxyableUrl(url.href)) return { kind: 'link', href: url.href };
  return { kind: 'image', src: imageProxy.imageProxyUrl(url.href) };
};
