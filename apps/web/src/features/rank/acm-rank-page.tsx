import { RankPage } from './rank-page';

const AcmRankPage = () => <RankPage type="ACM" />;
export default AcmRankPage;
