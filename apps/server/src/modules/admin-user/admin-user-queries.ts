import type { AdminUserRepository } from './admin-user.repository.js';

/** The admin user area's face to other areas: finding the users an admin names (the notice recipients). Other areas
 * depend on this type, never on the repository. */
export type AdminUserQueries = Pick<AdminUserRepository, 'findByUid' | 'findUidsByUsernames'>;
