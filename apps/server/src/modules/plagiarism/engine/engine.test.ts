import { afterAll, describe, expect, it } from 'vitest';
import {
  compare,
  createEngineWorker,
  ENGINE_LANGUAGES,
  type EngineFile,
  type EngineLanguage,
  engineLanguage,
  fingerprint,
} from './index.js';

const KADANE = `#include <bits/stdc++.h>
using namespace std;
int main() {
  int n; cin >> n;
  vector<long long> a(n);
  for (int i = 0; i < n; i++) cin >> a[i];
  long long best = a[0], cur = 0;
  for (int i = 0; i < n; i++) {
    cur = max(a[i], cur + a[i]);
    best = max(best, cur);
  }
  cout << best << endl;
  return 0;
}
`;

/** The same program renamed, its constants changed, reformatted and commented. */
const KADANE_DISGUISED = `#include <bits/stdc++.h>
using namespace std;
// maximum subarray
int main()
{
    int count;
    cin >> count;
    vector<long long> values(count);
    for (int k = 1; k < count; k++) /* read */ cin >> values[k];
    long long answer = values[1], running = 7;
    for (int k = 1; k < count; k++)
    {
        running = max(values[k], running + values[k]);
        answer = max(answer, running);
    }
    cout << answer << endl;
    return 1;
}
`;

const SUM = `#include <cstdio>
int main() {
  long long a, b;
  scanf("%lld %lld", &a, &b);
  printf("%lld\\n", a + b);
}
`;

const file = async (
  submitId: number,
  uid: string,
  code: string,
  language: EngineLanguage = 'cpp',
): Promise<EngineFile> => ({
  submitId,
  uid,
  code,
  fp: (await fingerprint(code, language)).data,
});

describe('plagiarism engine', () => {
  it('maps the site languages to the engine languages', () => {
    expect(
      [
        'C',
        'C With O2',
        'C++',
        'C++ With O2',
        'C++ 17',
        'C++ 20 With O2',
        'Java',
        'Python2',
        'Python3',
        'PyPy3',
        'Golang',
        'JavaScript Node',
        'Rust',
      ].map(engineLanguage),
    ).toEqual(['c', 'c', 'cpp', 'cpp', 'cpp', 'cpp', 'java', 'python', 'python', 'python', 'go', 'javascript', null]);
  });

  it('sees a renamed, reformatted, commented copy as the same program, with its fragment on the right lines', async () => {
    const { pairs } = compare({
      language: 'cpp',
      files: [await file(1, 'ann', KADANE), await file(2, 'bob', KADANE_DISGUISED), await file(3, 'cat', SUM)],
      ignoreCode: [],
    });
    expect(pairs).toHaveLength(1);
    const [pair] = pairs;
    expect(pair).toMatchObject({ leftSubmitId: 1, rightSubmitId: 2 });
    expect(pair.similarity).toBeGreaterThan(0.95);
    const longest = pair.fragments.reduce((a, b) => (b.tokens > a.tokens ? b : a));
    expect(longest.tokens).toBe(pair.longestFragment);
    // The copy runs from the first lines to `return` on both sides.
    expect(longest.left.startLine).toBeLessThanOrEqual(2);
    expect(longest.left.endLine).toBeGreaterThanOrEqual(12);
    expect(longest.right.startLine).toBeLessThanOrEqual(2);
    expect(longest.right.endLine).toBeGreaterThanOrEqual(16);
  });

  it('never pairs two submissions of one user', async () => {
    const { pairs } = compare({
      language: 'cpp',
      files: [await file(1, 'ann', KADANE), await file(2, 'ann', KADANE_DISGUISED)],
      ignoreCode: [],
    });
    expect(pairs).toEqual([]);
  });

  it('ignores what the problem template contains', async () => {
    const files = [await file(1, 'ann', KADANE), await file(2, 'bob', KADANE_DISGUISED)];
    const { pairs, ignored } = compare({ language: 'cpp', files, ignoreCode: [KADANE] });
    expect(pairs).toEqual([]);
    expect(ignored.template).toBeGreaterThan(0);
  });

  it('leaves dead statements out: never-run conditionals and names used nowhere else', async () => {
    const padded = KADANE.replace(
      '  int n; cin >> n;',
      '  int n; cin >> n;\n  int unused = 42;\n  if (false) { n++; }',
    ).replace('  return 0;', '  while (0) cur--;\n  return 0;');
    expect((await fingerprint(padded, 'cpp')).data.hashes).toEqual((await fingerprint(KADANE, 'cpp')).data.hashes);
  });

  it.each(ENGINE_LANGUAGES)('tokenises %s by its grammar, without comments or names', async (language) => {
    const samples: Record<EngineLanguage, [string, string]> = {
      c: ['int main(void) { int x = 1; /* c */ return x + 2; }', 'int main(void){int y=5;return y+9;}'],
      cpp: [
        'int main() { auto v = std::vector<int>{1}; // c\n return v[0]; }',
        'int main(){auto w=std::vector<int>{3};return w[0];}',
      ],
      java: ['class A { int f(int x) { /* c */ return x * 2; } }', 'class B{int g(int y){return y*3;}}'],
      python: ['def f(x):\n    # c\n    return x * 2\n', 'def g(y):\n    return y * 3\n'],
      javascript: ['function f(x) { // c\n  return x * 2; }', 'function g(y){return y*3;}'],
      go: [
        'package main\nfunc f(x int) int { // c\n\treturn x * 2 }\n',
        'package main\n\nfunc g(y int) int {\n\treturn y * 3\n}\n',
      ],
    };
    const [a, b] = samples[language];
    const fa = await fingerprint(a, language);
    const fb = await fingerprint(b, language);
    expect(fa.tokens).toBeGreaterThan(5);
    expect(fa.tokens).toBe(fb.tokens);
    expect(fa.data.hashes).toEqual(fb.data.hashes);
  });

  describe('on a worker thread', () => {
    const worker = createEngineWorker();
    afterAll(() => worker.close());

    it('fingerprints and compares as the main thread does', async () => {
      const [a, b] = await worker.fingerprintMany([
        { code: KADANE, language: 'cpp' },
        { code: KADANE_DISGUISED, language: 'cpp' },
      ]);
      expect(a).toEqual(await fingerprint(KADANE, 'cpp'));
      const input = {
        language: 'cpp' as const,
        files: [
          { submitId: 1, uid: 'ann', code: KADANE, fp: a.data },
          { submitId: 2, uid: 'bob', code: KADANE_DISGUISED, fp: b.data },
        ],
        ignoreCode: ['#include <bits/stdc++.h>\nusing namespace std;\n'],
      };
      expect(await worker.compare(input)).toEqual(compare(input));
    });
  });
});
