import { JUDGE_STATUS_NAME } from '@oj/shared';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus metric of the server, defined here and nowhere else (decision 0033). Each server instance
 * exports its own process's figures (HTTP, verdicts it received, open event streams, Node's process metrics) and
 * the database-derived gauges (queue, judges), which every instance reads alike from the shared tables when it is
 * scraped (`modules/ops/metrics.routes.ts` sets them just before the answer).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'oj_' });

/** Latency by route pattern (`/api/get-problem/:pid` style, never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'oj_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Queued judge tasks by kind (judge, testRun, compileChecker, remote, package), read from judge_tasks at scrape time. */
export const judgeQueueDepth = new Gauge({
  name: 'oj_judge_queue_depth',
  help: 'Judge tasks waiting to be claimed, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Tasks a worker holds a lease on, by kind. */
export const judgeTasksRunning = new Gauge({
  name: 'oj_judge_tasks_running',
  help: 'Judge tasks claimed by a worker and not yet reported, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** How long the oldest queued task of each kind has waited (0 when none waits). */
export const judgeQueueOldestWait = new Gauge({
  name: 'oj_judge_queue_oldest_wait_seconds',
  help: 'Age of the oldest queued judge task, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Per live worker (the admin dashboard's judge registry): busy slots over slots. */
export const judgeUtilisation = new Gauge({
  name: 'oj_judge_utilisation_ratio',
  help: 'Busy judging slots over slots, per live judge worker',
  labelNames: ['worker'] as const,
  registers: [metricsRegistry],
});

export const judgeSlots = new Gauge({
  name: 'oj_judge_slots',
  help: 'Judging slots a live judge worker declares',
  labelNames: ['worker'] as const,
  registers: [metricsRegistry],
});

/** Verdicts this instance accepted from judges, by language and verdict name. */
export const verdictsTotal = new Counter({
  name: 'oj_verdicts_total',
  help: 'Verdicts accepted from judge workers, by language and verdict',
  labelNames: ['language', 'verdict'] as const,
  registers: [metricsRegistry],
});

/** CPU time of each test case run in the sandbox, as the judge measured and reported it. */
export const sandboxRunSeconds = new Histogram({
  name: 'oj_sandbox_run_seconds',
  help: 'CPU time of one test case run in the sandbox, as reported by the judge, by language',
  labelNames: ['language'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [metricsRegistry],
});

/** From the task's creation to the accepted report: queue wait plus compile and all runs. */
export const judgeTurnaroundSeconds = new Histogram({
  name: 'oj_judge_turnaround_seconds',
  help: 'Time from a judge task being queued to its accepted report, by kind and language',
  labelNames: ['kind', 'language'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

/** Counts a judge report this instance's queue accepted (judge-queue.service.ts's `onReported`, wired in services.ts):
 * its verdict, its runs' times and the task's turnaround. */
export const countJudgeReport = (
  task: { kind: string; language: string; createdAt: Date },
  report: { judge?: { status: number; cases: { time: number }[] }; testRun?: { time: number } },
  at: Date,
) => {
  const { language } = task;
  if (report.judge) {
    const status = report.judge.status;
    verdictsTotal.inc({ language, verdict: JUDGE_STATUS_NAME[status] ?? String(status) });
    for (const c of report.judge.cases) sandboxRunSeconds.observe({ language }, c.time / 1000);
  }
  if (report.testRun) sandboxRunSeconds.observe({ language }, report.testRun.time / 1000);
  judgeTurnaroundSeconds.observe(
    { kind: task.kind, language },
    Math.max(0, at.getTime() - task.createdAt.getTime()) / 1000,
  );
};

/** Server-sent event streams open on this instance (the event stream sets it as streams open and close). */
/** Judge workers' claims (long polls) this instance holds open: its idle worker slots. */
export const judgeLongPollsOpen = new Gauge({
  name: 'oj_judge_long_polls_open',
  help: 'Judge worker claims (long polls) waiting on this instance',
  registers: [metricsRegistry],
});

export const sseStreamsOpen = new Gauge({
  name: 'oj_sse_streams_open',
  help: 'Server-sent event streams open on this instance',
  registers: [metricsRegistry],
});
