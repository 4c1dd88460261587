import path from 'node:path';
import { LIMITS } from '@oj/shared/limits';
import { isPasswordCost, PASSWORD_COST } from './lib/password.js';

/** Configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  rootPassword: string | undefined;
  judgeToken: string | undefined;
  /** The configured token OJ_JUDGE_TOKEN replaced (OJ_JUDGE_TOKEN_PREVIOUS), accepted until
   * OJ_JUDGE_TOKEN_PREVIOUS_UNTIL (docs/decisions/0037-judge-token-rotation.md). */
  judgeTokenPrevious: { token: string; until: Date } | undefined;
  webDist: string;
  /** Start the embedded judge worker as a child process. */
  embeddedJudge: boolean;
  logLevel: string;
  /** The bearer token of GET /metrics (OJ_METRICS_TOKEN); unset, /metrics is 404. */
  metricsToken: string | undefined;
  /** OJ_TRUST_PROXY: the load balancers' addresses or CIDRs (comma-separated) whose X-Forwarded-For names the
   * client; unset, the connection's address is the client's (the per-IP limits count it). */
  trustProxy: string | undefined;
  /** Minutes a submission waits for a judge of its language before it ends in System Error (decision 0036). */
  judgeLanguageWaitMinutes: number;
  /** Days after which a language no judge declares leaves the languages on offer (decision 0036). */
  judgeLanguageForgetDays: number;
  /** Seconds after which the web app says that a Pending submission waits for a judge. */
  judgeWaitNoticeSeconds: number;
  /** scrypt's cost (log2 N) of the password hashes made from now on (OJ_PASSWORD_COST, lib/password.ts). */
  passwordCost: number;
  /** OJ_TESTLIB_URL: where a site without a testlib.h judge header downloads one at start (unset: never). */
  testlibUrl: string | undefined;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export class ConfigError extends Error {}

/** Reads and checks the configuration before anything is opened, so a mistake costs nothing. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const config = readConfig(env);
  const pw = config.rootPassword;
  if (pw !== undefined && (pw.length < LIMITS.passwordMin || pw.length > LIMITS.passwordMax)) {
    throw new ConfigError(`OJ_ROOT_PASSWORD must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`);
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`);
  }
  for (const [name, value] of [
    ['OJ_JUDGE_LANGUAGE_WAIT_MINUTES', config.judgeLanguageWaitMinutes],
    ['OJ_JUDGE_LANGUAGE_FORGET_DAYS', config.judgeLanguageForgetDays],
    ['OJ_JUDGE_WAIT_NOTICE_SECONDS', config.judgeWaitNoticeSeconds],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new ConfigError(`${name} must be a whole number of at least 1, not "${env[name]}"`);
  }
  if (!isPasswordCost(config.passwordCost)) {
    throw new ConfigError(
      `OJ_PASSWORD_COST must be a whole number from ${PASSWORD_COST.min} to ${PASSWORD_COST.max}, not "${env.OJ_PASSWORD_COST}"`,
    );
  }
  return config;
};

const readConfig = (env: NodeJS.ProcessEnv): Config => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.OJ_DATA_DIR ?? path.join(repoRoot, 'data')),
  databaseUrl: env.DATABASE_URL || undefined,
  rootPassword: env.OJ_ROOT_PASSWORD || undefined,
  judgeToken: env.OJ_JUDGE_TOKEN || undefined,
  judgeTokenPrevious: previousJudgeTokenOf(env),
  webDist: path.resolve(env.OJ_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  embeddedJudge: env.OJ_EMBEDDED_JUDGE !== 'false',
  logLevel: env.LOG_LEVEL ?? 'info',
  metricsToken: env.OJ_METRICS_TOKEN || undefined,
  trustProxy: env.OJ_TRUST_PROXY?.trim() || undefined,
  judgeLanguageWaitMinutes: Number(env.OJ_JUDGE_LANGUAGE_WAIT_MINUTES || 30),
  judgeLanguageForgetDays: Number(env.OJ_JUDGE_LANGUAGE_FORGET_DAYS || 7),
  judgeWaitNoticeSeconds: Number(env.OJ_JUDGE_WAIT_NOTICE_SECONDS || 60),
  passwordCost: Number(env.OJ_PASSWORD_COST || PASSWORD_COST.default),
  testlibUrl: env.OJ_TESTLIB_URL?.trim() || undefined,
});

/** An ISO 8601 time with its zone (Z or ±hh:mm), so every server reads the same instant. */
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** OJ_JUDGE_TOKEN_PREVIOUS and its end, both or neither: a previous token with no end would be accepted forever. */
const previousJudgeTokenOf = (env: NodeJS.ProcessEnv) => {
  const token = env.OJ_JUDGE_TOKEN_PREVIOUS || undefined;
  const until = env.OJ_JUDGE_TOKEN_PREVIOUS_UNTIL || undefined;
  if (!token && !until) return undefined;
  if (!token) throw new ConfigError('OJ_JUDGE_TOKEN_PREVIOUS_UNTIL is set without OJ_JUDGE_TOKEN_PREVIOUS');
  if (!until)
    throw new ConfigError(
      'OJ_JUDGE_TOKEN_PREVIOUS needs OJ_JUDGE_TOKEN_PREVIOUS_UNTIL, the time it stops being accepted (e.g. 2030-01-31T12:00:00Z)',
    );
  if (!env.OJ_JUDGE_TOKEN)
    throw new ConfigError(
      'OJ_JUDGE_TOKEN_PREVIOUS is set without OJ_JUDGE_TOKEN: a generated token is rotated with `npm run judge-token -- rotate`',
    );
  if (token === env.OJ_JUDGE_TOKEN) throw new ConfigError('OJ_JUDGE_TOKEN_PREVIOUS is the same as OJ_JUDGE_TOKEN');
  const end = new Date(until);
  if (!ZONED_TIME.test(until) || Number.isNaN(end.getTime()))
    throw new ConfigError(
      `OJ_JUDGE_TOKEN_PREVIOUS_UNTIL must be an ISO time with its zone, such as 2030-01-31T12:00:00Z, not "${until}"`,
    );
  return { token, until: end };
};

export const REPO_ROOT = repoRoot;

/** SMTP settings from OJ_SMTP_HOST/PORT/USER/PASS/FROM; they seed the mail configuration on first start
 * (admins edit it afterwards). Null when OJ_SMTP_HOST is unset. */
export const loadSmtpEnv = (env: NodeJS.ProcessEnv = process.env) =>
  env.OJ_SMTP_HOST
    ? {
        host: env.OJ_SMTP_HOST,
        port: Number(env.OJ_SMTP_PORT ?? 25),
        user: env.OJ_SMTP_USER ?? '',
        pass: env.OJ_SMTP_PASS ?? '',
        from: env.OJ_SMTP_FROM ?? env.OJ_SMTP_USER ?? '',
      }
    : null;
