import { RemoteJudgeError } from './adapter.js';

/** The cookies of one logged-in (or anonymous) visitor of a site. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  get size() {
    return this.cookies.size;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v = ''] = a.split('=').map((x) => x.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) < Date.now();
        return false;
      });
      if (expired || value === '' || value === '""') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  clear() {
    this.cookies.clear();
  }
}

export interface SiteResponse {
  status: number;
  /** The URL finally answered (after the redirects followed). */
  url: string;
  /** Where a redirect that was not followed points (absolute), else null. */
  location: string | null;
  headers: Headers;
  body: string;
  bytes: Buffer;
}

export interface SiteRequest {
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  jar?: CookieJar;
  /** Follow redirects of GET answers (default true); POST answers are returned as they are. */
  follow?: boolean;
  signal?: AbortSignal;
  accept?: string;
}

const CHALLENGE_MARKERS = [
  '<title>Just a moment...</title>',
  'cf-chl',
  '/cdn-cgi/challenge-platform/',
  'challenge-running',
  'Redirecting... Please, wait.',
];

/** Whether an answer is an anti-bot challenge (Cloudflare's interstitial, or Codeforces' own RCPC redirect page)
 * instead of the page asked for. */
export const isChallenge = (status: number, headers: Headers, body: string) =>
  headers.get('cf-mitigated') === 'challenge' ||
  ((status === 403 || status === 503 || status === 200) && CHALLENGE_MARKERS.some((m) => body.includes(m)));

/**
 * One HTTP call to a site with Node's fetch and a timeout: connection failures, timeouts and 5xx become
 * `unreachable`, 429 `rateLimited`, a challenge page `challenge`. Cookies go to and come from `jar`.
 */
export const siteRequest = async (
  siteName: string,
  url: string,
  timeoutMs: number,
  request: SiteRequest = {},
): Promise<SiteResponse> => {
  const { method = 'GET', form, jar, follow = method === 'GET', signal, accept } = request;
  let current = url;
  let currentMethod = method;
  let body: string | undefined = form ? new URLSearchParams(form).toString() : undefined;
  for (let hop = 0; ; hop++) {
    const headers: Record<string, string> = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      accept: accept ?? 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
    };
    if (jar?.size) headers.cookie = jar.header();
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(current, {
        method: currentMethod,
        headers,
        body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : describe(error);
      throw new RemoteJudgeError('unreachable', `${siteName} is unreachable (${reason})`);
    }
    const text = bytes.toString('utf8');
    jar?.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, current).toString();
      if (follow && hop < 5) {
        current = target;
        currentMethod = 'GET';
        body = undefined;
        continue;
      }
      return { status: response.status, url: current, location: target, headers: response.headers, body: text, bytes };
    }
    if (isChallenge(response.status, response.headers, text)) {
      throw new RemoteJudgeError('challenge', `${siteName} answered with an anti-bot challenge page`);
    }
    if (response.status === 429 || (response.status === 503 && text.includes('Call limit exceeded'))) {
      throw new RemoteJudgeError('rateLimited', `${siteName} asked to slow down (HTTP ${response.status})`);
    }
    if (response.status >= 500) {
      throw new RemoteJudgeError('unreachable', `${siteName} answered HTTP ${response.status}`);
    }
    return { status: response.status, url: current, location: null, headers: response.headers, body: text, bytes };
  }
};

const describe = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};
