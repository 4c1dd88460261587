import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the progress reporter', () => {
  it('sends the first case at once, then at most once per interval with the latest count, the last one too', async () => {
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
    expect(sent[0].done).toBe(1);
    expect(sent.at(-1)?.done).toBe(20);
    // 20 cases in ~200 ms at most every 100 ms: a handful of calls, never two within the interval.
    expect(sent.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < sent.length; i++) expect(sent[i].at - sent[i - 1].at).toBeGreaterThanOrEqual(95);
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
