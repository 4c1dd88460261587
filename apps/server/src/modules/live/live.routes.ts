import { judgeProtocol, live } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

/** Live updates (decision 0034): the ticket, the event stream, and the judge's per-case progress. */
export const registerLiveRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  bind(app, deps, live.eventTicket, (_q, ctx) => s.live.ticket(ctx.token as string));

  bind(app, deps, live.events, async (q, ctx) => {
    const body = await s.live.open({
      accept: ctx.header('accept'),
      user: ctx.user,
      token: ctx.token,
      ticket: q.ticket,
      cid: q.cid,
      gid: q.gid,
      lastEventId: ctx.header('last-event-id') ?? q.lastEventId,
      signal: ctx.signal,
    });
    ctx.setHeader('Cache-Control', 'no-cache, no-transform');
    // Proxies (nginx) must pass each event on at once.
    ctx.setHeader('X-Accel-Buffering', 'no');
    return { body, contentType: 'text/event-stream; charset=utf-8' };
  });

  // A submission's progress goes to its owner's streams; a package task's is kept on its import job.
  bind(app, deps, judgeProtocol.progress, async (b) => ({
    keep:
      (await s.live.progress(b.name, b.taskId, b.attempt, b.done, b.total)) ||
      (await s.importJobs.progress(b.name, b.taskId, b.attempt, b.done, b.total)),
  }));

  // Streams end before the server stops listening (an open stream would hold the close until its client left).
  app.addHook('preClose', async () => {
    await s.live.close();
  });
};
