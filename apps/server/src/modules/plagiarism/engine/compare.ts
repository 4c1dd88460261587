/** Pairs of similar codes from their precomputed fingerprints: pure and synchronous. */
import { type FingerprintData, K, kgramHashes } from './fingerprint.js';
import type { EngineLanguage } from './languages.js';
import { tokenize } from './tokenize.js';

/** A range of code: lines 1-based, columns 0-based in UTF-16 code units (a JavaScript string's index within the
 * line), the end exclusive. */
export interface Range {
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
}

/** A run of tokens the two codes share: where it is on each side and how many tokens it spans (on the left). */
export interface Fragment {
  left: Range;
  right: Range;
  tokens: number;
}

export interface EngineFile {
  submitId: number;
  uid: string;
  code: string;
  fp: FingerprintData;
}

export interface EnginePair {
  leftSubmitId: number;
  rightSubmitId: number;
  /** Symmetric, 0..1: the fingerprints both keep over the mean of how many each keeps (2|A∩B| / (|A| + |B|)), the
   * ignored ones left out of all three. */
  similarity: number;
  /** The longest fragment, in tokens. */
  longestFragment: number;
  /** Tokens covered by the fragments (the smaller of the two sides). */
  sharedTokens: number;
  /** Maximal matching fragments, in the left code's order. */
  fragments: Fragment[];
}

export interface CompareInput {
  language: EngineLanguage;
  /** One problem's submissions in one language. */
  files: EngineFile[];
  /** The problem's code templates, the samples' text, an admin's base file: what matches them never counts. */
  ignoreCode: string[];
  /** A fingerprint kept by more than this fraction of the distinct users (and by at least COMMON_MIN_USERS) is
   * ignored. Default DEFAULT_COMMON_FRACTION. */
  commonFraction?: number;
  /** Pairs below this similarity are not returned. Default DEFAULT_MIN_SIMILARITY. */
  minSimilarity?: number;
  /** An update: the files compared last time (with the same ignored code). Only the pairs that may differ from that
   * comparison's are returned: those of a file that is new or keeps a fingerprint whose ignored state changed (a
   * fingerprint becomes common, or stops being so, as users come and go). */
  before?: EngineFile[];
}

export interface CompareResult {
  pairs: EnginePair[];
  /** How many distinct fingerprints were ignored: matching the ignored code, or common to many users. */
  ignored: { template: number; common: number };
  /** For an update (`before`), the files whose pairs `pairs` holds all of, by submission id: the last comparison's
   * pairs of these and of the files no longer there are gone, its other pairs stand. Null for a full comparison. */
  affected: number[] | null;
}

export const DEFAULT_COMMON_FRACTION = 0.2;
/** A fingerprint is common only if at least this many users keep it (a few users sharing code is what we look
 * for, not noise). */
export const COMMON_MIN_USERS = 4;
export const DEFAULT_MIN_SIMILARITY = 0.1;
/** A hash kept more often than this in one code (a repeated block) is left out of the fragments: it would pair
 * every copy with every other. */
const MAX_REPEATS = 8;
/** Fragments kept per pair, the longest ones. */
const MAX_FRAGMENTS = 200;

interface Prepared {
  file: EngineFile;
  /** The distinct counted hashes. */
  counted: number[];
}

/** Every pair of files of different users whose similarity is at least `minSimilarity`, highest first. The
 * grammar of `language` must be loaded in this thread when `ignoreCode` is not empty (`loadLanguage`). */
