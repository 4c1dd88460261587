import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-prepared.js';

/** Statements run as PGlite's own `query` runs them, prepared from their second run (db/pglite-prepared.ts). */
describe('prepared statements on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create({ postgresqlconf: 'shared_buffers=16MB' });
    await client.exec(`CREATE TABLE items (
      id serial PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz, tags text[], meta jsonb, n int)`);
  });
  afterAll(() => client.close());

  const prepared = async () => (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows;

  it('answers a statement as PGlite does, from its second run on as a prepared statement', async () => {
    const statements = preparedStatements(client);
    const text =
      'INSERT INTO items (name, at, tags, meta, n) VALUES ($1, $2, $3, $4, $5) RETURNING id, name, at, tags, meta, n';
    const at = new Date('2026-01-02T03:04:05.000Z');
    const values = (name: string) => [name, at, ['a', 'b'], { k: [1, 2] }, null];
    const first = await statements.query(text, values('first'));
    expect(statements.size()).toBe(0);
    const second = await statements.query(text, values('second'));
    const third = await statements.query(text, values('third'));
    expect(statements.size()).toBe(1);
    expect((await prepared()).length).toBe(1);
    const own = await client.query(text, values('own'));
    for (const [r, name] of [
      [first, 'first'],
      [second, 'second'],
      [third, 'third'],
    ] as const) {
      expect(r.fields).toEqual(own.fields);
      expect(r.affectedRows).toBe(1);
      expect(r.rows).toEqual([{ ...(own.rows[0] as object), id: expect.any(Number), name }]);
    }
    expect(own.rows[0]).toMatchObject({ at, tags: ['a', 'b'], meta: { k: [1, 2] }, n: null });

    // The caller's row mode and parsers apply, as they do to PGlite's own statements.
    const select = 'SELECT name, at FROM items WHERE name = $1';
    const options = { rowMode: 'array' as const, parsers: { 1184: (s: string) => `text:${s}` } };
    await statements.query(select, ['first'], options);
    const arrays = await statements.query(select, ['second'], options);
    expect(arrays.rows).toEqual([['second', expect.stringMatching(/^text:2026-01-02/)]]);
    // Parsers that keep the text (drizzle's, for dates and times), again and again.
    for (let i = 0; i < 2; i++) {
      const kept = await statements.query(select, ['third'], { parsers: { 1184: (s: string) => s } });
      expect(kept.rows).toEqual([{ name: 'third', at: '2026-01-02 03:04:05+00' }]);
    }
    expect(statements.size()).toBe(2);

    // A statement without rows answers its count.
    const update = 'UPDATE items SET n = $1 WHERE name = $2';
    await statements.query(update, [1, 'first']);
    const updated = await statements.query(update, [2, 'second']);
    expect(updated).toMatchObject({ rows: [], affectedRows: 1 });
    expect((await client.query('SELECT n FROM items WHERE name = $1', ['second'])).rows).toEqual([{ n: 2 }]);
  });

  it('throws the database error with the statement on it, and the session goes on', async () => {
    const statements = preparedStatements(client);
    const insert = 'INSERT INTO items (name) VALUES ($1)';
    await statements.query(insert, ['dup-1']);
    await statements.query(insert, ['dup-2']);
    const failed = await statements.query(insert, ['dup-1']).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505', constraint: 'items_name_key', query: insert, params: ['dup-1'] });
    expect(await statements.query(insert, ['dup-3'])).toMatchObject({ affectedRows: 1 });

    // A text the database cannot parse is never kept: it fails again the next time.
    const bad = 'SELEC name FROM items WHERE id = $1';
    const before = { kept: statements.size(), prepared: (await prepared()).length };
    for (let i = 0; i < 3; i++) await expect(statements.query(bad, [1])).rejects.toMatchObject({ code: '42601' });
    expect({ kept: statements.size(), prepared: (await prepared()).length }).toEqual(before);
  });

  it('runs inside a transaction as part of it, and from outside one only after it', async () => {
    const statements = preparedStatements(client);
    const insert = 'INSERT INTO items (name) VALUES ($1)';
    const count = 'SELECT count(*)::int AS n FROM items WHERE name LIKE $1';
    await statements.query(insert, ['warm-1']);
    await statements.query(insert, ['warm-2']);
    await statements.query(count, ['warm%']);

    // Rolled back with the transaction it ran in.
    await expect(
      client.transaction(async (tx) => {
        await statements.query(insert, ['tx-1'], undefined, tx);
        expect((await statements.query<{ n: number }>(count, ['tx-%'], undefined, tx)).rows).toEqual([{ n: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await statements.query<{ n: number }>(count, ['tx-%'])).rows).toEqual([{ n: 0 }]);

    // A failed statement inside aborts the transaction as PGlite's own would.
    await expect(
      client.transaction(async (tx) => {
        await statements.query(insert, ['tx-2'], undefined, tx);
        await statements.query(insert, ['warm-1'], undefined, tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await statements.query<{ n: number }>(count, ['tx-%'])).rows).toEqual([{ n: 0 }]);

    // One from outside waits for the open transaction, and sees what it committed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const open = client.transaction(async (tx) => {
      await statements.query(insert, ['tx-3'], undefined, tx);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = statements.query<{ n: number }>(count, ['tx-%']).then((r) => {
      order.push('outside');
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await open;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('keeps at most its capacity, closing the statement used longest ago', async () => {
    const before = (await prepared()).length;
    const statements = preparedStatements(client, 2);
    const texts = [1, 2, 3].map((k) => `SELECT ${k} + $1::int AS v`);
    for (const text of [...texts.slice(0, 2), ...texts.slice(0, 2), texts[0]]) await statements.query(text, [1]);
    expect(statements.size()).toBe(2);
    // The third text evicts the second (the first was used since).
    await statements.query(texts[2], [1]);
    expect((await statements.query<{ v: number }>(texts[2], [1])).rows).toEqual([{ v: 4 }]);
    expect(statements.size()).toBe(2);
    expect((await prepared()).length).toBe(before + 2);
    // The evicted text still runs, prepared again.
    expect((await statements.query<{ v: number }>(texts[1], [1])).rows).toEqual([{ v: 3 }]);
    expect((await prepared()).length).toBe(before + 2);
  });
});
