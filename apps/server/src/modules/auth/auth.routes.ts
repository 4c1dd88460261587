import { account } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import { challengeSubject } from '../../lib/challenge-key.js';
import type { AppServices } from '../../services.js';

export const registerAuthRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  for (const [e, adminOnly] of [
    [account.login, false],
    [account.adminLogin, true],
  ] as const) {
    bind(app, deps, e, async (input, ctx) => {
      const { token, user } = await s.auth.login(input, ctx.meta, { adminOnly });
      ctx.setHeader('Authorization', token);
      return user;
    });
  }

  for (const e of [account.logout, account.adminLogout]) {
    bind(app, deps, e, async (_input, ctx) => {
      if (ctx.user) await s.sessions.revoke(ctx.user.sessionId);
      return null;
    });
  }

  bind(app, deps, account.getUserAuthInfo, async (_input, ctx) => ({
    roles: ctx.user?.roles ?? [],
    permissions: ctx.user?.permissions ?? [],
  }));

  // Login verification (decision 0014): a solved slide puzzle or image captcha yields the next login's proof, for
  // the username the challenge was asked for (or anyone, when none).
  bind(app, deps, account.captcha, (input) => s.captcha.create(challengeSubject(input.username)));
  bind(app, deps, account.getSlidePuzzle, (input) =>
    s.loginVerification.createPuzzle(challengeSubject(input.username)),
  );
  bind(app, deps, account.checkSlidePuzzle, (input) => s.loginVerification.checkPuzzle(input));
  bind(app, deps, account.checkCaptcha, (input) => s.loginVerification.checkCaptcha(input));
};
