import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGeneratedListStore } from './generated-list.store.js';

describe('generated account lists shared by the server instances of one data directory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-generated-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const clock = { at: Date.now() };
  // Two instances: each has its own store object on the shared directory.
  const a = createGeneratedListStore(dataDir, () => new Date(clock.at));
  const b = createGeneratedListStore(dataDir, () => new Date(clock.at));

  it('a list generated on one instance is downloaded once on another', () => {
    a.put('key-1', 'username,password\r\nu1,secret1\r\n', clock.at + 60_000);
    const dir = path.join(dataDir, 'tmp', 'generated-accounts');
    const [file] = fs.readdirSync(dir);
    // Named by the key's hash, readable by the server's user only.
    expect(file).toMatch(/^[0-9a-f]{64}\.csv$/);
    expect(fs.statSync(path.join(dir, file)).mode & 0o077).toBe(0);
    expect(b.take('key-1')).toBe('username,password\r\nu1,secret1\r\n');
    expect(a.take('key-1')).toBeNull();
    expect(b.take('unknown')).toBeNull();
  });

  it('two downloads at once get it once', async () => {
    a.put('key-2', 'x', clock.at + 60_000);
    const got = await Promise.all([
      Promise.resolve().then(() => a.take('key-2')),
      Promise.resolve().then(() => b.take('key-2')),
    ]);
    expect(got.filter((g) => g !== null)).toEqual(['x']);
  });

  it('an expired list is gone, and removed when the next list is stored', () => {
    a.put('key-3', 'old', clock.at + 1000);
    a.put('key-4', 'older', clock.at + 1000);
    clock.at += 2000;
    expect(b.take('key-3')).toBeNull();
    a.put('key-5', 'new', clock.at + 60_000);
    expect(fs.readdirSync(path.join(dataDir, 'tmp', 'generated-accounts'))).toHaveLength(1);
    expect(b.take('key-5')).toBe('new');
  });
});
