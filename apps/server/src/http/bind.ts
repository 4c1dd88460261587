import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Access, type Endpoint, type Locale, localeOf, type MessageKey, type UploadedFile } from '@oj/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser, ClientMeta, SessionService } from '../modules/auth/session.service.js';
import type { JudgeToken } from '../modules/judge/judge-token.js';
import type { SiteService } from '../modules/site/site.service.js';
import type { UploadPass, UploadQuotaService } from '../modules/upload/upload-quota.service.js';
import { AppError } from './app-error.js';
import { checkAccess } from './guard.js';
import { PreSerialized } from './pre-serialized.js';
import { toValidationError } from './validation.js';

/** Who calls an endpoint of access A once the guard (checkAccess) has let the call through: a signed-in user on every
 * endpoint that requires sign-in ('user', 'admin', 'root'); maybe nobody on a public one (a visitor, or a bad token
 * that was ignored); never a user on a judge endpoint (the judge token is not a session). An access not known as
 * written (a plain `Endpoint`) gets the widest answer, a user or nobody. */
export type CallerOf<A extends Access> = A extends 'public'
  ? AuthUser | undefined
  : A extends 'judge'
    ? undefined
    : AuthUser;

/** What a route handler sees of the request: never Fastify's objects. `U` is its caller as the endpoint's access
 * decides it (`ContextOf`), so a handler of a signed-in endpoint reads `ctx.user` as a user. */
export interface RequestContext<U extends AuthUser | undefined = AuthUser | undefined> {
  user: U;
  meta: ClientMeta;
  locale: Locale;
  /** Raw Authorization token of the call (judge routes compare it with the judge token). */
  token: string | undefined;
  setHeader(name: string, value: string): void;
  /** A request header (the event stream reads Accept and Last-Event-ID). */
  header(name: string): string | undefined;
  /** Aborted when the client goes away before the answer is sent (long polls stop claiming work for it). */
  signal: AbortSignal;
}

/** The context bind gives the handler of endpoint E: its user typed by E's access. */
export type ContextOf<E extends Pick<Endpoint, 'access'>> = RequestContext<CallerOf<E['access']>>;

/** The context of a call to an endpoint that requires sign-in: what code acting for the caller takes (actorOf). */
export type SignedInContext = RequestContext<AuthUser>;

export interface BindDeps {
  sessions: SessionService;
  site: SiteService;
  /** Validate every answer against the contract's output schema (on in tests). */
  validateOutput: boolean;
  /** What judge workers authenticate with on `access: 'judge'` endpoints (modules/judge/judge-token.ts). */
  judgeToken: JudgeToken;
  /** Where uploads are streamed while a call runs (OJ_DATA_DIR/tmp/uploads). */
  uploadDir: string;
  /** The per-user upload limits (hourly allowance, uploads in flight), asked before an upload's body is read. */
  uploads: Pick<UploadQuotaService, 'admit'>;
  /** Admits a valid call before its handler runs, or throws (the per-IP limits): a call refused for its input never
   * reaches it, so it changes nothing. */
  admit?: (e: Endpoint, input: unknown, ctx: RequestContext) => Promise<void>;
  /** Why a token that did not authenticate stopped working, when a rule can say more than `sessionExpired` (an exam's
   * other login ended it: `examSessionEnded`, modules/contest/exam-policy.ts): a 401 with that reason, on public
   * endpoints too. Asked only of a token that did not authenticate. */
  endedSession?: (token: string) => Promise<MessageKey | undefined>;
}

/** What a handler of a `binary` endpoint answers instead of envelope data. */
export interface BinaryAnswer {
  body: Buffer | NodeJS.ReadableStream;
  contentType: string;
  /** Sent as an attachment with this name. */
  filename?: string;
}

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
 * in this one place for every endpoint. The caller is authenticated and authorised in `onRequest`, before a
 * byte of the body is read (an anonymous 250 MB upload is refused at its headers). An upload is then checked
 * further before its body is read (`admitUpload`): the route's own rule from the query, the size its
 * Content-Length promises, and the caller's upload limits. */
