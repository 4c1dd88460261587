import { Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRouteHandle } from '../../app/route-handle';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../lib/auth-store';
import { useLoginDialog } from '../../lib/ui-store';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentExam } from '../exam/current-exam';
import { ExamBanner, ExamRedirect } from '../exam/exam-lock';
import { JudgeStatusBanner } from '../site/judge-status-banner';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';
import './site-frame.css';
import { lazyScreen } from '../../lib/lazy-screen';

// The dialog (antd Modal) is fetched the first time it opens; visitors on home have the inline form.
const LoginDialog = lazyScreen(() => import('../auth/login-dialog'));

/** Mounts the login dialog once it has been opened, and keeps it for its closing animation. */
const LazyLoginDialog = () => {
  const { open } = useLoginDialog();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  ) : null;
};

/** The site frame: menu, page, footer; visitors get a different background. */
export const SiteFrame = () => {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const { titleKey, hideFooter } = useRouteHandle();
  usePageTitle(titleKey ? t(titleKey) : undefined);
  // While the signed-in user's exam runs, the site is the exam's pages (decision 0055).
  const exam = useCurrentExam();

  return (
    <Layout className={isAuthenticated ? 'oj-frame' : 'oj-frame oj-frame--visitor'}>
      <Layout.Header className="oj-frame__header">
        <NavBar />
      </Layout.Header>
      <Layout.Content className="oj-frame__content">
        {exam && <ExamBanner exam={exam} />}
        <JudgeStatusBanner />
        <ExamRedirect exam={exam}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ExamRedirect>
      </Layout.Content>
      {!hideFooter && (
        <Layout.Footer className="oj-frame__footer">
          <SiteFooter />
        </Layout.Footer>
      )}
      <LazyLoginDialog />
    </Layout>
  );
};
