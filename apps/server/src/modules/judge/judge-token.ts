import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from '../../lib/password.js';

/**
 * The token judge workers authenticate with, and its rotation (docs/decisions/0037-judge-token-rotation.md).
 *
 * Either configured (OJ_JUDGE_TOKEN, and while rotating OJ_JUDGE_TOKEN_PREVIOUS until
 * OJ_JUDGE_TOKEN_PREVIOUS_UNTIL), or generated into OJ_DATA_DIR: `judge-token` holds the current one and
 * `judge-token.previous` the one it replaced with the time it stops being accepted, written by
 * `npm run judge-token -- rotate` (judge-token-cli.ts). Every server sharing the data directory reads both files
 * again when they are older than a few seconds, so a rotation reaches running servers without a restart.
 */
export interface JudgeToken {
  /** The token workers are to use now: the embedded worker's, the one root sees on the dashboard. */
  current(): string;
  /** Whether a worker's token is accepted now: the current one, or the previous one until its end. */
  accepts(token: string): boolean;
}

/** A token that is given up for a new one: still accepted until `until`. */
export interface PreviousJudgeToken {
  token: string;
  until: Date;
}

export const TOKEN_FILE = 'judge-token';
export const PREVIOUS_FILE = 'judge-token.previous';
/** How long a server trusts what it read from the data directory before it reads the files again. */
export const TOKEN_FILES_REFRESH_MS = 5_000;

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Compares in constant time whatever the lengths (both sides are hashed first). */
const sameSecret = (a: string, b: string) => crypto.timingSafeEqual(digest(a), digest(b));

const accepting = (current: string, previous: PreviousJudgeToken | undefined, token: string, at: Date) => {
  // Both comparisons always run: the time taken does not tell which token matched.
  const isCurrent = sameSecret(token, current);
  const isPrevious = previous !== undefined && sameSecret(token, previous.token) && at < previous.until;
  return isCurrent || isPrevious;
};

/** One token for good (tests; a configured token with no previous one). */
export const fixedJudgeToken = (token: string): JudgeToken => ({
  current: () => token,
  accepts: (presented) => accepting(token, undefined, presented, new Date()),
});

/** The previous token file's content: `{"token": "...", "until": "<ISO time>"}`; undefined when it is missing,
 * unreadable or malformed (then no previous token is accepted). */
export const readPreviousToken = (dataDir: string): PreviousJudgeToken | undefined => {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, PREVIOUS_FILE), 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { token, until } = parsed as { token?: unknown; until?: unknown };
    const end = typeof until === 'string' ? new Date(until) : undefined;
    if (typeof token !== 'string' || !token || !end || Number.isNaN(end.getTime())) return undefined;
    return { token, until: end };
  } catch {
    return undefined;
  }
};

/** The generated token in OJ_DATA_DIR, made (readable by the server's user only) when there is none yet. */
export const readOrCreateTokenFile = (dataDir: string): string => {
  const file = path.join(dataDir, TOKEN_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const token = randomToken();
  fs.writeFileSync(file, token, { mode: 0o600 });
  return token;
};

/** Writes a file whole or not at all (a server reading at that moment sees the old content or the new), owned
 * like `owner`: root rotating the token of a server that runs as another user must leave it readable to it. */
const writeAtomically = (file: string, content: string, owner: fs.Stats) => {
  const staging = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(staging, content, { mode: 0o600 });
    if (process.getuid?.() === 0) fs.chownSync(staging, owner.uid, owner.gid);
    fs.renameSync(staging, file);
  } finally {
    fs.rmSync(staging, { force: true });
  }
};

/**
 * Replaces the generated token with a new one; the old one stays accepted for `graceMinutes` (0: refused at once).
 * The previous file is written first, so a server that reads between the two writes accepts the old token either
 * way. A token still in its own grace when this runs is refused from now on (only one previous token is kept).
 */
export const rotateTokenFile = (dataDir: string, graceMinutes: number, now = new Date()) => {
  const old = readOrCreateTokenFile(dataDir);
  const owner = fs.statSync(path.join(dataDir, TOKEN_FILE));
  const dropped = readPreviousToken(dataDir);
  const until = new Date(now.getTime() + graceMinutes * 60_000);
  const previousFile = path.join(dataDir, PREVIOUS_FILE);
  if (graceMinutes > 0)
    writeAtomically(previousFile, `${JSON.stringify({ token: old, until: until.toISOString() })}\n`, owner);
  else fs.rmSync(previousFile, { force: true });
  const token = randomToken();
  writeAtomically(path.join(dataDir, TOKEN_FILE), token, owner);
  return {
    token,
    previousUntil: graceMinutes > 0 ? until : undefined,
    /** When the token before the old one was still accepted until later than now: it is refused from now on. */
    cutShort: dropped && dropped.until > now ? dropped.until : undefined,
  };
};

/**
 * The site's judge token: the configured one (with its previous one while rotating), or the generated one in
 * `dataDir` (created on first start), read again from the files when what was read is older than `refreshMs`.
 */
export const loadJudgeToken = (opts: {
  configured?: { token: string; previous?: PreviousJudgeToken };
  dataDir: string;
  now?: () => Date;
  /** How long what was read from the files is trusted (tests: 0, read at every call). */
  refreshMs?: number;
}): JudgeToken => {
  const now = opts.now ?? (() => new Date());
  const refreshMs = opts.refreshMs ?? TOKEN_FILES_REFRESH_MS;
  const { configured } = opts;
  if (configured) {
    return {
      current: () => configured.token,
      accepts: (token) => accepting(configured.token, configured.previous, token, now()),
    };
  }
  let current = readOrCreateTokenFile(opts.dataDir);
  let previous = readPreviousToken(opts.dataDir);
  let readAt = Date.now();
  const fresh = () => {
    if (Date.now() - readAt < refreshMs) return;
    readAt = Date.now();
    try {
      const file = fs.readFileSync(path.join(opts.dataDir, TOKEN_FILE), 'utf8').trim();
      // A missing or emptied file is a mistake: the token that was read last stays.
      if (file) current = file;
    } catch {}
    previous = readPreviousToken(opts.dataDir);
  };
  return {
    current: () => {
      fresh();
      return current;
    },
    accepts: (token) => {
      fresh();
      return accepting(current, previous, token, now());
    },
  };
};
