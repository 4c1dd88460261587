import type { ProblemRepository } from './problem.repository.js';
import type { ProblemCatalogRepository } from './problem-catalog.repository.js';

/**
 * The problem area's face to other areas (contests, trainings, groups, discussions, the admin problem screens,
 * imports): the questions and writes they may put to the problem bank, and its row types. They depend on these,
 * never on the repositories; services.ts hands them the repositories, which answer them.
 */
export type {
  NewProblem,
  NewProblemCase,
  ProblemCaseRow,
  ProblemForJudging,
  ProblemGraph,
  ProblemRow,
} from './problem.repository.js';

/** Finding a problem by its id or its problem id. */
export type ProblemLookup = Pick<ProblemRepository, 'findById' | 'findByProblemId'>;
/** A problem with its cases and languages (the admin problem screens). */
export type ProblemDetails = ProblemLookup & Pick<ProblemRepository, 'cases' | 'languages'>;
/** What the judge queue asks of a problem when it hands a worker a task (judge/judge-queue.service.ts). */
export type ProblemJudgingQueries = Pick<ProblemRepository, 'forJudging'>;
/** Creating a problem from a package or an import, and giving it its problem id. */
export type ProblemWriter = ProblemDetails & Pick<ProblemRepository, 'create' | 'setProblemId'>;
/** A problem's tags and code templates (the contest and training problem pages). */
export type ProblemCatalogQueries = Pick<ProblemCatalogRepository, 'tagsOf' | 'templates'>;
