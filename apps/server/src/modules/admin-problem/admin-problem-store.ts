import type { AdminProblemRepository } from './admin-problem.repository.js';

/** Creating a problem with its graph, and removing it again, as other areas (remote imports) do. They depend on
 * this type, never on the repository. */
export type AdminProblemStore = Pick<AdminProblemRepository, 'create' | 'remove'>;
