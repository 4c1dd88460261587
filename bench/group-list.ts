/**
 * Groups at scale (issue "Groups, part 1"): 10,000 users, 2,000 groups (one in ten invisible, open, protected and
 * private mixed) owned by 300 teachers, and 100,000 memberships (each owner at 5, admins at 4, applicants at 1 and
 * 2, the rest members at 3; twenty groups of about 1,000 members, the measured users in 15 groups each),
 * bulk-loaded with generate_series into a throwaway PostgreSQL database; then median and p99 latency of
 * get-group-list (all, onlyMine, with a keyword, and as a visitor) and group/get-member-list (a 1,000-member group
 * as its owner, page 1 and page 50) under 20 concurrent clients, against a trivial endpoint (get-website-config)
 * measured the same way in the same run.
 *
 *   node --import tsx bench/group-list.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/group-list.ts --clients 20 --rounds 50
 *   node --import tsx bench/group-list.ts --keep true   # leaves the database for EXPLAIN ANALYZE, prints its URL
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, compareCalls, throwawayPostgres } from './bench-kit.js';

const USERS = Number(arg('users', '10000'));
const GROUPS = Number(arg('groups', '2000'));
const MEMBERSHIPS = Number(arg('memberships', '100000'));
const CLIENTS = Number(arg('clients', '20'));
const ROUNDS = Number(arg('rounds', '50'));
const KEEP = arg('keep', 'false') === 'true';
const TEACHERS = 300;
/** Groups 100, 200, ... are the large ones, one owned by each client. */
const LARGE_EVERY = Math.floor(GROUPS / CLIENTS);
const LARGE_SIZE = 1000;
/** Groups each client joins besides its own. */
const JOINED = 14;
const SUBJECTS = ['Algorithms', 'Data Structures', 'Mathematics', 'Graph Theory', 'Strings'];

/** The measured users u1, u98, u195, ... (ordinary users, as in the other benches); nobody else picks them. */
const clientUid = (i: number) => `u${1 + i * 97}`;
const notClient = (n: string) => `NOT ((${n} - 1) % 97 = 0 AND ${n} <= ${1 + (CLIENTS - 1) * 97})`;

