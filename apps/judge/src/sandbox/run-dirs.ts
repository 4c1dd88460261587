import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Run directories live under a root-owned 0711 directory outside the checkout: the sandbox uids may traverse it
 * (bwrap opens bind sources as the sandbox user) but cannot list it, so one run cannot find another's files.
 * Entries are prefixed with the judge's pid so a judge only sweeps what a dead judge left behind.
 */
export const runRoot = (): string =>
  process.env.OJ_JUDGE_RUN_ROOT ?? (process.getuid?.() === 0 ? '/var/lib/oj-judge' : join(tmpdir(), 'oj-judge'));

const runsDir = () => join(runRoot(), 'runs');

export const prepareRunRoot = (): void => {
  for (const dir of [runRoot(), runsDir()]) {
    mkdirSync(dir, { recursive: true, mode: 0o711 });
    const stat = statSync(dir);
    if (process.getuid?.() === 0 && stat.uid !== 0) chownSync(dir, 0, 0);
    chmodSync(dir, 0o711);
  }
};

let rootPrepared = false;

/** A fresh directory owned by root (the judge writes into it first; the sandbox chowns host work dirs). The run
 * root is made on first use: a compile can come before the sandbox host is prepared (the language probes do). */
export const createRunDir = (label: string): string => {
  if (!rootPrepared) {
    prepareRunRoot();
    rootPrepared = true;
  }
  const dir = join(runsDir(), `${process.pid}-${label}-${randomBytes(8).toString('hex')}`);
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

const processAlive = (pid: number) => existsSync(`/proc/${pid}`);

/** Removes run directories of judge processes that are gone. */
export const sweepRunDirs = (): void => {
  if (!existsSync(runsDir())) return;
  for (const name of readdirSync(runsDir())) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) continue;
    if (pid === process.pid) continue;
    removeRunDir(join(runsDir(), name));
  }
};
