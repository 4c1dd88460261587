import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { rawZip } from '../../../test/zip-fixtures.js';
import { extractZip, readZip, withExtractedZip, writeZip } from './safe-zip.js';

const MiB = 1024 * 1024;

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

describe('extractZip and withExtractedZip', () => {
  let root: string;
  let scratch: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-safe-zip-'));
    scratch = path.join(root, 'scratch');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(root, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const leftInScratch = () => (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []);

  it('streams the selected entries to disk with their hash and size, and removes them afterwards', async () => {
    const zip = write(
      'ok.zip',
      await writeZip([
        { name: 'a/1.in', data: '1 2\n' },
        { name: 'a/1.out', data: '3\n' },
        { name: 'readme.md', data: 'skip me' },
      ]),
    );
    const seen = await withExtractedZip(zip, scratch, { select: (n) => n.startsWith('a/') }, async (entries) => {
      for (const e of entries) expect(fs.readFileSync(e.path, 'utf8')).toBe(e.name.endsWith('.in') ? '1 2\n' : '3\n');
      return entries.map(({ name, size, sha256 }) => ({ name, size, sha256 }));
    });
    expect(seen).toEqual([
      { name: 'a/1.in', size: 4, sha256: crypto.createHash('sha256').update('1 2\n').digest('hex') },
      { name: 'a/1.out', size: 2, sha256: crypto.createHash('sha256').update('3\n').digest('hex') },
    ]);
    expect(leftInScratch()).toEqual([]);
  });

  it('refuses a small bomb whose header lies, leaving nothing behind', async () => {
    const limits = { maxEntries: 10, maxTotalBytes: 1 * MiB };
    // 8 MiB of zeros deflate to ~8 KB; the directory claims 1 KB, so only inflating tells.
    const zip = write(
      'bomb.zip',
      rawZip([
        { name: '1.in', data: 'ok', deflate: true },
        { name: '2.in', data: Buffer.alloc(8 * MiB), deflate: true, declaredSize: 1024 },
      ]),
    );
    expect(fs.statSync(zip).size).toBeLessThan(64 * 1024);
    expect(await keyOf(withExtractedZip(zip, scratch, { limits }, async () => 'used'))).toBe('zipTooLarge');
    expect(leftInScratch()).toEqual([]);
    // extractZip alone removes what it wrote before the refusal.
    const dir = fs.mkdtempSync(path.join(root, 'direct-'));
    expect(await keyOf(extractZip(zip, dir, { limits }))).toBe('zipTooLarge');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses an honest bomb from its directory, before inflating anything', async () => {
    const zip = write('honest.zip', rawZip([{ name: '1.in', data: Buffer.alloc(4 * MiB), deflate: true }]));
    let inspected = false;
    const limits = { maxEntries: 10, maxTotalBytes: MiB };
    const run = withExtractedZip(zip, scratch, { limits, inspect: () => (inspected = true) }, async () => 'used');
    expect(await keyOf(run)).toBe('zipTooLarge');
    expect(inspected).toBe(false);
    expect(leftInScratch()).toEqual([]);
  });

  it('lets `inspect` refuse an archive from its names, and keeps the other refusals', async () => {
    const zip = write('names.zip', await writeZip([{ name: 'x.txt', data: 'x' }]));
    const refuse = () => {
      throw new Error('no');
    };
    await expect(withExtractedZip(zip, scratch, { inspect: refuse }, async () => 'used')).rejects.toThrow('no');
    const slip = write('slip.zip', rawZip([{ name: 'a/../../x.in', data: '1' }]));
    expect(await keyOf(withExtractedZip(slip, scratch, {}, async () => 'used'))).toBe('zipUnsafePath');
    const link = write('link.zip', rawZip([{ name: 'l', data: '/etc/passwd', unixMode: 0o120777 }]));
    expect(await keyOf(withExtractedZip(link, scratch, {}, async () => 'used'))).toBe('zipSymlink');
    const many = write('many.zip', rawZip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.in`, data: '1' }))));
    const limits = { maxEntries: 4, maxTotalBytes: MiB };
    expect(await keyOf(withExtractedZip(many, scratch, { limits }, async () => 'used'))).toBe('zipTooManyEntries');
    const junk = write('junk.zip', Buffer.from('not a zip at all'));
    expect(await keyOf(withExtractedZip(junk, scratch, {}, async () => 'used'))).toBe('zipInvalid');
    expect(leftInScratch()).toEqual([]);
  });

  it('refuses a 1 MB zip inflating to 1000 MB without holding it in memory', async () => {
    // Built from a stream: the test never holds the 1000 MB either.
    const zipPath = path.join(root, 'real-bomb.zip');
    const chunk = Buffer.alloc(MiB);
    let sent = 0;
    const zeros = new Readable({
      read() {
        this.push(sent++ < 1000 ? chunk : null);
      },
    });
    const zip = new yazl.ZipFile();
    zip.addReadStream(zeros, 'big.in', { compress: true });
    zip.end();
    await pipeline(zip.outputStream, fs.createWriteStream(zipPath));
    expect(fs.statSync(zipPath).size).toBeLessThan(2 * MiB);
    // The directory claims 500 MiB (a lying header) under a 600 MiB cap: the refusal comes only after 500 MiB
    // went through inflation to disk.
    const fd = fs.openSync(zipPath, 'r+');
    const end = Buffer.alloc(22);
    fs.readSync(fd, end, 0, 22, fs.statSync(zipPath).size - 22);
    const central = end.readUInt32LE(16);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(500 * MiB);
    fs.writeSync(fd, size, 0, 4, central + 24);
    fs.closeSync(fd);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const limits = { maxEntries: 10, maxTotalBytes: 600 * MiB };
    const started = Date.now();
    let inflated = 0;
    const refused = await keyOf(
      withExtractedZip(zipPath, scratch, { limits }, async (entries) => {
        inflated = entries[0]?.size ?? 0;
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(refused).toBe('zipTooLarge');
    expect(inflated).toBe(0);
    expect(peak - before).toBeLessThan(200 * MiB);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(leftInScratch()).toEqual([]);
  }, 60_000);
});
