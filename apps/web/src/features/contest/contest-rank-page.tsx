import { useContestContext } from './contest-detail-page';
import { ContestScoreboard } from './contest-scoreboard';

/** The rank tab: the same board as the outside scoreboards, with the viewer's row pinned on top. */
const ContestRankPage = () => {
  const { contest, problems, status } = useContestContext();
  return <ContestScoreboard contest={contest} problems={problems} status={status} outside={false} />;
};

export default ContestRankPage;
