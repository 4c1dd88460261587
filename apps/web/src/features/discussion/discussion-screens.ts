/** The discussion area's screens in one chunk: one split point keeps the first visit to /home small (decision 0004).
 * /discussion and /discussion/:problemID share the list page. */
export { default as DiscussionDetails } from './discussion-detail-page';
export { default as DiscussionList, default as ProblemDiscussionList } from './discussion-list-page';
