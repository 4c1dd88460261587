import { chmodSync, chownSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeConfig } from '../config.js';
import { tryLockFile } from './file-lock.js';
import { judgeInstance } from './judge-instance.js';

/**
 * Unprivileged uids for sandboxes. Each concurrent sandbox gets its own uid (never root: bwrap started as root
 * keeps full capabilities inside). The uids have no passwd entry and own no files outside
 * run directories.
 *
 * The range (OJ_JUDGE_UID_BASE, OJ_JUDGE_UID_COUNT) is the host's, shared by every judge on it: a judge claims a
 * uid by locking `/run/oj-judge/uids/<uid>.lock` (file-lock.ts) and keeps it, for its next runs, until it exits
 * (decision 0013). So no two judges on a host ever run sandboxes under the same uid, and every process under a uid
 * this judge holds is this judge's.
 */

/**
 * The host's uid lock directory. It is fixed, not under the judge's work root (OJ_JUDGE_RUN_ROOT): judges with
 * different work roots on one host draw from the same uids, so they must see the same locks. `/run` is writable by
 * root only, so nobody else can have made or replaced it. On most hosts `/run` is a tmpfs, emptied at boot; that
 * loses nothing, since a lock lasts only as long as the process holding it, and the directories are made again on
 * first use. Non-root processes cannot run sandboxes at all; they get a directory of their own under the temp dir.
 */
export const HOST_UID_LOCKS_DIR = '/run/oj-judge/uids';

let locksDir: string | undefined;

/** Makes the lock directory (and, as root, its parent) root-owned 0700 once per process: sandboxed programs run as
 * the uids these files guard and must not reach them. A symlink or a file in its place is refused. */
const uidLocksDir = (): string => {
  if (locksDir) return locksDir;
  const asRoot = process.getuid?.() === 0;
  const dirs = asRoot ? ['/run/oj-judge', HOST_UID_LOCKS_DIR] : [join(tmpdir(), 'oj-judge-uids')];
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} must be a directory: it holds the sandbox uid locks`);
    if (asRoot && lstatSync(dir).uid !== 0) chownSync(dir, 0, 0);
    chmodSync(dir, 0o700);
  }
  locksDir = dirs[dirs.length - 1];
  return locksDir;
};

/** Uids whose lock this process holds. */
const owned = new Set<number>();
const free: number[] = [];
const waiters: Array<(uid: number) => void> = [];
let claiming: Promise<number | undefined> = Promise.resolve(undefined);

/** Locks one more uid of the host range, trying from a random place so judges starting together rarely collide. */
const claimUid = async (): Promise<number | undefined> => {
  judgeInstance();
  const { uidBase, uidCount } = judgeConfig();
  const start = Math.floor(Math.random() * uidCount);
  for (let i = 0; i < uidCount; i++) {
    const uid = uidBase + ((start + i) % uidCount);
    if (owned.has(uid)) continue;
    if ((await tryLockFile(join(uidLocksDir(), `${uid}.lock`))) === undefined) continue;
    // The descriptor stays open (and the uid ours) until the process ends.
    owned.add(uid);
    return uid;
  }
  return undefined;
};

export const acquireSandboxUid = async (): Promise<number> => {
  const uid = free.pop();
  if (uid !== undefined) return uid;
  // One claim at a time: concurrent claims would race for the same candidates.
  claiming = claiming.then(claimUid, claimUid);
  const fresh = await claiming;
  if (fresh !== undefined) return fresh;
  if (owned.size === 0)
    throw new Error(
      `no free sandbox uid: all ${judgeConfig().uidCount} from ${judgeConfig().uidBase} are held by other judges on this host (OJ_JUDGE_UID_BASE, OJ_JUDGE_UID_COUNT)`,
    );
  return new Promise((resolve) => waiters.push(resolve));
};

export const releaseSandboxUid = (uid: number): void => {
  const waiter = waiters.shift();
  if (waiter) waiter(uid);
  else free.push(uid);
};

/** The host's range, shared by all judges on it. */
export const sandboxUidRange = () => {
  const { uidBase, uidCount } = judgeConfig();
  return { first: uidBase, last: uidBase + uidCount - 1 };
};

/** The uids this judge instance holds: processes under them are its sandboxes, nobody else's. */
export const ownedSandboxUids = (): number[] => [...owned];
