import { rmdirSync } from 'node:fs';

/**
 * Directories whose rmdir failed with EBUSY. bwrap's monitor exits without reaping its pid-1 helper, so the
 * helper lingers as a zombie until the system init reaps it (about 2 s on this VM) and keeps the cgroup busy.
 * Runs never wait for that: the directory is retried in the background and swept at the next start.
 */
const pending = new Map<string, number>();
let timer: NodeJS.Timeout | undefined;
const RETRY_MS = 1000;
const MAX_ATTEMPTS = 120;

const retry = () => {
  timer = undefined;
  for (const [dir, attempts] of pending) {
    try {
      rmdirSync(dir);
      pending.delete(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || attempts + 1 >= MAX_ATTEMPTS) pending.delete(dir);
      else pending.set(dir, attempts + 1);
    }
  }
  schedule();
};

const schedule = () => {
  if (timer || pending.size === 0) return;
  timer = setTimeout(retry, RETRY_MS);
  // A pending cleanup must never keep the CLI alive; the next start sweeps what is left.
  timer.unref();
};

export const removeDirOrDefer = (dir: string): void => {
  try {
    rmdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EBUSY') throw error;
    pending.set(dir, 0);
    schedule();
  }
};

export const pendingRemovals = (): number => pending.size;