export function compare(input: CompareInput): CompareResult {
  const commonFraction = input.commonFraction ?? DEFAULT_COMMON_FRACTION;
  const minSimilarity = input.minSimilarity ?? DEFAULT_MIN_SIMILARITY;
  const files = input.files;

  // What the ignored code contains: every one of its k-grams (not only the kept ones: a file keeps other k-grams of
  // a copied template than the template itself does).
  const template = new Set<number>();
  for (const code of input.ignoreCode) {
    if (!code.trim()) continue;
    for (const h of kgramHashes(tokenize(code, input.language), files[0]?.fp.k ?? K)) template.add(h);
  }
  const now = ignoredOf(files, template, commonFraction);
  const { ignored } = now;

  // An update recomputes the pairs of the files that are new or whose counted fingerprints changed; any other
  // pair's similarity and fragments depend on nothing that changed.
  let only: Set<number> | undefined;
  if (input.before) {
    const was = ignoredOf(input.before, template, commonFraction).ignored;
    const known = new Set(input.before.map((f) => f.submitId));
    only = new Set();
    for (const [i, f] of files.entries()) {
      if (!known.has(f.submitId) || f.fp.hashes.some((h) => was.has(h) !== ignored.has(h))) only.add(i);
    }
  }

  const prepared: Prepared[] = files.map((file) => ({
    file,
    counted: [...new Set(file.fp.hashes)].filter((h) => !ignored.has(h)),
  }));

  // Inverted index: hash → the files that keep it.
  const postings = new Map<number, number[]>();
  prepared.forEach((p, i) => {
    for (const h of p.counted) {
      const list = postings.get(h);
      if (list) list.push(i);
      else postings.set(h, [i]);
    }
  });

  const pairs: EnginePair[] = [];
  const shared = new Int32Array(files.length);
  const touched: number[] = [];
  for (let i = 0; i < prepared.length; i++) {
    if (only && !only.has(i)) continue;
    for (const h of prepared[i].counted) {
      for (const j of postings.get(h) ?? []) {
        // Each pair once: from its first file, or from its only file among those recomputed.
        if (j === i || (j < i && (!only || only.has(j)))) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j]++;
      }
    }
    for (const j of touched) {
      const both = shared[j];
      shared[j] = 0;
      const a = prepared[i];
      const b = prepared[j];
      if (a.file.uid === b.file.uid) continue;
      const similarity = (2 * both) / (a.counted.length + b.counted.length);
      if (similarity < minSimilarity) continue;
      pairs.push(pairOf(a.file, b.file, similarity, ignored));
    }
    touched.length = 0;
  }
  pairs.sort(
    (x, y) => y.similarity - x.similarity || x.leftSubmitId - y.leftSubmitId || x.rightSubmitId - y.rightSubmitId,
  );
  return {
    pairs,
    ignored: { template: now.template, common: now.common },
    affected: only ? [...only].map((i) => files[i].submitId) : null,
  };
}

/** The fingerprints left out of a comparison of `files`: those matching the ignored code (`template`) and those
 * common to many users, with how many distinct ones each rule removed. */
function ignoredOf(files: EngineFile[], template: Set<number>, commonFraction: number) {
  // Users per hash.
  const usersOf = new Map<number, Set<string> | string>();
  const users = new Set<string>();
  for (const f of files) {
    users.add(f.uid);
    for (const h of f.fp.hashes) {
      const u = usersOf.get(h);
      if (u === undefined) usersOf.set(h, f.uid);
      else if (typeof u === 'string') {
        if (u !== f.uid) usersOf.set(h, new Set([u, f.uid]));
      } else u.add(f.uid);
    }
  }
  const commonAt = Math.max(COMMON_MIN_USERS, Math.floor(commonFraction * users.size) + 1);
  const ignored = new Set<number>();
  let templateCount = 0;
  let commonCount = 0;
  for (const [h, u] of usersOf) {
    if (template.has(h)) {
      ignored.add(h);
      templateCount++;
    } else if (typeof u !== 'string' && u.size >= commonAt) {
      ignored.add(h);
      commonCount++;
    }
  }
  return { ignored, template: templateCount, common: commonCount };
}

