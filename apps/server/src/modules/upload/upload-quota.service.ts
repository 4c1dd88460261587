import { isRoot, UPLOAD_QUOTA } from '@oj/shared';
import { AppError } from '../../http/app-error.js';
import type { UploadLimits } from '../access/rate-limit-store.js';
import type { UserQueries } from '../user/user-queries.js';
import type { UploadRepository } from './upload.repository.js';

const MB = 1024 * 1024;
const KiB = 1024;

export interface QuotaLimits {
  windowMs: number;
  maxUploads: number;
  maxBytes: number;
  maxReceivedBytes: number;
  maxInFlight: number;
  inFlightWindowMs: number;
}

/** Who uploads: the roles when the caller has them at hand (an AuthUser), else they are looked up. */
export interface Uploader {
  uid: string;
  roles?: readonly string[];
}

/** An upload admitted before its body is read. */
export interface UploadPass {
  /** The bytes its body may bring: its Content-Length, or for a body without one what the hour has left (at most
   * the endpoint's cap). */
  maxBytes: number;
  /** The refusal when a body without Content-Length streams past `maxBytes` because the hour has no more; none when
   * the endpoint's cap is what stops it. */
  overQuota?: AppError;
  /** Ends the upload when its call ends, whatever happened: gives its slot in flight back and keeps the `received`
   * bytes counted for the hour, refused uploads' too. */
  done(received: number): Promise<void>;
}

/** The counters of one user: `uploadsInFlight` (hits are uploads arriving or being handled), `uploadKiB` (hits are
 * KiB of upload bodies read in the hour). */
const IN_FLIGHT = 'uploadsInFlight';
const RECEIVED = 'uploadKiB';

/**
 * Uploads per user (decision 0012), counted in the database rather than in a process, so every server instance
 * behind a load balancer sees the same numbers (decision 0035); root is exempt.
 *
 * `admit` runs in the binding before an upload's body is read: the stored allowance of the hour must not be used up,
 * one of the user's `maxInFlight` slots must be free, and the bytes read from the user's uploads this hour plus the
 * request's Content-Length must stay within `maxReceivedBytes` (the length is taken at once and what was not read is
 * given back when the call ends).
 *
 * `check` runs in the services before they store anything: the files and test-data uploads of the last hour, by
 * count and by the bytes they stored. Two uploads racing may both pass its last free slot: it is there to stop a
 * disk from being filled, not to count exactly.
 */
export const createUploadQuotaService = (deps: {
  repo: UploadRepository;
  users: Pick<UserQueries, 'roleNames'>;
  counters: UploadLimits;
  now?: () => Date;
  limits?: QuotaLimits;
}) => {
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? UPLOAD_QUOTA;
  const { counters } = deps;

  /**
   * Refuses with 429 when one more upload of `bytes` would pass the user's allowance for the last hour
   * (`uploadQuotaCount` or `uploadQuotaBytes`). Answers the bytes the user may still store in this window
   * (Infinity for root), so an archive can be capped at what it may expand to.
   */
  const check = async (user: Uploader, bytes: number): Promise<number> => {
    const roles = user.roles ?? (await deps.users.roleNames(user.uid));
    if (isRoot(roles)) return Number.POSITIVE_INFINITY;
    const usage = await deps.repo.usageSince(user.uid, new Date(now().getTime() - limits.windowMs));
    if (usage.count >= limits.maxUploads) {
      throw new AppError(429, 'uploadQuotaCount', { max: String(limits.maxUploads) });
    }
    const left = limits.maxBytes - usage.bytes;
    if (bytes > left) throw new AppError(429, 'uploadQuotaBytes', { max: String(Math.round(limits.maxBytes / MB)) });
    return left;
  };

  const receivedRefusal = (retryAfterMs?: number) =>
    new AppError(429, 'uploadQuotaReceived', {
      max: String(Math.round(limits.maxReceivedBytes / MB)),
      ...(retryAfterMs ? { seconds: String(Math.ceil(retryAfterMs / 1000)) } : {}),
    });

  return {
    limits,
    check,

    /**
     * Admits an upload before its body is read, or refuses with 429 (`uploadQuotaCount`, `uploadQuotaBytes`,
     * `uploadsInFlight`, `uploadQuotaReceived`). `length` is the request's Content-Length (undefined when it has
     * none), `cap` the most the endpoint takes.
     */
    async admit(user: Uploader & { roles: readonly string[] }, body: { length?: number; cap: number }) {
      if (isRoot(user.roles)) {
        return { maxBytes: body.length ?? body.cap, done: async () => {} } satisfies UploadPass;
      }
      // The stored allowance must have room for one more upload of at least a byte.
      await check(user, 1);
      const at = now();
      const inFlight = { uid: user.uid, scope: IN_FLIGHT, at, windowMs: limits.inFlightWindowMs };
      if (!(await counters.take({ ...inFlight, maxHits: limits.maxInFlight })).ok) {
        throw new AppError(429, 'uploadsInFlight', { max: String(limits.maxInFlight) });
      }
      try {
        const received = { uid: user.uid, scope: RECEIVED, at, windowMs: limits.windowMs };
        const maxKiB = Math.floor(limits.maxReceivedBytes / KiB);
        let bytes = body.length;
        if (bytes === undefined) {
          const leftKiB = maxKiB - (await counters.hits(received));
          bytes = Math.min(body.cap, leftKiB * KiB);
          if (bytes <= 0) throw receivedRefusal();
        }
        const kib = Math.ceil(bytes / KiB);
        const taken = await counters.take({ ...received, maxHits: maxKiB, amount: kib });
        if (!taken.ok) throw receivedRefusal(taken.retryAfterMs);
        return {
          maxBytes: bytes,
          overQuota: bytes < body.cap && body.length === undefined ? receivedRefusal() : undefined,
          // The bytes not read are given back before the slot: once a caller's slots are back, its hour's count is
          // final (a check right after an upload ended could see the slot free and the promised bytes still taken).
          async done(read: number) {
            try {
              const unused = kib - Math.ceil(read / KiB);
              if (unused > 0) await counters.giveBack(user.uid, RECEIVED, unused);
            } finally {
              await counters.giveBack(user.uid, IN_FLIGHT);
            }
          },
        } satisfies UploadPass;
      } catch (e) {
        await counters.giveBack(user.uid, IN_FLIGHT);
        throw e;
      }
    },
  };
};
export type UploadQuotaService = ReturnType<typeof createUploadQuotaService>;
