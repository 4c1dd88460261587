import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useWebsiteConfig } from '../features/site/use-website-config';
import { session, useSession } from '../lib/auth-store';
import { isAdminArea } from '../lib/navigation';
import { toast } from '../lib/notify';
import { loginDialog } from '../lib/ui-store';
import type { RouteGuard as Guard } from './route-table';

type Verdict =
  | { ok: true }
  | {
      ok: false;
      to: string;
      message: 'Please_login_first' | 'Please_login_first_by_admin_account' | 'No_Access';
      openLogin: boolean;
      clear: boolean;
    };

/** The route guard as a pure decision, so it is testable without a router. */
export const decideGuard = (
  guard: Guard | undefined,
  ctx: {
    pathname: string;
    token: string | null;
    isAdmin: boolean;
    isSuperAdmin: boolean;
    config: Partial<Record<NonNullable<Guard['area']>, boolean>> | undefined;
  },
): Verdict | 'pending' => {
  if (!guard) return { ok: true };
  const admin = isAdminArea(ctx.pathname);
  if ((guard.login || guard.admin || guard.superAdmin) && !ctx.token) {
    return admin
      ? { ok: false, to: '/admin/login', message: 'Please_login_first_by_admin_account', openLogin: false, clear: true }
      : { ok: false, to: '/home', message: 'Please_login_first', openLogin: true, clear: true };
  }
  if ((guard.admin && !ctx.isAdmin) || (guard.superAdmin && !ctx.isSuperAdmin)) {
    return admin
      ? {
          ok: false,
          to: '/admin/login',
          message: 'Please_login_first_by_admin_account',
          openLogin: false,
          clear: false,
        }
      : { ok: false, to: '/home', message: 'Please_login_first_by_admin_account', openLogin: false, clear: false };
  }
  if (guard.area) {
    if (!ctx.config) return 'pending';
    if (ctx.config[guard.area] === false) {
      return { ok: false, to: '/home', message: 'No_Access', openLogin: false, clear: false };
    }
  }
  return { ok: true };
};

export const GuardedRoute = ({ guard, children }: { guard?: Guard; children: ReactNode }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token, isAdmin, isSuperAdmin } = useSession();
  const config = useWebsiteConfig().data;
  const verdict = decideGuard(guard, { pathname, token, isAdmin, isSuperAdmin, config });
  const acted = useRef(false);
  // The guard speaks to arrivals. A session that ends while its page is open was ended by whoever speaks for it (the
  // logout screen, the 401 handling in lib/api.ts, another tab through app/session-sync.tsx): the page is only left.
  const signedInHere = useRef(!!token);
  if (token) signedInHere.current = true;
  const endedHere = signedInHere.current && !token;

  useEffect(() => {
    if (verdict === 'pending' || verdict.ok || acted.current) return;
    acted.current = true;
    if (endedHere) return;
    if (verdict.clear) session.clear();
    toast.warning(t(verdict.message));
    if (verdict.openLogin) loginDialog.open();
  }, [verdict, endedHere, t]);

  if (verdict === 'pending') return null;
  if (!verdict.ok) return <Navigate to={verdict.to} replace />;
  return children;
};
