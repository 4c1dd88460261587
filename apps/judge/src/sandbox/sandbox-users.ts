/**
 * Unprivileged uids for sandboxes. Each concurrent sandbox gets its own uid (never root: bwrap started as root
 * keeps full capabilities inside, sandbox-notes §C.0). The uids have no passwd entry and own no files outside
 * run directories.
 */
const UID_BASE = Number(process.env.OJ_JUDGE_UID_BASE ?? 60000);
const UID_COUNT = 64;

const free: number[] = Array.from({ length: UID_COUNT }, (_, i) => UID_BASE + i);
const waiters: Array<(uid: number) => void> = [];

export const acquireSandboxUid = async (): Promise<number> => {
  const uid = free.shift();
  if (uid !== undefined) return uid;
  return new Promise((resolve) => waiters.push(resolve));
};

export const releaseSandboxUid = (uid: number): void => {
  const waiter = waiters.shift();
  if (waiter) waiter(uid);
  else free.push(uid);
};

export const sandboxUidRange = { first: UID_BASE, last: UID_BASE + UID_COUNT - 1 };
