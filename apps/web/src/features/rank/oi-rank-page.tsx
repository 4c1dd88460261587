import { RankPage } from './rank-page';

const OiRankPage = () => <RankPage type="OI" />;
export default OiRankPage;
