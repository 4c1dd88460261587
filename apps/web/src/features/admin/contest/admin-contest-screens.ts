/** The contest admin screens in one chunk: one split point keeps the first visit to /home small (decision 0004). */
export { default as AdminContestAnnouncement } from './admin-contest-announcement-page';
export { default as AdminEditContest } from './admin-contest-edit-page';
export { default as AdminContestList } from './admin-contest-list-page';
export { default as AdminContestProblemList } from './admin-contest-problem-page';
