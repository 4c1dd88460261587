import { z } from 'zod';
import { endpoint, isoDate } from '../api.js';

/** The admin dashboard (HOJ's DashboardController and get-dashboard-info; the judge
 * token is shown to root only). HOJ's three counters plus the judge cluster and queue. */

export const judgeWorker = z.object({
  name: z.string(),
  languages: z.array(z.string()),
  /** The remote judges (site keys) it judges on, as its remote claim loop declared them; empty for a
   * worker that judges locally only. */
  remote: z.array(z.string()),
  concurrency: z.number().int(),
  running: z.number().int(),
  version: z.string().nullable(),
  lastHeartbeat: isoDate,
  /** Heard from within the last minute. */
  alive: z.boolean(),
});
export type JudgeWorker = z.infer<typeof judgeWorker>;

/** Why a submission is still waiting: a submission that waits for a judge says so. */
export const PENDING_REASONS = ['noJudge', 'noLanguage', 'queued', 'retrying', 'running'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

export const queueEntry = z.object({
  taskId: z.number().int(),
  kind: z.string(),
  submitId: z.number().int().nullable(),
  problemId: z.string().nullable(),
  username: z.string().nullable(),
  language: z.string(),
  status: z.number().int().nullable(),
  createdAt: isoDate,
  attempt: z.number().int(),
  reason: z.enum(PENDING_REASONS),
  /** Tasks ahead of this one in claim order (queued ones only). */
  position: z.number().int().nullable(),
  judge: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntry>;

/** A language on offer that no live judge runs now (decision 0036): its submissions wait as Pending, and end in System
 * Error when no judge for it comes within the server's wait. */
export const languageWithoutJudge = z.object({
  language: z.string(),
  /** When a judge last declared it. */
  lastDeclaredAt: isoDate,
  /** Tasks queued in it now. */
  queued: z.number().int(),
});
export type LanguageWithoutJudge = z.infer<typeof languageWithoutJudge>;

/** A contest running now or starting within 14 days, hidden ones included (the admin's view). */
export const recentContest = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  startTime: isoDate,
  endTime: isoDate,
  visible: z.boolean(),
  author: z.string(),
});
export type RecentContest = z.infer<typeof recentContest>;

export const getDashboardInfo = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard/get-dashboard-info',
  access: 'admin',
  input: z.object({}),
  output: z.object({
    userNum: z.number().int(),
    recentContestNum: z.number().int(),
    recentContests: z.array(recentContest),
    todayJudgeNum: z.number().int(),
    judges: z.array(judgeWorker),
    /** Ours: the languages on offer that no live judge runs now. */
    languagesWithoutJudge: z.array(languageWithoutJudge),
    /** Root only; null for other admins. */
    judgeToken: z.string().nullable(),
    queue: z.array(queueEntry),
  }),
});

/** HOJ's Session entity: the caller's previous login (its own session when there is none), for the dashboard's
 * "last login" card. HOJ's client posts its uid as a raw body; it is ignored: always the caller's own. */
export const adminSession = z.object({
  id: z.number().int(),
  uid: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});

export const getSessions = endpoint({
  method: 'POST',
  path: '/api/admin/dashboard/get-sessions',
  access: 'admin',
  input: z.object({}),
  output: adminSession,
});

/** A service as HOJ's dashboard lists it (a Nacos ServiceInstance): here the server process itself. */
export const serviceInstance = z.object({
  serviceId: z.string(),
  instanceId: z.string(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  uri: z.string(),
  metadata: z.record(z.string(), z.string()),
});

/** HOJ's admin_getGeneralSystemInfo: this server's cores, CPU and memory load ("12.34%"), its one service entry
 * and the registry status (`UP`; there is no Nacos here). */
export const getServiceInfo = endpoint({
  method: 'GET',
  path: '/api/admin/config/get-service-info',
  access: 'admin',
  input: z.object({}),
  output: z.object({
    backupCores: z.number().int(),
    backupPercentCpuLoad: z.string(),
    backupPercentMemoryLoad: z.string(),
    backupService: z.array(serviceInstance),
    nacos: z.object({ status: z.string() }),
  }),
});

/** HOJ's getJudgeServer: one entry per judge worker heard from, shaped as HOJ's judge servers answer
 * (`cpuCores`, loads as "12.34%", the `service` entry); `metadata['nacos.healthy']` says whether it is alive. */
export const getJudgeServiceInfo = endpoint({
  method: 'GET',
  path: '/api/admin/config/get-judge-service-info',
  access: 'admin',
  input: z.object({}),
  output: z.array(
    z.object({
      cpuCores: z.number().int(),
      percentCpuLoad: z.string(),
      percentMemoryLoad: z.string(),
      service: serviceInstance,
      /** Ours: the worker as the dashboard lists it. */
      judge: judgeWorker,
    }),
  ),
});
