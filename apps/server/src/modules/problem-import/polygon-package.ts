/** What the Polygon import reads of a package (decision 0054), before anything runs: polygon-format.ts reads it from
 * the extracted archive, problem-import.service.ts turns it into a package task and, once that reports, a problem. */
import type { LanguageName, SolutionTag } from '@oj/shared';
import type { ExtractedEntry } from '../admin-problem/safe-zip.js';

/** A program of the package: its path in it ("files/gen.cpp"), its language here (Polygon's source type mapped,
 * polygon-format.ts `POLYGON_SOURCE_TYPES`) and its file. */
export interface PolygonProgram {
  path: string;
  language: LanguageName;
  entry: ExtractedEntry;
}

export interface PolygonTest {
  /** 1-based, in the testset's order. */
  index: number;
  /** A manual test's file (tests/01); null for a generated one. */
  input: ExtractedEntry | null;
  /** A generated test's command ("gen 10 3"): a generator's name and its arguments. */
  cmd: string | null;
  /** The package's answer file (tests/01.a) when it has one; null: the main solution makes it. */
  answer: ExtractedEntry | null;
  group: string | null;
  points: number | null;
  sample: boolean;
}

export interface PolygonGroup {
  name: string;
  points: number | null;
  /** complete-group: the group's points only when every test passes; each-test: each test's own points. */
  pointsPolicy: 'complete-group' | 'each-test';
  dependencies: string[];
}

export interface PolygonPackage {
  /** problem.xml's short-name ("a-plus-b"). */
  shortName: string;
  /** In the statement language taken. */
  title: string;
  /** The statement language taken (POLYGON_STATEMENT_LANGUAGES). */
  language: string;
  /** Markdown with KaTeX math (`$...$`, `$$...$$`); images are referred to by their file name (`![](pic.png)`) and
   * listed in `images`. */
  statement: { description: string; input: string; output: string; hint: string };
  images: { name: string; entry: ExtractedEntry }[];
  /** The statement's examples (statements/<language>/example.01 and .01.a, else the sample tests' files). */
  examples: { input: string; output: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
  tests: PolygonTest[];
  groups: PolygonGroup[];
  /** null: a standard checker whose source the package does not hold (the site's default comparison judges). */
  checker: PolygonProgram | null;
  interactor: PolygonProgram | null;
  validator: PolygonProgram | null;
  /** Generators by the name the tests' commands call them ("gen" for files/gen.cpp). */
  generators: (PolygonProgram & { name: string })[];
  /** Files put beside every compile (files/testlib.h, the package's own headers). */
  resources: { path: string; entry: ExtractedEntry }[];
  /** The main solution first. */
  solutions: (PolygonProgram & { tag: SolutionTag })[];
  /** What was read and left out, for the job's notes ("statement in english taken; russian left out"). */
  notes: string[];
}