/** The pair of `left` and `right` (left the smaller submission id) with its fragments. */
function pairOf(a: EngineFile, b: EngineFile, similarity: number, ignored: Set<number>): EnginePair {
  const [left, right] = a.submitId <= b.submitId ? [a, b] : [b, a];
  const all = fragmentsOf(left.fp, right.fp, ignored);
  // A chance match inside a longer fragment on both sides (a repeated idiom on another shift) adds nothing.
  const fragments = all.filter(
    (f) =>
      !all.some(
        (g) =>
          g !== f &&
          g.tokens > f.tokens &&
          g.leftFrom <= f.leftFrom &&
          f.leftTo <= g.leftTo &&
          g.rightFrom <= f.rightFrom &&
          f.rightTo <= g.rightTo,
      ),
  );
  return {
    leftSubmitId: left.submitId,
    rightSubmitId: right.submitId,
    similarity,
    longestFragment: fragments.reduce((m, f) => Math.max(m, f.tokens), 0),
    sharedTokens: Math.min(covered(fragments, 'left'), covered(fragments, 'right')),
    fragments: fragments
      .slice()
      .sort((x, y) => y.tokens - x.tokens)
      .slice(0, MAX_FRAGMENTS)
      .sort((x, y) => x.leftFrom - y.leftFrom)
      .map(({ left, right, tokens }) => ({ left, right, tokens })),
  };
}

interface Built extends Fragment {
  leftFrom: number;
  leftTo: number;
  rightFrom: number;
  rightTo: number;
}

/** The matching k-grams of two codes merged into maximal fragments: a match continues a fragment when it lies on the
 * same diagonal (the same shift between the two codes) at most W k-grams after the fragment's last one — winnowing
 * keeps a k-gram at least every W, so a copied run keeps matching k-grams at most that far apart. */
function fragmentsOf(left: FingerprintData, right: FingerprintData, ignored: Set<number>): Built[] {
  const rightAt = new Map<number, number[]>();
  right.hashes.forEach((h, j) => {
    if (ignored.has(h)) return;
    const list = rightAt.get(h);
    if (list) list.push(j);
    else rightAt.set(h, [j]);
  });
  const leftCount = new Map<number, number>();
  for (const h of left.hashes) leftCount.set(h, (leftCount.get(h) ?? 0) + 1);

  const open = new Map<number, { first: [number, number]; last: [number, number] }>();
  const done: { first: [number, number]; last: [number, number] }[] = [];
  const gap = left.w + left.k;
  left.hashes.forEach((h, i) => {
    const js = rightAt.get(h);
    if (!js || js.length > MAX_REPEATS || (leftCount.get(h) ?? 0) > MAX_REPEATS) return;
    for (const j of js) {
      const lo = left.offsets[i];
      const ro = right.offsets[j];
      const diagonal = ro - lo;
      const f = open.get(diagonal);
      if (f && lo > left.offsets[f.last[0]] && lo - left.offsets[f.last[0]] <= gap) f.last = [i, j];
      else {
        if (f) done.push(f);
        open.set(diagonal, { first: [i, j], last: [i, j] });
      }
    }
  });
  done.push(...open.values());

  const k = left.k;
  return done.map(({ first, last }) => {
    const leftFrom = left.offsets[first[0]];
    const leftTo = left.offsets[last[0]] + k;
    const rightFrom = right.offsets[first[1]];
    return {
      left: rangeOf(left.ranges, first[0], last[0]),
      right: rangeOf(right.ranges, first[1], last[1]),
      tokens: leftTo - leftFrom,
      leftFrom,
      leftTo,
      rightFrom,
      rightTo: rightFrom + (leftTo - leftFrom),
    };
  });
}

const rangeOf = (ranges: number[], first: number, last: number): Range => ({
  startLine: ranges[4 * first],
  startCol: ranges[4 * first + 1],
  endLine: ranges[4 * last + 2],
  endCol: ranges[4 * last + 3],
});

/** Tokens covered by the fragments on one side (overlapping fragments counted once). */
function covered(fragments: Built[], side: 'left' | 'right') {
  const spans = fragments
    .map((f) => (side === 'left' ? [f.leftFrom, f.leftTo] : [f.rightFrom, f.rightTo]))
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -1;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
