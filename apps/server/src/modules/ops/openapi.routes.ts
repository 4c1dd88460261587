import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../../config.js';
import { buildOpenApiDocument } from './openapi.js';

const DOCS_DIR = path.join(REPO_ROOT, 'apps/server/src/modules/ops/docs');
const DOCS_FILES: Record<string, string> = {
  'docs.js': 'text/javascript; charset=utf-8',
  'docs.css': 'text/css; charset=utf-8',
};

export interface BoundRoute {
  method: string;
  url: string;
}
const bound = new WeakMap<FastifyInstance, BoundRoute[]>();

/** Records every route bound on `app` from now on (call it first), for the test that finds each in the document. */
export const trackBoundRoutes = (app: FastifyInstance) => {
  const routes: BoundRoute[] = [];
  bound.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
};
export const boundRoutes = (app: FastifyInstance) => bound.get(app) ?? [];

/** GET /api/openapi.json (public) and the reference page at /api/docs that renders it (decision 0033). The document
 * is built once, on the first call, from the contract. */
export const registerOpenApiRoutes = (app: FastifyInstance) => {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache');
    return document;
  });
  const html = fs.readFileSync(path.join(DOCS_DIR, 'docs.html'));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  for (const [name, type] of Object.entries(DOCS_FILES)) {
    const body = fs.readFileSync(path.join(DOCS_DIR, name));
    app.get(`/api/docs/${name}`, async (_req, reply) => reply.type(type).send(body));
  }
};
