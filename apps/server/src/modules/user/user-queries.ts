import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { UserRepository } from './user.repository.js';
import type { UserAccountRepository } from './user-account.repository.js';

/**
 * The user area's face to other areas (auth, registration, uploads): the few questions and the one change they may
 * put to it. They depend on these types, never on the repositories; services.ts hands them the repositories, which
 * answer them.
 */
export type UserQueries = Pick<UserRepository, 'findByUsername' | 'roleNames'>;
/** Setting a user's password (registration's reset by code). */
export type UserPasswords = Pick<UserAccountRepository, 'setPassword'>;

/** The users ranks list: not banned and not waiting for (or refused) registration approval (decision 0025). */
export const listedUser = () => and(eq(users.status, 0), isNull(users.regState));
