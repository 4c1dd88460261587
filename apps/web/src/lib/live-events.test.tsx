import { JUDGE_STATUS, live, type Submission } from '@oj/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySubmissionEvent, LiveSync } from '../app/live-sync';
import { problemPageSubmissionKey } from '../features/submission/submission-polling';
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
      // The silence watchdog's timers are another test's.
      setTimer: (fn, ms) => (ms === live.LIVE.silenceMs ? null : timers.push({ fn, ms })),
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

  it("carries a group's gradebook while a page watches it (decision 0052), and hands on its events", async () => {
    const client = createLiveClient({
      ticket: async () => 't',
      open: (url) => new FakeEventSource(url) as unknown as EventSource,
      setTimer: () => null,
      clearTimer: () => {},
    });
    const got: unknown[] = [];
    client.on('gradebook', (d) => got.push(d));
    FakeEventSource.made = [];
    client.setSignedIn(true);
    await flush();
    client.watchGroup(7);
    await flush();
    const stream = FakeEventSource.made.at(-1) as FakeEventSource;
    expect(stream.url).toBe('/api/events?ticket=t&gid=7');
    expect(client.group.get()).toBeUndefined();
    stream.onopen?.();
    expect(client.group.get()).toBe(7);
    stream.emit('gradebook', { gid: 7 }, '1700000000000-2');
    expect(got).toEqual([{ gid: 7 }]);
    // The page is left: the stream opens again without the group.
    client.watchGroup(undefined);
    await flush();
    expect(FakeEventSource.made.at(-1)?.url).toBe('/api/events?ticket=t&lastEventId=1700000000000-2');
    expect(client.group.get()).toBeUndefined();
    client.close();
  });

  it('takes a stream silent for LIVE.silenceMs for dead and opens another; events and pings keep it', async () => {
    // A clock the test moves: timers fire when it passes their time, cleared ones never.
    let clock = 0;
    let nextId = 0;
    const pending = new Map<number, { at: number; fn: () => void; ms: number }>();
    const advance = async (ms: number) => {
      const until = clock + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((x, y) => x[1].at - y[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        clock = due[1].at;
        due[1].fn();
        await flush();
      }
      clock = until;
    };
    let n = 0;
    const client = createLiveClient({
      ticket: async () => `t${++n}`,
      open: (url) => new FakeEventSource(url) as unknown as EventSource,
      setTimer: (fn, ms) => {
        pending.set(++nextId, { at: clock + ms, fn, ms });
        return nextId;
      },
      clearTimer: (id) => pending.delete(id as number),
    });
    FakeEventSource.made = [];
    client.setSignedIn(true);
    await flush();
    const first = FakeEventSource.made[0];
    first.onopen?.();
    expect(client.up.get()).toBe(true);

    // Pings and events, each within the silence allowed, keep the stream for minutes.
    for (let i = 0; i < 8; i++) {
      await advance(live.LIVE.heartbeatMs);
      first.emit(i % 2 ? 'ping' : 'unread', { mine: i }, i % 2 ? '' : `1700000000000-${i}`);
    }
    expect(first.closed).toBe(false);
    expect(FakeEventSource.made).toHaveLength(1);

    // Then nothing: a moment before LIVE.silenceMs it still counts as up; at it, closed, down, and after the first
    // backoff a new stream with a new ticket resumes from the last event id.
    await advance(live.LIVE.silenceMs - 1);
    expect(client.up.get()).toBe(true);
    await advance(1);
    expect(first.closed).toBe(true);
    expect(client.up.get()).toBe(false);
    await advance(1000);
    const second = FakeEventSource.made[1];
    expect(second.url).toBe('/api/events?ticket=t2&lastEventId=1700000000000-6');
    second.onopen?.();
    expect(client.up.get()).toBe(true);

    // A stream that never opens nor errs is given up as well.
    second.onerror?.();
    await advance(2000);
    const hanging = FakeEventSource.made[2];
    await advance(live.LIVE.silenceMs);
    expect(hanging.closed).toBe(true);

    client.close();
    expect(pending.size).toBe(0);
  });
});

const row = (submitId: number, uid: string, status: number) =>
  ({ submitId, uid, status, time: null, memory: null }) as unknown as Submission;

