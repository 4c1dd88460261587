import { describe, expect, it } from 'vitest';
import { DB_KINDS, openInstances } from '../../../test/harness.js';
import { createJudgeHeaderRepository, withWorkerHeadersCache } from './judge-header.repository.js';

const header = (sha256: string) => ({ name: 'testlib.h', sha256, size: 10, version: null, uploadedBy: 'root' });

/** The headers handed with every task are read from memory on each instance; a write on any instance reaches every
 * instance's copy through the bus, so no instance hands out headers that were replaced or deleted. */
describe.each(DB_KINDS)('the headers a worker is told of, across instances on %s', (kind) => {
  it('a header added, replaced or deleted on one instance is what every instance hands out next', async () => {
    const { a, b } = await openInstances(kind);
    const ra = withWorkerHeadersCache(createJudgeHeaderRepository(a.db), a.bus);
    const rb = withWorkerHeadersCache(createJudgeHeaderRepository(b.db), b.bus);
    // Once this resolves the instances listen on the cache's channel (one LISTEN per channel and connection).
    const stop = await b.bus.subscribe('judge_headers', () => {});
    const stopA = await a.bus.subscribe('judge_headers', () => {});

    expect(await ra.forWorker()).toEqual([]);
    expect(await rb.forWorker()).toEqual([]);
    const at = new Date();
    await ra.upsert(header('a'.repeat(64)), at);
    // The writer reads its own write at once; the other instance once the message arrives.
    expect(await ra.forWorker()).toEqual([{ name: 'testlib.h', sha256: 'a'.repeat(64), size: 10 }]);
    await expect
      .poll(() => rb.forWorker(), { timeout: 5000 })
      .toEqual([{ name: 'testlib.h', sha256: 'a'.repeat(64), size: 10 }]);

    await rb.upsert(header('b'.repeat(64)), at);
    await expect
      .poll(() => ra.forWorker(), { timeout: 5000 })
      .toEqual([{ name: 'testlib.h', sha256: 'b'.repeat(64), size: 10 }]);
    // Adding what is there already changes nothing.
    expect(await ra.insertIfMissing(header('c'.repeat(64)), at)).toBe(false);
    expect(await rb.forWorker()).toEqual([{ name: 'testlib.h', sha256: 'b'.repeat(64), size: 10 }]);

    expect(await ra.remove('testlib.h')).not.toBeNull();
    expect(await ra.forWorker()).toEqual([]);
    await expect.poll(() => rb.forWorker(), { timeout: 5000 }).toEqual([]);
    await stop();
    await stopA();
  });
});
