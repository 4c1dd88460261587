/** The group's contest tab and its admin pages in one chunk, apart from the group chunk: they carry
 * the admin contest pages (decision 0004). */
export {
  GroupContestAnnouncementPage as GroupContestAnnouncementList,
  GroupContestEditPage as GroupEditContest,
  GroupContestProblemPage as GroupContestProblemList,
} from './group-contest-admin-pages';
export { default as GroupContestList } from './group-contest-page';
