import { adminProblem, file, isAdminRole } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../http/app-error.js';
import { type BindDeps, bind, type SignedInContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import type { AuthUser } from '../auth/session.service.js';
import { queryGroupId } from '../group/group-policy.js';

export const registerAdminProblemRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.adminProblems;
  bind(app, deps, adminProblem.getProblemList, (q, ctx) => p.list(ctx.user, q));
  bind(app, deps, adminProblem.getProblem, (q, ctx) => p.get(ctx.user, q.pid));
  bind(app, deps, adminProblem.getProblemSettings, (q, ctx) => p.settings(ctx.user, q.pid));
  bind(app, deps, adminProblem.getProblemTags, (q) => p.tagsOf(q.pid));
  bind(app, deps, adminProblem.deleteProblem, (q, ctx) => p.remove(ctx.user, q.pid));
  bind(app, deps, adminProblem.createProblem, (b, ctx) => p.create(ctx.user, b));
  bind(app, deps, adminProblem.updateProblem, (b, ctx) => p.update(ctx.user, b));
  bind(app, deps, adminProblem.changeProblemAuth, (b, ctx) => p.changeAuth(ctx.user, b));
  bind(app, deps, adminProblem.getProblemCases, (q, ctx) => p.cases(ctx.user, q.pid));
  bind(app, deps, adminProblem.compileSpj, (b, ctx) => p.compile(ctx.user, 'spj', b));
  bind(app, deps, adminProblem.compileInteractive, (b, ctx) => p.compile(ctx.user, 'interactive', b));
  bind(app, deps, file.downloadTestcase, (q, ctx) => p.downloadTestCases(ctx.user, q.pid));
  bind(app, deps, file.exportProblem, (q) => s.problemTransfer.exportArchive(q.pid));
  bind(app, deps, file.deleteMdImg, (q, ctx) => s.markdownFiles.deleteImage(ctx.user, q.fileId));

  // Test data and statement files: admin roles, or a group's admins with its gid (decision 0023). The one rule is
  // checked before the body is read, with the query's gid, and again with the final input. Without a gid in the
  // query the form may still name one (HOJ's client sends the markdown image's gid as a form field): before the
  // body, a caller without an admin role must then be an admin of some group.
  const mayUpload = async (gid: number | undefined | 'in the form', user: AuthUser) => {
    if (gid === 'in the form') {
      if (!isAdminRole(user.roles)) await s.groupPolicy.requireSome(user, 'admin');
    } else if (gid) await s.groupPolicy.require(gid, user, 'admin');
    else if (!isAdminRole(user.roles)) throw forbidden();
  };
  const beforeBody = (q: Record<string, unknown>, ctx: SignedInContext) =>
    mayUpload(queryGroupId(q) ?? 'in the form', ctx.user);
  bind(
    app,
    deps,
    file.uploadTestcaseZip,
    async (b, ctx) => {
      await mayUpload(b.gid, ctx.user);
      return p.uploadTestCases(ctx.user, b.file, b.mode);
    },
    { beforeBody },
  );
  bind(app, deps, file.importProblem, (b, ctx) => s.problemTransfer.importArchive(b.file, ctx.user.username));
  bind(
    app,
    deps,
    file.uploadMdImg,
    async (b, ctx) => {
      await mayUpload(b.gid, ctx.user);
      return s.markdownFiles.uploadImage(ctx.user, b.image);
    },
    { beforeBody },
  );
  bind(
    app,
    deps,
    file.uploadMdFile,
    async (b, ctx) => {
      await mayUpload(b.gid, ctx.user);
      return s.markdownFiles.uploadFile(ctx.user, b.file);
    },
    { beforeBody },
  );

  // Statement attachments: always downloaded, never rendered (nosniff is set on every answer in app.ts).
  app.get<{ Params: { name: string } }>('/api/public/file/:name', async (req, reply) => {
    const f = await s.markdownFiles.attachment(req.params.name);
    reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.filename)}`)
      .header('Cache-Control', 'public, max-age=86400');
    return reply.send(f.body);
  });
};
