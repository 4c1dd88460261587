import os from 'node:os';
import path from 'node:path';
import type { JudgeReport, ProblemForWorker } from '@oj/shared';
import { availableLanguages, compileChecker, judge, testRun } from '../index.js';
import type { LoadedProblem } from '../problem/loaded-problem.js';
import { judgeInstance } from '../sandbox/judge-instance.js';
import { killActiveSandboxes } from '../sandbox/sandbox.js';
import type { TestDataCache } from './test-data-cache.js';
import { type Judger, physicalCores, runWorker as runWorkerLoop } from './worker.js';

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
  const checker = p.checkerCode ? { source: p.checkerCode, extraFiles: p.judgeExtraFile } : undefined;
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
  languages: () => availableLanguages(),

  async judge(task, { cache, onStatus, signal }): Promise<JudgeReport> {
    const problem = await loadTaskProblem(task.problem, cache);
    const result = await judge(problem, task.source, task.language, {
      signal,
      onProgress: (p) => {
        if (!('case' in p)) onStatus(p.status);
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

  compileChecker: (task) => compileChecker(task.source, task.extraFiles),
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
    console.error(`[judge ${new Date().toISOString()}] the process that started this worker is gone: exiting`);
    process.exit(0);
  });
};

/** Entry point of `npm run judge -- --server URL --token T` and of the embedded worker `npm start` runs. */
export const runWorker = async (options: { server: string; token?: string; concurrency?: number }) => {
  const token = options.token ?? process.env.OJ_JUDGE_TOKEN;
  if (!token) throw new Error('a judge token is required (--token or OJ_JUDGE_TOKEN)');
  // Stopping mid-task is safe: sandboxes die with this process (--die-with-parent and the exit cleanup of the
  // judge instance) and the server requeues the task when its lease runs out.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(0));
  const stop = new AbortController();
  exitWithParent(stop);
  await runWorkerLoop({
    server: options.server,
    token,
    // Unique on the host even across PID namespaces, where pids repeat: the server keys leases by this name.
    name: `${os.hostname()}-${judgeInstance().id}`,
    concurrency: options.concurrency ?? physicalCores(),
    cacheDir: process.env.OJ_JUDGE_CACHE_DIR ?? path.join(os.tmpdir(), 'oj-judge-cache'),
    judger: pipelineJudger,
    signal: stop.signal,
  });
};
