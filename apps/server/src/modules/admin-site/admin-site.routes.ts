import multipart, { type MultipartFile } from '@fastify/multipart';
import { adminAnnouncement, adminConfig, type UploadedFile } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit.routes.js';

export const registerAdminSiteRoutes = async (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const a = s.adminSite;
  bind(app, deps, adminConfig.getWebConfig, () => a.webConfig());
  bind(app, deps, adminConfig.setWebConfig, (b, ctx) => a.setWebConfig(actorOf(ctx), b));
  bind(app, deps, adminConfig.getEmailConfig, () => a.emailConfig());
  bind(app, deps, adminConfig.setEmailConfig, (b, ctx) => a.setEmailConfig(actorOf(ctx), b));
  bind(app, deps, adminConfig.testEmail, (b) => a.testEmail(b.email));
  bind(app, deps, adminConfig.getSwitchConfig, () => a.switches());
  bind(app, deps, adminConfig.updateSwitchConfig, (b, ctx) => a.updateSwitches(actorOf(ctx), b));
  bind(app, deps, adminConfig.deleteHomeCarousel, (q, ctx) => a.deleteCarousel(actorOf(ctx), q.id));
  bind(app, deps, adminAnnouncement.getAnnouncementList, (q) => a.announcements(q.currentPage, q.limit));
  bind(app, deps, adminAnnouncement.createAnnouncement, (b, ctx) => a.createAnnouncement(actorOf(ctx), b));
  bind(app, deps, adminAnnouncement.updateAnnouncement, (b) => a.updateAnnouncement(b));
  bind(app, deps, adminAnnouncement.deleteAnnouncement, (q) => a.deleteAnnouncement(q.aid));

  // Multipart only for the carousel upload; one byte over the limit is read so "too large" is told apart.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      limits: { fileSize: adminConfig.CAROUSEL_MAX_BYTES + 1, files: 1, fields: 5 },
      async onFile(part: MultipartFile) {
        const value: UploadedFile = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
        (part as unknown as { value: UploadedFile }).value = value;
      },
    });
    bind(scope, deps, adminConfig.uploadCarouselImg, (b, ctx) => a.uploadCarousel(actorOf(ctx), b.file));
  });
};
