import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';
import { fingerprint } from './fingerprint.js';
import { accuracySet, PROBLEMS, type Solution } from './fixtures/accuracy-set.js';

/** Every pair of one problem and language: the copies (an original and its disguised copy), and the unrelated ones
 * (two different originals, in any form). An original and itself in the template are neither. */
async function scored(problem: string) {
  const set = await accuracySet(problem);
  const out: { language: string; copies: number[]; unrelated: number[]; templated: number[] }[] = [];
  for (const language of [...new Set(set.map((s) => s.language))]) {
    const group = set.filter((s) => s.language === language);
    const files = await Promise.all(
      group.map(async (s, i) => ({
        submitId: i + 1,
        uid: `${s.kind}:${s.name}`,
        code: s.code,
        fp: (await fingerprint(s.code, language)).data,
      })),
    );
    const { pairs } = compare({ language, files, ignoreCode: [], minSimilarity: 0 });
    const sim = new Map(pairs.map((p) => [`${p.leftSubmitId}-${p.rightSubmitId}`, p.similarity]));
    const row = { language, copies: [] as number[], unrelated: [] as number[], templated: [] as number[] };
    const isCopy = (a: Solution, b: Solution) =>
      a.name === b.name && [a.kind, b.kind].sort().join() === 'disguised,original';
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const v = sim.get(`${i + 1}-${j + 1}`) ?? 0;
        if (isCopy(group[i], group[j])) row.copies.push(v);
        else if (group[i].name !== group[j].name) {
          row.unrelated.push(v);
          if (group[i].kind === 'templated' && group[j].kind === 'templated') row.templated.push(v);
        }
      }
    }
    out.push(row);
  }
  return out;
}

describe('plagiarism engine accuracy (fixtures/)', () => {
  it.each(PROBLEMS)(
    '%s: every disguised copy ranks above every unrelated pair; the template alone stays below 0.5',
    async (problem) => {
      for (const row of await scored(problem)) {
        expect(row.copies.length, row.language).toBeGreaterThan(0);
        expect(Math.min(...row.copies), row.language).toBeGreaterThan(Math.max(...row.unrelated));
        expect(Math.min(...row.copies), row.language).toBeGreaterThanOrEqual(0.5);
        expect(Math.max(0, ...row.templated), row.language).toBeLessThan(0.5);
      }
    },
  );
});