describe('the submission list while the stream is up or down', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    liveClient.close();
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

    // The stream breaks: the viewer's rows still in progress are polled again every 2 s.
    act(() => liveClient.up.set(false));
    await tick();
    expect(asked.at(-1)).toEqual([2, 3]);
  });

  it("reads the viewer's rows once when the stream opens: a verdict stored before it opened is not told by it", async () => {
    session.signIn('token', { uid: 'me', username: 'me', roleList: ['user'] } as never);
    vi.stubGlobal('EventSource', FakeEventSource);
    const asked: number[][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        let data: unknown = { ticket: 't', expiresInMs: 30_000 };
        if (!String(url).includes('/api/events/ticket')) {
          const { submitIds } = JSON.parse(String(init.body)) as { submitIds: number[] };
          asked.push(submitIds);
          data = { 1: row(1, 'me', 0) };
        }
        return new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    FakeEventSource.made = [];
    const { result } = renderHook(() => useSubmissionWatch([row(1, 'me', 5)]));
    liveClient.setSignedIn(true);
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => FakeEventSource.made[0].onopen?.());
    await waitFor(() => expect(asked).toEqual([[1]]));
    await waitFor(() => expect(result.current.rows[0].status).toBe(0));
  });
});

/** A read the test answers when it likes. */
const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

const detailOf = (submitId: number, status: number) => ({ submission: { submitId, uid: 'me', status } });

/** The problem page's result query: reads answered by the test, in order. */
const watchResult = (queryClient: QueryClient, submitId: number, reads: ReturnType<typeof deferred<unknown>>[]) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useQuery({
        queryKey: problemPageSubmissionKey(submitId),
        queryFn: () => {
          const read = deferred<unknown>();
          reads.push(read);
          return read.promise as Promise<{ submission: { status: number } }>;
        },
        retry: false,
      }),
    { wrapper },
  );
};

describe('a verdict never lost between the judge and the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    liveClient.close();
    session.clear();
  });

  it('a verdict told while the first read of the submission is still on its way is read again', async () => {
    const queryClient = new QueryClient();
    const reads: ReturnType<typeof deferred<unknown>>[] = [];
    const { result } = watchResult(queryClient, 41, reads);
    await waitFor(() => expect(reads).toHaveLength(1));
    // The verdict is told before the page's first read (made while the submission was Pending) answers: that read
    // must not stand for the verdict.
    act(() => applySubmissionEvent(queryClient, { submitId: 41, status: JUDGE_STATUS.ACCEPTED }));
    await act(async () => reads[0].resolve(detailOf(41, JUDGE_STATUS.PENDING)));
    await waitFor(() => expect(reads).toHaveLength(2));
    await act(async () => reads[1].resolve(detailOf(41, JUDGE_STATUS.ACCEPTED)));
    await waitFor(() => expect(result.current.data?.submission.status).toBe(JUDGE_STATUS.ACCEPTED));
  });

  it("when the tab's stream opens, a submission still in progress is read once more (a verdict from before it opened is not told by it)", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 200, msg: 'success', data: { ticket: 't', expiresInMs: 30_000 } }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    FakeEventSource.made = [];
    const queryClient = new QueryClient();
    const reads: ReturnType<typeof deferred<unknown>>[] = [];
    const { result } = watchResult(queryClient, 42, reads);
    // A settled submission another page shows is not read again.
    let settledReads = 0;
    queryClient.setQueryData(problemPageSubmissionKey(40), detailOf(40, JUDGE_STATUS.WRONG_ANSWER));
    renderHook(
      () =>
        useQuery({
          queryKey: problemPageSubmissionKey(40),
          queryFn: async () => {
            settledReads += 1;
            return detailOf(40, JUDGE_STATUS.WRONG_ANSWER);
          },
          staleTime: Number.POSITIVE_INFINITY,
        }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(reads).toHaveLength(1));
    await act(async () => reads[0].resolve(detailOf(42, JUDGE_STATUS.JUDGING)));
    session.signIn('token', { uid: 'me', username: 'me', roleList: ['user'] } as never);
    render(
      <QueryClientProvider client={queryClient}>
        <LiveSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    // The verdict is stored before the stream opens: the stream will never tell it.
    act(() => FakeEventSource.made[0].onopen?.());
    await waitFor(() => expect(reads).toHaveLength(2));
    await act(async () => reads[1].resolve(detailOf(42, JUDGE_STATUS.ACCEPTED)));
    await waitFor(() => expect(result.current.data?.submission.status).toBe(JUDGE_STATUS.ACCEPTED));
    expect(settledReads).toBe(0);
  });
});
