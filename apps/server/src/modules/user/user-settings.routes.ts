import { user } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerUserRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, user.getUserHomeInfo, (q, ctx) => s.userHome.home(q, ctx.user));
  bind(app, deps, user.getUserCalendarHeatmap, (q, ctx) => s.userHome.heatmap(q, ctx.user));
  bind(app, deps, user.changePassword, (b, ctx) => s.accountSettings.changePassword(ctx.user, b, ctx.locale));
  bind(app, deps, user.getChangeEmailCode, (q, ctx) =>
    s.accountSettings.sendChangeEmailCode(ctx.user, q.email, ctx.locale),
  );
  bind(app, deps, user.changeEmail, (b, ctx) => s.accountSettings.changeEmail(ctx.user, b, ctx.locale));
  bind(app, deps, user.changeUserInfo, (b, ctx) => s.accountSettings.changeProfile(ctx.user, b));
  bind(app, deps, user.applyResetPassword, (b, ctx) => s.accountSettings.applyResetPassword(b, ctx.locale));
  // The e-mailed link's code, or the mobile and its texted code (decision 0025).
  bind(app, deps, user.resetPassword, (b) =>
    b.code ? s.accountSettings.resetPassword({ ...b, code: b.code }) : s.registration.resetByMobile(b),
  );

  // Every signed-in user has an avatar: the guard is the whole rule.
  bind(app, deps, user.uploadAvatar, (b, ctx) => s.accountSettings.uploadAvatar(ctx.user, b.image), {
    beforeBody: async () => {},
  });

  // Uploaded images, with the type sniffed at upload (nosniff is set for every answer in app.ts).
  app.get<{ Params: { name: string } }>('/api/public/img/:name', async (req, reply) => {
    const image = await s.accountSettings.publicImage(req.params.name);
    reply.type(image.contentType).header('Cache-Control', 'public, max-age=86400');
    return reply.send(image.body);
  });
};
