import type { RateLimitRepository } from './rate-limit.repository.js';

/** The access area's per-user limits as other areas use them (registration's code senders take and give back a
 * try). They depend on this type, never on the repository. */
export type RateLimitStore = Pick<RateLimitRepository, 'take' | 'giveBack'>;
/** The submit interval (submissions take a try inside their own transaction, or restart the window). */
export type SubmitIntervalLimits = Pick<RateLimitRepository, 'take' | 'restart'>;
/** The upload limits: uploads in flight (taken and given back), KiB received per hour (taken by the request's
 * length, the unused part given back). */
export type UploadLimits = Pick<RateLimitRepository, 'take' | 'giveBack' | 'hits'>;
