/**
 * The embedded database on a thread of its own (db/pglite-worker.ts), behind the part of PGlite's interface the server
 * uses (drizzle's driver, its migrator and the notify bus: query, exec, transaction, listen, close). PGlite's start
 * (its WebAssembly, the cluster's files, the migrations' check) then runs beside the loading of the server's code,
 * and every statement's work beside the server's requests, instead of on the one thread that answers them.
 *
 * What PGlite guarantees in the process holds across the thread: statements run one at a time in PGlite's one queue,
 * a statement outside a transaction waits for the open one, a failed statement's error carries PostgreSQL's fields
 * (code, constraint, detail...), and a notification reaches its listener before the statement that caused it
 * answers (replies and notifications cross in the order the thread sends them).
 */

import type { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { startWorkerThread } from '../lib/worker-thread.js';
import { keepsText } from './pglite-prepared.js';

export interface DatabaseThreadData {
  /** The cluster's directory (`<data dir>/pgdata`). */
  dir: string;
  migrationsFolder: string;
}

type Statement = { sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; raw?: number[]; tx?: number };
export type ThreadRequest = { id: number } & (
  | ({ op: 'query' } & Statement)
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }
);
/** An error as it crosses: its message, its name and PostgreSQL's fields (plain values only). */
type WireError = Record<string, string | number | boolean | null>;
export type ThreadReply =
  | { id: number; value?: unknown; error?: WireError }
  | { notify: number; payload: string }
  | { ready: true }
  | { failed: WireError };

export const wireError = (e: unknown): WireError => {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: WireError = { name: e.name, message: e.message };
  for (const [k, v] of Object.entries(e)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v))
      out[k] = v as string | number | boolean | null;
  }
  return out;
};
export const fromWire = (wire: WireError) => {
  const { message, ...fields } = wire;
  return Object.assign(new Error(String(message)), fields);
};

/** The type ids whose parser keeps the text as it is. Only such parsers cross to the thread (drizzle's driver passes
 * them for dates, timestamps and intervals); any other is refused rather than silently not applied. */
const keptAsText = new WeakMap<object, number[]>();
const rawTypes = (parsers: QueryOptions['parsers']): number[] | undefined => {
  if (!parsers) return undefined;
  let raw = keptAsText.get(parsers);
  if (!raw) {
    raw = Object.entries(parsers).map(([oid, parse]) => {
      if (!keepsText(parse)) {
        throw new Error(`the embedded database's thread keeps a type's text or parses it as PGlite does (type ${oid})`);
      }
      return Number(oid);
    });
    keptAsText.set(parsers, raw);
  }
  return raw;
};

type Call = { resolve: (value: unknown) => void; reject: (e: Error) => void };

class DatabaseThread {
  private readonly pending = new Map<number, Call>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped: Error | undefined;

  private isOpen = false;
  /** Resolves once the cluster is open and migrated; rejects with the reason it could not be. */
  readonly opened: Promise<void>;

  constructor(private readonly worker: Worker) {
    let open!: () => void;
    let fail!: (e: Error) => void;
    this.opened = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    this.opened.catch(() => {}); // Its failure is also every statement's.
    const stop = (e: Error) => {
      this.stopped ??= e;
      fail(e);
      for (const call of this.pending.values()) call.reject(e);
      this.pending.clear();
    };
    worker.on('message', (reply: ThreadReply) => {
      if ('notify' in reply) {
        this.listeners.get(reply.notify)?.(reply.payload);
      } else if ('ready' in reply) {
        this.isOpen = true;
        open();
        this.idle();
      } else if ('failed' in reply) {
        fail(fromWire(reply.failed));
      } else {
        const call = this.pending.get(reply.id);
        if (!call) return;
        this.pending.delete(reply.id);
        this.idle();
        if (reply.error) call.reject(fromWire(reply.error));
        else call.resolve(reply.value);
      }
    });
    worker.on('error', (e) => stop(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => stop(new Error(`the embedded database's thread stopped (${code})`)));
  }

  /** Like PGlite in the process, the thread keeps the process alive only while it opens or a statement is under way. */
  private idle() {
    if (this.isOpen && this.pending.size === 0) this.worker.unref();
  }

  private call(req: Record<string, unknown> & { op: ThreadRequest['op'] }): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(this.stopped);
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...req, id });
    });
  }

  private statements(tx: number | undefined) {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call({
          op: 'query',
          sql,
          params,
          rowMode: options?.rowMode,
          raw: rawTypes(options?.parsers),
          tx,
        }) as Promise<Results<T>>,
      exec: (sql: string) => this.call({ op: 'exec', sql, tx }) as Promise<Results[]>,
    };
  }

  readonly query = this.statements(undefined).query;
  readonly exec = this.statements(undefined).exec;

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn(this.statements(tx) as unknown as Transaction);
    } catch (e) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw e;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, callback);
    try {
      await this.call({ op: 'listen', channel, listener });
    } catch (e) {
      this.listeners.delete(listener);
      throw e;
    }
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: 'unlisten', listener });
    };
  }

  /** Closes the database (PGlite writes what it holds to disk) and ends the thread. */
  async close(): Promise<void> {
    if (!this.stopped)
      await this.opened.then(
        () => this.call({ op: 'close' }),
        () => {},
      );
    await this.worker.terminate();
  }
}

/** Starts the thread, which opens the cluster in `dir` (made on a first start, migrated). Stands in for a PGlite
 * client at once: its statements wait in the thread until the cluster is open, and `opened` says when it is. */
export const startPgliteThread = (data: DatabaseThreadData): PGlite & { opened: Promise<void> } =>
  new DatabaseThread(startWorkerThread(import.meta.url, 'pglite-worker', { workerData: data })) as unknown as PGlite & {
    opened: Promise<void>;
  };
