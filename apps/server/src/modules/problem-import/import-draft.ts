/** What the importers of other judges' formats share: the draft a format reads a problem into, and the helpers
 * for the values and archives those formats hold. */
import path from 'node:path';
import { compareCaseNames, type ImportReport } from '@oj/shared';
import { type ExtractedEntry, readExtracted } from '../admin-problem/safe-zip.js';

/** A problem skipped for a reason an admin can act on (the rest of the upload still imports). */
export class SkipError extends Error {}

/** One problem read from another judge's format, before it becomes a graph. */
export interface Draft {
  problemId?: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
  type: 0 | 1;
  /** Test data: text of an XML file, or a file of the archive (stored byte for byte). */
  cases: {
    name: string;
    input: ExtractedEntry | string;
    output: ExtractedEntry | string;
    score?: number;
    groupNum?: number;
  }[];
  checker?: { code: string; language: 'C' | 'C++' };
  tags: string[];
}

export type Report = ImportReport['problems'][number];
export interface Found {
  source: string;
  title: string;
  read: (notes: string[]) => Promise<Draft>;
}

export const PROBLEM_ID = /^[A-Za-z0-9_-]{1,50}$/;
export const DEFAULT_TIME_MS = 1000;
export const DEFAULT_MEMORY_MB = 256;
export const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object' && '#text' in v) return text((v as Record<string, unknown>)['#text']);
  return '';
};
export const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
export const clampInt = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));
export const checkerLanguage = (l: string): 'C' | 'C++' | undefined =>
  /^c$/i.test(l.trim()) ? 'C' : /^(c\+\+|cpp|g\+\+)/i.test(l.trim()) ? 'C++' : undefined;

/** Test files of one folder, paired by name: `x.in` with `x.out` or `x.ans`, ordered numerically. */
export const pairCases = (entries: ExtractedEntry[], dir: string, notes: string[]) => {
  const inDir = entries.filter((e) => path.posix.dirname(e.name) === dir);
  const byName = new Map(inDir.map((e) => [path.posix.basename(e.name), e]));
  const names = [...byName.keys()].filter((n) => n.endsWith('.in')).map((n) => n.slice(0, -3));
  names.sort(compareCaseNames);
  return names.map((name) => {
    const answer = byName.get(`${name}.out`) ?? byName.get(`${name}.ans`);
    if (!answer) notes.push(`missingOutput:${name}`);
    return { name, input: byName.get(`${name}.in`) as ExtractedEntry, output: answer ?? '' };
  });
};

/** Text of an archive entry needed in memory (a statement, a configuration, a checker), within the text cap. */
export const textOf = async (entry: ExtractedEntry | undefined) =>
  entry ? (await readExtracted(entry)).toString('utf8') : undefined;

/** Tells an admin in one line what a note code means (the report is read by people). */
export const describeNotes = (notes: string[]) => {
  const missing = notes.filter((n) => n.startsWith('missingOutput:')).map((n) => n.slice(14));
  const rest = notes.filter((n) => !n.startsWith('missingOutput:'));
  if (missing.length)
    rest.push(`test cases without an output file (imported with an empty answer): ${missing.join(', ')}`);
  return rest;
};
