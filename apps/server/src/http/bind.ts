import crypto from 'node:crypto';
import { type Endpoint, type Locale, localeOf } from '@oj/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser, ClientMeta, SessionService } from '../modules/auth/session.service.js';
import type { SiteService } from '../modules/site/site.service.js';
import { AppError } from './app-error.js';
import { checkAccess } from './guard.js';
import { PreSerialized } from './pre-serialized.js';
import { toValidationError } from './validation.js';

/** What a route handler sees of the request: never Fastify's objects. */
export interface RequestContext {
  user: AuthUser | undefined;
  meta: ClientMeta;
  locale: Locale;
  /** Raw Authorization token of the call (judge routes compare it with the judge token). */
  token: string | undefined;
  setHeader(name: string, value: string): void;
  /** Aborted when the client goes away before the answer is sent (long polls stop claiming work for it). */
  signal: AbortSignal;
}

export interface BindDeps {
  sessions: SessionService;
  site: SiteService;
  /** Validate every answer against the contract's output schema (on in tests). */
  validateOutput: boolean;
  /** The bearer token judge workers present on `access: 'judge'` endpoints. */
  judgeToken: string;
}

/** What a handler of a `binary` endpoint answers instead of envelope data. */
export interface BinaryAnswer {
  body: Buffer | NodeJS.ReadableStream;
  contentType: string;
  /** Sent as an attachment with this name. */
  filename?: string;
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

export const tokenOf = (req: FastifyRequest) => {
  const raw = req.headers.authorization?.trim();
  if (!raw) return undefined;
  return raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw;
};

const metaOf = (req: FastifyRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

export const envelope = (data: unknown, msg = 'success') => ({ status: 200, msg, data });

/** Binds one contract endpoint to a handler: authentication, the guard, input validation and the envelope,
 * in this one place for every endpoint. */
export const bind = <E extends Endpoint>(
  app: FastifyInstance,
  deps: BindDeps,
  e: E,
  handler: (
    input: z.output<E['input']>,
    ctx: RequestContext,
  ) => Promise<z.input<E['output']> | PreSerialized<z.input<E['output']>>>,
) => {
  app.route({
    method: e.method,
    url: e.path,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = await contextOf(req, reply, deps, e);
      // HOJ's client sends some DELETE inputs as a JSON body (delete-user's {ids}) and some PUT inputs as query
      // parameters (change-contest-visible, check-contest-print-status): DELETE and PUT read both.
      const raw =
        e.method === 'GET'
          ? req.query
          : e.method === 'DELETE' || e.method === 'PUT'
            ? { ...(req.query as object), ...((req.body as object | null) ?? {}) }
            : (req.body ?? {});
      const parsed = e.input.safeParse(raw);
      if (!parsed.success) throw toValidationError(parsed.error);
      const data = await handler(parsed.data as z.output<E['input']>, ctx);
      if (e.binary) {
        const file = data as BinaryAnswer;
        reply.type(file.contentType);
        if (file.filename) {
          reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
        }
        return reply.send(file.body);
      }
      if (data instanceof PreSerialized) {
        if (deps.validateOutput) e.output.parse(JSON.parse(data.json));
        reply.type('application/json; charset=utf-8');
        return reply.send(`{"status":200,"msg":"success","data":${data.json}}`);
      }
      if (deps.validateOutput) e.output.parse(data);
      return envelope(data ?? null);
    },
  });
};

const contextOf = async (req: FastifyRequest, reply: FastifyReply, deps: BindDeps, e: Endpoint) => {
  const token = tokenOf(req);
  const meta = metaOf(req);
  let user: AuthUser | undefined;
  if (e.access === 'judge' && !(token && sameSecret(token, deps.judgeToken))) throw new AppError(401, 'pleaseLogin');
  if (token && e.access !== 'judge') {
    const auth = await deps.sessions.authenticate(token, meta);
    // A bad token on a public endpoint is ignored (the visitor sees public pages); elsewhere it is a 401.
    if (!auth && e.access !== 'public') throw new AppError(401, 'sessionExpired');
    if (auth) {
      user = auth.user;
      if (auth.refreshedToken) {
        reply.header('Authorization', auth.refreshedToken);
        reply.header('refresh-token', 'true');
      }
    }
  }
  const denied = checkAccess(e, user, e.switch ? await deps.site.switches() : undefined);
  if (denied) throw denied;
  // The controller is made only for handlers that ask for the signal (long polls): most never do.
  let gone: AbortController | undefined;
  let closedEarly = false;
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    closedEarly = true;
    gone?.abort();
  });
  const ctx: RequestContext = {
    get signal() {
      if (!gone) {
        gone = new AbortController();
        if (closedEarly) gone.abort();
      }
      return gone.signal;
    },
    user,
    meta,
    token,
    locale: localeOf(req.headers['accept-language']),
    setHeader: (name, value) => void reply.header(name, value),
  };
  return ctx;
};
