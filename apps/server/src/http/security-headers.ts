import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers of every answer (decision 0033), as helmet makes them. The content security policy is the one
 * the built SPA passes: its scripts are files of its own origin (no inline script anywhere); styles may be inline
 * because antd's CSS-in-JS and CodeMirror insert `<style>` elements and style attributes at run time; images come
 * from the site itself (uploads, the image proxy of decision 0011) or are data:/blob: URLs (the captcha, icons);
 * KaTeX's fonts ship with the app. No request leaves the site, so no other origin is named.
 */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
      // No upgrade-insecure-requests: a site served over plain HTTP on a LAN address would break.
    },
  },
  // HOJ's own client on another origin loads avatars and images from this API.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Browsers honour it only when the site is reached over HTTPS; other hosts of the domain are not the site's to
  // decide.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

/** The headers helmet sets with `helmetOptions`, worked out once: they are the same for every answer, and helmet's
 * middleware run per request (as @fastify/helmet did, options parsed again each time) cost a tenth of a trivial
 * call's time. The app's first hook sets them (apps/server/src/app.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: () => {},
  };
  let done = false;
  helmet(helmetOptions)({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done || !headers['Content-Security-Policy']) throw new Error('security headers: helmet did not answer at once');
  return Object.freeze(headers);
})();
