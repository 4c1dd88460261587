import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type RemoteJudgeConfig, remoteJudgeConfigFromEnv } from '@oj/remote-judge/config';
import { LANGUAGE_NAMES, type LanguageName } from '@oj/shared/judging';
import { z } from 'zod';

/**
 * The judge's configuration, read once from the environment (the README's configuration table lists every
 * variable). Blank counts as unset. A bad value stops the judge with a message naming the variable.
 */
export interface JudgeConfig {
  /** OJ_JUDGE_TOKEN: the bearer token a worker sends (--token wins). A secret: never printed. */
  token: string | undefined;
  /** OJ_JUDGE_RUN_ROOT: the judges' shared work root (decision 0013). */
  runRoot: string;
  /** OJ_JUDGE_BUILD_CACHE_DIR: precompiled headers and compiled programs (decision 0027). */
  buildCacheDir: string;
  /** OJ_JUDGE_PCH and OJ_JUDGE_COMPILE_CACHE: `0` turns off the precompiled headers or the program cache. */
  precompiledHeaders: boolean;
  compileCache: boolean;
  /** OJ_JUDGE_COMPILE_CACHE_MB and _DAYS: the program cache's size bound and the age an unused entry goes at. */
  compileCacheMb: number;
  compileCacheDays: number;
  /** OJ_JUDGE_CASE_CONCURRENCY: test cases a judging slot runs at once. */
  caseConcurrency: number;
  /** OJ_JUDGE_CGROUP_PARENT: the cgroup the judges' run cgroups go under. */
  cgroupParent: string;
  /** OJ_JUDGE_UID_BASE and _UID_COUNT: the host's sandbox uids. */
  uidBase: number;
  uidCount: number;
  /** OJ_JUDGE_NATIVE_SANDBOX, _LAUNCHER_SERVER, _FAVOR_DYNMODS: `0` turns each off (decision 0032). */
  nativeSandbox: boolean;
  launcherServer: boolean;
  favorDynmods: boolean;
  /** OJ_JUDGE_CACHE_DIR: where a worker keeps the test files it downloaded. */
  cacheDir: string;
  /** OJ_JUDGE_STOP_GRACE_MS: how long a stopping worker finishes its tasks before it hands the rest back (by
   * default 8 s, below Docker's 10 s stop timeout). */
  stopGraceMs: number;
  /** OJ_JUDGE_LANGUAGES: the only languages this judge offers (the others are not probed); unset, every language
   * whose hello world runs in the sandbox. */
  languages: LanguageName[] | undefined;
  /** OJ_JUDGE_REMOTE as written (`true`, `false` or a list of sites); `--remote` wins. */
  remote: string | undefined;
  /** OJ_JUDGE_REMOTE_CONCURRENCY: remote tasks at once (`--remote-concurrency` wins). */
  remoteConcurrency: number;
  /** OJ_REMOTE_POLL_INTERVAL_MS and OJ_REMOTE_MAX_POLLS; unset, the remote runner's own defaults. */
  remotePollIntervalMs: number | undefined;
  remoteMaxPolls: number | undefined;
  /** The remote sites' addresses (OJ_REMOTE_CF_URL ...): read on first call, so that only a worker that judges
   * remotely stops on a bad one. */
  remoteJudges: () => RemoteJudgeConfig;
}

export class JudgeConfigError extends Error {}

/** A trimmed value, blank as unset. */
const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const numberWhere = (rule: string, valid: (n: number) => boolean) =>
  text
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((n) => n === undefined || valid(n), `must be ${rule}`);
const wholeNumber = numberWhere('a positive whole number', (n) => Number.isInteger(n) && n > 0);
const positiveNumber = numberWhere('a positive number', (n) => Number.isFinite(n) && n > 0);
/** On unless `0`; only `0` and `1` are accepted, so that a `false` or `off` is not taken for on. */
const onUnlessZero = text
  .refine((value) => value === undefined || value === '0' || value === '1', 'must be 0 (off) or 1 (on)')
  .transform((value) => value !== '0');

/** Language names as on the wire, separated by commas. */
const languageList = text
  .transform((value) => value?.split(',').map((name) => name.trim()))
  .refine(
    (names) => names === undefined || names.every((name) => (LANGUAGE_NAMES as readonly string[]).includes(name)),
    `must be language names separated by commas (${LANGUAGE_NAMES.join(', ')})`,
  )
  .transform((names) => names as LanguageName[] | undefined);

