import type { RemoteAccountRepository } from './remote-account.repository.js';

/** The remote judges' account pools as the switch page edits them (admin-site). Other areas depend on this type,
 * never on the repository. */
export type RemoteAccountStore = Pick<RemoteAccountRepository, 'has' | 'replacePools' | 'usernames'>;
