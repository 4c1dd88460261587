import { adminProblem, file } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, userOf } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerAdminProblemRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const p = s.adminProblems;
  bind(app, deps, adminProblem.getProblemList, (q, ctx) => p.list(userOf(ctx), q));
  bind(app, deps, adminProblem.getProblem, (q, ctx) => p.get(userOf(ctx), q.pid));
  bind(app, deps, adminProblem.getProblemSettings, (q, ctx) => p.settings(userOf(ctx), q.pid));
  bind(app, deps, adminProblem.getProblemTags, (q) => p.tagsOf(q.pid));
  bind(app, deps, adminProblem.deleteProblem, (q, ctx) => p.remove(userOf(ctx), q.pid));
  bind(app, deps, adminProblem.createProblem, (b, ctx) => p.create(userOf(ctx), b));
  bind(app, deps, adminProblem.updateProblem, (b, ctx) => p.update(userOf(ctx), b));
  bind(app, deps, adminProblem.changeProblemAuth, (b, ctx) => p.changeAuth(userOf(ctx), b));
  bind(app, deps, adminProblem.getProblemCases, (q, ctx) => p.cases(userOf(ctx), q.pid));
  bind(app, deps, adminProblem.compileSpj, (b, ctx) => p.compile(userOf(ctx), 'spj', b));
  bind(app, deps, adminProblem.compileInteractive, (b, ctx) => p.compile(userOf(ctx), 'interactive', b));
  bind(app, deps, file.downloadTestcase, (q, ctx) => p.downloadTestCases(userOf(ctx), q.pid));
  bind(app, deps, file.exportProblem, (q) => s.problemTransfer.exportArchive(q.pid));
  bind(app, deps, file.deleteMdImg, (q, ctx) => s.markdownFiles.deleteImage(userOf(ctx), q.fileId));

  bind(app, deps, file.uploadTestcaseZip, (b, ctx) => p.uploadTestCases(userOf(ctx), b.file, b.mode));
  bind(app, deps, file.importProblem, (b, ctx) => s.problemTransfer.importArchive(b.file, userOf(ctx).username));
  bind(app, deps, file.uploadMdImg, (b, ctx) => s.markdownFiles.uploadImage(userOf(ctx), b.image));
  bind(app, deps, file.uploadMdFile, (b, ctx) => s.markdownFiles.uploadFile(userOf(ctx), b.file));

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
