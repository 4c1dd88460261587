import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { type RemoteJudgeAdapter, type RemoteOj, remoteAdapters } from '@oj/remote-judge';
import type { JudgeReport, ProblemForWorker } from '@oj/shared';
import { judgeConfig } from '../config.js';
import { availableLanguages, compileChecker, judge, runPackageTask, testRun } from '../index.js';
import { prepareOfferedHeaders } from '../pipeline/precompiled-headers.js';
import type { LoadedProblem } from '../problem/loaded-problem.js';
import { judgeInstance } from '../sandbox/judge-instance.js';
import { killActiveSandboxes } from '../sandbox/sandbox.js';
import { createJudgeClient } from './judge-client.js';
import { runRemoteWorker } from './remote-runner.js';
import type { TestDataCache } from './test-data-cache.js';
import { type Judger, log, physicalCores, runWorker as runWorkerLoop } from './worker.js';

/**
 * The site's judge headers a checker compile needs, by name, read from the local cache (fetched by hash as test
 * files are); a header the problem brings itself (`own`) is not fetched, the problem's file wins.
 */
export const fetchJudgeHeaders = async (
  headers: ProblemForWorker['judgeHeaders'],
  own: Record<string, unknown>,
  cache: TestDataCache,
): Promise<Record<string, Buffer>> => {
  const wanted = headers.filter((header) => !Object.hasOwn(own, header.name));
  const files = await Promise.all(
    wanted.map(async (header) => [header.name, await readFile(await cache.path(header.sha256))] as const),
  );
  return Object.fromEntries(files);
};

/** The task's problem as the pipeline sees it: test files from the local cache, checker from the task. */
const loadTaskProblem = async (p: ProblemForWorker, cache: TestDataCache): Promise<LoadedProblem> => {
  const cases = await Promise.all(
    p.cases.map(async (c) => ({
      name: c.name,
      inputPath: await cache.path(c.inputSha256),
      answerPath: await cache.path(c.outputSha256),
      score: c.score,
      groupNum: c.groupNum,
    })),
  );
  const usesChecker = p.checkerCode && (p.judgeMode === 'spj' || p.judgeMode === 'interactive');
  const checker = usesChecker
    ? {
        source: p.checkerCode!,
        extraFiles: p.judgeExtraFile,
        siteHeaders: await fetchJudgeHeaders(p.judgeHeaders, p.judgeExtraFile, cache),
      }
    : undefined;
  return {
    problemId: p.problemId,
    type: p.type === 1 ? 1 : 0,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    stackLimitMb: p.stackLimitMb,
    isRemoveEndBlank: p.isRemoveEndBlank,
    difficulty: p.difficulty,
    cases,
    checker: p.judgeMode === 'spj' ? checker : undefined,
    interactor: p.judgeMode === 'interactive' ? checker : undefined,
  };
};

/** The judging pipeline behind the worker's task kinds. */
export const pipelineJudger: Judger = {
  async languages() {
    const offered = await availableLanguages();
    // Probes that were remembered compiled nothing: the headers of the offered C++ variants are built (when missing
    // or stale) right away, not by the first submissions that would use them.
    prepareOfferedHeaders(offered);
    return offered;
  },

  async judge(task, { cache, onStatus, onCase, signal }): Promise<JudgeReport> {
    const problem = await loadTaskProblem(task.problem, cache);
    const result = await judge(problem, task.source, task.language, {
      signal,
      onProgress: (p) => {
        if (!('case' in p)) onStatus(p.status);
        else onCase?.();
      },
    });
    const byPosition = task.problem.cases;
    return {
      status: result.status,
      score: result.score,
      time: result.time,
      memory: result.memory,
      errorMessage: result.errorMessage,
      oiRankScore: result.oiRankScore ?? null,
      cases: result.cases.map((c) => ({
        caseId: byPosition[c.caseId - 1]?.caseId ?? null,
        seq: byPosition[c.caseId - 1]?.seq ?? c.caseId,
        status: c.status,
        time: c.time,
        memory: c.memory,
        score: c.score,
        groupNum: c.groupNum ?? null,
        message: c.message,
        userOutput: c.userOutput,
        outputFromLine: c.outputFromLine,
        // The report's integers fit an int column: a larger size is sent as its largest value.
        outputBytes: c.outputBytes === undefined ? undefined : Math.min(c.outputBytes, 2 ** 31 - 1),
      })),
    };
  },

  async testRun(task, { signal }) {
    const r = await testRun(
      task.problem,
      task.source,
      task.language,
      task.userInput,
      task.expectedOutput ?? undefined,
      { signal },
    );
    return {
      status: r.status,
      time: r.time,
      memory: r.memory,
      stderr: r.stderr,
      userOutput: r.userOutput,
      errorMessage: r.errorMessage,
    };
  },

  compileChecker: async (task, { cache }) =>
    compileChecker(task.source, task.extraFiles, await fetchJudgeHeaders(task.judgeHeaders, task.extraFiles, cache)),

  package: async (task, { cache, uploadTestData, onProgress, signal }) =>
    runPackageTask(task, {
      files: cache,
      upload: uploadTestData,
      // A resource of the same name as a judge header wins: that header is not fetched.
      siteHeaders: await fetchJudgeHeaders(
        task.judgeHeaders,
        Object.fromEntries(task.resources.map((resource) => [resource.name, resource])),
        cache,
      ),
      onProgress,
      signal,
    }),
};

