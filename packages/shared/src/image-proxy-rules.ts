/** Images of markdown that live on other sites are fetched by the server and served from the site, so a reader's
 * browser never contacts the other host (decision 0011). The admin setting `externalImages` of the website
 * configuration chooses between that and not loading them at all. The rules below are free of zod, so the browser
 * bundle carries them (decision 0005); contract/image-proxy.ts re-exports them beside the endpoint. */

/** How markdown shows an image from another site: through the site's proxy, or not loaded (a link instead). */
export const EXTERNAL_IMAGE_MODES = ['proxy', 'block'] as const;
export type ExternalImageMode = (typeof EXTERNAL_IMAGE_MODES)[number];

export const IMAGE_PROXY_LIMITS = {
  /** Longest URL the proxy takes (the web shows a longer one as a link). */
  urlMaxLength: 2048,
  /** Largest image it fetches; beyond it the download stops. */
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export const IMAGE_PROXY_PATH = '/api/public/img-proxy';

/** An absolute http(s) URL without user name or password, of bounded length, that is not the proxy itself (a
 * chain of proxies would multiply one request). The web uses the same rule to decide what it may proxy. */
export const isProxyableUrl = (raw: string): boolean => {
  if (raw.length === 0 || raw.length > IMAGE_PROXY_LIMITS.urlMaxLength) return false;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  return (
    (u.protocol === 'http:' || u.protocol === 'https:') &&
    u.hostname !== '' &&
    u.username === '' &&
    u.password === '' &&
    u.pathname !== IMAGE_PROXY_PATH
  );
};

/** The site-relative address under which the proxy serves the image at `url`. */
export const imageProxyUrl = (url: string) => `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