const main = async () => {
  const { url, drop } = await throwawayPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase({ url });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();

    const count = async (q: string) =>
      ((await db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0].n;
    const t0 = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash, nickname, realname)
          SELECT 'u' || g, 'user' || g, 'scrypt$x', 'nick' || g, 'Real ' || g FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x', 'root', NULL`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 1000`),
      );
      // Owners: the large groups' are the clients, the others' 300 teachers (u1, u34, u67, ...).
      await tx.execute(
        sql.raw(`INSERT INTO groups (id, name, short_name, brief, description, uid, auth, code, visible, gmt_create)
          SELECT g, 'Class ' || g || ' ' || (array['${SUBJECTS.join("','")}'])[1 + g % 5], 'C' || lpad(g::text, 5, '0'),
            'A class about ' || lower((array['${SUBJECTS.join("','")}'])[1 + g % 5]), repeat('Welcome to the class. ', 20),
            CASE WHEN g % ${LARGE_EVERY} = 0 THEN 'u' || (1 + (g / ${LARGE_EVERY} - 1) * 97)
              ELSE 'u' || (1 + ((g * 31) % ${TEACHERS}) * 33) END,
            1 + g % 3, CASE WHEN g % 3 <> 0 THEN 'abc123' END, CASE WHEN g % 10 = 3 THEN 0 ELSE 1 END,
            now() - ((${GROUPS} - g) || ' hours')::interval
          FROM generate_series(1, ${GROUPS}) g`),
      );
      await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('groups', 'id'), ${GROUPS})`));
      await tx.execute(sql.raw(`INSERT INTO group_members (gid, uid, auth) SELECT id, uid, 5 FROM groups`));
      // Each client: the next client's large group, an invisible group, and 12 more (all at 3, one at 4).
      await tx.execute(
        sql.raw(`INSERT INTO group_members (gid, uid, auth)
          SELECT CASE WHEN j = 0 THEN ${LARGE_EVERY} * ((i + 1) % ${CLIENTS} + 1)
              WHEN j = 1 THEN 3 + 10 * ((i * 37) % ${GROUPS / 10})
              ELSE 1 + (i * 97 + j * 143) % ${GROUPS} END,
            'u' || (1 + i * 97), CASE WHEN j = 2 THEN 4 ELSE 3 END
          FROM generate_series(0, ${CLIENTS - 1}) i, generate_series(0, ${JOINED - 1}) j
          ON CONFLICT (gid, uid) DO NOTHING`),
      );
      // The large groups: about 1,000 rows each (4 admins, 20 applicants, 5 refused, the rest members).
      await tx.execute(
        sql.raw(`INSERT INTO group_members (gid, uid, auth, reason)
          SELECT gid, 'u' || n, CASE WHEN r <= 4 THEN 4 WHEN r <= 24 THEN 1 WHEN r <= 29 THEN 2 ELSE 3 END,
            CASE WHEN r BETWEEN 5 AND 29 THEN 'Please let me in' END
          FROM (SELECT gid, n, row_number() OVER (PARTITION BY gid ORDER BY k) AS r
            FROM generate_series(1, ${CLIENTS}) i, generate_series(1, ${LARGE_SIZE + 200}) k,
              LATERAL (SELECT i * ${LARGE_EVERY} AS gid, 1 + (i * 503 + k * 7) % ${USERS} AS n) x
            WHERE ${notClient('n')}) c
          WHERE r < ${LARGE_SIZE}
          ON CONFLICT (gid, uid) DO NOTHING`),
      );
    });
    // The rest spread over the other groups (about 40 each), clients left out, up to the total exactly.
    const rest = MEMBERSHIPS - (await count('SELECT count(*)::int AS n FROM group_members'));
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO group_members (gid, uid, auth, gmt_create)
          SELECT gid, 'u' || n, CASE WHEN h % 20 = 0 THEN 4 WHEN h % 20 = 1 THEN 1 WHEN h % 50 = 2 THEN 2 ELSE 3 END,
            now() - (h % 100000 || ' seconds')::interval
          FROM (SELECT DISTINCT ON (gid, n) gid, n, h
            FROM generate_series(1, ${rest * 2}) g,
              LATERAL (SELECT (hashint4(g)::bigint + 2147483648) AS h) hh,
              LATERAL (SELECT 1 + (h % ${GROUPS})::int AS gid, 1 + ((h / ${GROUPS}) % ${USERS})::int AS n) x
            WHERE gid % ${LARGE_EVERY} <> 0 AND ${notClient('n')}
              AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.gid = x.gid AND m.uid = 'u' || x.n)
            ORDER BY gid, n) c
          ORDER BY h
          LIMIT ${rest}`),
      );
    });
    await db.execute(sql`VACUUM ANALYZE`);
    const total = await count('SELECT count(*)::int AS n FROM group_members');
    const large = await count(
      `SELECT min(c)::int AS n FROM (SELECT count(*) AS c FROM group_members WHERE gid % ${LARGE_EVERY} = 0 GROUP BY gid) x`,
    );
    const mine = await count(
      `SELECT min(c)::int AS n FROM (SELECT count(*) AS c FROM group_members WHERE auth >= 3
        AND uid IN (${Array.from({ length: CLIENTS }, (_, i) => `'${clientUid(i)}'`).join(',')}) GROUP BY uid) x`,
    );
    console.error(
      `loaded ${GROUPS} groups and ${total} memberships in ${Date.now() - t0} ms; large groups >= ${large} rows, clients in >= ${mine} groups`,
    );

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => (await services.sessions.issue(clientUid(i), meta)).token),
    );
    const visitors = tokens.map(() => '');

    const signedIn: [string, (client: number, round: number) => string][] = [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      ['get-group-list all (15 per page, page 1)', () => '/api/get-group-list?currentPage=1&limit=15'],
      ['get-group-list onlyMine', () => '/api/get-group-list?currentPage=1&limit=15&onlyMine=true'],
      [
        'get-group-list keyword (5 subjects)',
        (client, round) =>
          `/api/get-group-list?currentPage=1&limit=15&keyword=${encodeURIComponent(SUBJECTS[(client + round) % 5].slice(0, 6))}`,
      ],
      [
        'get-member-list (1,000-member group, owner, page 1)',
        (client) => `/api/group/get-member-list?gid=${LARGE_EVERY * (client + 1)}&currentPage=1&limit=10`,
      ],
      [
        'get-member-list (1,000-member group, owner, page 50)',
        (client) => `/api/group/get-member-list?gid=${LARGE_EVERY * (client + 1)}&currentPage=50&limit=10`,
      ],
    ];
    const visitor: [string, (client: number, round: number) => string][] = [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      ['get-group-list as a visitor (15 per page, page 1)', () => '/api/get-group-list?currentPage=1&limit=15'],
    ];

    // Every measured call answers 200 with records for every client, so a refusal cannot pass for a fast call.
    const check = async (a: FastifyInstance, who: string[], calls: typeof signedIn) => {
      for (const [label, urlOf] of calls.slice(1)) {
        const totals = new Set<number>();
        for (const [client, token] of who.entries()) {
          for (const round of [0, 1]) {
            const res = await a.inject({ method: 'GET', url: urlOf(client, round), headers: { authorization: token } });
            const body = res.json() as { status: number; data?: { records?: unknown[]; total?: number } };
            if (res.statusCode !== 200 || body.status !== 200 || !body.data?.records?.length) {
              throw new Error(`${label} (client ${client}): ${res.body.slice(0, 200)}`);
            }
            totals.add(body.data.total ?? 0);
          }
        }
        console.error(`checked ${label}: totals ${[...totals].sort((x, y) => x - y).join(', ')}`);
      }
    };
    await check(app, tokens, signedIn);
    await check(app, visitors, visitor);

    console.log(
      `\npostgres, ${USERS} users, ${GROUPS} groups, ${total} memberships; ${CLIENTS} clients x ${ROUNDS} requests, median of 3 runs`,
    );
    console.log('\nsigned in (ordinary users, each owning one 1,000-member group and a member of 14 more):\n');
    await compareCalls(app, tokens, ROUNDS, signedIn);
    console.log('\nvisitors (no token):\n');
    await compareCalls(app, visitors, ROUNDS, visitor);
    await app.close();
  } finally {
    await database.close();
    if (KEEP) console.error(`kept ${url}`);
    else await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
