import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '@oj/remote-judge';
import { JUDGE_STATUS, type JudgeReport, type RemoteJudgeTask } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import type { JudgeClient } from './judge-client.js';
import { POLL_LIMIT_REASON, runRemoteTask, runRemoteWorker } from './remote-runner.js';

const task = (over: Partial<RemoteJudgeTask> = {}): RemoteJudgeTask => ({
  kind: 'remote',
  taskId: 7,
  attempt: 1,
  submitId: 70,
  oj: 'CF',
  remoteProblemId: '1000A',
  language: 'GNU G++17 7.3.0',
  languageRemoteId: '54',
  source: 'int main(){}',
  account: { username: 'pool', password: 'secret' },
  runId: null,
  ...over,
});

/** The server side as the runner sees it: heartbeats and reports recorded; `keep` says whether the lease holds. */
const recordingClient = (keep = () => true) => {
  const beats: { status?: number; runId?: string }[] = [];
  const reports: { judge?: JudgeReport; failure?: string }[] = [];
  const releases: number[] = [];
  const client = {
    release: async (_name: string, t: { taskId: number }) => {
      releases.push(t.taskId);
      return true;
    },
    heartbeat: async (_name: string, _t: unknown, status?: number, runId?: string) => {
      beats.push({ status, runId });
      return keep();
    },
    report: async (_name: string, _t: unknown, r: { judge?: JudgeReport; failure?: string }) => {
      reports.push(r);
      return true;
    },
  } as unknown as JudgeClient;
  return { client, beats, reports, releases };
};

/** A site in memory: submit answers run 555 (or throws `submitError`), poll answers the verdicts in turn. */
const site = (verdicts: (RemoteVerdict | Error)[], submitError?: Error) => {
  const calls = { submits: 0, polls: 0 };
  const adapter: RemoteJudgeAdapter = {
    oj: 'CF',
    languages: [{ remoteId: '54', name: 'GNU G++17 7.3.0', local: 'C++ 17' }],
    parseProblemId: (id) => id,
    importProblem: async () => {
      throw new Error('not here');
    },
    fetchImage: async () => {
      throw new Error('not here');
    },
    submit: async (account, s) => {
      calls.submits += 1;
      expect(account).toEqual({ username: 'pool', password: 'secret' });
      expect(s).toEqual({ remoteId: '1000A', languageRemoteId: '54', code: 'int main(){}' });
      if (submitError) throw submitError;
      return { runId: '555' };
    },
    poll: async (_account, run) => {
      expect(run.remoteId).toBe('1000A');
      const v = verdicts[Math.min(calls.polls, verdicts.length - 1)];
      calls.polls += 1;
      if (v instanceof Error) throw v;
      return v;
    },
  };
  return { adapter, calls };
};

const opts = (adapter: RemoteJudgeAdapter, maxPolls = 5) => ({
  sites: { CF: adapter },
  name: 'w',
  pollIntervalMs: 1,
  maxPolls,
  heartbeatMs: 60_000,
});

const final = (status: number, errorMessage = ''): RemoteVerdict => ({
  status: status as 0,
  timeMs: 31,
  memoryKb: 2048,
  errorMessage,
});