export const bind = <E extends Endpoint>(
  app: FastifyInstance,
  deps: BindDeps,
  e: E,
  handler: (
    input: z.output<E['input']>,
    ctx: ContextOf<E>,
  ) => Promise<z.input<E['output']> | PreSerialized<z.input<E['output']>>>,
  opts: {
    /** An upload's own rule for the caller, decided from its query string before the body is read: the same rule
     * the handler applies to the final input (e.g. the group's admins when `gid` is in the query, else admin
     * roles). Required for an upload open to every signed-in user (`access: 'user'`), whose guard decides
     * nothing more. */
    beforeBody?: (query: Record<string, unknown>, ctx: ContextOf<E>) => Promise<void>;
  } = {},
) => {
  if (e.upload && e.access === 'user' && !opts.beforeBody) {
    throw new Error(`${e.path}: an upload open to every user needs its rule before the body (beforeBody)`);
  }
  // Each call's context, made in onRequest and read by the handler of the same request.
  const contexts = new WeakMap<FastifyRequest, ContextOf<E>>();
  app.route({
    method: e.method,
    url: e.path,
    ...(e.bodyMaxBytes ? { bodyLimit: e.bodyMaxBytes } : {}),
    onRequest: async (req, reply) => {
      contexts.set(req, await contextOf(req, reply, deps, e));
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = contexts.get(req);
      if (!ctx) throw new Error(`${e.path}: no request context (onRequest did not run)`);
      const query = { ...(req.query as Record<string, unknown>) };
      if (opts.beforeBody) await opts.beforeBody(query, ctx);
      const answer = async (raw: unknown) => {
        const parsed = e.input.safeParse(raw);
        if (!parsed.success) throw toValidationError(parsed.error);
        await deps.admit?.(e, parsed.data, ctx);
        const data = await handler(parsed.data as z.output<E['input']>, ctx);
        return send(reply, deps, e, data);
      };
      if (!e.upload) return answer(inputOf(req, e));
      const pass = await admitUpload(req, e.upload, ctx, deps, e.access === 'judge');
      const read = { bytes: 0 };
      try {
        const upload = await receiveUpload(req, e.upload, deps.uploadDir, pass, read);
        try {
          // An upload's query parameters (HOJ sends test-case uploads' gid and mode there) win over its fields, so
          // what `beforeBody` checked is what the handler gets.
          checkText(query);
          return await answer({ ...upload.input, ...query });
        } finally {
          await upload.cleanup();
        }
      } finally {
        // The slot in flight is given back and the bytes read are counted, whatever the answer.
        await pass.done(read.bytes).catch((err) => req.log.error({ err }, 'upload limits not released'));
      }
    },
  });
};

