/** The copy-detection benches' submissions (bench/plagiarism.ts, bench/plagiarism-watch.ts): `students` x 5 problems
 * of C++ made from the engine's accuracy set (apps/server/src/modules/plagiarism/engine/fixtures/): each student's
 * solution one of the problem's real solutions, disguised with its own seed, about half of them in the shared contest
 * template, one student in ten copying another student's program (disguised again). */
import {
  disguise,
  originals,
  PROBLEMS,
  random,
  templated,
} from '../apps/server/src/modules/plagiarism/engine/fixtures/accuracy-set.js';

export { CPP_TEMPLATE } from '../apps/server/src/modules/plagiarism/engine/fixtures/accuracy-set.js';

export const PROBLEM_COUNT = 5;

export interface Submission {
  submitId: number;
  uid: string;
  problem: number;
  code: string;
}

export const makeSubmissions = async (students: number, seed = 2024): Promise<Submission[]> => {
  const rnd = random(seed);
  const out: Submission[] = [];
  for (let p = 0; p < PROBLEM_COUNT; p++) {
    const pool = originals(PROBLEMS[p % PROBLEMS.length]).filter((s) => s.language === 'cpp');
    const mine: Submission[] = [];
    for (let s = 0; s < students; s++) {
      const copyOf = s > 10 && rnd.next() < 0.1 ? mine[rnd.int(mine.length)] : undefined;
      let code = copyOf ? copyOf.code : pool[rnd.int(pool.length)].code;
      code = await disguise(code, 'cpp', (seed - 2024) * 10_000_000 + p * 100_000 + s + 1, 6 + rnd.int(10));
      if (!copyOf && (rnd.next() < 0.5 || code.split('\n').length < 50)) code = templated(code);
      const sub = { submitId: out.length + mine.length + 1, uid: `u${s}`, problem: p, code };
      mine.push(sub);
    }
    out.push(...mine);
  }
  return out;
};
