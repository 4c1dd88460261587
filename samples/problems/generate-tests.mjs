// Generates the test data of the sample problem packages (deterministic: same files on every run).
// Usage: node samples/problems/generate-tests.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

// mulberry32: a small seeded PRNG so the data does not change between runs.
const rng = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const randomInt = (random, low, high) => low + Math.floor(random() * (high - low + 1));

const writeCases = (slug, cases) => {
  const dir = join(root, slug, 'tests');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cases.forEach(({ input, output }, i) => {
    writeFileSync(join(dir, `${i + 1}.in`), input);
    if (output !== undefined) writeFileSync(join(dir, `${i + 1}.out`), output);
  });
};

// A+B: several lines per file, |a|,|b| <= 1e9, edge values first.
{
  const random = rng(1000);
  const B = 1_000_000_000;
  const fixed = [
    [[1, 2]],
    [
      [0, 0],
      [-0, 5],
    ],
    [
      [B, B],
      [-B, -B],
      [B, -B],
    ],
    [
      [-1, 1],
      [123456789, 876543211],
    ],
  ];
  const files = fixed.map((pairs) => pairs);
  for (let f = 0; f < 6; f++)
    files.push(Array.from({ length: 5 + f * 20 }, () => [randomInt(random, -B, B), randomInt(random, -B, B)]));
  writeCases(
    'a-plus-b',
    files.map((pairs) => ({
      input: pairs.map(([a, b]) => `${a} ${b}\n`).join(''),
      output: pairs.map(([a, b]) => `${a + b}\n`).join(''),
    })),
  );
}

// Maximum subarray sum, three subtasks by n.
{
  const random = rng(2024);
  const kadane = (values) => {
    let best = values[0];
    let current = 0;
    for (const v of values) {
      current = Math.max(v, current + v);
      best = Math.max(best, current);
    }
    return best;
  };
  const sizes = [
    [1, 10, 100],
    [300, 700, 1000],
    [5000, 12000, 20000],
  ];
  const cases = [];
  sizes.forEach((group, g) => {
    group.forEach((n, i) => {
      const allNegative = g === 0 && i === 0;
      const values = Array.from({ length: n }, () =>
        allNegative ? -randomInt(random, 1, 1e6) : randomInt(random, -1e6, 1e6),
      );
      cases.push({ input: `${n}\n${values.join(' ')}\n`, output: `${kadane(values)}\n` });
    });
  });
  writeCases('max-subarray', cases);
}

// Pair with a given sum (special judge: any valid pair is accepted).
{
  const random = rng(77);
  const cases = [];
  const shapes = [
    [4, 10, true],
    [2, 5, false],
    [10, 100, true],
    [50, 1000, false],
    [1000, 1e6, true],
    [3000, 1e9, true],
    [3000, 1e9, false],
  ];
  for (const [n, max, solvable] of shapes) {
    // Even values only, odd target when unsolvable: no pair can exist.
    const values = Array.from({ length: n }, () => 2 * randomInt(random, 1, Math.floor(max / 2)));
    let target;
    if (solvable) {
      const i = randomInt(random, 0, n - 2);
      const j = randomInt(random, i + 1, n - 1);
      target = values[i] + values[j];
    } else target = 2 * randomInt(random, 1, Math.floor(max / 2)) + 1;
    const seen = new Map();
    let answer = '-1';
    for (let j = 0; j < n && answer === '-1'; j++) {
      if (seen.has(target - values[j])) answer = `${seen.get(target - values[j]) + 1} ${j + 1}`;
      if (!seen.has(values[j])) seen.set(values[j], j);
    }
    cases.push({ input: `${n} ${target}\n${values.join(' ')}\n`, output: `${answer}\n` });
  }
  writeCases('pair-sum', cases);
}

// Guess the number (interactive): the input holds the secret, the answer is unused.
{
  const random = rng(5);
  const secrets = [1, 1_000_000_000, 500_000_000, randomInt(random, 1, 1e9), randomInt(random, 1, 1e9), 2];
  writeCases(
    'guess-number',
    secrets.map((secret) => ({ input: `${secret}\n`, output: `${secret}\n` })),
  );
}

// Sort numbers: one ordinary problem judged case by case until the first failure.
{
  const random = rng(99);
  const sizes = [1, 5, 100, 1000, 20000];
  writeCases(
    'sort-numbers',
    sizes.map((n) => {
      const values = Array.from({ length: n }, () => randomInt(random, -1e9, 1e9));
      return { input: `${n}\n${values.join(' ')}\n`, output: `${[...values].sort((a, b) => a - b).join(' ')}\n` };
    }),
  );
}
