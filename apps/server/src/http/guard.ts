import { type Endpoint, isAdminRole, isRoot } from '@oj/shared';
import type { AuthUser } from '../modules/auth/session.service.js';
import type { Switches } from '../modules/site/site.service.js';
import { AppError } from './app-error.js';

/** The one server-side guard: every endpoint declares `{access, roles?, permission?, switch?}` in the contract
 * and this decides. Returns the error to answer, or null to let the call through. */
export const checkAccess = (
  e: Pick<Endpoint, 'access' | 'roles' | 'permission' | 'switch'>,
  user: AuthUser | undefined,
  switches: Pick<Switches, NonNullable<Endpoint['switch']>> | undefined,
): AppError | null => {
  if (e.access === 'judge') return null; // judge token checked by the judge routes themselves
  if (e.access !== 'public') {
    if (!user) return new AppError(401, 'pleaseLogin');
    if (e.access === 'admin' && !isAdminRole(user.roles)) return new AppError(403, 'forbidden');
    if (e.access === 'root' && !isRoot(user.roles)) return new AppError(403, 'forbidden');
    if (e.roles && !e.roles.some((r) => user.roles.includes(r))) return new AppError(403, 'forbidden');
    if (e.permission && !user.permissions.includes(e.permission)) return new AppError(403, 'forbidden');
  }
  if (e.switch && switches && !switches[e.switch] && !(user && isRoot(user.roles))) {
    return new AppError(403, 'areaClosed');
  }
  return null;
};
