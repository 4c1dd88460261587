import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ResolvedLanguage } from './toolchains.js';

/** Path, size, inode and modification time: a package upgrade replaces the file (and so changes them). */
export const stamp = (path: string): string => {
  try {
    const s = statSync(path, { bigint: true });
    return `${path}:${s.size}:${s.ino}:${s.mtimeNs}`;
  } catch {
    return `${path}:missing`;
  }
};

const subdirs = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
};

/**
 * What a GCC driver compiles with besides itself: the compiler proper (cc1, cc1plus) of every installed GCC, and
 * (`headers`) the header directories: a compiled program is made of the headers it included, so an upgrade of
 * libstdc++'s headers alone changes the identity too (dpkg unpacks into each directory through temporary names,
 * which changes the directory's modification time). A precompiled header leaves the directories out and checks the
 * very files it was built from instead (pipeline/precompiled-headers.ts), so a package that installs some other
 * header does not make it stale.
 */
const gccParts = (tool: string, headers: boolean): string[] => {
  // Stamps, not `g++ --version`: every judge:local is a fresh process, and a spawn is the dearer way to learn
  // what the stamps of the driver and of cc1plus (under its version's directory) already tell.
  const parts = [stamp(tool)];
  for (const libexec of ['/usr/lib/gcc', '/usr/libexec/gcc'])
    for (const target of subdirs(libexec))
      for (const version of subdirs(target)) parts.push(stamp(join(version, 'cc1')), stamp(join(version, 'cc1plus')));
  if (!headers) return parts;
  const includeDirs = ['/usr/include', '/usr/include/c++'];
  for (const version of subdirs('/usr/include/c++')) includeDirs.push(version, join(version, 'bits'));
  for (const target of subdirs('/usr/include').filter((dir) => existsSync(join(dir, 'c++'))))
    for (const version of subdirs(join(target, 'c++'))) includeDirs.push(version, join(version, 'bits'));
  parts.push(...includeDirs.map(stamp));
  return parts;
};

const identities = new Map<string, { identity: string; at: number }>();
/** A worker runs for weeks: an upgrade under it changes the identity within a minute. */
const IDENTITY_TTL_MS = 60_000;

/**
 * A hash that changes whenever a toolchain this language compiles with changes: the resolved tool binaries
 * (path, size, inode, mtime) and, for GCC, what gccParts lists (with the header directories unless `headers` is
 * false). Recomputed at most once a minute.
 */
export const toolchainIdentity = (language: ResolvedLanguage, opts: { headers?: boolean } = {}): string => {
  const headers = opts.headers ?? true;
  const tools = Object.entries(language.tools).sort(([a], [b]) => a.localeCompare(b));
  const memo = JSON.stringify({ tools, headers });
  const known = identities.get(memo);
  if (known && Date.now() - known.at < IDENTITY_TTL_MS) return known.identity;
  const parts: string[] = [];
  for (const [name, path] of tools) {
    parts.push(name, stamp(path));
    if (/^(gcc|g\+\+|cc|c\+\+)(-\d+)?$/.test(basename(path)) || name === 'gcc' || name === 'gxx')
      parts.push(...gccParts(path, headers));
  }
  const identity = createHash('sha256').update(parts.join('\n')).digest('hex');
  identities.set(memo, { identity, at: Date.now() });
  return identity;
};
