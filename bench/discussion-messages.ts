/**
 * Discussions and the message centre at scale: 10,000 users, 20,000 discussions and 1,000,000 user
 * messages (plus 50 notices to all users), bulk-loaded with generate_series into a throwaway PostgreSQL database;
 * then median and p99 latency of get-discussion-list, get-discussion-detail and msg/unread (which every signed-in
 * page calls) under 20 concurrent clients, against a trivial endpoint (get-website-config) measured the same way in
 * the same run.
 *
 *   node --import tsx bench/discussion-messages.ts   # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   node --import tsx bench/discussion-messages.ts --clients 20 --rounds 50
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seedRoles } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createServices } from '../apps/server/src/services.js';
import { arg, compareCalls, throwawayPostgres } from './bench-kit.js';

const USERS = Number(arg('users', '10000'));
const DISCUSSIONS = Number(arg('discussions', '20000'));
const MESSAGES = Number(arg('messages', '1000000'));
const CLIENTS = Number(arg('clients', '20'));
const ROUNDS = Number(arg('rounds', '50'));

const main = async () => {
  const { url, drop } = await throwawayPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const database = await openDatabase({ url });
  try {
    const db = database.db;
    const services = createServices(db, { dataDir, bus: database.bus });
    await seedRoles(db);
    await services.site.seed();

    const t0 = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
          SELECT 'u' || g, 'user' || g, 'scrypt$x', 'nick' || g FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 'root', 'scrypt$x', 'root'`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_roles (uid, role_id) SELECT 'u' || g, 1003 FROM generate_series(1, ${USERS}) g
          UNION ALL SELECT 'root', 1000`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO problems (id, problem_id, title, case_version, difficulty, type)
          SELECT 999 + g, 'P' || (999 + g), 'Problem ' || g, '1', 1, 0 FROM generate_series(1, 200) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO discussion_categories (id, name) SELECT g, 'Category ' || g FROM generate_series(1, 5) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO discussions (category_id, title, description, content, pid, uid, role, view_num, like_num,
            top_priority, gmt_create)
          SELECT 1 + g % 5, 'Discussion ' || g, 'About problem ' || g, repeat('Some **markdown** text. ', 40),
            CASE WHEN g % 3 = 0 THEN 1000 + g % 200 END, 'u' || (1 + (g * 7919) % ${USERS}), 'user', g % 500, g % 50,
            CASE WHEN g % 1000 = 0 THEN 1 ELSE 0 END, now() - (g || ' minutes')::interval
          FROM generate_series(1, ${DISCUSSIONS}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO user_messages (action, source_id, source_type, source_content, url, recipient_uid,
            sender_uid, state, gmt_create)
          SELECT (array['Discuss', 'Reply', 'Like_Post', 'Like_Discuss'])[1 + g % 4], 1 + g % ${DISCUSSIONS},
            'Discussion', 'Discussion ' || (1 + g % ${DISCUSSIONS}), '/discussion-detail/' || (1 + g % ${DISCUSSIONS}),
            'u' || (1 + (g::bigint * 104729) % ${USERS}), 'u' || (1 + g % ${USERS}), CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END,
            now() - (g || ' seconds')::interval
          FROM generate_series(1, ${MESSAGES}) g`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO admin_notices (title, content, type, admin_uid)
          SELECT 'Notice ' || g, 'Hello everyone', 'All', 'root' FROM generate_series(1, 50) g`),
      );
    });
    await db.execute(sql`VACUUM ANALYZE`);
    console.error(`loaded ${DISCUSSIONS} discussions and ${MESSAGES} messages in ${Date.now() - t0} ms`);

    const app = await buildApp({ services, logLevel: 'silent', judgeToken: 'bench' });
    await app.ready();
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => (await services.sessions.issue(`u${1 + i * 97}`, meta)).token),
    );

    console.log(
      `\npostgres, ${USERS} users, ${DISCUSSIONS} discussions, ${MESSAGES} messages; ${CLIENTS} clients x ${ROUNDS} requests, median of 3 runs`,
    );
    await compareCalls(app, tokens, ROUNDS, [
      ['get-website-config (trivial)', () => '/api/get-website-config'],
      [
        'get-discussion-list (10 per page, pages 1-50, half by category)',
        (client, round) =>
          `/api/get-discussion-list?limit=10&currentPage=${1 + ((client * 7 + round) % 50)}${round % 2 ? `&cid=${1 + (round % 5)}` : ''}`,
      ],
      [
        'get-discussion-detail (counts a view)',
        (client, round) => `/api/get-discussion-detail?did=${1 + ((client * 997 + round * 31) % DISCUSSIONS)}`,
      ],
      ['msg/unread', () => '/api/msg/unread'],
    ]);
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
