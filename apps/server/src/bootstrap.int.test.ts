import { ROLES } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import { seedRoles } from './bootstrap.js';
import type { Database } from './db/client.js';

const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe('the roles seeded at every start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  /** Each grant with the transaction that wrote it (xmin): a grant written again has a new one. */
  const grants = async () =>
    rows(
      await database.db.execute(
        sql`SELECT xmin::text AS written, role_id, permission_id FROM role_permissions ORDER BY role_id, permission_id`,
      ),
    );
  const wanted = ROLES.reduce((n, r) => n + r.permissions.length, 0);

  it('are written once, left alone while they match the table, and put back when they differ', async () => {
    await seedRoles(database.db);
    const seeded = await grants();
    expect(seeded).toHaveLength(wanted);

    await seedRoles(database.db);
    expect(await grants()).toEqual(seeded);

    const [role] = ROLES;
    await database.db.execute(
      sql`DELETE FROM role_permissions WHERE ctid = (SELECT ctid FROM role_permissions WHERE role_id = ${ROLES[1].id} LIMIT 1)`,
    );
    await database.db.execute(sql`UPDATE roles SET description = 'changed' WHERE id = ${role.id}`);
    expect(await grants()).toHaveLength(wanted - 1);
    await seedRoles(database.db);
    expect((await grants()).map(({ role_id, permission_id }) => ({ role_id, permission_id }))).toEqual(
      seeded.map(({ role_id, permission_id }) => ({ role_id, permission_id })),
    );
    const [stored] = rows(await database.db.execute(sql`SELECT description FROM roles WHERE id = ${role.id}`));
    expect(stored.description).toBe(role.description);
  });
});
