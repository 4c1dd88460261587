/** The training area's screens in one chunk: one split point keeps the first visit to /home small (decision 0004). The
 * training problem pages reuse the problem detail page (app/screens.ts). */
export { default as TrainingDetails } from './training-detail-page';
export { default as TrainingList } from './training-list-page';
export { default as TrainingProblemList } from './training-problem-list-page';
export { default as TrainingRank } from './training-rank-page';
