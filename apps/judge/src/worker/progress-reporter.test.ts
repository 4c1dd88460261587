import { describe, expect, it, vi } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the progress reporter', () => {
  it('sends nothing in the first interval, then at most once per interval with the latest count, the last one too', async () => {
    // The clock is the test's (a busy host stretched real sleeps past the intervals the counts are checked against).
    vi.useFakeTimers();
    try {
      const sent: { done: number; at: number }[] = [];
      const start = Date.now();
      const r = createProgressReporter(
        async (done) => {
          sent.push({ done, at: Date.now() - start });
        },
        { minMs: 100 },
      );
      // A case every 10 ms for 200 ms.
      for (let i = 0; i < 20; i++) {
        r.caseDone();
        await vi.advanceTimersByTimeAsync(10);
      }
      await vi.advanceTimersByTimeAsync(250);
      r.stop();
      // The first count goes out one interval after the start with the cases done by then, the last one an interval
      // later: two calls for 20 cases.
      expect(sent).toEqual([
        { done: 10, at: 100 },
        { done: 20, at: 200 },
      ]);
    } finally {
      vi.useRealTimers();
    }
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
