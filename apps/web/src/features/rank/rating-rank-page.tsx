import { RankPage } from './rank-page';

/** The contest rating list (decision 0046). */
const RatingRankPage = () => <RankPage type="RATING" />;
export default RatingRankPage;
