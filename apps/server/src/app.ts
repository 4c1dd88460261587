import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { chooseLanguage, type Locale, localeOf, message } from '@oj/shared';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { AppError } from './http/app-error.js';
import type { BindDeps } from './http/bind.js';
import { SECURITY_HEADERS } from './http/security-headers.js';
import { logger } from './lib/logger.js';
import { createIpRateLimiter, type IpLimits } from './modules/access/ip-rate-limit.js';
import { registerAdminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.js';
import { registerAdminProblemRoutes } from './modules/admin-problem/admin-problem.routes.js';
import { registerAdminSiteRoutes } from './modules/admin-site/admin-site.routes.js';
import { registerAdminTagRoutes } from './modules/admin-tag/admin-tag.routes.js';
import { registerAdminUserRoutes } from './modules/admin-user/admin-user.routes.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCommentRoutes } from './modules/comment/comment.routes.js';
import { registerClarificationRoutes } from './modules/contest/clarification.routes.js';
import { registerContestRoutes } from './modules/contest/contest.routes.js';
import { registerContestFileRoutes } from './modules/contest/contest-file.routes.js';
import { registerContestParticipantRoutes } from './modules/contest/contest-participants.routes.js';
import { registerContestStaffRoutes } from './modules/contest/contest-staff.routes.js';
import { registerExamRoutes } from './modules/contest/exam.routes.js';
import { registerDiscussionRoutes } from './modules/discussion/discussion.routes.js';
import { registerGroupRoutes } from './modules/group/group.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerImageProxyRoutes } from './modules/image-proxy/image-proxy.routes.js';
import { registerJudgeRoutes } from './modules/judge/judge.routes.js';
import { fixedJudgeToken, type JudgeToken } from './modules/judge/judge-token.js';
import { registerJudgeHeaderRoutes } from './modules/judge-header/judge-header.routes.js';
import { registerLiveRoutes } from './modules/live/live.routes.js';
import { registerMessageRoutes } from './modules/message/message.routes.js';
import { registerNoticeRoutes } from './modules/notice/notice.routes.js';
import { registerMetrics } from './modules/ops/metrics.routes.js';
import { registerOpenApiRoutes, trackBoundRoutes } from './modules/ops/openapi.routes.js';
import { registerPlagiarismRoutes } from './modules/plagiarism/plagiarism.routes.js';
import { registerProblemCatalogRoutes } from './modules/problem/problem-catalog.routes.js';
import { registerProblemImportRoutes } from './modules/problem-import/problem-import.routes.js';
import { registerRankRoutes } from './modules/rank/rank.routes.js';
import { registerRatingRoutes } from './modules/rating/rating.routes.js';
import { registerRegistrationRoutes } from './modules/registration/registration.routes.js';
import { registerRemoteJudgeRoutes } from './modules/remote-judge/remote-judge.routes.js';
import { registerSiteRoutes } from './modules/site/site.routes.js';
import { registerReviewRoutes } from './modules/submission/review.routes.js';
import { registerSubmissionRoutes } from './modules/submission/submission.routes.js';
import { registerTrainingRoutes } from './modules/training/training.routes.js';
import { registerUserRoutes } from './modules/user/user-settings.routes.js';
import type { AppServices } from './services.js';

export interface AppOptions {
  services: AppServices;
  /** The judge workers' token: a fixed one (tests), or the site's with its rotation (judge-token.ts). */
  judgeToken: string | JudgeToken;
  webDist?: string;
  logLevel?: string;
  validateOutput?: boolean;
  /** Whose X-Forwarded-For to believe: true, or the proxies' addresses/CIDRs (OJ_TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** OJ_METRICS_TOKEN: the bearer token of GET /metrics, which is 404 while unset. */
  metricsToken?: string;
  /** Replaces some per-IP limits (tests use small ones). */
  ipLimits?: Partial<IpLimits>;
  /** Further routes bound with the same deps (tests bind probe endpoints this way). */
  extraRoutes?: (app: FastifyInstance, deps: BindDeps) => void;
}

const EXPOSED_HEADERS = 'Refresh-Token,Authorization,Url-Type,Content-Disposition,Content-Type,X-Request-Id';

/** A request id a proxy in front already gave (X-Request-Id) is kept when it is a plain token, so one id follows
 * the request through both logs; anything else gets a fresh one. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

export const buildApp = async (opts: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    // The server's one logger (lib/logger.ts), at the level asked for here.
    loggerInstance: logger.child({}, { level: opts.logLevel ?? 'info' }) as FastifyBaseLogger,
    // One line per request would drown the log (judges long-poll all the time); failures are logged on their own.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    // Errors Node's HTTP parser finds before a request exists (a 60 KB query string is 431) keep the envelope.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const key = status === 431 ? 'requestTooLarge' : 'badRequest';
      const body = JSON.stringify({ status, msg: message(key, 'en-US'), data: { key } });
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  trackBoundRoutes(app);
  // JSON bodies only (and multipart where an endpoint declares an upload, see bind): a text/plain "hello" is 415.
  app.removeContentTypeParser('text/plain');
  // Multipart requests are only marked here; bind streams an upload endpoint's files after the guard passed.
  // An oversized file is reported by bind (the stream is marked truncated), not thrown mid-stream.
  await app.register(multipart, { throwFileSizeLimit: false });

  // The security headers of every answer (http/security-headers.ts), and CORS as HOJ's own client expects it: tokens
  // travel in headers, never cookies. A callback hook: an async one costs a promise and a microtask per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('X-Request-Id', req.id);
    const origin = req.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Allow-Methods', 'GET,POST,OPTIONS,PUT,DELETE');
      reply.header(
        'Access-Control-Allow-Headers',
        String(req.headers['access-control-request-headers'] ?? 'Authorization,Content-Type,Url-Type,Accept-Language'),
      );
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    // Answered here: the request goes no further (no `done`).
    if (req.method === 'OPTIONS') return void reply.code(200).send();
    // A NUL byte never names anything: refused for every route, raw file routes included, before any lookup.
    if (/%00/i.test(req.url) || req.url.includes('\0')) {
      return done(new AppError(400, 'textInvalid', { field: 'url' }, 'url'));
    }
    const urlType = req.headers['url-type'];
    if (urlType) reply.header('Url-Type', String(urlType));
    done();
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = localeOf(req.headers['accept-language']);
    // Refused before its body was read (not logged in, not allowed, bad upload): close rather than read the rest.
    if (!req.raw.complete) reply.header('Connection', 'close');
    if (err instanceof AppError) {
      // A wait the refusal names (`seconds`) is also told to machines: Retry-After and data.seconds.
      const seconds = err.status === 429 && err.vars.seconds ? Number(err.vars.seconds) : undefined;
      if (seconds) reply.header('Retry-After', String(seconds));
      return reply.code(err.status).send({
        status: err.status,
        msg: message(err.key, locale, err.vars),
        data: {
          key: err.key,
          ...(err.field ? { field: err.field } : {}),
          ...(seconds ? { seconds } : {}),
          requestId: req.id,
        },
      });
    }
    // Framework-level input problems (malformed JSON, wrong content type, oversized body) are bad requests.
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unexpected error');
    const key =
      status === 500
        ? 'serverError'
        : status === 429
          ? 'tooManyRequests'
          : status === 413
            ? 'requestTooLarge'
            : 'badRequest';
    return reply.code(status).send({ status, msg: message(key, locale), data: { key, requestId: req.id } });
  });

  registerMetrics(app, { db: opts.services.db, token: opts.metricsToken });

  const deps: BindDeps = {
    sessions: opts.services.sessions,
    site: opts.services.site,
    validateOutput: !!opts.validateOutput,
    judgeToken: typeof opts.judgeToken === 'string' ? fixedJudgeToken(opts.judgeToken) : opts.judgeToken,
    uploadDir: path.join(opts.services.dataDir, 'tmp', 'uploads'),
    uploads: opts.services.uploadQuota,
    admit: admitAll(
      createIpRateLimiter({ db: opts.services.db, limits: opts.ipLimits }),
      opts.services.examPolicy.admit,
    ),
    endedSession: async (token) => {
      const uid = await opts.services.sessions.revokedUidOf(token);
      return uid ? opts.services.examPolicy.endedReason(uid) : undefined;
    },
  };
  registerAuthRoutes(app, deps, opts.services);
  registerSiteRoutes(app, deps, opts.services);
  registerImageProxyRoutes(app, deps, opts.services);
  registerJudgeRoutes(app, deps, opts.services);
  registerHealthRoutes(app, deps, opts.services);
  registerProblemCatalogRoutes(app, deps, opts.services);
  registerSubmissionRoutes(app, deps, opts.services);
  registerReviewRoutes(app, deps, opts.services);
  registerRankRoutes(app, deps, opts.services);
  registerRatingRoutes(app, deps, opts.services);
  registerContestRoutes(app, deps, opts.services);
  registerContestFileRoutes(app, deps, opts.services);
  registerContestStaffRoutes(app, deps, opts.services);
  registerClarificationRoutes(app, deps, opts.services);
  registerContestParticipantRoutes(app, deps, opts.services);
  registerExamRoutes(app, deps, opts.services);
  registerTrainingRoutes(app, deps, opts.services);
  registerDiscussionRoutes(app, deps, opts.services);
  registerGroupRoutes(app, deps, opts.services);
  registerRegistrationRoutes(app, deps, opts.services);
  registerCommentRoutes(app, deps, opts.services);
  registerMessageRoutes(app, deps, opts.services);
  registerLiveRoutes(app, deps, opts.services);
  registerUserRoutes(app, deps, opts.services);
  registerAdminDashboardRoutes(app, deps, opts.services);
  registerAdminProblemRoutes(app, deps, opts.services);
  registerAuditRoutes(app, deps, opts.services);
  registerAdminUserRoutes(app, deps, opts.services);
  registerAdminTagRoutes(app, deps, opts.services);
  registerNoticeRoutes(app, deps, opts.services);
  registerAdminSiteRoutes(app, deps, opts.services);
  registerJudgeHeaderRoutes(app, deps, opts.services);
  registerRemoteJudgeRoutes(app, deps, opts.services);
  registerProblemImportRoutes(app, deps, opts.services);
  registerPlagiarismRoutes(app, deps, opts.services);
  registerOpenApiRoutes(app);
  opts.extraRoutes?.(app, deps);

  const indexHtml = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const hasWeb = !!indexHtml && fs.existsSync(indexHtml);
  const preloads = hasWeb && opts.webDist ? readRoutePreloads(opts.webDist) : [];
  if (hasWeb && opts.webDist) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // One route for every file, looked up as it is asked for: a route per file of the build (about 800 with their
      // compressed copies, each GET and HEAD) cost a quarter of a second of every start. A path that is no file goes
      // to the not-found handler below, as before.
      wildcard: true,
      index: false,
      // Only a path naming a file (its last part has an extension) is looked up: `/` and the app's own paths go to the
      // history fallback, never to a directory (which would answer 403).
      allowedPath: (pathName) => /\.[^/]+$/.test(pathName),
      // The web build writes a brotli (.br) and a gzip (.gz) copy next to each compressible asset
      // (apps/web/vite.config.ts); the one the browser accepts is sent, with Vary: Accept-Encoding (decision 0038).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite names assets by content hash: they never change under the same name. index.html names the current
        // ones, so a browser asks again every time (a cached copy would load assets a new build removed).
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath) === 'index.html') res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api';
    // A missing hashed asset is a 404, never index.html (the browser would report a MIME error instead).
    const isAsset = req.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // History fallback: deep links are routed by the SPA, which shows its own 404 page.
      reply.header('Cache-Control', 'no-cache');
      const [pathname, query] = req.url.split('?');
      const preload = preloads.find((p) => p.path.test(pathname));
      if (preload) {
        // After the entry's own tags: the browser fetches the page's texts and chunks behind the entry, not before it.
        const texts = preload.texts[pageLanguage(query, req.headers['accept-language'])];
        const links = texts ? `${texts}\n${preload.links}` : preload.links;
        const html = await fs.promises.readFile(indexHtml as string, 'utf8');
        return reply.type('text/html').send(html.replace('</head>', `${links}\n  </head>`));
      }
      return reply.type('text/html').send(fs.createReadStream(indexHtml as string));
    }
    const locale = localeOf(req.headers['accept-language']);
    return reply
      .code(404)
      .send({ status: 404, msg: message('notFound', locale), data: { key: 'notFound', requestId: req.id } });
  });

  return app;
};

/** The one admission step of every call (`BindDeps.admit`): each check in turn, the per-IP limits first (a refused
 * call counts against them), then the exam policy (modules/contest/exam-policy.ts). */
const admitAll =
  (...steps: NonNullable<BindDeps['admit']>[]): NonNullable<BindDeps['admit']> =>
  async (e, input, ctx) => {
    for (const step of steps) await step(e, input, ctx);
  };

/** The web build's route preloads (apps/web/vite.config.ts, decision 0048): for a page's paths, the chunks it needs
 * beyond the entry, and its texts in each language, named as module preloads at the end of index.html's head (after
 * the entry's own tags), so the browser fetches them while the entry runs instead of once the entry asks for them. A
 * build without the file (or with one that does not parse) gets index.html as it is. */
interface RoutePreload {
  path: RegExp;
  links: string;
  texts: Partial<Record<Locale, string>>;
}
const readRoutePreloads = (webDist: string): RoutePreload[] => {
  const linksOf = (list: unknown) =>
    (Array.isArray(list) ? list.filter((f) => /^\/assets\/[\w.-]+\.js$/.test(String(f))) : [])
      .map((f) => `  <link rel="modulepreload" crossorigin href="${f}">`)
      .join('\n');
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8')) as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry: { path?: unknown; files?: unknown; texts?: Record<string, unknown> }) => {
      const links = linksOf(entry.files);
      if (typeof entry.path !== 'string' || !links) return [];
      const texts: RoutePreload['texts'] = {};
      for (const locale of ['zh-CN', 'en-US'] as const) texts[locale] = linksOf(entry.texts?.[locale]);
      return [{ path: new RegExp(entry.path), links, texts }];
    });
  } catch {
    return [];
  }
};

/** The language the web app will pick for a first visit (`chooseLanguage`, the app's own rule), the browser's
 * language being the first of Accept-Language; the choice a visitor saved only the browser knows, and such a visitor
 * fetches the other language's texts too. */
const pageLanguage = (query: string | undefined, acceptLanguage: string | undefined): Locale =>
  chooseLanguage({
    query: new URLSearchParams(query ?? '').get('l'),
    saved: null,
    browser: acceptLanguage?.split(/[,;]/)[0],
  });
