import { describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../../test/harness.js';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../auth/session.service.js';
import { createSubmissionPublicService } from './submission-public.service.js';

type Deps = Parameters<typeof createSubmissionPublicService>[0];
const root = { uid: 'r', username: 'root', roles: ['root'] } as unknown as AuthUser;

/** The home page's week statistics are cached 30 minutes per instance; root's refresh on one instance reaches every
 * instance's cache through the bus (decision 0035), so no instance keeps showing the figures root refreshed. */
describe.each(DB_KINDS)('week statistics across instances on %s', (kind) => {
  it("root's refresh on one instance drops the other instances' cached figures, not its own", async () => {
    const { a, b } = await openInstances(kind);
    // The figures of the day: the submissions counted so far, read by whichever instance asks.
    let total = 1;
    const reads = { a: 0, b: 0 };
    const instance = (d: Database, name: 'a' | 'b') =>
      createSubmissionPublicService({
        bus: d.bus,
        query: {
          dailyCounts: async () => {
            reads[name] += 1;
            return [{ day: new Date().toISOString().slice(0, 10), ac: 0, total }];
          },
        },
      } as unknown as Deps);
    const sa = instance(a, 'a');
    const sb = instance(b, 'b');
    await Promise.all([sa.listening(), sb.listening()]);
    const today = async (s: typeof sa, refresh = false) =>
      (await s.weekStatistics(refresh, refresh ? root : undefined)).totalCountList.reduce((x, y) => x + y, 0);

    expect(await today(sa)).toBe(1);
    expect(await today(sb)).toBe(1);
    total = 5;
    // Cached on both.
    expect(await today(sa)).toBe(1);
    expect(await today(sb)).toBe(1);
    expect(reads).toEqual({ a: 1, b: 1 });
    // Only root refreshes; a visitor's forceRefresh is the cache.
    expect(await sa.weekStatistics(true, undefined).then((v) => v.totalCountList.at(-1))).toBe(1);
    expect(await today(sa, true)).toBe(5);
    await expect.poll(() => today(sb), { timeout: 5000 }).toBe(5);
    expect(reads).toEqual({ a: 2, b: 2 });
    // The refreshing instance kept what it computed.
    expect(await today(sa)).toBe(5);
    expect(reads.a).toBe(2);
  });
});
