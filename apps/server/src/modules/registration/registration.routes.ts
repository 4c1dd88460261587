import { registration as r } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerRegistrationRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const g = s.registration;
  bind(app, deps, r.sendRegisterSms, (b, ctx) => g.sendRegisterSms(b, ctx.meta.ip, ctx.locale));
  bind(app, deps, r.sendSmsCode, (b, ctx) => g.sendRegisterSms(b, ctx.meta.ip, ctx.locale));
  bind(app, deps, r.sendResetSms, (b, ctx) => g.sendResetSms(b, ctx.meta.ip, ctx.locale));
  bind(app, deps, r.getRegisterCode, (q, ctx) => g.sendRegisterEmail(q, ctx.meta.ip, ctx.locale));
  bind(app, deps, r.checkUsernameOrEmail, (b) => g.check(b));
  bind(app, deps, r.register, (b) => g.register(b));
  bind(app, deps, r.getRegistrations, (q) => g.registrations(q));
  bind(app, deps, r.decideRegistrations, (b) => g.decide(b));
  bind(app, deps, r.getSmsOutbox, (q) => g.outbox(q));
  bind(app, deps, r.getRegistrationConfig, () => g.config());
  bind(app, deps, r.setRegistrationConfig, (b) => g.setConfig(b));
};