describe('the remote runner', () => {
  it('submits with the leased account, sends the run id at once, polls and reports the verdict with its text', async () => {
    const { client, beats, reports } = recordingClient();
    const { adapter, calls } = site([
      { status: 'running' },
      new RemoteJudgeError('unreachable', 'timed out'),
      final(JUDGE_STATUS.COMPILE_ERROR, 'main.cpp:1: error'),
    ]);
    await runRemoteTask(client, opts(adapter), task());
    expect(calls).toEqual({ submits: 1, polls: 3 });
    expect(beats[0]).toEqual({ status: 7, runId: '555' });
    expect(reports).toEqual([
      {
        judge: {
          status: JUDGE_STATUS.COMPILE_ERROR,
          score: 0,
          time: 31,
          memory: 2048,
          errorMessage: 'main.cpp:1: error',
          oiRankScore: null,
          cases: [],
        },
      },
    ]);
  });

  it('only polls a run the task already has (a resubmit or a task taken over from a dead worker)', async () => {
    const { client, reports } = recordingClient();
    const { adapter, calls } = site([final(JUDGE_STATUS.ACCEPTED)]);
    await runRemoteTask(client, opts(adapter), task({ runId: '999' }));
    expect(calls.submits).toBe(0);
    expect(reports[0].judge?.status).toBe(JUDGE_STATUS.ACCEPTED);
  });

  it('ends in Submitted Failed when the poll limit is reached or the site refuses the submission', async () => {
    const limit = recordingClient();
    await runRemoteTask(limit.client, opts(site([{ status: 'running' }]).adapter, 3), task());
    expect(limit.reports[0].judge).toMatchObject({
      status: JUDGE_STATUS.SUBMITTED_FAILED,
      errorMessage: POLL_LIMIT_REASON,
    });

    const refused = recordingClient();
    const { adapter } = site([], new RemoteJudgeError('loginFailed', 'Invalid handle or password'));
    await runRemoteTask(refused.client, opts(adapter), task());
    expect(refused.reports[0].judge).toMatchObject({
      status: JUDGE_STATUS.SUBMITTED_FAILED,
      errorMessage: 'Invalid handle or password',
    });
  });

  it('stops without a report when the server takes the task back', async () => {
    const { client, reports } = recordingClient(() => false);
    const { adapter, calls } = site([{ status: 'running' }]);
    await runRemoteTask(client, opts(adapter), task());
    expect(calls.polls).toBe(0);
    expect(reports).toEqual([]);
  });

  it('a stopping worker hands the task back at once while it polls, without a report', async () => {
    const { client, reports, releases } = recordingClient();
    const stop = new AbortController();
    const { adapter, calls } = site([{ status: 'running' }]);
    const polled = adapter.poll;
    adapter.poll = async (...args) => {
      if (calls.polls === 1) stop.abort();
      return polled(...args);
    };
    await runRemoteTask(client, { ...opts(adapter, 50), signal: stop.signal }, task());
    expect(calls).toEqual({ submits: 1, polls: 2 });
    expect(reports).toEqual([]);
    expect(releases).toEqual([7]);
  });

  it('a worker stopped during the submit finishes it and sends the run id before handing the task back', async () => {
    const { client, beats, reports, releases } = recordingClient();
    const stop = new AbortController();
    const { adapter, calls } = site([final(JUDGE_STATUS.ACCEPTED)]);
    const submitted = adapter.submit;
    adapter.submit = async (account, s, signal) => {
      stop.abort();
      await new Promise((r) => setTimeout(r, 20));
      expect(signal?.aborted).toBe(false);
      return submitted(account, s, signal);
    };
    await runRemoteTask(client, { ...opts(adapter), signal: stop.signal }, task());
    expect(calls).toEqual({ submits: 1, polls: 0 });
    expect(beats).toEqual([{ status: 7, runId: '555' }]);
    expect(reports).toEqual([]);
    expect(releases).toEqual([7]);
  });

  it('a worker stopped while the run id is on its way tries again until it is stored, then hands the task back', async () => {
    const { client, beats, reports, releases } = recordingClient();
    const stop = new AbortController();
    const heartbeat = client.heartbeat;
    let failed = false;
    client.heartbeat = async (...args) => {
      if (!failed) {
        failed = true;
        stop.abort();
        throw new Error('server busy');
      }
      return heartbeat(...args);
    };
    const { adapter, calls } = site([final(JUDGE_STATUS.ACCEPTED)]);
    await runRemoteTask(client, { ...opts(adapter), signal: stop.signal }, task());
    expect(calls).toEqual({ submits: 1, polls: 0 });
    expect(beats).toEqual([{ status: 7, runId: '555' }]);
    expect(reports).toEqual([]);
    expect(releases).toEqual([7]);
  });

  it('reports a failure (the task is retried) when the run id cannot reach the server', async () => {
    const reports: { failure?: string }[] = [];
    const client = {
      heartbeat: async () => {
        throw new Error('server gone');
      },
      report: async (_n: string, _t: unknown, r: { failure?: string }) => {
        reports.push(r);
        return true;
      },
    } as unknown as JudgeClient;
    await runRemoteTask(client, opts(site([final(0)]).adapter), task());
    expect(reports).toEqual([{ failure: 'server gone' }]);
  });

  it('a stopping worker hangs up its remote long polls at once instead of waiting for their answer', async () => {
    // A server that never answers a claim: each slot's long poll stays open until the worker hangs it up.
    const open: string[] = [];
    const hungUp: string[] = [];
    const server = http.createServer((req, res) => {
      open.push(req.url ?? '');
      res.on('close', () => hungUp.push(req.url ?? ''));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const stop = new AbortController();
      const done = runRemoteWorker({
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        token: 't',
        name: 'w',
        sites: { CF: site([]).adapter },
        concurrency: 2,
        signal: stop.signal,
      });
      while (open.length < 2) await new Promise((r) => setTimeout(r, 10));
      stop.abort();
      await done;
      while (hungUp.length < 2) await new Promise((r) => setTimeout(r, 10));
      expect(open).toEqual(['/api/judge/claim-remote', '/api/judge/claim-remote']);
      expect(hungUp).toEqual(open);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    // A long poll left to its own end would take 40 s (25 s wait + 15 s margin).
  }, 5_000);
});