/**
 * A worker started with an IPC channel (the embedded worker of `npm start`) belongs to the process at the other
 * end: when the channel closes, that process is gone (even by SIGKILL, which leaves it no chance to stop us),
 * so the worker stops claiming, kills its runs and exits at once. Otherwise a crashed server's worker would live
 * on beside the one the restarted server starts, judging with its token.
 */
const exitWithParent = (stop: AbortController) => {
  if (!process.channel) return;
  process.once('disconnect', () => {
    stop.abort();
    killActiveSandboxes();
    log('the process that started this worker is gone: exiting');
    process.exit(0);
  });
};

/**
 * The remote judges a worker judges on: OJ_JUDGE_REMOTE (or --remote) `true` for every site the registry supports,
 * a list such as `CF,GYM` for some, absent or `false` for none. Their base URLs come from OJ_REMOTE_CF_URL ...
 * (`remoteJudges` of the judge's configuration, asked only when some site is wanted); a bad value stops the worker.
 */
export const remoteSitesOf = (setting: string | undefined): Partial<Record<RemoteOj, RemoteJudgeAdapter>> => {
  const value = setting?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return {};
  const all = remoteAdapters(judgeConfig().remoteJudges()) as Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
  if (value === 'true' || value === '1') return all;
  const wanted = value.split(',').map((s) => s.trim().toUpperCase());
  const unknown = wanted.filter((oj) => !(oj in all));
  if (unknown.length)
    throw new Error(`OJ_JUDGE_REMOTE: no remote judge ${unknown.join(', ')} (${Object.keys(all).join(', ')})`);
  return Object.fromEntries(wanted.map((oj) => [oj, all[oj as RemoteOj]]));
};

/** Entry point of `npm run judge -- --server URL --token T` and of the embedded worker `npm start` runs. */
export const runWorker = async (options: {
  server: string;
  token?: string;
  concurrency?: number;
  /** Remote judging: the sites' adapters; its own claim loop and slots. */
  remote?: Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
  remoteConcurrency?: number;
}) => {
  const config = judgeConfig();
  const token = options.token ?? config.token;
  if (!token) throw new Error('a judge token is required (--token or OJ_JUDGE_TOKEN)');
  // SIGTERM or SIGINT: stop claiming, finish the local tasks in hand for at most OJ_JUDGE_STOP_GRACE_MS, then stop
  // the rest and hand them back to the server (queued again at once, not left until the lease runs out); a second
  // signal hands them back now. Remote tasks do not wait for the grace: they are handed back at the first signal
  // (see runRemoteWorker below). Sandboxes die with this process (--die-with-parent and the judge instance's exit
  // cleanup). SIGKILL or a crash hands nothing back: the leases run out.
  const stop = new AbortController();
  const drain = new AbortController();
  const graceMs = config.stopGraceMs;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (drain.signal.aborted) {
        stop.abort();
        return;
      }
      log(`${sig}: finishing the tasks in hand (at most ${graceMs / 1000} s), then stopping`);
      drain.abort();
      setTimeout(() => stop.abort(), graceMs).unref();
    });
  }
  exitWithParent(stop);
  // Unique on the host even across PID namespaces, where pids repeat: the server keys leases by this name.
  const name = `${os.hostname()}-${judgeInstance().id}`;
  await Promise.all([
    runWorkerLoop({
      server: options.server,
      token,
      name,
      concurrency: options.concurrency ?? physicalCores(),
      cacheDir: config.cacheDir,
      judger: pipelineJudger,
      signal: stop.signal,
      drain: drain.signal,
    }),
    runRemoteWorker({
      server: options.server,
      token,
      name,
      sites: options.remote ?? {},
      concurrency: options.remoteConcurrency,
      // HOJ's 2.5 s and 60 polls unless set (tests shorten them).
      pollIntervalMs: config.remotePollIntervalMs,
      maxPolls: config.remoteMaxPolls,
      // The first signal hangs up the remote long polls and hands the remote tasks back at once: another worker
      // polls the run, which may take minutes at the remote site. A submit in flight is finished (within the site's
      // request timeouts, even past a second signal) and its run id stored first, so the code is never submitted
      // twice; a process killed before that leaves the task to its lease, like a crash.
      signal: AbortSignal.any([stop.signal, drain.signal]),
    }),
  ]);
  if (drain.signal.aborted) {
    // A long poll hung up as the worker stopped may still have been answered with a task (the server had not yet seen
    // the hang-up): the goodbye hands it back now instead of leaving it to its lease.
    try {
      const orphans = await createJudgeClient(options.server, token).goodbye(name);
      if (orphans) log(`goodbye: ${orphans} task(s) claimed as the worker stopped went back to the queue`);
    } catch (e) {
      log(`cannot say goodbye (a task claimed as the worker stopped waits for its lease): ${(e as Error).message}`);
    }
    process.exit(0);
  }
};
