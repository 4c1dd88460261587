import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteOj } from '@oj/remote-judge';
import { JUDGE_STATUS, type JudgeReport, type RemoteJudgeTask } from '@oj/shared';
import { createJudgeClient, type JudgeClient, type RemoteWorkerInfo } from './judge-client.js';
import { handBack, log, serveClaims, sleep } from './worker.js';

/** As in HOJ: a run is polled every 2.5 s, at most 60 times. */
export const REMOTE_POLL_INTERVAL_MS = 2_500;
export const REMOTE_MAX_POLLS = 60;
export const POLL_LIMIT_REASON = 'Waiting for remote judge result exceeds the maximum number of times';
const HEARTBEAT_MS = 10_000;
const CLAIM_WAIT_MS = 25_000;

export interface RemoteRunnerOptions {
  server: string;
  token: string;
  name: string;
  /** The sites this worker judges on (the registry's adapters, configured from the environment). */
  sites: Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
  /** Remote tasks at once: their own slots, never the local judging slots (default 2). */
  concurrency?: number;
  pollIntervalMs?: number;
  maxPolls?: number;
  heartbeatMs?: number;
  signal?: AbortSignal;
}

const verdictReport = (status: number, errorMessage: string, time = 0, memory = 0): JudgeReport => ({
  status,
  score: 0,
  time,
  memory,
  errorMessage,
  oiRankScore: null,
  cases: [],
});

/** A site's answer that will not change by asking again: the submission ends as Submitted Failed with it. */
const failedReport = (e: RemoteJudgeError) => verdictReport(JUDGE_STATUS.SUBMITTED_FAILED, e.message);

/** One remote task: submit with the leased account (unless the task brings a run id: then only poll it), send the
 * run id at once, poll, report the verdict. Heartbeats keep the task's and the account's lease; when the server
 * takes the task back the work stops (the account is already someone else's). A stopping worker (`signal`) hands
 * the task back at once, so another worker polls the run; a submit in flight is finished first and its run id
 * sent, so the run is never submitted twice. */
export const runRemoteTask = async (
  client: JudgeClient,
  o: Required<Pick<RemoteRunnerOptions, 'pollIntervalMs' | 'maxPolls' | 'heartbeatMs'>> &
    Pick<RemoteRunnerOptions, 'sites' | 'name' | 'signal'>,
  task: RemoteJudgeTask,
) => {
  const abort = new AbortController();
  /** From the submit until its run id reached the server: a stop waits (the run would be submitted again). */
  let submitting = false;
  const onStop = () => {
    if (!submitting) abort.abort();
  };
  o.signal?.addEventListener('abort', onStop);
  /** True when the worker stopped before the task's end: the task goes back to the queue. */
  const stopped = () => o.signal?.aborted === true;
  let status: 7 | 9 = task.runId ? 7 : 9;
  const beat = async () => {
    try {
      if (!(await client.heartbeat(o.name, task, status))) abort.abort();
    } catch (e) {
      log(`heartbeat for remote task ${task.taskId} failed: ${(e as Error).message}`);
    }
  };
  /** The run id must reach the server, or a requeued task would submit the code a second time: a few tries, then
   * the task fails (and is retried). */
  const sendRunId = async (runId: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await client.heartbeat(o.name, task, status, runId))) abort.abort();
        return;
      } catch (e) {
        if (attempt >= 5 || abort.signal.aborted) throw e;
        await sleep(Math.min(o.pollIntervalMs, 2_000), abort.signal);
      }
    }
  };
  const timer = setInterval(() => void beat(), o.heartbeatMs);
  let reported = false;
  const report = async (judge: JudgeReport) => {
    if (abort.signal.aborted) return;
    reported = true;
    await client.report(o.name, task, { judge });
  };
  try {
    const adapter = o.sites[task.oj];
    if (!adapter) throw new Error(`this worker has no adapter for ${task.oj}`);
    let runId = task.runId;
    if (!runId) {
      submitting = true;
      try {
        try {
          runId = (
            await adapter.submit(
              task.account,
              { remoteId: task.remoteProblemId, languageRemoteId: task.languageRemoteId, code: task.source },
              abort.signal,
            )
          ).runId;
        } catch (e) {
          if (abort.signal.aborted) return;
          if (e instanceof RemoteJudgeError) return await report(failedReport(e));
          throw e;
        }
        status = 7;
        await sendRunId(runId);
      } finally {
        submitting = false;
      }
      if (stopped()) abort.abort();
      if (abort.signal.aborted) return;
    }
    for (let poll = 0; poll < o.maxPolls; poll++) {
      if (poll > 0) await sleep(o.pollIntervalMs, abort.signal);
      if (abort.signal.aborted) return;
      let verdict: Awaited<ReturnType<RemoteJudgeAdapter['poll']>>;
      try {
        verdict = await adapter.poll(task.account, { remoteId: task.remoteProblemId, runId }, abort.signal);
      } catch (e) {
        if (abort.signal.aborted) return;
        if (!(e instanceof RemoteJudgeError)) throw e;
        // A site that is slow, busy or behind a challenge for a while: the next poll may get through.
        if (e.failure === 'unreachable' || e.failure === 'rateLimited' || e.failure === 'challenge') {
          log(`remote task ${task.taskId}: poll ${poll + 1} failed (${e.failure}): ${e.message}`);
          continue;
        }
        return await report(failedReport(e));
      }
      if (verdict.status === 'running') continue;
      return await report(verdictReport(verdict.status, verdict.errorMessage, verdict.timeMs, verdict.memoryKb));
    }
    await report(verdictReport(JUDGE_STATUS.SUBMITTED_FAILED, POLL_LIMIT_REASON));
  } catch (e) {
    if (stopped()) return;
    const reason = (e as Error).message || String(e);
    log(`remote task ${task.taskId} (attempt ${task.attempt}) failed: ${reason}`);
    await client.report(o.name, task, { failure: reason }).catch((err) => log(`cannot report failure: ${err.message}`));
  } finally {
    clearInterval(timer);
    o.signal?.removeEventListener('abort', onStop);
    if (stopped() && !reported) await handBack(client, o.name, task, 'remote task');
  }
};

/** The remote judging loops of a worker (remote judging is a task kind of its own): `concurrency` claim-remote
 * loops, apart from the local judging slots, until the signal aborts (which hangs up their long polls at once). */
export const runRemoteWorker = async (opts: RemoteRunnerOptions) => {
  const client = createJudgeClient(opts.server, opts.token);
  const remote = Object.keys(opts.sites) as RemoteOj[];
  if (remote.length === 0) return;
  const info: RemoteWorkerInfo = { name: opts.name, remote, concurrency: opts.concurrency ?? 2, version: '1' };
  const o = {
    sites: opts.sites,
    name: opts.name,
    signal: opts.signal,
    pollIntervalMs: opts.pollIntervalMs ?? REMOTE_POLL_INTERVAL_MS,
    maxPolls: opts.maxPolls ?? REMOTE_MAX_POLLS,
    heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
  };
  log(`worker ${info.name} judges remotely on ${remote.join(', ')} with ${info.concurrency} slot(s)`);
  await serveClaims({
    client,
    name: o.name,
    label: 'remote task',
    concurrency: info.concurrency,
    stop: opts.signal,
    claim: (running, stop) => client.claimRemote(info, running, CLAIM_WAIT_MS, stop),
    run: (task) => runRemoteTask(client, o, task),
  });
};
