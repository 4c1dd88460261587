import { describe, expect, it } from 'vitest';
import { rawZip } from '../../../test/zip-fixtures.js';
import { readZip, writeZip } from './safe-zip.js';

const keyOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { key?: string }).key;
  }
};

describe('readZip', () => {
  it('reads what writeZip wrote, folders included', async () => {
    const zip = await writeZip([
      { name: 'a/1.in', data: '1' },
      { name: 'b.txt', data: Buffer.from([0, 1, 2]) },
    ]);
    const entries = await readZip(zip);
    expect(entries.map((e) => [e.name, [...e.data]])).toEqual([
      ['a/1.in', [49]],
      ['b.txt', [0, 1, 2]],
    ]);
  });

  it('stops an honest bomb once the inflated bytes pass the limit, across entries', async () => {
    const limits = { maxEntries: 10, maxTotalBytes: 1024 * 1024 };
    const half = Buffer.alloc(700 * 1024);
    const bomb = rawZip([
      { name: '1.in', data: half, deflate: true },
      { name: '2.in', data: half, deflate: true },
    ]);
    expect(await keyOf(readZip(bomb, limits))).toBe('zipTooLarge');
    expect(await keyOf(readZip(rawZip([{ name: '1.in', data: half, deflate: true }]), limits))).toBe('ok');
  });

  it('refuses Windows drive paths and backslashes as unsafe', async () => {
    expect(await keyOf(readZip(rawZip([{ name: 'C:/x.in', data: '1' }])))).toBe('zipUnsafePath');
    expect(await keyOf(readZip(rawZip([{ name: '..\\x.in', data: '1' }])))).toBe('zipUnsafePath');
  });
});
