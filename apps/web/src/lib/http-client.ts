import type { ClientEndpoint, Envelope, Input, Output } from '@oj/shared';
import { HTTP, LIMITS } from '@oj/shared';

/** A failed call. `status` is the envelope/HTTP status, 0 for timeouts and network failures. The user has
 * already been told (notification) when `notified` is true, so callers only restore their own UI state. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly notified = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ClientMessageKey =
  | 'Query_Error'
  | 'Server_Error'
  | 'Request_Timeout'
  | 'Network_Error'
  | 'Invalid_File_Format';

export interface HttpClientDeps {
  fetch?: typeof fetch;
  getToken(): string | null;
  setToken(token: string): void;
  /** The UI language, sent as Accept-Language so server messages come back in it. */
  getLanguage(): string;
  translate(key: ClientMessageKey): string;
  notify(kind: 'error' | 'info', text: string): void;
  /** 401: the session is gone. The app clears it and sends the user to a login. */
  onUnauthorized(ctx: { admin: boolean }): void;
  /** 403: roles may have changed on the server (`key`: the refusal's message key, when the answer has one). */
  onForbidden(ctx: { admin: boolean; key?: string }): void;
  timeoutMs?: number;
  downloadTimeoutMs?: number;
}

export interface CallOptions {
  /** Login calls carry no token. */
  anonymous?: boolean;
  /** Do not show the failure to the user (the caller handles it). Session handling (401/403) still runs. */
  silent?: boolean;
  /** Skip the 401/403 session handling: logout calls, where a dead session is the expected outcome. */
  skipSessionHandling?: boolean;
  signal?: AbortSignal;
}

export const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/** GET and DELETE carry their input as a query string; empty values are dropped (the server reads an empty string
 * as absent). */
