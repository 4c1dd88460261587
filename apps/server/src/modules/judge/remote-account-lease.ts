import { JUDGE_STATUS, type RemoteJudgeTask } from '@oj/shared';
import type { Tx } from '../../db/client.js';
import type { JudgeQueueRepository, JudgeTaskRow } from './judge-queue.repository.js';
import type { RemoteWorkerIdentity } from './judge-registry.js';
import { type RemotePayload, remoteTaskOf } from './judge-task.mapper.js';

/** The account pool of a site: GYM uses CF's accounts. */
export const accountPoolOf = (oj: string) => (oj === 'GYM' ? 'CF' : oj);
/** How long a remote task waits for an idle account of its pool before it is Submitted Failed (as HOJ does: 200
 * looks, 3 s apart). */
export const REMOTE_ACCOUNT_WAIT_MS = 10 * 60_000;
export const NO_ACCOUNT_REASON = (oj: string) => `System does not have [${accountPoolOf(oj)}] account configured`;
export const ACCOUNT_WAIT_REASON = 'Waiting for account scheduling timeout';

/** The remote accounts' pools: a remote task is claimed together with an idle account of its site's pool, leased as
 * long as the task's own lease, and gives it back whenever the task stops running. */
export const createRemoteAccountLeases = (deps: {
  repo: JudgeQueueRepository;
  now: () => Date;
  /** How long a claim (and each heartbeat) leases the task and its account. */
  leaseMs: number;
  /** Ends a task that no longer has anything to judge (the queue's). */
  retire: (tx: Tx, id: number, reason: string) => Promise<void>;
  /** Tells the waiters of a task that it ended (the queue's wake-up, on commit). */
  ended: (tx: Tx, taskId: number) => Promise<unknown>;
}) => {
  const { repo, now } = deps;

  /** Ends the account lease a remote task holds (on every way a task stops running). */
  const release = repo.releaseAccounts;

  /** Accounts in a site's pool (no account: a remote submission is System Error at once). */
  const poolSize = (tx: Tx | undefined, oj: string) => repo.poolSize(tx, accountPoolOf(oj));

  /** Ends a remote task that will not be judged (no account configured, no idle account in time). */
  const end = async (tx: Tx, task: JudgeTaskRow, status: number, reason: string) => {
    await repo.failTask(tx, task.id, { lastError: reason, at: now() });
    await release(tx, [task.id]);
    await repo.setSubmissionIfCurrent(tx, task, { status, errorMessage: reason });
    await deps.ended(tx, task.id);
  };

  return {
    release,
    poolSize,
    end,

    /** Claims the oldest queued remote task of the worker's sites that can get an idle account of its pool, leasing
     * the account with the task; tasks whose pool is empty end at once in System Error. */
    claim: async (w: RemoteWorkerIdentity): Promise<RemoteJudgeTask | null> => {
      return repo.transaction(async (tx) => {
        // None when the worker has said goodbye.
        const candidates = await repo.lockQueuedRemote(tx, w.name);
        for (const task of candidates) {
          const payload = task.payload as RemotePayload;
          if (!w.remote.includes(payload.oj)) continue;
          const sub = await repo.currentSubmission(tx, task);
          if (!sub) {
            await deps.retire(tx, task.id, 'submission no longer pending');
            continue;
          }
          if ((await poolSize(tx, payload.oj)) === 0) {
            await end(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_ACCOUNT_REASON(payload.oj));
            continue;
          }
          const account = await repo.lockIdleAccount(tx, accountPoolOf(payload.oj), payload.account, now());
          if (!account) continue;
          const at = now();
          const leaseExpiresAt = new Date(at.getTime() + deps.leaseMs);
          const attempt = task.attempt + 1;
          const leased = await repo.leaseAccount(tx, account, { taskId: task.id, leaseExpiresAt, at });
          if (leased.length === 0) continue;
          await repo.leaseTask(tx, task.id, { attempt, leaseOwner: w.name, leaseExpiresAt, at });
          await repo.setSubmission(tx, sub.submitId, {
            status: sub.vjudgeSubmitId ? JUDGE_STATUS.JUDGING : JUDGE_STATUS.SUBMITTING,
            judger: w.name,
            vjudgeUsername: account.username,
            gmtModified: at,
          });
          return remoteTaskOf(task, attempt, sub, account);
        }
        return null;
      });
    },

    /** Remote tasks that waited too long for an idle account of their pool, of sites whose workers have been live
     * since before `before`: Submitted Failed; System Error when the pool has no account at all. */
    async endWaited(tx: Tx, before: Date, sites: string[]) {
      for (const task of await repo.lockRemoteQueuedSince(tx, before, sites)) {
        const { oj } = task.payload as RemotePayload;
        if ((await poolSize(tx, oj)) === 0) await end(tx, task, JUDGE_STATUS.SYSTEM_ERROR, NO_ACCOUNT_REASON(oj));
        else await end(tx, task, JUDGE_STATUS.SUBMITTED_FAILED, ACCOUNT_WAIT_REASON);
      }
    },
  };
};
