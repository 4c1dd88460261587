import http from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
  /** performance.now() when the event's last line arrived. */
  at: number;
}

/** A server-sent events client over a real HTTP connection (light-my-request cannot hold a stream open): the
 * events as they come, waits for the next one that matches, the status and body of a refusal. */
export const openSse = (
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  /** The JSON answer of a refused request. */
  body?: unknown;
  /** The events as they came, heartbeats (`ping`) left out. */
  events: SseEvent[];
  /** Heartbeats (`ping` events) seen. */
  heartbeats: () => number;
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}> =>
  new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({
            status,
            body,
            events: [],
            heartbeats: () => 0,
            next: () => Promise.reject(new Error(`refused: ${status}`)),
            ended: Promise.resolve(),
            close: () => {},
          });
        });
        return;
      }
      const events: SseEvent[] = [];
      let heartbeats = 0;
      const waiters: { match: (e: SseEvent) => boolean; from: number; done: (e: SseEvent) => void }[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (;;) {
          const cut = buffer.indexOf('\n\n');
          if (cut < 0) break;
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          if (event === 'ping') {
            heartbeats += 1;
            continue;
          }
          const e: SseEvent = { id, event, data: JSON.parse(data.join('\n')), at: performance.now() };
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.done(e);
            }
          }
        }
      });
      resolve({
        status,
        events,
        heartbeats: () => heartbeats,
        ended,
        next: (match = () => true, timeoutMs = 10_000) =>
          new Promise((done, fail) => {
            const seen = events.find(match);
            if (seen) {
              events.splice(events.indexOf(seen), 1);
              return done(seen);
            }
            const timer = setTimeout(() => fail(new Error('no matching event in time')), timeoutMs);
            waiters.push({
              match,
              from: events.length,
              done: (e) => {
                clearTimeout(timer);
                events.splice(events.indexOf(e), 1);
                done(e);
              },
            });
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