const schema = z.object({
  // As written: the server compares it byte for byte.
  OJ_JUDGE_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  OJ_JUDGE_RUN_ROOT: text,
  OJ_JUDGE_BUILD_CACHE_DIR: text,
  OJ_JUDGE_PCH: onUnlessZero,
  OJ_JUDGE_COMPILE_CACHE: onUnlessZero,
  OJ_JUDGE_COMPILE_CACHE_MB: positiveNumber,
  OJ_JUDGE_COMPILE_CACHE_DAYS: positiveNumber,
  OJ_JUDGE_CASE_CONCURRENCY: wholeNumber,
  OJ_JUDGE_CGROUP_PARENT: text,
  OJ_JUDGE_UID_BASE: wholeNumber,
  OJ_JUDGE_UID_COUNT: wholeNumber,
  OJ_JUDGE_NATIVE_SANDBOX: onUnlessZero,
  OJ_JUDGE_LAUNCHER_SERVER: onUnlessZero,
  OJ_JUDGE_FAVOR_DYNMODS: onUnlessZero,
  OJ_JUDGE_CACHE_DIR: text,
  OJ_JUDGE_STOP_GRACE_MS: wholeNumber,
  OJ_JUDGE_LANGUAGES: languageList,
  OJ_JUDGE_REMOTE: text,
  OJ_JUDGE_REMOTE_CONCURRENCY: wholeNumber,
  OJ_REMOTE_POLL_INTERVAL_MS: wholeNumber,
  OJ_REMOTE_MAX_POLLS: wholeNumber,
});

/** The configuration `env` gives; throws a JudgeConfigError naming each bad variable and its value. */
/** The judge's workspace (apps/judge): this file sits directly in its `src/`, and the built judge directly in its
 * `dist/` (scripts/build-node.mjs), so one level up is right from both. */
export const JUDGE_ROOT = resolve(import.meta.dirname, '..');

export const parseJudgeConfig = (env: Record<string, string | undefined>): JudgeConfig => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message}, got "${env[name]}"`;
    });
    throw new JudgeConfigError(problems.join('; '));
  }
  const e = parsed.data;
  const runRoot = e.OJ_JUDGE_RUN_ROOT ?? (process.getuid?.() === 0 ? '/var/lib/oj-judge' : join(tmpdir(), 'oj-judge'));
  let remoteJudges: RemoteJudgeConfig | undefined;
  return {
    token: e.OJ_JUDGE_TOKEN,
    runRoot,
    buildCacheDir: e.OJ_JUDGE_BUILD_CACHE_DIR ?? join(runRoot, 'cache'),
    precompiledHeaders: e.OJ_JUDGE_PCH,
    compileCache: e.OJ_JUDGE_COMPILE_CACHE,
    compileCacheMb: e.OJ_JUDGE_COMPILE_CACHE_MB ?? 1024,
    compileCacheDays: e.OJ_JUDGE_COMPILE_CACHE_DAYS ?? 7,
    caseConcurrency: e.OJ_JUDGE_CASE_CONCURRENCY ?? Math.max(1, Math.min(2, availableParallelism())),
    cgroupParent: e.OJ_JUDGE_CGROUP_PARENT ?? 'oj-judge',
    uidBase: e.OJ_JUDGE_UID_BASE ?? 60000,
    uidCount: e.OJ_JUDGE_UID_COUNT ?? 256,
    nativeSandbox: e.OJ_JUDGE_NATIVE_SANDBOX,
    launcherServer: e.OJ_JUDGE_LAUNCHER_SERVER,
    favorDynmods: e.OJ_JUDGE_FAVOR_DYNMODS,
    cacheDir: e.OJ_JUDGE_CACHE_DIR ?? join(tmpdir(), 'oj-judge-cache'),
    stopGraceMs: e.OJ_JUDGE_STOP_GRACE_MS ?? 8000,
    languages: e.OJ_JUDGE_LANGUAGES,
    remote: e.OJ_JUDGE_REMOTE,
    remoteConcurrency: e.OJ_JUDGE_REMOTE_CONCURRENCY ?? 2,
    remotePollIntervalMs: e.OJ_REMOTE_POLL_INTERVAL_MS,
    remoteMaxPolls: e.OJ_REMOTE_MAX_POLLS,
    remoteJudges: () => {
      remoteJudges ??= remoteJudgeConfigFromEnv(env);
      return remoteJudges;
    },
  };
};

let current: JudgeConfig | undefined;

/** This process's configuration, read from the environment on first use. */
export const judgeConfig = (): JudgeConfig => {
  current ??= parseJudgeConfig(process.env);
  return current;
};

/** Replaces this process's configuration (tests); undefined reads the environment again on next use. Settings
 * read once per process (the cgroup parent, the launcher build) keep their first value. */
export const setJudgeConfig = (config: JudgeConfig | undefined): void => {
  current = config;
};
