import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheKeyOf, createImageCache } from './image-cache.js';

const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
const DAY_MS = 24 * 3600_000;

describe('image cache', () => {
  let dir: string;
  let nowMs: number;
  const cache = (maxTotalBytes = 1_000_000) =>
    createImageCache(dir, { ttlMs: 7 * DAY_MS, maxTotalBytes, now: () => new Date(nowMs) });
  const entries = () => fs.readdirSync(dir).sort();

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-img-cache-'));
    nowMs = Date.UTC(2030, 0, 1);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps an entry whole or not at all, and refuses what is no image or too large', async () => {
    const c = cache();
    expect(await c.store(cacheKeyOf('a'), Readable.from([png(40).subarray(0, 10), png(40).subarray(10)]), 100)).toBe(
      'stored',
    );
    expect(await c.store(cacheKeyOf('b'), Readable.from([Buffer.from('<svg></svg>')]), 100)).toBe('notImage');
    expect(await c.store(cacheKeyOf('c'), Readable.from([png(101)]), 100)).toBe('tooLarge');
    expect(await c.store(cacheKeyOf('d'), Readable.from([]), 100)).toBe('notImage');
    expect(entries()).toEqual([cacheKeyOf('a')]);
    const hit = await c.open(cacheKeyOf('a'));
    expect(hit?.contentType).toBe('image/png');
    expect(hit?.size).toBe(40);
    hit?.body.destroy();
    expect(await c.open(cacheKeyOf('b'))).toBeNull();
  });

  it('treats an entry older than the TTL as absent and sweeps it away', async () => {
    const c = cache();
    await c.store(cacheKeyOf('old'), Readable.from([png(40)]), 100);
    nowMs += 8 * DAY_MS;
    expect(await c.open(cacheKeyOf('old'))).toBeNull();
    await c.sweep();
    expect(entries()).toEqual([]);
  });

  it('evicts the oldest entries first when the cache outgrows its size', async () => {
    const c = cache(250);
    for (const name of ['first', 'second', 'third', 'fourth']) {
      await c.store(cacheKeyOf(name), Readable.from([png(100)]), 1000);
      nowMs += 60_000;
    }
    // An orphaned temporary file of a fetch that died long ago goes too; other files are left alone.
    const orphan = path.join(dir, `${cacheKeyOf('x')}.abc.part`);
    fs.writeFileSync(orphan, 'half');
    fs.utimesSync(orphan, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    fs.writeFileSync(path.join(dir, 'README'), 'kept');
    await c.sweep();
    expect(entries()).toEqual([cacheKeyOf('fourth'), cacheKeyOf('third'), 'README'].sort());
  });
});
