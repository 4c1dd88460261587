import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { judgeTasks } from '../src/db/schema.js';
import type { NewProblem } from '../src/modules/problem/problem.repository.js';
import { JUDGE_TOKEN, type TestApp } from './harness.js';

/** One call of the judge protocol with the judge token, as a worker makes it; its answer's data (a call the server
 * refuses fails the test, with the answer). */
export const judgeCall = async (t: TestApp, path: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/judge/${path}`,
    payload,
    headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** What the fake judge reports for a Compile Error: GCC's form without a column. */
export const COMPILE_ERROR_TEXT = 'main.cpp:1: error: expected ;';

/** Plays a judge worker through the judge protocol, so tests get verdicts without a sandbox. */
export const createFakeJudge = (t: TestApp, name = 'fake-judge', languages = ['C++', 'Python3']) => {
  const call = async (path: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/judge/${path}`,
      payload,
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });
    if (res.statusCode !== 200) throw new Error(`judge ${path}: ${res.body}`);
    return res.json().data;
  };
  const claim = () => call('claim', { name, languages, concurrency: 1, running: 0, waitMs: 0 });
  /** The next task that is not a checker compile (one is queued on every save of a special judge, and on start for
   * the sample problems' checkers): those are answered as compiled on the way. */
  const claimPastCompiles = async () => {
    let task = await claim();
    while (task?.kind === 'compileChecker') {
      await call('report', { name, taskId: task.taskId, attempt: task.attempt, compile: { ok: true, message: '' } });
      task = await claim();
    }
    return task;
  };
  return {
    /** Declares the languages (a live judge); call it while the queue is empty, it takes what is queued. */
    announce: () => claimPastCompiles(),
    claim,
    /** The next task that is not a checker compile (those are answered as compiled on the way), or null. */
    claimPastCompiles,
    /** Claims the next task and reports the given verdict for every case; `cases` overrides what is reported of each
     * case (its message, the program's output). */
    async judgeNext(v: {
      status: number;
      score?: number;
      oiRankScore?: number | null;
      caseStatuses?: number[];
      cases?: Record<string, unknown>[];
    }) {
      const task = await claimPastCompiles();
      if (!task) throw new Error('no task to judge');
      const cases = (task.problem?.cases ?? []) as { caseId: number; seq: number; groupNum: number; score: number }[];
      await call('report', {
        name,
        taskId: task.taskId,
        attempt: task.attempt,
        ...(task.kind === 'testRun'
          ? {
              testRun: {
                status: v.status,
                time: 5,
                memory: 1024,
                stderr: '',
                userOutput: '3\n',
                errorMessage: v.status === -2 ? COMPILE_ERROR_TEXT : '',
              },
            }
          : {
              judge: {
                status: v.status,
                score: v.score ?? 0,
                time: 10,
                memory: 2048,
                errorMessage: v.status === -2 ? COMPILE_ERROR_TEXT : v.status === 3 ? 'SIGSEGV' : '',
                oiRankScore: v.oiRankScore ?? null,
                cases: cases.map((c, i) => ({
                  caseId: c.caseId,
                  seq: c.seq,
                  status: v.caseStatuses?.[i] ?? v.status,
                  time: 5 + i,
                  memory: 1000 + i,
                  score: v.caseStatuses ? (v.caseStatuses[i] === 0 ? c.score : 0) : null,
                  groupNum: c.groupNum,
                  message: '',
                  userOutput: 'out',
                  ...v.cases?.[i],
                })),
              },
            }),
      });
      return task;
    },
    /** Retires whatever is queued, so a test starts from an empty queue. */
    drain: () =>
      t.services.db
        .update(judgeTasks)
        .set({ state: 'done' })
        .where(inArray(judgeTasks.state, ['queued', 'running'])),
  };
};

/** A problem with real test files (hashes in the store) and the given fields. */
export const createProblem = async (
  t: Pick<TestApp, 'services'>,
  fields: Partial<NewProblem> = {},
  opts: {
    languages?: string[];
    tags?: string[];
    cases?: { score?: number; groupNum?: number }[];
    templates?: Record<string, string>;
  } = {},
) => {
  const a = await t.services.testData.put('1 2\n');
  const b = await t.services.testData.put('3\n');
  const cases = (opts.cases ?? [{}]).map((c, i) => ({
    seq: i + 1,
    inputName: `${i + 1}.in`,
    outputName: `${i + 1}.out`,
    inputSha256: a.sha256,
    outputSha256: b.sha256,
    inputSize: a.size,
    outputSize: b.size,
    score: c.score ?? 0,
    groupNum: c.groupNum ?? 1,
  }));
  return t.services.problems.create({
    problem: {
      problemId: `P${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
      title: 'A+B Problem',
      caseVersion: '1',
      ...fields,
    },
    cases,
    languages: opts.languages ?? ['C++', 'Python3'],
    codeTemplates: opts.templates ?? {},
    tagNames: opts.tags ?? [],
  });
};
