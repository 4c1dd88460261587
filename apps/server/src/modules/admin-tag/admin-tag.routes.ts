import { adminTag } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerAdminTagRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const t = s.adminTags;
  bind(app, deps, adminTag.addTag, (b) => t.addTag(b));
  bind(app, deps, adminTag.updateTag, (b) => t.updateTag(b));
  bind(app, deps, adminTag.deleteTag, (q) => t.deleteTag(q.tid));
  bind(app, deps, adminTag.getTagClassification, (q) => t.classifications(q.oj));
  bind(app, deps, adminTag.addTagClassification, (b) => t.addClassification(b));
  bind(app, deps, adminTag.updateTagClassification, (b) => t.updateClassification(b));
  bind(app, deps, adminTag.deleteTagClassification, (q) => t.deleteClassification(q.tcid));
};
