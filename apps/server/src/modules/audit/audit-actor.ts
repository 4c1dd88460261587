import type { SignedInContext } from '../../http/bind.js';
import type { Actor } from './audit.service.js';

/** The acting admin of a request, for the audit log: what every route that records an admin's action hands its
 * service. */
export const actorOf = (ctx: SignedInContext): Actor => ({
  uid: ctx.user.uid,
  username: ctx.user.username,
  ip: ctx.meta.ip,
});
