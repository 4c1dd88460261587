import type { ProblemImportRepository } from './problem-import.repository.js';

/** The rows of the statement images an import stored, as other importers (remote imports) keep them. They depend
 * on this type, never on the repository. */
export type ImportImageStore = Pick<ProblemImportRepository, 'saveImage' | 'removeImages'>;
