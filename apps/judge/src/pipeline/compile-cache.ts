import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { toolchainIdentity } from '../languages/toolchain-identity.js';
import type { ResolvedLanguage } from '../languages/toolchains.js';
import { createRunDir, removeRunDir, sealArtifactTree } from '../sandbox/run-dirs.js';
import { cacheSection, compileCacheLimits, linkTree, publish, retire, stagingPath, treeBytes } from './build-cache.js';

/**
 * Compiled programs by content (decision 0026): a rejudge or a resubmission of the same source skips the
 * compiler. The key hashes everything that goes into the artifact: the language, the exact compile command and
 * environment (flags, tool paths), the toolchain's identity, the source and every extra file (names and bytes),
 * so two inputs that could compile differently never share an entry. Only successful compiles are kept (a
 * Compile Error may come from the compile limits on a busy host). Entries are `programs/<key>/prog` (the sealed
 * artifact tree) and `programs/<key>/meta.json`, whose mtime is the last use; the section is bounded in bytes and
 * entries unused for the maximum age go first.
 */
const FORMAT = 1;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export const compileCacheKey = (
  language: ResolvedLanguage,
  argv: readonly string[],
  source: string,
  extraFiles: Record<string, string | Buffer>,
  identity = toolchainIdentity(language),
): string =>
  sha256(
    JSON.stringify({
      format: FORMAT,
      language: language.definition.name,
      sourceFile: language.definition.sourceFile,
      argv,
      env: language.definition.compileEnv ?? {},
      systemPaths: language.systemPaths,
      identity,
      source: sha256(source),
      extraFiles: Object.entries(extraFiles)
        .map(([name, content]) => [name, sha256(content)])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    }),
  );

interface Meta {
  key: string;
  language: string;
  message: string;
  bytes: number;
  createdAt: string;
}

const readMeta = (entry: string): Meta | undefined => {
  try {
    return JSON.parse(readFileSync(join(entry, 'meta.json'), 'utf8')) as Meta;
  } catch {
    return undefined;
  }
};

/**
 * A fresh run dir holding the cached artifacts for `key` (hard links: an eviction meanwhile cannot take them
 * away), with the compiler's message; undefined on a miss.
 */
export const takeCachedProgram = (key: string): { artifactDir: string; message: string } | undefined => {
  const entry = join(cacheSection('programs'), key);
  const meta = readMeta(entry);
  if (!meta || meta.key !== key) return undefined;
  const dir = createRunDir('cached');
  try {
    linkTree(join(entry, 'prog'), dir);
    sealArtifactTree(dir);
  } catch {
    removeRunDir(dir);
    return undefined;
  }
  try {
    const now = Date.now() / 1000;
    utimesSync(join(entry, 'meta.json'), now, now);
  } catch {}
  return { artifactDir: dir, message: meta.message };
};

const EVICT_EVERY_MS = 10 * 60_000;
/** A file in the section whose modification time says when a judge of this host last swept it (a sweep marks it
 * before it reads anything): a store sweeps only when no judge of the host did within the interval, so a judge that
 * starts or restarts does not sweep again. A sweep reads every entry's meta (thousands of file operations on a busy
 * host's cache), which landed on the first submissions of every start. */
const SWEPT_MARK = '.swept';
const lastSweep = (section: string) => {
  try {
    return statSync(join(section, SWEPT_MARK)).mtimeMs;
  } catch {
    return 0;
  }
};

/** Keeps a sealed artifact tree under `key` (no-op if another judge stored it first). */
export const storeCompiledProgram = (
  key: string,
  language: ResolvedLanguage,
  artifactDir: string,
  message: string,
): void => {
  const section = cacheSection('programs');
  const staging = stagingPath(section);
  try {
    linkTree(artifactDir, join(staging, 'prog'));
    chmodSync(staging, 0o755);
    const meta: Meta = {
      key,
      language: language.definition.name,
      message,
      bytes: treeBytes(join(staging, 'prog')),
      createdAt: new Date().toISOString(),
    };
    writeFileSync(join(staging, 'meta.json'), `${JSON.stringify(meta)}\n`, { mode: 0o644 });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  publish(staging, join(section, key));
  if (Date.now() - lastSweep(section) > EVICT_EVERY_MS)
    evictCompiledPrograms().catch((error) =>
      process.stderr.write(`[judge] compile cache eviction failed: ${(error as Error).message}\n`),
    );
};

/**
 * Removes entries unused for longer than the maximum age, then the least recently used until the section is
 * within its byte bound, and staging left by judges that died mid-store. Returns the keys removed. Reads the
 * section asynchronously: a large cache never stalls the runs this judge is measuring.
 */
export const evictCompiledPrograms = async (now = Date.now()): Promise<string[]> => {
  const section = cacheSection('programs');
  try {
    writeFileSync(join(section, SWEPT_MARK), '');
  } catch {}
  const { maxAgeMs, maxBytes } = compileCacheLimits();
  const removed: string[] = [];
  const entries: Array<{ name: string; usedAt: number; bytes: number }> = [];
  for (const name of await readdir(section)) {
    if (name === SWEPT_MARK) continue;
    const path = join(section, name);
    try {
      if (name.startsWith('.')) {
        if (now - (await stat(path)).mtimeMs > 3600_000) await rm(path, { recursive: true, force: true });
        continue;
      }
      const metaPath = join(path, 'meta.json');
      const usedAt = (await stat(metaPath)).mtimeMs;
      const bytes = (JSON.parse(await readFile(metaPath, 'utf8')) as Meta).bytes ?? 0;
      entries.push({ name, usedAt, bytes });
    } catch {
      // Half-removed by another judge's eviction, or not ours: left alone.
    }
  }
  entries.sort((a, b) => a.usedAt - b.usedAt);
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of entries) {
    if (now - entry.usedAt <= maxAgeMs && total <= maxBytes) break;
    retire(section, entry.name);
    total -= entry.bytes;
    removed.push(entry.name);
  }
  return removed;
};
