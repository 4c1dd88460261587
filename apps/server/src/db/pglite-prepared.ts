/** Named prepared statements for PGlite.
 *
 * PGlite's `query` parses, analyses and plans its statement every time it runs, in six calls into its WebAssembly
 * (parse, describe the statement, bind, describe the portal, execute, sync): a 60-column select by id costs about
 * 0.7 ms there, against 0.07 ms as a prepared statement run in one call (bind, execute and sync together). drizzle
 * writes the same text for the same query every time, so the server's statements repeat: a text seen a second time is
 * prepared under a name (parse and describe, once) and from then on only bound and executed. A text seen once runs
 * through PGlite's own `query`, so one-off statements (a migration's, a list of ids of a new length) never take a name.
 *
 * The statements keep PGlite's guarantees: each takes the locks PGlite's own statements take (a statement from
 * outside a transaction waits for it; inside one, for the statement before), a failed one throws PGlite's error (with
 * the statement on it) and leaves the session ready for the next, and one outside a transaction is synced to the file
 * system after it, as PGlite's are. At most `capacity` statements are kept; the one used longest ago is closed first.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;
type Parsers = PGlite['parsers'];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** PGlite's two locks, which its own `query` and `transaction` take: the one a transaction holds while it is open,
 * and the one each statement holds while it runs. */
interface StatementLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

interface Prepared {
  name: string;
  /** The type of each parameter, as the statement's description gave it (what PGlite serialises a value by). */
  types: number[];
  /** The description of the rows it answers (none for a statement without rows). */
  rows: BackendMessage | undefined;
}

/** Texts remembered as seen once, at most (a server's distinct statements are far fewer; past this they are forgotten
 * and counted afresh). */
const SEEN_LIMIT = 4096;

/** Statement names are the session's: unique across every set of statements of this process. */
let serial = 0;

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export interface PreparedStatements {
  /** PGlite's `query` (or `tx.query` with the transaction `tx` it runs in), through a prepared statement once the text
   * has been seen before. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: Transaction): Promise<Results<T>>;
  /** How many statements are prepared now. */
  size(): number;
}

/** Whether a parser keeps a type's text as it is (what drizzle asks for dates, timestamps and intervals). */
export const keepsText = (parse: (text: string, typeId?: number) => unknown) =>
  parse('2000-01-01 00:00:00') === '2000-01-01 00:00:00';

export const preparedStatements = (client: PGlite, capacity = 256): PreparedStatements => {
  const locks = client as unknown as StatementLocks;
  if (typeof locks._runExclusiveQuery !== 'function' || typeof locks._runExclusiveTransaction !== 'function') {
    throw new Error('this PGlite has no statement locks (db/pglite-prepared.ts follows PGlite 0.3)');
  }
  const seen = new Set<string>();
  /** Least recently used first (a Map keeps insertion order; a use moves the text to the end). */
  const statements = new Map<string, Prepared>();

  /** The parsers a statement's rows are read with: PGlite's own with the caller's over them. PGlite merges its 318
   * parsers with the caller's for every statement (0.1 ms each); drizzle hands every statement new parsers keeping
   * the same types' text, so those are merged once per set of types. */
  const readers = new Map<string, Parsers>();
  const parsersFor = (given: QueryOptions['parsers']): Parsers => {
    if (!given) return client.parsers;
    const parsers = given as Parsers;
    const types = Object.keys(parsers);
    if (!types.every((type) => keepsText(parsers[type]))) return { ...client.parsers, ...parsers };
    const key = types.join();
    let merged = readers.get(key);
    if (!merged) {
      merged = { ...client.parsers };
      for (const type of types) merged[type] = (text: string) => text;
      readers.set(key, merged);
    }
    return merged;
  };

  const exchange = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const prepare = async (text: string): Promise<Prepared> => {
    if (statements.size >= capacity) {
      const [oldest, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldest);
      await exchange(concat(serialize.close({ type: 'S', name: old.name }), serialize.sync()));
    }
    const name = `oj_${++serial}`;
    const replies = await exchange(
      concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
    );
    const parameters = replies.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const prepared = {
      name,
      types: parameters?.dataTypeIDs ?? [],
      rows: replies.find((m) => m.name === 'rowDescription'),
    };
    statements.set(text, prepared);
    return prepared;
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) => {
    try {
      let prepared = statements.get(text);
      if (prepared) {
        statements.delete(text);
        statements.set(text, prepared);
      } else {
        prepared = await prepare(text);
      }
      const { types } = prepared;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const write = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
        return write ? write(value) : String(value);
      });
      const replies = await exchange(
        concat(serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()),
      );
      if (!inTransaction) await client.syncToFs();
      const messages = prepared.rows ? [prepared.rows, ...replies] : replies;
      const read = { rowMode: options?.rowMode };
      return parse.parseResults(messages, parsersFor(options?.parsers), read)[0] as Results<T>;
    } catch (e) {
      // As PGlite's own statements throw: the database's error with the statement on it.
      if (e && typeof e === 'object' && 'code' in e) Object.assign(e, { query: text, params, queryOptions: options });
      throw e;
    }
  };

  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: Transaction) {
      if (!statements.has(text) && !seen.has(text)) {
        if (seen.size >= SEEN_LIMIT) seen.clear();
        seen.add(text);
        return tx ? tx.query<T>(text, params, options) : client.query<T>(text, params, options);
      }
      const statement = () => locks._runExclusiveQuery(() => run<T>(text, params, options, tx !== undefined));
      return tx ? statement() : locks._runExclusiveTransaction(statement);
    },
    size: () => statements.size,
  };
};

/** The client drizzle is given for an in-memory PGlite: its statements prepared (above); everything else is the
 * client's own (`db.$client` stays a PGlite: its notifications, its dumps). */
export const withPreparedStatements = (client: PGlite): PGlite => {
  const statements = preparedStatements(client);
  const own = {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => statements.query<T>(text, params, options),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        fn({
          ...tx,
          query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
            statements.query<R>(text, params, options, tx),
        }),
      ),
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query' || key === 'transaction') return own[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
