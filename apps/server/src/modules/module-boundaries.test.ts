import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(new URL(import.meta.url).pathname);

/** Every non-test source file under modules/, with the area (the first folder) it belongs to. */
const sources = (dir = MODULES): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });

describe('module boundaries', () => {
  it('no area imports another area’s repository (it uses that area’s service or *-queries/*-store face)', () => {
    const crossings = sources().flatMap((file) => {
      const area = path.relative(MODULES, file).split(path.sep)[0];
      return [...fs.readFileSync(file, 'utf8').matchAll(/from '\.\.\/([\w-]+)\/[^']*\.repository(?:\.js)?'/g)]
        .filter((m) => m[1] !== area)
        .map((m) => `${path.relative(MODULES, file)} → ${m[0].slice(5)}`);
    });
    expect(crossings).toEqual([]);
  });
});
