import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers of every answer (decision 0033), through @fastify/helmet. The content security policy is the one
 * the built SPA passes: its scripts are files of its own origin (no inline script anywhere); styles may be inline
 * because antd's CSS-in-JS and CodeMirror insert `<style>` elements and style attributes at run time; images come
 * from the site itself (uploads, the image proxy of decision 0011) or are data:/blob: URLs (the captcha, icons);
 * KaTeX's fonts ship with the app. No request leaves the site, so no other origin is named.
 */
export const helmetOptions: FastifyHelmetOptions = {
  global: true,
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
  // Sent only when the site is reached over HTTPS; other hosts of the domain are not the site's to decide.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};
