import { describe, expect, it } from 'vitest';
import { compare, type EngineFile, type EnginePair } from './compare.js';
import { fingerprint } from './fingerprint.js';
import { accuracySet } from './fixtures/accuracy-set.js';

const key = (p: EnginePair) => `${p.leftSubmitId}-${p.rightSubmitId}`;

/** A seeded generator (mulberry32), so a failure repeats. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('an update of a comparison', () => {
  it('keeps the pairs a full comparison gives, as files come, are replaced and go', async () => {
    // The C++ solutions of one problem: originals, their disguised copies and the originals inside one shared
    // template, so fingerprints become common (and stop being so) as users come and go.
    const codes = (await accuracySet('unionfind')).filter((s) => s.language === 'cpp').map((s) => s.code);
    const prints = await Promise.all(codes.map(async (code) => (await fingerprint(code, 'cpp')).data));
    const next = random(7);
    let submitId = 0;
    for (const ignoreCode of [[], ['#include <bits/stdc++.h>\nusing namespace std;\n']]) {
      let files: EngineFile[] = [];
      const stored = new Map<string, EnginePair>();
      let changedCommon = 0;
      for (let step = 0; step < 60; step++) {
        const before = files;
        const roll = next();
        const uid = `u${Math.floor(next() * 14)}`;
        const i = Math.floor(next() * codes.length);
        const fresh = { submitId: ++submitId, uid, code: codes[i], fp: prints[i] };
        if (roll < 0.15 && files.length > 0) files = files.filter((_, j) => j !== Math.floor(next() * files.length));
        else files = [...files.filter((f) => f.uid !== uid), fresh]; // a user's newer solution replaces the older
        const update = compare({ language: 'cpp', files, before, ignoreCode, minSimilarity: 0.2 });
        const full = compare({ language: 'cpp', files, ignoreCode, minSimilarity: 0.2 });
        const gone = new Set([
          ...(update.affected ?? []),
          ...before.filter((f) => !files.includes(f)).map((f) => f.submitId),
        ]);
        for (const [k, p] of stored) if (gone.has(p.leftSubmitId) || gone.has(p.rightSubmitId)) stored.delete(k);
        for (const p of update.pairs) stored.set(key(p), p);
        expect(update.ignored).toEqual(full.ignored);
        expect(new Map([...stored].sort(([a], [b]) => a.localeCompare(b)))).toEqual(
          new Map(full.pairs.map((p) => [key(p), p] as const).sort(([a], [b]) => a.localeCompare(b))),
        );
        // The update did less than the full comparison whenever nothing common changed.
        if ((update.affected?.length ?? 0) > 1) changedCommon++;
      }
      // The sequence did move fingerprints in and out of the common ones, so the test covers that path.
      expect(changedCommon).toBeGreaterThan(0);
    }
  });

  it('compares everything when nothing was compared before', async () => {
    const codes = (await accuracySet('scc')).map((s) => s.code);
    const files = await Promise.all(
      codes.map(async (code, i) => ({
        submitId: i + 1,
        uid: `u${i}`,
        code,
        fp: (await fingerprint(code, 'cpp')).data,
      })),
    );
    const full = compare({ language: 'cpp', files, ignoreCode: [] });
    const update = compare({ language: 'cpp', files, before: [], ignoreCode: [] });
    expect(update.pairs).toEqual(full.pairs);
    expect(update.affected).toHaveLength(files.length);
    expect(full.affected).toBeNull();
  });
});
