import type { RateLimitRepository } from './rate-limit.repository.js';

/** The access area's per-user limits as other areas use them (registration's code senders take and give back a
 * try). They depend on this type, never on the repository. */
export type RateLimitStore = Pick<RateLimitRepository, 'take' | 'giveBack'>;
