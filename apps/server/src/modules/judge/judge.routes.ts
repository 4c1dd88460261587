import { home, judgeProtocol } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/app-error.js';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** The judge protocol: workers claim, heartbeat, report and fetch test data with the judge token. */
export const registerJudgeRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, judgeProtocol.claim, (input, ctx) => s.queue.claim(input, input.waitMs, ctx.signal));

  bind(app, deps, judgeProtocol.claimRemote, (input, ctx) => s.queue.claimRemote(input, input.waitMs, ctx.signal));

  bind(app, deps, judgeProtocol.heartbeat, async (input) => ({
    keep: await s.queue.heartbeat(input, input.taskId, input.attempt, input.status, input.runId),
  }));

  bind(app, deps, judgeProtocol.report, async (input) => {
    const accepted = await s.queue.report(input, input);
    // A package task's job makes its problem now (or fails with the report's errors).
    if (accepted && input.package) await s.importJobs.reported(input.taskId);
    return { accepted };
  });

  bind(app, deps, judgeProtocol.uploadTestData, (input) => s.testData.putFile(input.file.path, { move: true }));

  bind(app, deps, judgeProtocol.release, async (input) => ({
    released: await s.queue.release(input, input.taskId, input.attempt),
  }));

  bind(app, deps, judgeProtocol.goodbye, async (input) => ({ handedBack: await s.queue.goodbye(input) }));

  bind(app, deps, home.getJudgeStatus, () => s.queue.status());

  bind(app, deps, judgeProtocol.testData, async (input) => {
    if (!s.testData.exists(input.sha256)) throw notFound();
    return { body: s.testData.stream(input.sha256), contentType: 'application/octet-stream' };
  });
};
