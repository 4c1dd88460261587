import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the progress reporter', () => {
  it('sends nothing in the first interval, then at most once per interval with the latest count, the last one too', async () => {
    const sent: { done: number; at: number }[] = [];
    const start = Date.now();
    const r = createProgressReporter(
      async (done) => {
        sent.push({ done, at: Date.now() - start });
      },
      { minMs: 100 },
    );
    for (let i = 0; i < 20; i++) {
      r.caseDone();
      await sleep(10);
    }
    await sleep(250);
    r.stop();
    // The first count goes out one interval after the start, with the cases done by then.
    expect(sent[0].at).toBeGreaterThanOrEqual(95);
    expect(sent[0].done).toBeGreaterThan(1);
    expect(sent.at(-1)?.done).toBe(20);
    // 20 cases in ~200 ms at most every 100 ms: a handful of calls, never two within the interval.
    expect(sent.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < sent.length; i++) expect(sent[i].at - sent[i - 1].at).toBeGreaterThanOrEqual(95);
  });

  it('sends nothing for a task whose cases all end within the first interval', async () => {
    const sent: number[] = [];
    const r = createProgressReporter(
      async (done) => {
        sent.push(done);
      },
      { minMs: 200 },
    );
    for (let i = 0; i < 10; i++) r.caseDone();
    await sleep(20);
    r.stop();
    await sleep(250);
    expect(sent).toEqual([]);
  });

  it('never has two calls in flight and sends nothing after stop', async () => {
    let inFlight = 0;
    let most = 0;
    const sent: number[] = [];
    const r = createProgressReporter(
      async (done) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(50);
        sent.push(done);
        inFlight -= 1;
      },
      { minMs: 0 },
    );
    for (let i = 0; i < 5; i++) r.caseDone();
    await sleep(120);
    r.stop();
    r.caseDone();
    await sleep(80);
    expect(most).toBe(1);
    expect(sent).toEqual([1, 5]);
  });
});
