/** The group's contest tab and its admin pages in one chunk (spec 3 §2.8), apart from the group chunk: they carry
 * the admin contest pages (DESIGN §5). */
export {
  GroupContestAnnouncementPage as GroupContestAnnouncementList,
  GroupContestEditPage as GroupEditContest,
  GroupContestProblemPage as GroupContestProblemList,
} from './group-contest-admin-pages';
export { default as GroupContestList } from './group-contest-page';
