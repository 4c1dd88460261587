import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import {
  type CompileReport,
  type Endpoint,
  type JudgeReport,
  type JudgeTask,
  judgeProtocol,
  type PackageReport,
  type RemoteJudgeTask,
  type TestRunReport,
} from '@oj/shared';
import type { z } from 'zod';

export interface WorkerInfo {
  name: string;
  languages: string[];
  concurrency: number;
  version: string;
}

/** A worker's remote judging loop: the sites it judges on and its own slots. */
export interface RemoteWorkerInfo {
  name: string;
  remote: RemoteJudgeTask['oj'][];
  concurrency: number;
  version: string;
}

type TaskRef = { taskId: number; attempt: number };
/** Tries of a report that meets a server going away (1 + 2 + 3 + 4 s between them: within the 30 s lease). */
const REPORT_TRIES = 5;

export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The judge side of the judge protocol: plain HTTP with the bearer token, nothing else. */
export const createJudgeClient = (server: string, token: string) => {
  const base = server.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  /** One call: its body as JSON, or a multipart form (an upload); the envelope's data, or a ProtocolError. */
  const send = async <E extends Endpoint>(
    e: E,
    body: z.input<E['input']> | FormData,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<z.output<E['output']>> => {
    // One controller per call, its listener on `signal` removed after (a worker makes a call every few seconds for
    // its whole life: AbortSignal.any would pile listeners on the long-lived signal).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let res: Response;
    let json: { status: number; msg: string; data: unknown } | null;
    try {
      res = await fetch(`${base}${e.path}`, {
        method: 'POST',
        // A form's content type (with its boundary) is fetch's to write.
        ...(body instanceof FormData
          ? { headers: { authorization: headers.authorization }, body }
          : { headers, body: JSON.stringify(body) }),
        signal: controller.signal,
      });
      json = (await res.json().catch(() => null)) as typeof json;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (!res.ok || !json || json.status !== 200) {
      throw new ProtocolError(`${e.path}: ${json?.msg ?? res.statusText}`, res.status);
    }
    return json.data as z.output<E['output']>;
  };
  const post = <E extends Endpoint>(e: E, body: z.input<E['input']>, timeoutMs: number, signal?: AbortSignal) =>
    send(e, body, timeoutMs, signal);

  return {
    /** `signal` hangs up the long poll (a stopping worker); the server then hands the task to nobody. */
    claim: (w: WorkerInfo, running: number, waitMs: number, signal?: AbortSignal): Promise<JudgeTask | null> =>
      post(judgeProtocol.claim, { ...w, running, waitMs }, waitMs + 15_000, signal),

    /** `signal` hangs up the long poll, as for `claim`. */
    claimRemote: (
      w: RemoteWorkerInfo,
      running: number,
      waitMs: number,
      signal?: AbortSignal,
    ): Promise<RemoteJudgeTask | null> =>
      post(judgeProtocol.claimRemote, { ...w, running, waitMs }, waitMs + 15_000, signal),

    /** Keeps the lease; a remote task also sends its run id here as soon as it has one. */
    heartbeat: async (name: string, task: TaskRef, status?: 6 | 7 | 9, runId?: string) =>
      (await post(judgeProtocol.heartbeat, { name, taskId: task.taskId, attempt: task.attempt, status, runId }, 15_000))
        .keep,

    /** How many cases of a judge task are done; false when the task is no longer this worker's attempt. */
    progress: async (name: string, task: TaskRef, done: number, total: number) =>
      (await post(judgeProtocol.progress, { name, taskId: task.taskId, attempt: task.attempt, done, total }, 15_000))
        .keep,

    /** Reports are idempotent on (taskId, attempt), so one that met a server going away (the balancer's 502, 503
     * or 504, or a dropped connection) is sent again a few times before the verdict is given up. */
    report: async (
      name: string,
      task: TaskRef,
      r: {
        judge?: JudgeReport;
        testRun?: TestRunReport;
        compile?: CompileReport;
        package?: PackageReport;
        failure?: string;
      },
    ) => {
      const body = { name, taskId: task.taskId, attempt: task.attempt, ...r };
      for (let attempt = 1; ; attempt++) {
        try {
          return (await post(judgeProtocol.report, body, 60_000)).accepted;
        } catch (e) {
          const passing = e instanceof ProtocolError ? [502, 503, 504].includes(e.status) : e instanceof TypeError;
          if (!passing || attempt >= REPORT_TRIES) throw e;
          await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
        }
      }
    },

    /** Hands a task back when this worker stops before it is done: queued again at once for another judge. */
    release: async (name: string, task: TaskRef) =>
      (await post(judgeProtocol.release, { name, taskId: task.taskId, attempt: task.attempt }, 15_000)).released,

    /** Said last by a stopping worker, once its claims are hung up and its tasks done or handed back: the server hands
     * it nothing more and hands back what a claim it never saw answered leased to it. */
    goodbye: async (name: string) => (await post(judgeProtocol.goodbye, { name }, 15_000)).handedBack,

    /** Sends a test or answer a package task made (multipart field `file`, streamed from the disk); answers the hash and
     * size the server stored it under. */
    async uploadTestData(filePath: string, signal?: AbortSignal): Promise<{ sha256: string; size: number }> {
      const form = new FormData();
      form.append('file', await openAsBlob(filePath), basename(filePath));
      return judgeProtocol.uploadTestData.output.parse(await send(judgeProtocol.uploadTestData, form, 300_000, signal));
    },

    /** The bytes of one test file. */
    async testData(sha256: string): Promise<Buffer> {
      const res = await fetch(`${base}${judgeProtocol.testData.path}?sha256=${sha256}`, {
        headers,
        signal: AbortSignal.timeout(300_000),
      });
      if (!res.ok) throw new ProtocolError(`test data ${sha256}: HTTP ${res.status}`, res.status);
      return Buffer.from(await res.arrayBuffer());
    },
  };
};
export type JudgeClient = ReturnType<typeof createJudgeClient>;
