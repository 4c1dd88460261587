/** scripts/build-node.mjs, for the TypeScript that builds or runs the programs (the tests' global set-up). */
export declare const PROGRAMS: Record<
  'server' | 'plagiarismWorker' | 'backup' | 'judgeToken' | 'judge',
  { src: string; out: string; chunks?: boolean; codeCache?: boolean; v8Flags?: string[] }
>;
export declare const isStale: () => boolean;
export declare const build: () => Promise<number>;
export declare const ensureBuilt: () => Promise<void>;
