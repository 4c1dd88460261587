/** Token stream → fingerprints by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
 * document fingerprinting", 2003): every run of K consecutive tokens (a k-gram) is hashed, and of every W consecutive
 * k-gram hashes the smallest is kept. Two codes that share a run of at least W + K - 1 tokens are sure to share a
 * kept hash; runs shorter than K tokens are never seen. */
import type { EngineLanguage } from './languages.js';
import { loadLanguage, type Tokens, tokenize } from './tokenize.js';

/** Tokens per k-gram. */
export const K = 12;
/** The winnowing window, in k-grams. */
export const W = 8;

/** Bump when stored fingerprints change meaning (the tokens, the hash, K or W): stored ones of another version are
 * recomputed. */
export const ENGINE_VERSION = 2;

/** One submission's fingerprints, JSON-serialisable (stored once per submission). Per kept k-gram, in code order:
 * its hash, the index of its first token, and its place in the code. */
export interface FingerprintData {
  /** The k-gram length and window they were kept with. */
  k: number;
  w: number;
  /** The k-gram hashes (integers below 2^53). */
  hashes: number[];
  /** The index of each k-gram's first token in the code's token stream. */
  offsets: number[];
  /** Each k-gram's range, flattened by 4: start line (1-based), start column, end line (1-based), end column
   * (columns 0-based in UTF-16 code units, the end exclusive). */
  ranges: number[];
}

/** The hash of the k-gram of `kinds` starting at `from`, `length` tokens long: two independent 32-bit hashes
 * joined into one integer below 2^53 (collisions between different k-grams are left to chance: ~1 in 2^53). */
function kgramHash(kinds: Int32Array, from: number, length: number) {
  let a = 0x9747b28c ^ length;
  let b = 0x1b873593 ^ length;
  for (let i = from; i < from + length; i++) {
    const x = kinds[i];
    a = Math.imul(a ^ x, 0x5bd1e995);
    a ^= a >>> 15;
    b = Math.imul(b + x, 0x27d4eb2d);
    b ^= b >>> 13;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a ^= a >>> 13;
  b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
  b ^= b >>> 16;
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

/** Every k-gram's hash, in order (a code shorter than K tokens is one k-gram of all of them). */
export function kgramHashes(tokens: Tokens, k = K): number[] {
  const n = tokens.kinds.length;
  if (n === 0) return [];
  const length = Math.min(k, n);
  const out: number[] = [];
  for (let i = 0; i + length <= n; i++) out.push(kgramHash(tokens.kinds, i, length));
  return out;
}

/** Winnowing over a token stream: the kept k-grams with their hashes, offsets and ranges. */
export function winnow(tokens: Tokens, k = K, w = W): FingerprintData {
  const all = kgramHashes(tokens, k);
  const length = Math.min(k, tokens.kinds.length);
  const data: FingerprintData = { k, w, hashes: [], offsets: [], ranges: [] };
  const keep = (i: number) => {
    const p = tokens.positions;
    const last = i + length - 1;
    data.hashes.push(all[i]);
    data.offsets.push(i);
    data.ranges.push(p[4 * i] + 1, p[4 * i + 1], p[4 * last + 2] + 1, p[4 * last + 3]);
  };
  const windows = Math.max(1, all.length - w + 1);
  let kept = -1;
  for (let start = 0; start < windows && all.length > 0; start++) {
    // The smallest hash of the window, the rightmost of equal ones (robust winnowing).
    let min = start;
    for (let i = start + 1; i < Math.min(start + w, all.length); i++) if (all[i] <= all[min]) min = i;
    if (min !== kept) {
      keep(min);
      kept = min;
    }
  }
  return data;
}

/** A code's fingerprints (loads the language's grammar on first use in this thread). */
export async function fingerprint(
  code: string,
  language: EngineLanguage,
): Promise<{ tokens: number; data: FingerprintData }> {
  await loadLanguage(language);
  const tokens = tokenize(code, language);
  return { tokens: tokens.kinds.length, data: winnow(tokens) };
}
