import type { JudgeHeaderRepository } from './judge-header.repository.js';

/** What the judge queue asks of the judge headers: the site's current ones, to hand every checker, interactor and
 * judging task (judge/judge-task.mapper.ts). */
export type JudgeHeaderQueries = Pick<JudgeHeaderRepository, 'forWorker'>;

/** What a problem import asks: whether the site has a header of that name (admin-problem/problem-transfer.service.ts
 * offers an imported package's testlib.h to a site without one). */
export type JudgeHeaderLookup = Pick<JudgeHeaderRepository, 'find'>;
