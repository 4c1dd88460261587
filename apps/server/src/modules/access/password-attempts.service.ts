import crypto from 'node:crypto';
import { PASSWORD_ATTEMPTS } from '@oj/shared';
import { AppError } from '../../http/app-error.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

/** What users enter a shared password (or code) to join: a contest, a training, a group. */
export interface PasswordTarget {
  kind: 'contest' | 'training' | 'group';
  id: number;
}

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** Compared in constant time over sha256 digests of both, so neither the length nor a shared prefix shows. */
export const samePassword = (given: string, expected: string) =>
  crypto.timingSafeEqual(digest(given), digest(expected));

/** Tries of contest (and training) passwords (decision 0015): PASSWORD_ATTEMPTS wrong ones per user and target in a
 * window, counted in the database so every server instance sees the same tries. */
export const createPasswordAttemptsService = (deps: { limits: RateLimitRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  return {
    /** true when `given` is the password. Each try takes one of the window's tries before the comparison, so of
     * any number of parallel tries at most the limit are compared; the others, and every try once the window is
     * used up (the right password too), are 429 until it has passed. A right password gives its try back: only
     * wrong ones count. */
    async verify(uid: string, target: PasswordTarget, given: string, expected: string | null): Promise<boolean> {
      const scope = `${target.kind}Password:${target.id}`;
      const taken = await deps.limits.take({
        uid,
        scope,
        at: now(),
        windowMs: PASSWORD_ATTEMPTS.windowMs,
        maxHits: PASSWORD_ATTEMPTS.maxWrong,
      });
      if (!taken.ok) {
        throw new AppError(429, 'passwordTriesExceeded', { minutes: String(Math.ceil(taken.retryAfterMs / 60_000)) });
      }
      const right = expected !== null && samePassword(given, expected);
      if (right) await deps.limits.giveBack(uid, scope);
      return right;
    },
  };
};
export type PasswordAttemptsService = ReturnType<typeof createPasswordAttemptsService>;
