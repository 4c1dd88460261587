import { home } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerSiteRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, home.getWebsiteConfig, () => s.site.websiteConfig());
  bind(app, deps, home.homeCarousel, () => s.site.carousel());
  bind(app, deps, home.getCommonAnnouncement, (q) => s.site.announcements(q.currentPage, q.limit));
};
