import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CLIENT_CONTRACT_DIR,
  metadataOf,
  renderClientContract,
  valueImports,
  zodFreeModules,
} from '../scripts/generate-client.js';
import type { Input, Output } from './api.js';
import * as client from './client.js';
import { ALL_ENDPOINTS } from './endpoints.js';
import * as full from './index.js';

const SRC = fileURLToPath(new URL('./', import.meta.url));

describe('the client entry (decision 0005)', () => {
  it('is generated from the contract as it stands (else run `npm run generate:client -w @oj/shared`)', async () => {
    const expected = await renderClientContract();
    const onDisk = new Map(
      fs.readdirSync(CLIENT_CONTRACT_DIR).map((f) => [f, fs.readFileSync(path.join(CLIENT_CONTRACT_DIR, f), 'utf8')]),
    );
    expect([...onDisk.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected) expect(onDisk.get(file), file).toBe(text);
  }, 60_000);

  it('holds every endpoint of the contract as its metadata: the same method, path and access, and no schema', () => {
    const namespaces = client as unknown as Record<string, Record<string, Record<string, unknown>>>;
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(250);
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      const [ns, key] = name.split('.');
      const meta = namespaces[ns]?.[key];
      expect(meta, name).toEqual(metadataOf(name, endpoint as unknown as Record<string, unknown>));
      expect(meta, name).not.toHaveProperty('input');
      expect(meta, name).not.toHaveProperty('output');
    }
  });

  it('offers no schema to run, and the types of every input and output (the assertions here are checked by tsc)', () => {
    // @ts-expect-error an endpoint of the client entry has no input schema
    expect(client.group.getGroupList.input).toBeUndefined();
    // @ts-expect-error a schema of a contract module is a type in the client entry, never a value
    expect(client.group.groupId).toBeUndefined();
    expectTypeOf<client.Input<typeof client.group.getGroupList>>().toEqualTypeOf<
      Input<typeof full.group.getGroupList>
    >();
    expectTypeOf<client.Output<typeof client.submission.getSubmissionDetail>>().toEqualTypeOf<
      Output<typeof full.submission.getSubmissionDetail>
    >();
    expectTypeOf<client.Output<typeof client.submission.getSubmissionDetail>>().not.toBeAny();
    expectTypeOf(client.comment.COMMENT_PAGE).toEqualTypeOf(full.comment.COMMENT_PAGE);
    expectTypeOf(client.user.AVATAR_MAX_BYTES).toEqualTypeOf(full.user.AVATAR_MAX_BYTES);
  });

  it('loads neither zod nor a contract module: its value imports stay among the zod-free modules', () => {
    const allowed = new Set(zodFreeModules().map((f) => path.join(SRC, f)));
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const spec of valueImports(fs.readFileSync(file, 'utf8'))) {
        expect(spec.startsWith('.'), `${path.relative(SRC, file)} imports ${spec}`).toBe(true);
        visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(path.join(SRC, 'client.ts'));
    const outside = [...loaded].filter(
      (f) => f !== path.join(SRC, 'client.ts') && path.dirname(f) !== CLIENT_CONTRACT_DIR && !allowed.has(f),
    );
    expect(outside.map((f) => path.relative(SRC, f))).toEqual([]);
    expect(loaded.size).toBeGreaterThan(40);
  });

  it('finds value imports, not type imports', () => {
    const source = [
      "import { z } from 'zod';",
      "import type { A } from './a.js';",
      "export type * from './b.js';",
      "export { c, type D } from './c.js';",
      "import {\n  type E,\n  f,\n} from './e.js';",
      "export * as g from './g.js';",
      "import './side-effect.js';",
    ].join('\n');
    expect(valueImports(source)).toEqual(['zod', './c.js', './e.js', './g.js', './side-effect.js']);
  });
});
