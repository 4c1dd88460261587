import crypto from 'node:crypto';
import { JUDGE_STATUS_NAME, judgeProtocol, localeOf, message } from '@oj/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { tokenOf } from '../../http/bind.js';
import {
  httpRequestDuration,
  judgeQueueDepth,
  judgeQueueOldestWait,
  judgeSlots,
  judgeTasksRunning,
  judgeTurnaroundSeconds,
  judgeUtilisation,
  metricsRegistry,
  sandboxRunSeconds,
  verdictsTotal,
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

type ReportBody = {
  taskId?: number | string;
  judge?: { status: number | string; cases?: { time: number | string }[] };
  testRun?: { time: number | string };
  compile?: unknown;
};

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

  // Verdicts are counted where they arrive: the judge protocol's report, once the queue has accepted it.
  const countVerdicts = async (req: FastifyRequest, body: ReportBody) => {
    try {
      const task = await repo.taskForMetrics(Number(body.taskId));
      if (!task) return;
      const language = task.language;
      if (body.judge) {
        const status = Number(body.judge.status);
        verdictsTotal.inc({ language, verdict: JUDGE_STATUS_NAME[status] ?? String(status) });
        for (const c of body.judge.cases ?? []) sandboxRunSeconds.observe({ language }, Number(c.time) / 1000);
      }
      if (body.testRun) sandboxRunSeconds.observe({ language }, Number(body.testRun.time) / 1000);
      judgeTurnaroundSeconds.observe(
        { kind: task.kind, language },
        Math.max(0, now().getTime() - task.createdAt.getTime()) / 1000,
      );
    } catch (err) {
      req.log.error({ err }, 'counting a verdict failed');
    }
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.routeOptions.url !== judgeProtocol.report.path || req.method !== 'POST') return done(null, payload);
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !payload.includes('"accepted":true')) {
      return done(null, payload);
    }
    const body = req.body as ReportBody;
    if (!body?.judge && !body?.testRun && !body?.compile) return done(null, payload);
    void countVerdicts(req, body).then(() => done(null, payload));
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
