import multipart, { type MultipartFile } from '@fastify/multipart';
import { file, importFormats, type UploadedFile } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, type RequestContext } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

const importerOf = (ctx: RequestContext) => {
  const user = ctx.user as NonNullable<RequestContext['user']>;
  return { uid: user.uid, username: user.username };
};

export const registerProblemImportRoutes = async (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      limits: { fileSize: file.UPLOAD_LIMITS.zipMaxBytes + 1, files: 1, fields: 5 },
      async onFile(part: MultipartFile) {
        const value: UploadedFile = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
        (part as unknown as { value: UploadedFile }).value = value;
      },
    });
    const i = s.problemImport;
    bind(scope, deps, importFormats.importFpsProblem, (b, ctx) => i.importFps(b.file, importerOf(ctx)));
    bind(scope, deps, importFormats.importQdojProblem, (b, ctx) => i.importQdoj(b.file, importerOf(ctx)));
    bind(scope, deps, importFormats.importHydroProblem, (b, ctx) => i.importHydro(b.file, importerOf(ctx)));
  });
};
