import type { RemoteJudgeAdapter, RemoteOj } from './adapter.js';
import { createAtCoderAdapter } from './atcoder/adapter.js';
import { CodeforcesSessions, createCodeforcesAdapter } from './codeforces/adapter.js';
import { AC_URL, HDU_URL, POJ_URL, type RemoteJudgeConfig, SPOJ_URL } from './config.js';
import { createHduAdapter } from './hdu/adapter.js';
import { createPojAdapter } from './poj/adapter.js';
import { createSpojAdapter } from './spoj/adapter.js';

/** The sites this build can judge on (the remote judge keys that have an adapter). */
export const SUPPORTED_REMOTE_OJS = ['CF', 'GYM', 'HDU', 'POJ', 'AC', 'SPOJ'] as const satisfies readonly RemoteOj[];
export type SupportedRemoteOj = (typeof SUPPORTED_REMOTE_OJS)[number];

export const isSupportedRemoteOj = (oj: string): oj is SupportedRemoteOj =>
  (SUPPORTED_REMOTE_OJS as readonly string[]).includes(oj);

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
