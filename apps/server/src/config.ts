import path from 'node:path';
import { LIMITS } from '@oj/shared';

/** Configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  rootPassword: string | undefined;
  judgeToken: string | undefined;
  webDist: string;
  /** Start the embedded judge worker as a child process. */
  embeddedJudge: boolean;
  logLevel: string;
  /** The bearer token of GET /metrics (OJ_METRICS_TOKEN); unset, /metrics is 404. */
  metricsToken: string | undefined;
  /** OJ_TRUST_PROXY: the load balancers' addresses or CIDRs (comma-separated) whose X-Forwarded-For names the
   * client; unset, the connection's address is the client's (the per-IP limits count it). */
  trustProxy: string | undefined;
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
  return config;
};

const readConfig = (env: NodeJS.ProcessEnv): Config => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.OJ_DATA_DIR ?? path.join(repoRoot, 'data')),
  databaseUrl: env.DATABASE_URL || undefined,
  rootPassword: env.OJ_ROOT_PASSWORD || undefined,
  judgeToken: env.OJ_JUDGE_TOKEN || undefined,
  webDist: path.resolve(env.OJ_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  embeddedJudge: env.OJ_EMBEDDED_JUDGE !== 'false',
  logLevel: env.LOG_LEVEL ?? 'info',
  metricsToken: env.OJ_METRICS_TOKEN || undefined,
  trustProxy: env.OJ_TRUST_PROXY?.trim() || undefined,
});

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
