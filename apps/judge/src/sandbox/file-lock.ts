import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/**
 * Exclusive flock(2) locks held through a file descriptor of this process, for as long as the process lives.
 *
 * Node has no flock, so util-linux `flock(1)` takes the lock on a descriptor we hand it as its fd 3: a flock
 * belongs to the open file description, which our descriptor keeps alive after `flock` exits. The kernel drops
 * the lock when the last descriptor closes, that is when this process ends, however it ends (SIGKILL, OOM):
 * a held lock proves its owner alive, in any PID namespace or container that sees the same file. Node opens
 * files close-on-exec, so no sandboxed child ever inherits (and so prolongs) a lock.
 */
export const FLOCK_PATH = '/usr/bin/flock';

const flockArgs = ['--exclusive', '--nonblock', '3'];
const open = (path: string) => openSync(path, 'a', 0o600);

/** Locks `path` (created if missing) and returns the descriptor that holds the lock, or undefined when another
 * open file holds it. Synchronous: for start-up and sweeps. */
export const tryLockFileSync = (path: string): number | undefined => {
  const fd = open(path);
  const result = spawnSync(FLOCK_PATH, flockArgs, { stdio: ['ignore', 'ignore', 'pipe', fd] });
  if (result.status === 0) return fd;
  closeSync(fd);
  if (result.status === 1) return undefined;
  throw new Error(`flock ${path} failed: ${result.error?.message ?? result.stderr?.toString().trim()}`);
};

/** tryLockFileSync without blocking the event loop (sandbox uid claims happen while other runs are measured). */
export const tryLockFile = (path: string): Promise<number | undefined> => {
  const fd = open(path);
  return new Promise((resolve, reject) => {
    const child = spawn(FLOCK_PATH, flockArgs, { stdio: ['ignore', 'ignore', 'pipe', fd] });
    let stderr = '';
    let settled = false;
    const settle = (locked: boolean, error?: string) => {
      if (settled) return;
      settled = true;
      if (locked) return resolve(fd);
      closeSync(fd);
      if (error) reject(new Error(`flock ${path} failed: ${error}`));
      else resolve(undefined);
    };
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => settle(false, error.message));
    child.on('close', (code) =>
      settle(code === 0, code === 0 || code === 1 ? undefined : stderr.trim() || `exit ${code}`),
    );
  });
};
