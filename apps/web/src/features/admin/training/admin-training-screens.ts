/** The training admin screens in one chunk: one split point keeps the first visit to /home small (decision 0004). */
export { default as AdminTrainingCategory } from './admin-training-category-page';
export { default as AdminEditTraining } from './admin-training-edit-page';
export { default as AdminTrainingList } from './admin-training-list-page';
export { default as AdminTrainingProblemList } from './admin-training-problem-page';
