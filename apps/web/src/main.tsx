// antd's component styles as one stylesheet, before the app's own (decision 0048): its run-time style generation is off.
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { createAppRouter } from './app/router';
import { preloadRoute } from './app/screens';
import { prefetchCurrentExam } from './features/exam/current-exam';
import { prefetchJudgeStatus } from './features/site/judge-status-banner';
import { websiteConfigQuery } from './features/site/use-website-config';
import { refreshRoles } from './lib/api';
import { i18next, initI18n, initialLanguage } from './lib/i18n';
import './styles.css';

/** How long the first render waits for the opened page's chunk and texts before it shows the site's frame with the
 * page's loading view instead. */
const FIRST_RENDER_WAIT_MS = 1500;

const start = async () => {
  const { language, fromQuery } = initialLanguage();
  // The site's configuration, the judge's status (its banner above every page) and the signed-in user's running exam
  // (decision 0055: the site is then the exam's pages) are asked for first: the server's answers are the longest wait.
  const queryClient = createQueryClient();
  const site = Promise.all([
    queryClient.prefetchQuery(websiteConfigQuery),
    prefetchJudgeStatus(queryClient),
    prefetchCurrentExam(queryClient),
  ]);
  // The opened page's chunk is on its way (the preload links the server put in the page fetch its files) while the texts
  // load; the first render shows the page itself (decision 0048), not a loading view that React would hold for 300 ms
  // once the page is there. The router made now is the app's: its matches name the page.
  const router = createAppRouter();
  const route = preloadRoute(router.state.matches);
  // The language is settled before the first paint, so an en-US visitor never sees Chinese flash by.
  await initI18n(language, { save: fromQuery });
  const page = Promise.all([route.ready, i18next.loadNamespaces(route.namespaces), site]).catch(() => undefined);
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  // Roles may have changed since the last visit.
  void refreshRoles();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
};

void start();
