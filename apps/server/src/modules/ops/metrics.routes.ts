import crypto from 'node:crypto';
import { localeOf, message } from '@oj/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { tokenOf } from '../../http/bind.js';
import {
  httpRequestDuration,
  judgeQueueDepth,
  judgeQueueOldestWait,
  judgeSlots,
  judgeTasksRunning,
  judgeUtilisation,
  metricsRegistry,
} from '../../lib/metrics.js';
import { JUDGE_ALIVE_MS } from '../judge/judge-queue.service.js';
import { createOpsRepository } from './ops.repository.js';

export const METRICS_PATH = '/metrics';

/** The kinds of judge_tasks, so a kind with nothing queued reads 0 rather than vanishing from the series. */
const TASK_KINDS = ['judge', 'testRun', 'compileChecker', 'remote', 'package'];

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/** The route pattern; the web app's files (a route each, named by content hash) are one series, `static`. */
const routeLabel = (url: string | undefined) =>
  url === undefined ? 'unmatched' : url.startsWith('/api/') || url === METRICS_PATH ? url : 'static';

/**
 * Prometheus metrics (decision 0033): the HTTP latency of every request by route pattern, the verdicts and sandbox
 * run times of the judge reports this instance accepts, and at GET /metrics (bearer OJ_METRICS_TOKEN; 404 while it
 * is unset, 401 for a missing or wrong token) those plus the queue and judge gauges read from the database.
 */
export const registerMetrics = (
  app: FastifyInstance,
  opts: { db: Db; token: string | undefined; now?: () => Date },
) => {
  const repo = createOpsRepository(opts.db);
  const now = opts.now ?? (() => new Date());

  // The hooks every request passes take a callback: an async hook costs a promise and a microtask per request.
  app.addHook('onResponse', (req, reply, done) => {
    httpRequestDuration.observe(
      { method: req.method, route: routeLabel(req.routeOptions.url), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const refuse = (req: FastifyRequest, reply: FastifyReply, status: 401 | 404) => {
    const key = status === 404 ? 'notFound' : 'pleaseLogin';
    const locale = localeOf(req.headers['accept-language']);
    return reply.code(status).send({ status, msg: message(key, locale), data: { key, requestId: req.id } });
  };

  app.get(METRICS_PATH, async (req, reply) => {
    if (!opts.token) return refuse(req, reply, 404);
    const token = tokenOf(req);
    if (!token || !sameSecret(token, opts.token)) return refuse(req, reply, 401);
    await readDatabaseGauges(repo, now());
    reply.type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
};

/** The gauges every instance reads alike from the shared tables, set just before an answer. */
const readDatabaseGauges = async (repo: ReturnType<typeof createOpsRepository>, at: Date) => {
  const [queue, workers] = await Promise.all([repo.queue(), repo.judges()]);
  for (const kind of TASK_KINDS) {
    judgeQueueDepth.set({ kind }, 0);
    judgeTasksRunning.set({ kind }, 0);
    judgeQueueOldestWait.set({ kind }, 0);
  }
  for (const row of queue) {
    if (row.state === 'running') {
      judgeTasksRunning.set({ kind: row.kind }, row.n);
      continue;
    }
    judgeQueueDepth.set({ kind: row.kind }, row.n);
    const oldest = row.oldest ? new Date(row.oldest).getTime() : at.getTime();
    judgeQueueOldestWait.set({ kind: row.kind }, Math.max(0, at.getTime() - oldest) / 1000);
  }
  // A worker that stopped heartbeating leaves the series instead of reporting its last figures forever.
  judgeUtilisation.reset();
  judgeSlots.reset();
  for (const w of workers) {
    if (at.getTime() - w.lastHeartbeat.getTime() > JUDGE_ALIVE_MS) continue;
    judgeSlots.set({ worker: w.name }, w.concurrency);
    judgeUtilisation.set({ worker: w.name }, w.concurrency > 0 ? Math.min(1, w.running / w.concurrency) : 0);
  }
};
