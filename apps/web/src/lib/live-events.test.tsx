import type { Submission } from '@oj/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubmissionWatch } from '../features/submission/use-submission-watch';
import { session } from './auth-store';
import { createLiveClient, liveClient } from './live-events';

/** An EventSource the test drives: opens, errs, delivers events. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown, id: string) {
    this.listeners.get(name)?.({ data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the live event client', () => {
  it('opens with a fresh ticket, and after a break reconnects with backoff, a new ticket and the last event id', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    let n = 0;
    const client = createLiveClient({
      ticket: async () => `t${++n}`,
      open: (url) => new FakeEventSource(url) as unknown as EventSource,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    const got: unknown[] = [];
    client.on('unread', (d) => got.push(d));
    FakeEventSource.made = [];
    client.setSignedIn(true);
    await flush();
    const first = FakeEventSource.made[0];
    expect(first.url).toBe('/api/events?ticket=t1');
    expect(client.up.get()).toBe(false);
    first.onopen?.();
    expect(client.up.get()).toBe(true);
    first.emit('unread', { mine: 1 }, '1700000000000-1');
    expect(got).toEqual([{ mine: 1 }]);

    // The stream breaks: down at once (pages poll), retried after 1 s with a new ticket and the last id.
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(client.up.get()).toBe(false);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    // The second try fails before opening too: the wait doubles.
    timers.shift()?.fn();
    await flush();
    const second = FakeEventSource.made[1];
    expect(second.url).toBe('/api/events?ticket=t2&lastEventId=1700000000000-1');
    second.onerror?.();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers.shift()?.fn();
    await flush();
    FakeEventSource.made[2].onopen?.();
    expect(client.up.get()).toBe(true);

    // A contest the server refuses twice: the stream goes on without it, and the contest's pages keep polling.
    client.watchContest(7);
    await flush();
    expect(FakeEventSource.made[3].url).toContain('cid=7');
    FakeEventSource.made[3].onerror?.();
    timers.shift()?.fn();
    await flush();
    FakeEventSource.made[4].onerror?.();
    await flush();
    const without = FakeEventSource.made[5];
    expect(without.url).not.toContain('cid=');
    without.onopen?.();
    expect(client.up.get()).toBe(true);
    expect(client.contest.get()).toBeUndefined();

    client.setSignedIn(false);
    expect(without.closed).toBe(true);
    expect(client.up.get()).toBe(false);
  });
});

const row = (submitId: number, uid: string, status: number) =>
  ({ submitId, uid, status, time: null, memory: null }) as unknown as Submission;

describe('the submission list while the stream is up or down', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    liveClient.up.set(false);
    session.clear();
  });

  it("polls every in-progress row while the stream is down; while it is up only others' rows, its events updating the viewer's", async () => {
    vi.useFakeTimers();
    session.signIn('token', { uid: 'me', username: 'me', roleList: ['user'] } as never);
    const asked: number[][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { submitIds } = JSON.parse(String(init.body)) as { submitIds: number[] };
        asked.push(submitIds);
        return new Response(JSON.stringify({ status: 200, msg: 'success', data: {} }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const rows = [row(1, 'me', 5), row(2, 'someone', 5), row(3, 'me', 5)];
    const { result } = renderHook(() => useSubmissionWatch(rows));
    const tick = () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    await tick();
    expect(asked.at(-1)).toEqual([1, 2, 3]);

    // The stream opens: the viewer's own rows are no longer polled; its events update them.
    act(() => liveClient.up.set(true));
    await tick();
    expect(asked.at(-1)).toEqual([2]);
    act(() =>
      liveClient.deliver('submission', {
        submitId: 1,
        status: 0,
        submission: { ...row(1, 'me', 0), time: 12 } as Submission,
      }),
    );
    expect(result.current.rows[0]).toMatchObject({ submitId: 1, status: 0, time: 12 });

    // The stream breaks: the viewer's rows still in progress are polled again at the spec's 2 s.
    act(() => liveClient.up.set(false));
    await tick();
    expect(asked.at(-1)).toEqual([2, 3]);
  });
});
