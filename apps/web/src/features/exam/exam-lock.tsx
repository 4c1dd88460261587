import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { type CurrentExam, isExamPath } from './current-exam';
import './exam-lock.css';

/** The slim line above every page while the signed-in user's exam runs: its title and end, a link to it. */
export const ExamBanner = ({ exam }: { exam: CurrentExam }) => {
  const { t } = useTranslation();
  return (
    <div className="oj-exam-banner" role="status">
      <Link to={`/contest/${exam.cid}`}>
        {t('Exam_Banner', { title: exam.title, time: dayjs(exam.endTime).format('HH:mm') })}
      </Link>
    </div>
  );
};

/** While the exam runs, any other page of the site leads to the exam (the server refuses their calls anyway, 403
 * examSiteClosed); the exam's own pages and the sign-out stay. */
export const ExamRedirect = ({ exam, children }: { exam: CurrentExam | null; children: React.ReactNode }) => {
  const { pathname } = useLocation();
  if (exam && !isExamPath(pathname, exam.cid)) return <Navigate to={`/contest/${exam.cid}`} replace />;
  return children;
};
