import os from 'node:os';
import type { adminDashboard, JudgeWorker, QueueEntry } from '@oj/shared';
import { notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import { contestStatusAt } from '../contest/contest.mapper.js';
import { JUDGE_ALIVE_MS, type JudgeQueue } from '../judge/judge-queue.service.js';
import type { AdminDashboardRepository } from './admin-dashboard.repository.js';

const QUEUE_SHOWN = 100;
const percent = (n: number) => `${n.toFixed(2)}%`;
/** A Nacos ServiceInstance as HOJ's dashboard reads it. */
const serviceEntry = (serviceId: string, host: string, port: number, healthy: boolean) => ({
  serviceId,
  instanceId: `${host}#${port}#${serviceId}`,
  host,
  port,
  secure: false,
  uri: port ? `http://${host}:${port}` : host,
  metadata: { 'nacos.healthy': String(healthy) },
});
/** HOJ's dashboard counts the contests of the next 14 days (running ones included). */
/** A judge worker as the dashboard shows it, alive when heard from within JUDGE_ALIVE_MS of `atMs`. */
const toJudgeWorker = (
  j: Awaited<ReturnType<AdminDashboardRepository['judges']>>[number],
  atMs: number,
): JudgeWorker => ({
  name: j.name,
  languages: j.languages,
  remote: j.remote,
  concurrency: j.concurrency,
  running: j.running,
  version: j.version,
  lastHeartbeat: j.lastHeartbeat.toISOString(),
  alive: atMs - j.lastHeartbeat.getTime() < JUDGE_ALIVE_MS,
});

const RECENT_CONTEST_DAYS = 14;
const RECENT_CONTESTS_SHOWN = 100;

/** The admin dashboard (HOJ's get-dashboard-info): HOJ's counters, the judge
 * workers as they last reported, and for each open task the reason it still waits. */
export const createAdminDashboardService = (deps: {
  repo: AdminDashboardRepository;
  /** The languages on offer that no live judge runs. */
  queue: Pick<JudgeQueue, 'languagesWithoutJudge'>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  return {
    /** HOJ's get-sessions: the caller's previous login, else the current session. */
    async lastSession(user: AuthUser) {
      const s =
        (await deps.repo.previousSession(user.uid, user.sessionId)) ?? (await deps.repo.sessionById(user.sessionId));
      if (!s) throw notFound();
      return {
        id: s.id,
        uid: s.uid,
        userAgent: s.userAgent,
        ip: s.ip,
        gmtCreate: s.createdAt.toISOString(),
        gmtModified: (s.replacedAt ?? s.createdAt).toISOString(),
      };
    },

    /** HOJ's get-service-info for this server process (decision 0018). */
    async serviceInfo(port: number) {
      const cores = os.cpus().length || 1;
      const cpu = Math.min(100, (os.loadavg()[0] / cores) * 100);
      const memory = (1 - os.freemem() / os.totalmem()) * 100;
      return {
        backupCores: cores,
        backupPercentCpuLoad: percent(cpu),
        backupPercentMemoryLoad: percent(memory),
        backupService: [serviceEntry('oj-server', os.hostname(), port, true)],
        nacos: { status: 'UP' },
      };
    },

    /** HOJ's get-judge-service-info: one entry per judge worker we have heard from. */
    async judgeServiceInfo() {
      const at = now().getTime();
      return (await deps.repo.judges()).map((j) => {
        const judge = toJudgeWorker(j, at);
        return {
          cpuCores: j.concurrency,
          // Slots in use: the judge reports no machine load.
          percentCpuLoad: percent(j.concurrency ? (j.running / j.concurrency) * 100 : 0),
          percentMemoryLoad: '-',
          service: serviceEntry('oj-judge', j.name, 0, judge.alive),
          judge,
        };
      });
    },

    async info(user: AuthUser, judgeToken: string) {
      const at = now();
      const today = new Date(at);
      today.setHours(0, 0, 0, 0);
      const horizon = new Date(at.getTime() + RECENT_CONTEST_DAYS * 86_400_000);
      const [userNum, todayJudgeNum, judgeRows, tasks, contests, withoutJudge] = await Promise.all([
        deps.repo.userCount(),
        deps.repo.submissionsSince(today),
        deps.repo.judges(),
        deps.repo.openTasks(QUEUE_SHOWN),
        deps.repo.recentContests(at, horizon, RECENT_CONTESTS_SHOWN),
        deps.queue.languagesWithoutJudge(),
      ]);
      const judges = judgeRows.map((j) => toJudgeWorker(j, at.getTime()));
      const live = judges.filter((j) => j.alive);
      const offered = new Set(live.flatMap((j) => j.languages));
      let ahead = 0;
      const queue = tasks.map((t): QueueEntry => {
        let reason: adminDashboard.PendingReason;
        if (t.state === 'running') reason = 'running';
        else if (live.length === 0) reason = 'noJudge';
        else if (t.kind !== 'compileChecker' && !offered.has(t.language)) reason = 'noLanguage';
        else if (t.attempt > 0) reason = 'retrying';
        else reason = 'queued';
        const position = t.state === 'queued' ? ahead++ : null;
        return {
          taskId: t.id,
          kind: t.kind,
          submitId: t.submitId,
          problemId: t.problemId,
          username: t.username,
          language: t.language,
          status: t.status,
          createdAt: t.createdAt.toISOString(),
          attempt: t.attempt,
          reason,
          position,
          judge: t.state === 'running' ? t.leaseOwner : null,
          lastError: t.lastError,
        };
      });
      return {
        userNum,
        recentContestNum: contests.length,
        recentContests: contests.map((c) => ({
          id: c.id,
          title: c.title,
          type: c.type,
          status: contestStatusAt(c, at),
          startTime: c.startTime.toISOString(),
          endTime: c.endTime.toISOString(),
          visible: c.visible === 1,
          author: c.author,
        })),
        todayJudgeNum,
        judges,
        languagesWithoutJudge: withoutJudge.map((l) => ({ ...l, lastDeclaredAt: l.lastDeclaredAt.toISOString() })),
        judgeToken: user.roles.includes('root') ? judgeToken : null,
        queue,
      };
    },
  };
};
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
