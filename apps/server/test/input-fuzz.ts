import type { PGlite } from '@electric-sql/pglite';
import { type Endpoint, health, type RoleName } from '@oj/shared';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccess } from '../src/http/guard.js';
import { createTestApp, createUser, type DbKind, JUDGE_TOKEN, login, ROOT_PASSWORD, type TestApp } from './harness.js';
import { createProblem } from './judge-helpers.js';

/**
 * Every endpoint of the contract, called by every role with malformed input (ids and integers are a JSON number or a
 * string of decimal digits, bodies have the endpoint's shape): each field of its input, alone, gets each mutation
 * below; the body and the query get theirs. Whatever comes in, the answer is never a 5xx, always the JSON envelope
 * (status in the body equals the HTTP status), and a call refused with a 4xx changes nothing in the database. Endpoints
 * added later are covered without edits (they are read from the contract). One test file per database
 * (src/http/input-fuzz.*.int.test.ts), so the two run side by side.
 */

/** What a field gets. Several are valid for some fields (an emoji in a title): those may succeed. */
const FIELD_MUTATIONS: [string, unknown][] = [
  ['wrong type (object)', { a: 1 }],
  ['wrong type (array)', [1, 'x']],
  ['wrong type (boolean)', true],
  ['wrong type (number)', 12345],
  ['empty', ''],
  ['null', null],
  ['too long', 'x'.repeat(70_000)],
  ['NUL', 'a\u0000b'],
  ['control characters', '\u0001\u001b[31m\u007f'],
  ['unpaired surrogate', 'x\ud800'],
  ['unicode', '名字😀'],
  ['2^31', 2 ** 31],
  ['2^63', 2 ** 63],
  ['2^63 as text', '9223372036854775808'],
  ['negative', -1],
  ['hex', '0x10'],
  ['exponent', '1e3'],
  ['fraction', 1.5],
  ['full-width digits', '１２'],
  ['deep nesting', JSON.parse(`${'['.repeat(64)}1${']'.repeat(64)}`)],
];
/** Roles other than the most privileged one allowed get this many mutations per field (chosen in turn). */
const SAMPLED_PER_FIELD = 3;
/** When the fuzz runs on both databases (TEST_DATABASE_URL), PostgreSQL gets every mutation and the embedded PGlite
 * (the same SQL engine behind another driver, and six times slower a call) a sample for every role. */
const sampledOnly = (kind: DbKind) => kind === 'pglite' && !!process.env.TEST_DATABASE_URL;

type Role = 'anonymous' | RoleName | 'judge';
const ROLES: Role[] = ['anonymous', 'user', 'admin', 'problem_admin', 'root', 'judge'];

