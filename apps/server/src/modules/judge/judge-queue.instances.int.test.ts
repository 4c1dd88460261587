import { describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../../test/harness.js';
import type { Database } from '../../db/client.js';
import { createProblemRepository } from '../problem/problem.repository.js';
import { createJudgeQueueRepository } from './judge-queue.repository.js';
import { createJudgeQueue, DONE_CHANNEL, TASK_CHANNEL } from './judge-queue.service.js';

const checker = { code: 'int main(){}', mode: 'spj' as const, extraFiles: {} };
const worker = (name: string) => ({ name, languages: ['C++'], concurrency: 1, running: 0 });

/** Two server instances on one database (decision 0035): what one queues wakes the other's long polls,
 * and only once the rows are committed. PGlite is embedded, so its "two instances" share one handle. */
describe.each(DB_KINDS)('judge queue across instances on %s', (kind) => {
  const instances = async () => {
    const { a, b } = await openInstances(kind);
    const queue = (d: Database) =>
      createJudgeQueue({ repo: createJudgeQueueRepository(d.db), bus: d.bus, problems: createProblemRepository(d.db) });
    const qa = queue(a);
    const qb = queue(b);
    await Promise.all([qa.listening(), qb.listening()]);
    return { a, b, qa, qb };
  };

  it('a task queued on one instance wakes the other after the commit, never for a rollback', async () => {
    const { a, b, qa, qb } = await instances();
    const heard: unknown[] = [];
    const stop = await b.bus.subscribe(TASK_CHANNEL, (p) => heard.push(p));
    // A rolled back enqueue tells nobody.
    await a.db
      .transaction(async (tx) => {
        await qa.enqueue({ kind: 'compileChecker', language: 'C++', payload: checker }, tx);
        throw new Error('rollback');
      })
      .catch(() => {});
    // A committed one is heard only after its commit.
    let inside = -1;
    const task = await a.db.transaction(async (tx) => {
      const row = await qa.enqueue({ kind: 'compileChecker', language: 'C++', payload: checker }, tx);
      await new Promise((r) => setTimeout(r, 200));
      inside = heard.length;
      return row;
    });
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);
    expect(inside).toBe(0);
    await stop();

    // The long poll on B claims it; the report on B is heard by A's waiter.
    const claimed = await qb.claim(worker('judge-b'), 10_000);
    expect(claimed).toMatchObject({ taskId: task.id, kind: 'compileChecker' });
    const done: unknown[] = [];
    const stopDone = await a.bus.subscribe(DONE_CHANNEL, (p) => done.push(p));
    const waiting = qa.waitDone(task.id, 10_000);
    expect(
      await qb.report({ name: 'judge-b' }, { taskId: task.id, attempt: 1, compile: { ok: true, message: '' } }),
    ).toBe(true);
    expect((await waiting)?.state).toBe('done');
    await expect.poll(() => done, { timeout: 5000 }).toEqual([task.id]);
    await stopDone();
  });

  it('one task queued while two instances long-poll goes to exactly one of them', async () => {
    const { qa, qb } = await instances();
    const polls = [qa.claim(worker('judge-a'), 3000), qb.claim(worker('judge-b'), 3000)];
    await new Promise((r) => setTimeout(r, 100));
    const task = await qa.enqueue({ kind: 'compileChecker', language: 'C++', payload: checker });
    const got = (await Promise.all(polls)).filter((t) => t !== null);
    expect(got).toHaveLength(1);
    expect(got[0]?.taskId).toBe(task.id);
  });
});
