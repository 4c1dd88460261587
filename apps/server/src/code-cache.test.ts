// scripts/code-cache.mjs, which starts the built server (apps/server/dist/main.js) with V8's code cache: a start
// after the first runs from the cache, and a bundle rebuilt in place (even to the same length, which is all V8 itself
// checks) never runs with the cache of the one it replaced.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';

const LOADER = path.join(REPO_ROOT, 'scripts/code-cache.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-code-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bundle = path.join(dir, 'bundle.cjs');
/** Runs the bundle through the loader in a new process: what it printed. */
const run = () =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { runWithCodeCache } from ${JSON.stringify(LOADER)}; runWithCodeCache(${JSON.stringify(bundle)});`,
    ],
    { encoding: 'utf8' },
  ).trim();
const caches = () => fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
/** A bundle whose functions compute `word`, of the same length whatever the word of three letters. */
const write = (word: string, mtime: Date) => {
  fs.writeFileSync(
    bundle,
    `const parts = () => ${JSON.stringify(word.split(''))};\nconst { sep } = require('node:path');\nconsole.log(parts().join('') + sep + __filename.endsWith('bundle.cjs'));\nmodule.exports = 1;\n`,
  );
  fs.utimesSync(bundle, mtime, mtime);
};

describe('runWithCodeCache', () => {
  it('writes the cache at the first run, runs from it after, and never runs a rebuilt bundle from the old one', () => {
    write('abc', new Date('2026-01-01T00:00:00Z'));
    expect(run()).toBe('abc/true');
    expect(caches()).toHaveLength(1);
    const [first] = caches();
    expect(run()).toBe('abc/true');
    expect(caches()).toEqual([first]);

    // Rebuilt: the same length, another modification time.
    const size = fs.statSync(bundle).size;
    write('xyz', new Date('2026-01-02T00:00:00Z'));
    expect(fs.statSync(bundle).size).toBe(size);
    expect(run()).toBe('xyz/true');
    // The old build's cache is gone, the new one's written.
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(first);
  });
});
