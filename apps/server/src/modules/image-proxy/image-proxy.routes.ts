import { imageProxy } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** A day in the reader's browser; the server's own copy is refreshed after a week (decision 0011). */
const CACHE_CONTROL = 'public, max-age=86400';

export const registerImageProxyRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, imageProxy.getProxiedImage, async (q, ctx) => {
    const image = await s.imageProxy.image(q.url);
    ctx.setHeader('Cache-Control', CACHE_CONTROL);
    ctx.setHeader('Content-Length', String(image.size));
    // Opened on its own, the answer is an inert picture: no script, no styles, no requests of its own.
    ctx.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    return { body: image.body, contentType: image.contentType };
  });
};
