import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { judgeInstance } from './judge-instance.js';

export { runRoot } from './judge-instance.js';

/** A fresh directory owned by root in this judge instance's own directory (the judge writes into it first; the
 * sandbox chowns host work dirs). Made on first use: a compile can come before the sandbox host is prepared (the
 * language probes do). */
export const createRunDir = (label: string): string => {
  const dir = join(judgeInstance().runDir, `${label}-${randomBytes(8).toString('hex')}`);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
};

export const removeRunDir = (dir: string): void => {
  rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
};

/** Gives a tree to uid/gid (the sandbox user) or back to root. */
export const chownTree = (dir: string, uid: number, gid: number): void => {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chownTree(path, uid, gid);
    else if (!lstatSync(path).isSymbolicLink()) chownSync(path, uid, gid);
  }
};

/**
 * Makes a compiled artifact tree root-owned and world-readable (never writable), so later runs under other
 * sandbox uids can bind it read-only and nobody can alter it.
 */
export const sealArtifactTree = (dir: string): void => {
  chownSync(dir, 0, 0);
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) {
      rmSync(path);
    } else if (stat.isDirectory()) {
      sealArtifactTree(path);
    } else {
      chownSync(path, 0, 0);
      chmodSync(path, stat.mode & 0o111 ? 0o755 : 0o644);
    }
  }
};
