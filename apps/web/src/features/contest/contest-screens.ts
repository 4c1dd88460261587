/** The contest area's screens in one chunk: one split point keeps the first visit to /home small (decision 0004). */

// Exams and clarifications (decision 0055): the clarification tab and the exam sessions of the contest's admins.
export { default as ContestClarification } from '../exam/clarification-page';
export { default as ContestExamSessions } from '../exam/exam-sessions-page';
export { default as ContestACInfo } from './contest-ac-info-page';
export { default as ContestAdminPrint } from './contest-admin-print-page';
export { default as ContestAnnouncementList } from './contest-announcement-page';
export { default as ContestComment } from './contest-comment-page';
export { default as ContestDetails } from './contest-detail-page';
export { default as ContestList } from './contest-list-page';
export { default as ContestPrint } from './contest-print-page';
export { default as ContestProblemList } from './contest-problem-list-page';
export { default as ContestRank } from './contest-rank-page';
export { default as ContestRejudgeAdmin } from './contest-rejudge-page';
export { default as ContestScoreboard } from './contest-scoreboard-page';
export { default as ContestScrollBoard } from './scroll-board/contest-scroll-board-tab';
