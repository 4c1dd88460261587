import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { judgeConfig } from '../config.js';

/**
 * The judge's persistent build cache (decision 0026): precompiled headers under `pch/` and compiled programs
 * under `programs/`. By default it sits in the judge work root (`/var/lib/oj-judge/cache`), which every judge on
 * the host shares already (decision 0013) and which outlives each `npm run judge:local`. Everything in it is
 * written by the judge (root) and only ever bound read-only into sandboxes: directories are root-owned 0711 (the
 * sandbox uid may pass through to a bound path, never list), entries 0755 and files 0644 or 0755.
 *
 * Settings (config.ts, looked up on every use, so a test can change them):
 * - OJ_JUDGE_BUILD_CACHE_DIR: another location;
 * - OJ_JUDGE_PCH=0: no precompiled headers; OJ_JUDGE_COMPILE_CACHE=0: no compiled-program cache;
 * - OJ_JUDGE_COMPILE_CACHE_MB (default 1024) and OJ_JUDGE_COMPILE_CACHE_DAYS (default 7): the bound of
 *   `programs/` and the age past which an unused program is evicted.
 */
export const buildCacheRoot = (): string => judgeConfig().buildCacheDir;

export const pchEnabled = (): boolean => judgeConfig().precompiledHeaders;
export const compileCacheEnabled = (): boolean => judgeConfig().compileCache;
export const compileCacheLimits = () => ({
  maxBytes: judgeConfig().compileCacheMb * 1024 * 1024,
  maxAgeMs: judgeConfig().compileCacheDays * 24 * 3600 * 1000,
});

const isRoot = () => process.getuid?.() === 0;

/** `<cache root>/<part>`, created root-owned 0711 along with the root itself. */
export const cacheSection = (part: 'pch' | 'programs'): string => {
  const root = buildCacheRoot();
  const section = join(root, part);
  for (const dir of [root, section]) {
    mkdirSync(dir, { recursive: true, mode: 0o711 });
    if (isRoot() && statSync(dir).uid !== 0) chownSync(dir, 0, 0);
    chmodSync(dir, 0o711);
  }
  return section;
};

/** A fresh staging name in `section`; entries are built there and renamed into place whole. */
export const stagingPath = (section: string): string => join(section, `.staging-${randomBytes(8).toString('hex')}`);

/**
 * Renames a finished staging directory to `target`: readers see the whole entry or none. When another judge
 * published the same entry first, ours is dropped (both are built from the same inputs) and false is returned.
 */
export const publish = (staging: string, target: string): boolean => {
  try {
    renameSync(staging, target);
    return true;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
};

/** Removes an entry so that nobody sees it half removed: renamed away first, then deleted. */
export const retire = (section: string, entry: string): void => {
  const away = join(section, `.retired-${randomBytes(8).toString('hex')}`);
  try {
    renameSync(join(section, entry), away);
  } catch {
    return;
  }
  rmSync(away, { recursive: true, force: true, maxRetries: 2 });
};

/**
 * Recreates the tree `from` at `to` (made if missing) with hard links to the same files: cheap, and the
 * files stay whole even if the cache entry is evicted meanwhile. Falls back to copies across file systems.
 * Symlinks are never followed or copied.
 */
export const linkTree = (from: string, to: string): void => {
  mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        copyFileSync(source, target);
      }
    }
  }
};

/** Bytes of the regular files under `dir`. */
export const treeBytes = (dir: string): number => {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
};
