import { adminAnnouncement, adminConfig } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';

export const registerAdminSiteRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const a = s.adminSite;
  bind(app, deps, adminConfig.getWebConfig, () => a.webConfig());
  bind(app, deps, adminConfig.setWebConfig, (b, ctx) => a.setWebConfig(actorOf(ctx), b));
  bind(app, deps, adminConfig.getEmailConfig, () => a.emailConfig());
  bind(app, deps, adminConfig.getDbAndRedisConfig, () => a.dbAndRedisConfig());
  bind(app, deps, adminConfig.setDbAndRedisConfig, () => a.setDbAndRedisConfig());
  bind(app, deps, adminConfig.setEmailConfig, (b, ctx) => a.setEmailConfig(actorOf(ctx), b));
  bind(app, deps, adminConfig.testEmail, (b) => a.testEmail(b.email));
  bind(app, deps, adminConfig.getSwitchConfig, () => a.switches());
  bind(app, deps, adminConfig.updateSwitchConfig, (b, ctx) => a.updateSwitches(actorOf(ctx), b));
  bind(app, deps, adminConfig.deleteHomeCarousel, (q, ctx) => a.deleteCarousel(actorOf(ctx), q.id));
  bind(app, deps, adminAnnouncement.getAnnouncementList, (q) => a.announcements(q.currentPage, q.limit));
  bind(app, deps, adminAnnouncement.createAnnouncement, (b, ctx) => a.createAnnouncement(actorOf(ctx), b));
  bind(app, deps, adminAnnouncement.updateAnnouncement, (b) => a.updateAnnouncement(b));
  bind(app, deps, adminAnnouncement.deleteAnnouncement, (q) => a.deleteAnnouncement(q.aid));

  bind(app, deps, adminConfig.uploadCarouselImg, (b, ctx) => a.uploadCarousel(actorOf(ctx), b.file));
};
