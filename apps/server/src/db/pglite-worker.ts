/** The embedded database's own thread (db/pglite-thread.ts starts it and holds the other end): PGlite opened on a data
 * directory with the migrations applied, then answering the server's statements as they come, in PGlite's one queue
 * (those seen before as prepared statements: db/pglite-prepared.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { startWorkerThread } from '../lib/worker-thread.js';
import { type PreparedStatements, preparedStatements } from './pglite-prepared.js';
import { type DatabaseThreadData, fromWire, type ThreadReply, type ThreadRequest, wireError } from './pglite-thread.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (db/pglite-thread.ts)');
/** `createOnly`: this thread only creates the cluster and migrates it, then ends (see `createCluster`). */
const data = workerData as DatabaseThreadData & { createOnly?: boolean };
const { dir, migrationsFolder } = data;
const post = (reply: ThreadReply) => port.postMessage(reply);
const extensions = { pg_trgm };

const openMigrated = async () => {
  const client = await PGlite.create(dir, { extensions });
  await migrate(drizzle(client), { migrationsFolder });
  return client;
};

/** Creating a cluster grows PGlite's WebAssembly memory to ~900 MB, which it never gives back (and which an idle
 * thread would not collect): a thread of its own creates and migrates it, then ends, taking that memory with it, and
 * this one opens what it made (the server then holds ~400 MB). */
const createCluster = () =>
  new Promise<void>((resolve, reject) => {
    const creator = startWorkerThread(import.meta.url, 'pglite-worker', { workerData: { ...data, createOnly: true } });
    let failure: Error | undefined;
    creator.on('message', (reply: ThreadReply) => {
      if ('failed' in reply) failure = fromWire(reply.failed);
    });
    creator.once('error', reject);
    creator.once('exit', (code) =>
      code === 0 ? resolve() : reject(failure ?? new Error(`creating the cluster failed (${code})`)),
    );
  });

/** Opens the cluster with the migrations applied (by the thread that creates it on a first start). */
const open = async () => {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return openMigrated();
  await createCluster();
  return PGlite.create(dir, { extensions });
};

/** The parsers that keep a type's text as it is, for the type ids a statement names (the only parsers the server's
 * driver passes: db/pglite-thread.ts checks that). */
const keepText = (raw: number[] | undefined): QueryOptions['parsers'] =>
  raw && Object.fromEntries(raw.map((oid) => [oid, (text: string) => text]));

/** Answers the statements, each once the cluster is open (in the order they came: the thread takes them from the
 * start, and they wait for the open), or with the open's error. */
const serve = (opened: Promise<PGlite>) => {
  /** Open transactions, each with the function that ends it (committing or rolling back) and its outcome. */
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
  const listeners = new Map<number, () => Promise<void>>();
  let statements: PreparedStatements | undefined;
  const on = (client: PGlite, txId: number | undefined) => {
    if (txId === undefined) return client;
    const open = transactions.get(txId);
    if (!open) throw new Error(`no transaction ${txId} is open`);
    return open.tx;
  };
  const handle = async (client: PGlite, req: ThreadRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query':
        statements ??= preparedStatements(client);
        return statements.query(
          req.sql,
          req.params,
          { rowMode: req.rowMode, parsers: keepText(req.raw) },
          req.tx === undefined ? undefined : (on(client, req.tx) as Transaction),
        );
      case 'exec':
        return on(client, req.tx).exec(req.sql);
      case 'begin': {
        let tell!: (tx: Transaction) => void;
        const begun = new Promise<Transaction>((resolve) => {
          tell = resolve;
        });
        let end!: (commit: boolean) => void;
        const ended = new Promise<boolean>((resolve) => {
          end = resolve;
        });
        const done = client.transaction(async (tx) => {
          tell(tx);
          if (!(await ended)) await tx.rollback();
        });
        // A transaction that cannot begin answers `begin` with its error.
        const tx = await Promise.race([begun, done.then(() => undefined)]);
        if (!tx) throw new Error('the transaction ended before it began');
        const txId = req.id;
        transactions.set(txId, { tx, end, done });
        return txId;
      }
      case 'end': {
        const open = transactions.get(req.tx);
        if (!open) throw new Error(`no transaction ${req.tx} is open`);
        transactions.delete(req.tx);
        open.end(req.commit);
        return open.done;
      }
      case 'listen':
        listeners.set(
          req.listener,
          await client.listen(req.channel, (payload) => post({ notify: req.listener, payload })),
        );
        return undefined;
      case 'unlisten': {
        const stop = listeners.get(req.listener);
        listeners.delete(req.listener);
        await stop?.();
        return undefined;
      }
      case 'close':
        await client.close();
        return undefined;
    }
  };
  port.on('message', (req: ThreadRequest) => {
    opened
      .then((client) => handle(client, req))
      .then(
        (value) => post({ id: req.id, value }),
        (e: unknown) => post({ id: req.id, error: wireError(e) }),
      );
  });
};

if (data.createOnly) {
  openMigrated()
    .then((client) => client.close())
    .then(
      () => process.exit(0),
      (e: unknown) => {
        post({ failed: wireError(e) });
        process.exit(1);
      },
    );
} else {
  const opened = open();
  serve(opened);
  opened.then(
    () => post({ ready: true }),
    (e: unknown) => post({ failed: wireError(e) }),
  );
}
