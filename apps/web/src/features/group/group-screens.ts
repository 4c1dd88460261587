/** The group area's screens (groups part 1) in one chunk: one split point keeps the first visit to /home small
 * (decision 0004). */
export { default as GroupAnnouncementList } from './group-announcement-page';
export { default as GroupDetails } from './group-detail-page';
export {
  GroupDiscussionDetails,
  GroupDiscussionList,
  GroupDiscussionList as GroupProblemDiscussionList,
} from './group-discussion-page';
export { default as GroupList } from './group-list-page';
export { default as GroupMemberList } from './group-member-page';
export { default as GroupProblemList } from './group-problem-page';
export { default as GroupRank } from './group-rank-page';
export { default as GroupSetting } from './group-setting-page';
