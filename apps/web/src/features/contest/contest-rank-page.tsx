import { useContestContext } from './contest-detail-page';
import { ContestScoreboard } from './contest-scoreboard';
import { registerContestStaffTexts } from './contest-staff-texts';
import { registerContestTexts } from './contest-texts';

/** The rank tab: the same board as the outside scoreboards, with the viewer's row pinned on top. */
const ContestRankPage = () => {
  registerContestTexts();
  registerContestStaffTexts();
  const { contest, problems, status } = useContestContext();
  return <ContestScoreboard contest={contest} problems={problems} status={status} outside={false} />;
};

export default ContestRankPage;
