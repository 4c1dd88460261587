import { useTranslation } from 'react-i18next';
import { CommentSection } from '../comment/comment-section';
import { useContestContext } from './contest-detail-page';

/** /contest/:contestID/comment: the comment area with the contest id. The route
 * guard answers 'No Access' and goes home while the site switches contest comments off; the server filters what a
 * participant sees during the contest. Contest admin = root or the contest's author (the shell decides it). */
const ContestCommentPage = () => {
  const { t } = useTranslation('contest');
  const { contest, admin } = useContestContext();
  return (
    <section aria-label={t('Comment')} style={{ minWidth: 0 }}>
      <CommentSection cid={contest.id} contestAdmin={admin} contestAuthor={contest.author} />
    </section>
  );
};

export default ContestCommentPage;
