import { account } from '@oj/shared';
import { session } from './auth-store';
import { createStore } from './create-store';
import { createHttpClient } from './http-client';
import { currentLanguage, i18next } from './i18n';
import { isAdminArea, navigateTo } from './navigation';
import { notifyError, toast } from './notify';
import { loginDialog } from './ui-store';

/** Counts the calls refused because the user's exam runs (403 examSiteClosed, decision 0055): the exam lock
 * (features/exam/current-exam.ts) asks for the running exam again on each, so the site shows the exam's pages. */
export const examSiteClosedCount = createStore(0);

/** The one HTTP client every call of the app goes through. */
export const api = createHttpClient({
  getToken: session.token,
  setToken: session.setToken,
  getLanguage: currentLanguage,
  translate: (key) => i18next.t(key),
  notify: (kind, text) => (kind === 'error' ? notifyError(i18next.t('Error'), text) : toast.info(text)),
  onUnauthorized: ({ admin }) => {
    session.clear();
    // In the admin area every lost session leads to the admin login, whichever call noticed it.
    if (admin || isAdminArea()) {
      navigateTo('/admin/login');
    } else {
      navigateTo('/home');
      loginDialog.open();
    }
  },
  onForbidden: ({ admin, key }) => {
    if (key === 'examSiteClosed') examSiteClosedCount.set((n) => n + 1);
    void refreshRoles();
    if (admin) navigateTo('/admin');
  },
});

/** Re-reads the roles of the signed-in user (on start and after a 403). */
export const refreshRoles = async () => {
  if (!session.token()) return;
  try {
    const info = await api.call(account.getUserAuthInfo, {}, { silent: true });
    session.setRoles(info.roles);
  } catch {
    // A 401 already cleared the session; other failures keep the roles we have.
  }
};
