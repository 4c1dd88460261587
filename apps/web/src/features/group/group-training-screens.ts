/** A group's Training tab and its admin pages in one chunk: one split point keeps the first visit to /home small
 * (decision 0004). The training's own pages are the training chunk's, linked inside the group. */
export { GroupEditTraining, GroupTrainingProblemAdmin } from './group-training-admin-pages';
export { default as GroupTrainingList } from './group-training-page';
