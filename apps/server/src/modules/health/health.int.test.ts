import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, JUDGE_TOKEN, type TestApp } from '../../../test/harness.js';

describe.each(DB_KINDS)('health and readiness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en-US' } });

  it('answers liveness without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok' });
  });

  it('is not ready without a judge, ready once one polls, and says why otherwise', async () => {
    let res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, msg: 'Not ready: no judge is connected' });
    expect(res.json().data.key).toBe('notReadyJudge');
    // The Chinese text for a Chinese caller.
    const zh = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('服务未就绪：没有已连接的评测机');

    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/judge/claim',
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      payload: { name: 'judge-1', languages: ['C++'], concurrency: 1, running: 0, waitMs: 0 },
    });
    expect(claim.statusCode).toBe(200);
    res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ready', judges: 1, queued: 0 });

    // A judge not heard from for over a minute no longer counts.
    t.clock.offsetMs = 61_000;
    res = await ready();
    expect(res.json().data.key).toBe('notReadyJudge');
    t.clock.offsetMs = 0;
  });

  it('is not ready when a migration of this build is missing from the database', async () => {
    const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { id: number }[];
    const [last] = rows(
      await t.services.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)
            RETURNING id, hash, created_at`,
      ),
    ) as { id: number; hash: string; created_at: string }[];
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().data.key).toBe('notReadyMigrations');
    await t.services.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
    );
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready while the server shuts down', async () => {
    t.services.health.markStopping();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().data.key).toBe('notReadyStopping');
    // Liveness stays: requests in flight are still being served.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
