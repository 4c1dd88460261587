import { type RequestContext, userOf } from '../../http/bind.js';
import type { Actor } from './audit.service.js';

/** The acting admin of a request, for the audit log: what every route that records an admin's action hands its
 * service. */
export const actorOf = (ctx: RequestContext): Actor => {
  const user = userOf(ctx);
  return { uid: user.uid, username: user.username, ip: ctx.meta.ip };
};
