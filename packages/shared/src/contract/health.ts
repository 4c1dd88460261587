import { z } from 'zod';
import { endpoint } from '../api.js';

/** Liveness and readiness for load balancers and orchestrators in front of many server instances (decision 0035):
 * both without a token. */

/** 200 while the process serves requests (it asks nothing of the database). */
export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  exam: 'open',
  input: z.object({}),
  output: z.object({ status: z.literal('ok') }),
});

/** 200 when this instance can do its work: the database answers, every migration of this build is applied, and a
 * judge was heard from recently (a claim or heartbeat within a minute). Otherwise 503 whose `data.key` names the
 * first reason: notReadyDatabase, notReadyMigrations, notReadyJudge (or notReadyStopping while it shuts down). */
export const ready = endpoint({
  method: 'GET',
  path: '/api/ready',
  access: 'public',
  exam: 'open',
  input: z.object({}),
  output: z.object({
    status: z.literal('ready'),
    /** Judges heard from within a minute. */
    judges: z.number().int(),
    /** Tasks waiting for a judge. */
    queued: z.number().int(),
  }),
});
