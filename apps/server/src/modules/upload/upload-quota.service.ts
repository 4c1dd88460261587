import { UPLOAD_QUOTA } from '@oj/shared';
import { AppError } from '../../http/app-error.js';
import type { UserQueries } from '../user/user-queries.js';
import type { UploadRepository } from './upload.repository.js';

const MB = 1024 * 1024;

export interface QuotaLimits {
  windowMs: number;
  maxUploads: number;
  maxBytes: number;
}

/** Who uploads: the roles when the caller has them at hand (an AuthUser), else they are looked up. */
export interface Uploader {
  uid: string;
  roles?: readonly string[];
}

/**
 * Uploads per user and hour (DESIGN §8 "Many instances": counted from the database, so every server instance
 * sees the same numbers). Services call `check` before they store anything; root is exempt. Two uploads racing
 * may both pass the last free slot: the limit is there to stop a disk from being filled, not to count exactly.
 */
export const createUploadQuotaService = (deps: {
  repo: UploadRepository;
  users: Pick<UserQueries, 'roleNames'>;
  now?: () => Date;
  limits?: QuotaLimits;
}) => {
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? UPLOAD_QUOTA;
  return {
    limits,
    /**
     * Refuses with 429 when one more upload of `bytes` would pass the user's allowance for the last hour
     * (`uploadQuotaCount` or `uploadQuotaBytes`). Answers the bytes the user may still store in this window
     * (Infinity for root), so an archive can be capped at what it may expand to.
     */
    async check(user: Uploader, bytes: number): Promise<number> {
      const roles = user.roles ?? (await deps.users.roleNames(user.uid));
      if (roles.includes('root')) return Number.POSITIVE_INFINITY;
      const usage = await deps.repo.usageSince(user.uid, new Date(now().getTime() - limits.windowMs));
      if (usage.count >= limits.maxUploads) {
        throw new AppError(429, 'uploadQuotaCount', { max: String(limits.maxUploads) });
      }
      const left = limits.maxBytes - usage.bytes;
      if (bytes > left) throw new AppError(429, 'uploadQuotaBytes', { max: String(Math.round(limits.maxBytes / MB)) });
      return left;
    },
  };
};
export type UploadQuotaService = ReturnType<typeof createUploadQuotaService>;
