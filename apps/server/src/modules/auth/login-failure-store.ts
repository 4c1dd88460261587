import type { LoginFailureRepository } from './login-failure.repository.js';

/** The auth area's counter of wrong passwords per (key, IP), as other areas may use it: account settings count wrong
 * current passwords on it under a key of their own. They depend on this type, never on the repository. */
export type LoginFailureStore = Pick<LoginFailureRepository, 'find' | 'save' | 'clear'>;
