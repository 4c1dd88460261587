// The remote judges' addresses and timeout from the environment, apart from the adapters: a program that reads its
// configuration without judging remotely (the judge's `local` command) loads no site's page parsers
// (package.json's "./config" export).

/** Where the server (imports) and the judge (remote tasks) reach each site; read once per process. */
export interface RemoteJudgeConfig {
  /** Codeforces' base URL, for CF and GYM alike. */
  codeforcesUrl: string;
  /** HDU's base URL (default https://acm.hdu.edu.cn). */
  hduUrl?: string;
  /** POJ's base URL (default http://poj.org, which serves no https). */
  pojUrl?: string;
  /** AtCoder's base URL (default https://atcoder.jp). */
  atcoderUrl?: string;
  /** SPOJ's base URL (default https://www.spoj.com). */
  spojUrl?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
}

export const HDU_URL = 'https://acm.hdu.edu.cn';
export const POJ_URL = 'http://poj.org';
export const AC_URL = 'https://atcoder.jp';
export const SPOJ_URL = 'https://www.spoj.com';

const baseUrl = (name: string, value: string | undefined, fallback: string) => {
  const url = value?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  }
  return url.replace(/\/+$/, '');
};

/**
 * OJ_REMOTE_CF_URL: Codeforces' base URL for CF and GYM (default https://codeforces.com; the tests point it at the
 * loopback fake). OJ_REMOTE_HDU_URL (default https://acm.hdu.edu.cn) and OJ_REMOTE_POJ_URL (default http://poj.org):
 * HDU's and POJ's. OJ_REMOTE_AC_URL (default https://atcoder.jp) and OJ_REMOTE_SPOJ_URL (default
 * https://www.spoj.com): AtCoder's and SPOJ's. OJ_REMOTE_TIMEOUT_MS: the per-request timeout (default 30000). A bad value stops the process.
 */
export const remoteJudgeConfigFromEnv = (env: Record<string, string | undefined> = process.env): RemoteJudgeConfig => {
  const timeout = env.OJ_REMOTE_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : 30_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`OJ_REMOTE_TIMEOUT_MS must be a positive whole number of milliseconds, got "${timeout}"`);
  }
  return {
    codeforcesUrl: baseUrl('OJ_REMOTE_CF_URL', env.OJ_REMOTE_CF_URL, 'https://codeforces.com'),
    hduUrl: baseUrl('OJ_REMOTE_HDU_URL', env.OJ_REMOTE_HDU_URL, HDU_URL),
    pojUrl: baseUrl('OJ_REMOTE_POJ_URL', env.OJ_REMOTE_POJ_URL, POJ_URL),
    atcoderUrl: baseUrl('OJ_REMOTE_AC_URL', env.OJ_REMOTE_AC_URL, AC_URL),
    spojUrl: baseUrl('OJ_REMOTE_SPOJ_URL', env.OJ_REMOTE_SPOJ_URL, SPOJ_URL),
    timeoutMs,
  };
};
