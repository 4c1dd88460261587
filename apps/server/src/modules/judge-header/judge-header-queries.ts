import type { JudgeHeaderRepository } from './judge-header.repository.js';

/** What the judge queue asks of the judge headers: the site's current ones, to hand every checker, interactor and
 * judging task (judge/judge-task.mapper.ts). */
export type JudgeHeaderQueries = Pick<JudgeHeaderRepository, 'forWorker'>;