export const buildUrl = (path: string, input: unknown) => {
  if (!input || typeof input !== 'object') return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/** An object input with a field that is itself an object (not a list): only a JSON body keeps its shape. */
const hasNestedObject = (input: unknown) =>
  !!input &&
  typeof input === 'object' &&
  !(typeof FormData !== 'undefined' && input instanceof FormData) &&
  Object.values(input as Record<string, unknown>).some((v) => !!v && typeof v === 'object' && !Array.isArray(v));

export const createHttpClient = (deps: HttpClientDeps) => {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = deps.timeoutMs ?? LIMITS.httpTimeoutMs;
  const downloadTimeoutMs = deps.downloadTimeoutMs ?? LIMITS.downloadTimeoutMs;

  const send = async (endpoint: ClientEndpoint, input: unknown, opts: CallOptions, timeout: number) => {
    const admin = isAdminPath(endpoint.path);
    const headers: Record<string, string> = {
      'Url-Type': admin ? 'admin' : 'general',
      'Accept-Language': deps.getLanguage(),
    };
    const token = opts.anonymous ? null : deps.getToken();
    if (token) headers.Authorization = token;
    // A DELETE whose input is a list sends it as a JSON array body (HOJ's calls, e.g.
    // `DELETE /api/admin/discussion` with `[did, ...]`), and so does one carrying a nested object (`DELETE /api/reply`
    // with `{ reply: { id }, did }`), which a query string cannot carry; other DELETE inputs stay in the query string.
    const hasBody =
      endpoint.method === 'POST' ||
      endpoint.method === 'PUT' ||
      (endpoint.method === 'DELETE' && (Array.isArray(input) || hasNestedObject(input)));
    // Multipart uploads (avatar, files) let the browser set the boundary in Content-Type.
    const form = typeof FormData !== 'undefined' && input instanceof FormData ? input : null;
    if (hasBody && !form) headers['Content-Type'] = 'application/json';
    const url = hasBody ? endpoint.path : buildUrl(endpoint.path, input);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    // The caller's signal aborts this request until its answer has been read (`release`), then lets go of it: a
    // signal that outlives many calls (a page's) would otherwise keep every finished request's listener.
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const release = () => opts.signal?.removeEventListener('abort', onAbort);
    try {
      const response = await doFetch(url, {
        method: endpoint.method,
        headers,
        body: hasBody ? (form ?? JSON.stringify(input ?? {})) : undefined,
        signal: controller.signal,
      });
      // The server rotates long-lived tokens on any answer, success or not (`refresh-token: true` with a new
      // `Authorization`).
      if (response.headers.get('refresh-token') === 'true') {
        const fresh = response.headers.get('Authorization');
        if (fresh) deps.setToken(fresh);
      }
      return { response, admin, release };
    } catch (err) {
      release();
      if (opts.signal?.aborted && !timedOut) throw err;
      const key: ClientMessageKey = timedOut ? 'Request_Timeout' : 'Network_Error';
      const text = deps.translate(key);
      if (!opts.silent) deps.notify('error', text);
      throw new ApiError(0, text, null, !opts.silent);
    } finally {
      clearTimeout(timer);
    }
  };

  /** The error rules: the message as an error notification (none for a 401 without one), 404 as "Query error",
   * then the session handling of 401 (sign out) and 403 (refresh the roles). */
  const fail = (status: number, msg: string | undefined, data: unknown, admin: boolean, opts: CallOptions): never => {
    let text = msg || deps.translate('Server_Error');
    if (status === HTTP.NOT_FOUND) text = deps.translate('Query_Error');
    const show = !opts.silent && !(status === HTTP.UNAUTHORIZED && !msg);
    if (show) deps.notify('error', text);
    if (!opts.skipSessionHandling) {
      if (status === HTTP.UNAUTHORIZED) deps.onUnauthorized({ admin });
      else if (status === HTTP.FORBIDDEN) {
        const key = (data as { key?: unknown } | null)?.key;
        deps.onForbidden({ admin, ...(typeof key === 'string' ? { key } : {}) });
      }
    }
    throw new ApiError(status, text, data, show);
  };

  const request = async <E extends ClientEndpoint>(endpoint: E, input: Input<E> | FormData, opts: CallOptions = {}) => {
    const { response, admin, release } = await send(endpoint, input, opts, timeoutMs);
    let body: Partial<Envelope<unknown>> | null = null;
    try {
      body = (await response.json()) as Envelope<unknown>;
    } catch {
      body = null;
    } finally {
      release();
    }
    // Success is an envelope status of 200 or none at all, on a 2xx answer.
    const status = typeof body?.status === 'number' ? body.status : response.status;
    if (!response.ok || status !== HTTP.OK) {
      fail(status === HTTP.OK ? response.status : status, body?.msg, body?.data ?? null, admin, opts);
    }
    return { data: (body?.data ?? null) as Output<E>, headers: response.headers };
  };

  const call = async <E extends ClientEndpoint>(endpoint: E, input: Input<E>, opts: CallOptions = {}) =>
    (await request(endpoint, input, opts)).data;

  /** A file download: a JSON answer instead of a file carries a message to show. */
  const download = async <E extends ClientEndpoint>(endpoint: E, input: Input<E>, opts: CallOptions = {}) => {
    const { response, admin, release } = await send(endpoint, input, opts, downloadTimeoutMs);
    try {
      return await readDownload(response, admin, opts);
    } finally {
      release();
    }
  };

  /** A download's answer: its message when it is JSON, else the file. */
  const readDownload = async (response: Response, admin: boolean, opts: CallOptions) => {
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('application/json')) {
      const text = await response.text();
      let body: Partial<Envelope<unknown>> | null = null;
      try {
        body = JSON.parse(text) as Envelope<unknown>;
      } catch {
        deps.notify('error', deps.translate('Invalid_File_Format'));
        throw new ApiError(response.status, deps.translate('Invalid_File_Format'));
      }
      const status = typeof body?.status === 'number' ? body.status : response.status;
      if (status === HTTP.UNAUTHORIZED || status === HTTP.FORBIDDEN) fail(status, body?.msg, body?.data, admin, opts);
      if (body?.msg) deps.notify('info', body.msg);
      return null;
    }
    if (!response.ok) fail(response.status, undefined, null, admin, opts);
    const blob = await response.blob();
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
    return { blob, filename: name ? decodeURIComponent(name) : 'download' };
  };

  /** A multipart POST (the endpoint's fields as FormData entries); answers like `call`. */
  const upload = async <E extends ClientEndpoint>(endpoint: E, form: FormData, opts: CallOptions = {}) =>
    (await request(endpoint, form, opts)).data;

  return { request, call, download, upload };
};

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Hands a downloaded blob to the browser as a file. */
export const saveBlob = (file: { blob: Blob; filename: string }) => {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
