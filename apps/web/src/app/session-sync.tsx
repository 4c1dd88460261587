import { useEffect } from 'react';
import { refreshRoles } from '../lib/api';
import { session } from '../lib/auth-store';
import { isAdminArea, navigateTo } from '../lib/navigation';

/** Another tab may have signed in or out: when this tab becomes visible again it
 * adopts the stored token, or, if the token was removed, drops the user and leaves for home (admin login). */
export const handleVisibilityChange = () => {
  if (document.visibilityState !== 'visible') return;
  const outcome = session.reloadFromStorage();
  if (outcome === 'removed') navigateTo(isAdminArea() ? '/admin/login' : '/home');
  else if (outcome === 'adopted') void refreshRoles();
};

export const SessionSync = () => {
  useEffect(() => {
    document.addEventListener('visibilitychange', handleVisibilityChange);
    return () => document.removeEventListener('visibilitychange', handleVisibilityChange);
  }, []);
  return null;
};