const send = (reply: FastifyReply, deps: BindDeps, e: Endpoint, data: unknown) => {
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
  return reply.send(envelope(data ?? null));
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The raw input of a call: the query for GET; the JSON body otherwise, which must be an object (or an array where the
 * endpoint takes one, as HOJ's DELETE /api/admin/discussion with [did, ...]); no body is an empty one. HOJ's client
 * sends some DELETE inputs as a JSON body (delete-user's {ids}), some PUT and POST inputs as query parameters
 * (change-contest-visible, group member calls): those read both. Text anywhere in it is checked for NUL and unpaired
 * surrogates here, for every endpoint, before any schema or database sees it. */
const inputOf = (req: FastifyRequest, e: Endpoint): unknown => {
  const query = req.query as Record<string, unknown>;
  if (req.isMultipart()) throw new AppError(400, 'bodyNotJson');
  let raw: unknown;
  if (e.method === 'GET') raw = query;
  else if (req.body === undefined) raw = { ...query };
  else if (Array.isArray(req.body) && acceptsArray(e.input)) raw = req.body;
  else if (isPlainObject(req.body)) raw = { ...query, ...req.body };
  else throw new AppError(400, 'bodyNotObject');
  // Judge reports carry program output (a checker quoting a NUL the program printed): replaced, not refused.
  if (e.access === 'judge') return scrubText(raw);
  checkText(raw);
  return raw;
};

/** An array schema (with its own length rules), or one that an empty array passes. */
const acceptsArray = (schema: z.ZodType) =>
  (schema as { def?: { type?: string } }).def?.type === 'array' || schema.safeParse([]).success;

/** Text refuses NUL (PostgreSQL cannot store it) and unpaired UTF-16 surrogates (not Unicode). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused.
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');
const scrubText = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace(BAD_TEXT_ALL, '\uFFFD')
    : Array.isArray(v)
      ? v.map(scrubText)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrubText(x)]))
        : v;

const MAX_DEPTH = 32;
const checkText = (v: unknown, at = '', depth = 0) => {
  if (depth > MAX_DEPTH) throw new AppError(400, 'bodyTooDeep', { max: String(MAX_DEPTH) }, at);
  if (typeof v === 'string') {
    if (BAD_TEXT.test(v)) throw new AppError(400, 'textInvalid', { field: at || 'body' }, at || 'body');
  } else if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) checkText(x, at ? `${at}.${i}` : String(i), depth + 1);
  } else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (BAD_TEXT.test(k)) throw new AppError(400, 'textInvalid', { field: 'body' }, 'body');
      checkText(x, at ? `${at}.${k}` : k, depth + 1);
    }
  }
};

/** Room for an upload's form fields and part headers beside its file, in the request's length. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** What is decided of an upload before a byte of its body is read, in this order: the route's rule
 * (`beforeBody`, already run), a multipart body with a boundary, a Content-Length within the endpoint's cap, and
 * the caller's upload limits (a slot in flight and the hour's bytes, 429). Each refusal is answered with
 * `Connection: close`, nothing is written to the upload directory, and the caller's counters are unchanged. */
const admitUpload = async (
  req: FastifyRequest,
  spec: NonNullable<Endpoint['upload']>,
  ctx: RequestContext,
  deps: BindDeps,
  judge: boolean,
): Promise<UploadPass> => {
  if (!req.isMultipart()) throw new AppError(400, 'uploadNotMultipart');
  if (!/;\s*boundary=/i.test(String(req.headers['content-type']))) throw new AppError(400, 'uploadInvalid');
  const cap = spec.maxBytes + MULTIPART_OVERHEAD;
  const header = req.headers['content-length'];
  const length = header === undefined ? undefined : Number(header);
  if (length !== undefined && length > cap) throw new AppError(400, spec.tooLarge ?? 'fileTooLarge');
  // A judge worker (its token checked already) is no user: only the endpoint's cap bounds what it sends.
  if (judge) return { maxBytes: length ?? cap, done: async () => {} };
  // The limits are the caller's: an upload needs one, whatever its guard says.
  if (!ctx.user) throw new AppError(401, 'pleaseLogin');
  return deps.uploads.admit(ctx.user, { length, cap });
};

/** Streams the files of a multipart upload to temporary files (never into memory), each capped at the
 * endpoint's size while it arrives; fields become strings. The bytes read are counted in `read`; a body without
 * Content-Length is stopped once it passes what `pass` allows, a file once it passes the endpoint's cap: the
 * answer goes out at once and the rest is never read. The temporary files are removed when the call ends. */
const receiveUpload = async (
  req: FastifyRequest,
  spec: NonNullable<Endpoint['upload']>,
  dir: string,
  pass: UploadPass,
  read: { bytes: number },
) => {
  const input: Record<string, unknown> = Object.create(null);
  const paths: string[] = [];
  const cleanup = () => Promise.all(paths.map((p) => fs.promises.rm(p, { force: true }))).then(() => undefined);
  const tooLarge = new AppError(400, spec.tooLarge ?? 'fileTooLarge');
  const stop = new AbortController();
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true }),
  );
  stopped.catch(() => {});
  const fail = (err: AppError) => {
    if (stop.signal.aborted) return;
    // Read no further: the error's answer closes the connection.
    req.raw.unpipe();
    req.raw.pause();
    stop.abort(err);
  };
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    // Counted beside the multipart parser, which starts reading in the same tick.
    req.raw.on('data', (chunk: Buffer) => {
      read.bytes += chunk.length;
      if (read.bytes > pass.maxBytes) fail(pass.overQuota ?? tooLarge);
    });
    const parts = req
      .parts({
        limits: { fileSize: spec.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11, headerPairs: 20 },
      })
      [Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), stopped]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || part.valueTruncated) throw new AppError(400, 'uploadInvalid');
        input[part.fieldname] = part.value;
        continue;
      }
      const tmp = path.join(dir, `${crypto.randomBytes(16).toString('hex')}.upload`);
      paths.push(tmp);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      part.file.on('limit', () => fail(tooLarge));
      const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(part.file, out, { signal: stop.signal });
      } finally {
        // The file is removed only once the stream let go of it (an aborted stream may still be opening it).
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      }
      if (part.file.truncated) throw tooLarge;
      input[part.fieldname] = { path: tmp, size, filename: part.filename ?? '' } satisfies UploadedFile;
    }
    checkText(input);
    return { input, cleanup };
  } catch (err) {
    await cleanup();
    if (stop.signal.aborted) throw stop.signal.reason;
    if (err instanceof AppError) throw err;
    // Malformed multipart (no boundary, truncated parts, too many parts or fields) is the client's fault.
    throw new AppError(400, 'uploadInvalid');
  }
};

const contextOf = async <E extends Endpoint>(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: BindDeps,
  e: E,
): Promise<ContextOf<E>> => {
  const token = tokenOf(req);
  const meta = metaOf(req);
  let user: AuthUser | undefined;
  if (e.access === 'judge' && !(token && deps.judgeToken.accepts(token))) throw new AppError(401, 'pleaseLogin');
  if (token && e.access !== 'judge') {
    const auth = await deps.sessions.authenticate(token, meta);
    // A bad token on a public endpoint is ignored (the visitor sees public pages); elsewhere it is a 401. A session a
    // rule ended (an exam's) is told so everywhere, so the exam's tab learns it at its next call.
    if (!auth) {
      const ended = await deps.endedSession?.(token);
      if (ended) throw new AppError(401, ended);
      if (e.access !== 'public') throw new AppError(401, 'sessionExpired');
    }
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
  return withCaller(e, {
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
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
  });
};

/** The context typed with the caller E's access promises (CallerOf). The guard has already refused a call without a
 * user to an endpoint that requires one; this says so again where the type is decided, so the type never claims a
 * user that is not there. */
const withCaller = <E extends Endpoint>(e: E, ctx: RequestContext): ContextOf<E> => {
  if (e.access !== 'public' && e.access !== 'judge' && !ctx.user) throw new AppError(401, 'pleaseLogin');
  if (e.access === 'judge' && ctx.user) throw new Error(`${e.path}: a judge call carries no user`);
  return ctx as ContextOf<E>;
};
