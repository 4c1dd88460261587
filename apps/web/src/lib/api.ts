import { account } from '@oj/shared';
import { session } from './auth-store';
import { createHttpClient } from './http-client';
import { currentLanguage, i18next } from './i18n';
import { isAdminArea, navigateTo } from './navigation';
import { notifyError, toast } from './notify';
import { loginDialog } from './ui-store';

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
  onForbidden: ({ admin }) => {
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
