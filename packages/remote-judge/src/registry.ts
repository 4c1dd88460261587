import type { RemoteJudgeAdapter, RemoteOj } from './adapter.js';
import { createAtCoderAdapter } from './atcoder/adapter.js';
import { CodeforcesSessions, createCodeforcesAdapter } from './codeforces/adapter.js';
import { createHduAdapter } from './hdu/adapter.js';
import { createPojAdapter } from './poj/adapter.js';
import { createSpojAdapter } from './spoj/adapter.js';

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

/** The sites this build can judge on (the remote judge keys that have an adapter). */
export const SUPPORTED_REMOTE_OJS = ['CF', 'GYM', 'HDU', 'POJ', 'AC', 'SPOJ'] as const satisfies readonly RemoteOj[];
export type SupportedRemoteOj = (typeof SUPPORTED_REMOTE_OJS)[number];

export const isSupportedRemoteOj = (oj: string): oj is SupportedRemoteOj =>
  (SUPPORTED_REMOTE_OJS as readonly string[]).includes(oj);

const HDU_URL = 'https://acm.hdu.edu.cn';
const POJ_URL = 'http://poj.org';
const AC_URL = 'https://atcoder.jp';
const SPOJ_URL = 'https://www.spoj.com';

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

/** One adapter of a site; CF and GYM created here do not share sessions (use `remoteAdapters` for that). */
export const createRemoteAdapter = (
  oj: SupportedRemoteOj,
  options: { baseUrl: string; timeoutMs?: number; sessions?: CodeforcesSessions },
): RemoteJudgeAdapter => {
  switch (oj) {
    case 'CF':
      return createCodeforcesAdapter({ ...options, gym: false });
    case 'GYM':
      return createCodeforcesAdapter({ ...options, gym: true });
    case 'HDU':
      return createHduAdapter(options);
    case 'POJ':
      return createPojAdapter(options);
    case 'AC':
      return createAtCoderAdapter(options);
    case 'SPOJ':
      return createSpojAdapter(options);
    default:
      throw new Error(`no remote judge adapter for ${oj satisfies never}`);
  }
};

/** Every supported site's adapter, made once per process; CF and GYM share the logged-in Codeforces sessions. */
export const remoteAdapters = (config: RemoteJudgeConfig): Record<SupportedRemoteOj, RemoteJudgeAdapter> => {
  const sessions = new CodeforcesSessions();
  const codeforces = { baseUrl: config.codeforcesUrl, timeoutMs: config.timeoutMs, sessions };
  const site = (url: string) => ({ baseUrl: url, timeoutMs: config.timeoutMs });
  return {
    CF: createRemoteAdapter('CF', codeforces),
    GYM: createRemoteAdapter('GYM', codeforces),
    HDU: createRemoteAdapter('HDU', site(config.hduUrl ?? HDU_URL)),
    POJ: createRemoteAdapter('POJ', site(config.pojUrl ?? POJ_URL)),
    AC: createRemoteAdapter('AC', site(config.atcoderUrl ?? AC_URL)),
    SPOJ: createRemoteAdapter('SPOJ', site(config.spojUrl ?? SPOJ_URL)),
  };
};