interface Call {
  what: string;
  method: Endpoint['method'];
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const fieldsOf = (e: Endpoint): string[] => {
  const shape = (e.input as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : ['value'];
};

const queryOf = (fields: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else q.append(k, v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q.toString();
};

const multipartOf = (fields: Record<string, string>) => {
  const boundary = 'fuzz-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** A call carrying `fields` the way the endpoint reads its input (query for GET, JSON body otherwise). */
const callWith = (e: Endpoint, what: string, fields: Record<string, unknown>): Call => {
  if (e.method === 'GET') return { what, method: e.method, url: `${e.path}?${queryOf(fields)}` };
  if (e.upload) {
    const text = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    return { what, method: e.method, url: e.path, ...multipartOf(text) };
  }
  return { what, method: e.method, url: e.path, payload: JSON.stringify(fields), contentType: 'application/json' };
};

/** The body and the query themselves. */
const wholeCalls = (e: Endpoint): Call[] => {
  const base = { method: e.method, url: e.path };
  const huge = { what: 'huge query', ...base, url: `${e.path}?q=${'a'.repeat(60 * 1024)}` };
  if (e.method === 'GET') return [huge, { what: 'NUL in a key', ...base, url: `${e.path}?a%00b=1` }];
  return [
    huge,
    { what: 'missing body', ...base },
    { what: 'text/plain', ...base, payload: 'hello', contentType: 'text/plain' },
    { what: 'body []', ...base, payload: '[]', contentType: 'application/json' },
    { what: 'body null', ...base, payload: 'null', contentType: 'application/json' },
    { what: 'body 123', ...base, payload: '123', contentType: 'application/json' },
    { what: 'malformed JSON', ...base, payload: '{"a":', contentType: 'application/json' },
    { what: 'multipart without boundary', ...base, payload: 'x', contentType: 'multipart/form-data' },
    {
      what: 'prototype keys',
      ...base,
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"unknownField":"x"}',
      contentType: 'application/json',
    },
  ];
};

/** The fuzz on one database; skipped when that database is not configured (PostgreSQL without TEST_DATABASE_URL). */
export const describeInputFuzz = (kind: DbKind, configured = true) =>
  describe.skipIf(!configured)(`every endpoint with malformed input on ${kind}`, () => {
    let t: TestApp;
    const tokens = new Map<Role, string | undefined>();
    const credentials = new Map<Role, { username: string; password: string }>();

    const signIn = async (role: Role) => {
      if (role === 'anonymous') return tokens.set(role, undefined);
      if (role === 'judge') return tokens.set(role, `Bearer ${JUDGE_TOKEN}`);
      const c = credentials.get(role) as { username: string; password: string };
      tokens.set(role, (await login(t, c.username, c.password)).token);
    };

    /** Counts every row any statement writes, in every table but the two that change by design on refused calls
     * (a session refreshed or touched, a failed login counted), so each call is checked on its own. An upload's own
     * counters change by design too: a body that was read counts for the caller's hour even when it is then refused
     * (decision 0012), so their rows of user_rate_limits are left out.
     *
     * On PostgreSQL every written row adds one to a counter table, read after each call. On the embedded PGlite the
     * triggers send a notification instead (one per writing transaction), which PGlite hands to its listeners as it
     * reads the answer of the statement that committed, so the count is whole when the call is answered, without a
     * query per call (a fifth of the file's time on PGlite). */
    const run = async (query: string) =>
      ((await t.services.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
    let notified = 0;
    const countWrites = async () => {
      if (kind === 'pglite') {
        const client = (t.services.db as unknown as { $client: PGlite }).$client;
        await client.listen('fuzz_writes', () => {
          notified += 1;
        });
        await run(`create function fuzz_count() returns trigger language plpgsql as $$
        begin perform pg_notify('fuzz_writes', ''); return null; end $$`);
      } else {
        await run('create table fuzz_writes (n bigint not null)');
        await run('insert into fuzz_writes values (0)');
        await run(`create function fuzz_count() returns trigger language plpgsql as $$
        begin update fuzz_writes set n = n + 1; return null; end $$`);
      }
      const tables = await run(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('sessions', 'login_failures', 'fuzz_writes')`,
      );
      for (const { table_name: n } of tables) {
        if (n === 'user_rate_limits') {
          await run(`create trigger fuzz_count after insert or update on "${n}" for each row
          when (new.scope not in ('uploadsInFlight', 'uploadKiB')) execute function fuzz_count()`);
          await run(
            `create trigger fuzz_count_delete after delete on "${n}" for each row execute function fuzz_count()`,
          );
          continue;
        }
        await run(
          `create trigger fuzz_count after insert or update or delete on "${n}" for each row execute function fuzz_count()`,
        );
      }
    };
    const writes = async () => (kind === 'pglite' ? notified : Number((await run('select n from fuzz_writes'))[0].n));

    beforeAll(async () => {
      t = await createTestApp(kind);
      credentials.set('root', { username: 'root', password: ROOT_PASSWORD });
      for (const role of ['user', 'admin', 'problem_admin'] as const) credentials.set(role, await createUser(t, role));
      for (const role of ROLES) await signIn(role);
      // Something for ids to point at.
      await createProblem(t);
      await countWrites();
    });
    afterAll(async () => {
      await t?.close();
    });

    it(
      'never answers 5xx, always answers the envelope, and a refused call changes nothing',
      async () => {
        const failures: string[] = [];
        const users = new Map(
          await Promise.all(
            ROLES.map(async (role) => {
              const token = tokens.get(role);
              const auth =
                token && role !== 'judge'
                  ? await t.services.sessions.authenticate(token, { ip: '', userAgent: '' })
                  : null;
              return [role, auth?.user] as const;
            }),
          ),
        );
        const allowed = (e: Endpoint, role: Role) =>
          e.access === 'judge' ? role === 'judge' : role !== 'judge' && !checkAccess(e, users.get(role), undefined);

        const send = async (e: Endpoint, role: Role, c: Call) => {
          const token = tokens.get(role);
          const res: LightMyRequestResponse = await t.app.inject({
            method: c.method,
            url: c.url,
            payload: c.payload,
            headers: {
              ...(token ? { authorization: token } : {}),
              ...(c.contentType ? { 'content-type': c.contentType } : {}),
            },
          });
          const where = `${e.method} ${e.path} as ${role}, ${c.what}`;
          // Readiness answers 503 by design while no judge is connected (decision 0035): the one 5xx in the contract.
          const notReady = e === health.ready && res.statusCode === 503;
          if (res.statusCode >= 500 && !notReady)
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (e.binary && res.statusCode < 300) return res.statusCode;
          let body: { status?: unknown; msg?: unknown } | undefined;
          try {
            body = res.json();
          } catch {
            failures.push(`${where}: not JSON (${res.statusCode}) ${res.body.slice(0, 100)}`);
          }
          if (body && (body.status !== res.statusCode || typeof body.msg !== 'string' || !('data' in body))) {
            failures.push(`${where}: not the envelope (${res.statusCode}) ${res.body.slice(0, 200)}`);
          }
          return res.statusCode;
        };

        let requests = 0;
        let written = await writes();
        let turn = 0;
        for (const { name, endpoint: e } of ALL_ENDPOINTS) {
          const fields = fieldsOf(e);
          const mostPrivileged = [...ROLES].reverse().find((r) => allowed(e, r));
          for (const role of ROLES) {
            const calls: Call[] = [...wholeCalls(e)];
            if (!allowed(e, role)) {
              // Refused at the guard before the input is read: one field mutation is enough to show it.
              calls.push(callWith(e, `${fields[0]}: NUL`, { [fields[0]]: 'a\u0000b' }));
            } else {
              for (const field of fields) {
                const chosen =
                  role === mostPrivileged && !sampledOnly(kind)
                    ? FIELD_MUTATIONS
                    : Array.from({ length: SAMPLED_PER_FIELD }, () => FIELD_MUTATIONS[turn++ % FIELD_MUTATIONS.length]);
                for (const [what, value] of chosen) calls.push(callWith(e, `${field}: ${what}`, { [field]: value }));
              }
            }
            for (const c of calls) {
              const status = await send(e, role, c);
              requests += 1;
              const now = await writes();
              if (status >= 400 && now !== written) {
                failures.push(`${name} as ${role}, ${c.what}: refused with ${status} but wrote to the database`);
              }
              written = now;
            }
            // A call may have ended this role's session (logout, a password change): sign in again.
            if (role !== 'anonymous' && role !== 'judge') {
              const probe = await t.app.inject({
                url: '/api/get-user-auth-info',
                headers: { authorization: tokens.get(role) ?? '' },
              });
              if (probe.statusCode === 401) await signIn(role);
              written = await writes();
            }
          }
        }
        console.log(
          `input fuzz on ${kind}: ${ALL_ENDPOINTS.length} endpoints, ${requests} calls, ${written} rows written`,
        );
        expect(failures).toEqual([]);
        // The count saw the accepted calls that wrote (sign-ins, saves): it would see a refused one that wrote.
        expect(written).toBeGreaterThan(0);
      },
      15 * 60_000,
    );
  });
